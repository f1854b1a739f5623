//===- SoftmaxLossReduceTest.cpp - softmax, reductions, cross-entropy -----===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

DVec refSoftmax(const DVec &x, const Shape &s, int axis, bool isLog) {
  int64_t outer = 1, inner = 1, len = s[axis];
  for (int d = 0; d < axis; ++d)
    outer *= s[d];
  for (size_t d = axis + 1; d < s.size(); ++d)
    inner *= s[d];
  DVec y(x.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t k) { return (o * len + k) * inner + i; };
      double mx = -INFINITY, sum = 0;
      for (int64_t k = 0; k < len; ++k)
        mx = std::max(mx, x[at(k)]);
      for (int64_t k = 0; k < len; ++k)
        sum += std::exp(x[at(k)] - mx);
      for (int64_t k = 0; k < len; ++k)
        y[at(k)] = isLog ? x[at(k)] - mx - std::log(sum)
                         : std::exp(x[at(k)] - mx) / sum;
    }
  return y;
}

/// Reduction over the dims in `mask`; output in kept-dims row-major order.
DVec refReduce(int kind, const DVec &x, const Shape &s, int64_t mask) {
  Shape kept;
  for (size_t d = 0; d < s.size(); ++d)
    if (!((mask >> d) & 1))
      kept.push_back(s[d]);
  int64_t count = numel(s) / numel(kept);
  DVec y(numel(kept), kind == ECHO_REDUCE_MAX ? -INFINITY : 0.0);
  Shape st = rowMajor(s), kst = rowMajor(kept);
  for (int64_t i = 0; i < numel(s); ++i) {
    int64_t o = 0, k = 0;
    for (size_t d = 0; d < s.size(); ++d) {
      int64_t idx = (i / st[d]) % s[d];
      if (!((mask >> d) & 1))
        o += idx * kst[k++];
    }
    y[o] = kind == ECHO_REDUCE_MAX ? std::max(y[o], x[i]) : y[o] + x[i];
  }
  if (kind == ECHO_MEAN)
    for (auto &v : y)
      v /= count;
  return y;
}

Shape keptShape(const Shape &s, int64_t mask, bool keepdims) {
  Shape r;
  for (size_t d = 0; d < s.size(); ++d) {
    if (!((mask >> d) & 1))
      r.push_back(s[d]);
    else if (keepdims)
      r.push_back(1);
  }
  return r;
}

template <typename IndexT>
DVec refCrossEntropy(const DVec &logits, const std::vector<IndexT> &labels,
                     int64_t c) {
  int64_t rows = labels.size();
  double total = 0;
  for (int64_t r = 0; r < rows; ++r) {
    double mx = -INFINITY, sum = 0;
    for (int64_t k = 0; k < c; ++k)
      mx = std::max(mx, logits[r * c + k]);
    for (int64_t k = 0; k < c; ++k)
      sum += std::exp(logits[r * c + k] - mx);
    total += mx + std::log(sum) - logits[r * c + labels[r]];
  }
  return {total / rows};
}

} // namespace

TEST(Softmax, ForwardEveryAxis) {
  Rng rng(500);
  for (int trial = 0; trial < 12; ++trial) {
    Shape s;
    for (int64_t r = rng.integer(1, 3); r > 0; --r)
      s.push_back(rng.integer(1, 9));
    int axis = static_cast<int>(rng.integer(0, s.size() - 1));
    bool isLog = trial % 2;
    FTensor x = rng.tensor(s, -5.0, 5.0), y(s);
    echo_softmax(ARG(x), ARG(y), axis, isLog);
    expectClose(y.values(), refSoftmax(toD(x), s, axis, isLog), 1e-6,
                std::string(isLog ? "log_softmax " : "softmax ") + str(s) +
                    " axis " + std::to_string(axis));
  }
}

TEST(Softmax, LargeLogitsStayFinite) {
  FTensor x({1, 3}, {1000.0f, 999.0f, -1000.0f}), y({1, 3}), ly({1, 3});
  echo_softmax(ARG(x), ARG(y), 1, 0);
  echo_softmax(ARG(x), ARG(ly), 1, 1);
  expectClose(y.values(), refSoftmax(toD(x), {1, 3}, 1, false), 1e-6, "sm");
  expectClose(ly.values(), refSoftmax(toD(x), {1, 3}, 1, true), 1e-6, "lsm");
}

TEST(Softmax, GradientsAgainstFiniteDifferences) {
  Rng rng(501);
  for (int trial = 0; trial < 8; ++trial) {
    Shape s = {rng.integer(1, 4), rng.integer(2, 6)};
    if (trial >= 4)
      s.push_back(rng.integer(1, 4));
    int axis = static_cast<int>(rng.integer(0, s.size() - 1));
    bool isLog = trial % 2;
    FTensor x = rng.tensor(s, -2.0, 2.0), y(s), dy = rng.tensor(s), dx(s);
    echo_softmax(ARG(x), ARG(y), axis, isLog);
    echo_softmax_grad(ARG(y), ARG(dy), ARG(dx), axis, isLog);
    DVec R = toD(dy);
    expectGrad(dx.values(), numericGrad(toD(x), [&](const DVec &v) {
                 return dot(R, refSoftmax(v, s, axis, isLog));
               }),
               std::string(isLog ? "log_softmax_grad " : "softmax_grad ") +
                   str(s) + " axis " + std::to_string(axis));
  }
}

TEST(Reduce, ForwardEveryKindAndMask) {
  Rng rng(502);
  for (int trial = 0; trial < 30; ++trial) {
    Shape s;
    for (int64_t r = rng.integer(1, 4); r > 0; --r)
      s.push_back(rng.integer(1, 6));
    int64_t mask = rng.integer(0, (int64_t(1) << s.size()) - 1);
    int kind = trial % 3;
    bool keepdims = (trial / 3) % 2;
    FTensor x = rng.tensor(s), y(keptShape(s, mask, keepdims));
    echo_reduce(kind, ARG(x), ARG(y), mask);
    expectClose(y.values(), refReduce(kind, toD(x), s, mask), 1e-6,
                "reduce " + std::to_string(kind) + " " + str(s) + " mask " +
                    std::to_string(mask));
  }
}

TEST(Reduce, LongSumIsAccurate) {
  // 10^5 values of 0.1f: a double accumulator keeps the sum exact to f32.
  FTensor x({100000}, std::vector<float>(100000, 0.1f)), y(Shape{});
  echo_reduce(ECHO_SUM, ARG(x), ARG(y), 1);
  EXPECT_FLOAT_EQ(y[0], static_cast<float>(100000 * static_cast<double>(0.1f)));
}

TEST(Reduce, GradientsAgainstFiniteDifferences) {
  Rng rng(503);
  for (int trial = 0; trial < 18; ++trial) {
    Shape s;
    for (int64_t r = rng.integer(1, 3); r > 0; --r)
      s.push_back(rng.integer(1, 4));
    int64_t mask = rng.integer(0, (int64_t(1) << s.size()) - 1);
    int kind = trial % 3;
    Shape ys = keptShape(s, mask, trial % 2);
    FTensor x(s, rng.distinct(numel(s))), y(ys), dy = rng.tensor(ys), dx(s);
    if (kind == ECHO_REDUCE_MAX) {
      echo_reduce(kind, ARG(x), ARG(y), mask);
      echo_reduce_max_grad(ARG(x), ARG(y), ARG(dy), ARG(dx), mask);
    } else {
      echo_reduce_grad(kind, ARG(dy), ARG(dx), mask);
    }
    DVec R = toD(dy);
    expectGrad(dx.values(), numericGrad(toD(x), [&](const DVec &v) {
                 return dot(R, refReduce(kind, v, s, mask));
               }),
               "reduce grad " + std::to_string(kind) + " " + str(s) +
                   " mask " + std::to_string(mask));
  }
}

TEST(Reduce, MaxGradGoesToFirstMaximum) {
  FTensor x({2, 4}, {1, 3, 3, 0, 5, 5, 5, 5}), y({2}), dy({2}, {2, 7}),
      dx({2, 4});
  echo_reduce(ECHO_REDUCE_MAX, ARG(x), ARG(y), 0b10);
  echo_reduce_max_grad(ARG(x), ARG(y), ARG(dy), ARG(dx), 0b10);
  EXPECT_EQ(dx.values(), (std::vector<float>{0, 2, 0, 0, 7, 0, 0, 0}));
  // Over dimension 0: columns.
  FTensor yc({4}), dyc({4}, {1, 2, 3, 4}), dxc({2, 4});
  echo_reduce(ECHO_REDUCE_MAX, ARG(x), ARG(yc), 0b01);
  echo_reduce_max_grad(ARG(x), ARG(yc), ARG(dyc), ARG(dxc), 0b01);
  EXPECT_EQ(dxc.values(), (std::vector<float>{0, 0, 0, 0, 1, 2, 3, 4}));
}

template <typename IndexT> void crossEntropyCase(int64_t bits, uint64_t seed) {
  Rng rng(seed);
  Shape lead = {rng.integer(1, 5)};
  if (seed % 2)
    lead.push_back(rng.integer(1, 3));
  int64_t c = rng.integer(1, 8);
  Shape s = lead;
  s.push_back(c);
  std::vector<IndexT> lab(numel(lead));
  for (auto &l : lab)
    l = static_cast<IndexT>(rng.integer(0, c - 1));
  Tensor<IndexT> labels(lead, lab);
  FTensor logits = rng.tensor(s, -3.0, 3.0), loss(Shape{}), dloss(Shape{}, {1.7f}),
          dlogits(s);
  echo_cross_entropy(ARG(logits), ARG(labels), ARG(loss), bits);
  expectClose(loss.values(), refCrossEntropy(toD(logits), lab, c), 1e-6,
              "cross_entropy " + str(s));
  echo_cross_entropy_grad(ARG(logits), ARG(labels), ARG(dloss), ARG(dlogits),
                          bits);
  expectGrad(dlogits.values(), numericGrad(toD(logits), [&](const DVec &v) {
               return 1.7 * refCrossEntropy(v, lab, c)[0];
             }),
             "cross_entropy_grad " + str(s));
}

TEST(Loss, CrossEntropyI32) {
  for (uint64_t s = 0; s < 4; ++s)
    crossEntropyCase<int32_t>(32, 600 + s);
}

TEST(Loss, CrossEntropyI64) {
  for (uint64_t s = 0; s < 4; ++s)
    crossEntropyCase<int64_t>(64, 700 + s);
}
