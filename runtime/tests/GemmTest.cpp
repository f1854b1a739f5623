//===- GemmTest.cpp - linear, matmul, embedding ----------------------------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

/// y[r, n] = sum_k x[r, k] w[n, k] (+ b[n]).
DVec refLinear(const DVec &x, const DVec &w, const DVec *b, int64_t rows,
               int64_t n, int64_t k) {
  DVec y(rows * n);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < n; ++j) {
      double s = b ? (*b)[j] : 0.0;
      for (int64_t i = 0; i < k; ++i)
        s += x[r * k + i] * w[j * k + i];
      y[r * n + j] = s;
    }
  return y;
}

/// c = op(a) op(b), batched; op(a) is [m, k], op(b) is [k, n].
DVec refMatmul(const DVec &a, const DVec &b, int64_t batch, int64_t m,
               int64_t n, int64_t k, bool ta, bool tb) {
  DVec c(batch * m * n);
  for (int64_t t = 0; t < batch; ++t)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = 0.0;
        for (int64_t p = 0; p < k; ++p) {
          double av = ta ? a[t * m * k + p * m + i] : a[t * m * k + i * k + p];
          double bv = tb ? b[t * k * n + j * k + p] : b[t * k * n + p * n + j];
          s += av * bv;
        }
        c[t * m * n + i * n + j] = s;
      }
  return c;
}

Shape leadingShape(Rng &rng, int rank) {
  Shape s;
  for (int d = 0; d < rank; ++d)
    s.push_back(rng.integer(1, 4));
  return s;
}

} // namespace

TEST(Gemm, LinearForward) {
  Rng rng(1);
  for (int trial = 0; trial < 12; ++trial) {
    Shape lead = leadingShape(rng, static_cast<int>(rng.integer(0, 2)));
    int64_t k = rng.integer(1, 70), n = rng.integer(1, 37);
    bool bias = trial % 2;
    Shape xs = lead, ys = lead;
    xs.push_back(k);
    ys.push_back(n);
    FTensor x = rng.tensor(xs), w = rng.tensor({n, k}), b = rng.tensor({n});
    FTensor y(ys);
    echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), bias);
    DVec bd = toD(b);
    expectClose(y.values(),
                refLinear(toD(x), toD(w), bias ? &bd : nullptr, numel(lead), n,
                          k),
                1e-5, "linear " + str(xs) + " x " + std::to_string(n));
  }
}

TEST(Gemm, LinearGradients) {
  Rng rng(2);
  for (int trial = 0; trial < 4; ++trial) {
    Shape lead = leadingShape(rng, trial % 2 + 1);
    int64_t k = rng.integer(1, 9), n = rng.integer(1, 7), rows = numel(lead);
    Shape xs = lead, ys = lead;
    xs.push_back(k);
    ys.push_back(n);
    FTensor x = rng.tensor(xs), w = rng.tensor({n, k}), dy = rng.tensor(ys);
    FTensor dx(xs), dw({n, k});
    echo_linear_grad_input(ARG(dy), ARG(w), ARG(dx));
    echo_linear_grad_weight(ARG(dy), ARG(x), ARG(dw));
    DVec R = toD(dy), xd = toD(x), wd = toD(w);
    expectGrad(dx.values(), numericGrad(xd, [&](const DVec &v) {
                 return dot(R, refLinear(v, wd, nullptr, rows, n, k));
               }),
               "linear_grad_input");
    expectGrad(dw.values(), numericGrad(wd, [&](const DVec &v) {
                 return dot(R, refLinear(xd, v, nullptr, rows, n, k));
               }),
               "linear_grad_weight");
  }
}

TEST(Gemm, MatmulForwardAllTransposes) {
  Rng rng(3);
  for (int trial = 0; trial < 16; ++trial) {
    bool ta = trial & 1, tb = trial & 2;
    Shape batch = leadingShape(rng, static_cast<int>(rng.integer(0, 2)));
    int64_t m = rng.integer(1, 45), n = rng.integer(1, 33),
            k = rng.integer(1, 51);
    Shape as = batch, bs = batch, cs = batch;
    as.insert(as.end(), {ta ? k : m, ta ? m : k});
    bs.insert(bs.end(), {tb ? n : k, tb ? k : n});
    cs.insert(cs.end(), {m, n});
    FTensor a = rng.tensor(as), b = rng.tensor(bs), c(cs);
    echo_matmul(ARG(a), ARG(b), ARG(c), ta, tb);
    expectClose(c.values(),
                refMatmul(toD(a), toD(b), numel(batch), m, n, k, ta, tb), 1e-5,
                "matmul " + str(as) + " " + str(bs));
  }
}

// The gradients of c = op(a) op(b) are themselves echo_matmul calls with
// transpose flags; check each against finite differences.
TEST(Gemm, MatmulGradientsViaTransposeFlags) {
  Rng rng(4);
  for (int trial = 0; trial < 4; ++trial) {
    bool ta = trial & 1, tb = trial & 2;
    Shape batch = trial == 3 ? Shape{2} : Shape{};
    int64_t m = rng.integer(1, 6), n = rng.integer(1, 6), k = rng.integer(1, 6);
    Shape as = batch, bs = batch, cs = batch;
    as.insert(as.end(), {ta ? k : m, ta ? m : k});
    bs.insert(bs.end(), {tb ? n : k, tb ? k : n});
    cs.insert(cs.end(), {m, n});
    FTensor a = rng.tensor(as), b = rng.tensor(bs), dc = rng.tensor(cs);
    FTensor da(as), db(bs);
    if (!ta)
      echo_matmul(ARG(dc), ARG(b), ARG(da), 0, tb ? 0 : 1);
    else
      echo_matmul(ARG(b), ARG(dc), ARG(da), tb ? 1 : 0, 1);
    if (!tb)
      echo_matmul(ARG(a), ARG(dc), ARG(db), ta ? 0 : 1, 0);
    else
      echo_matmul(ARG(dc), ARG(a), ARG(db), 1, ta ? 1 : 0);
    DVec R = toD(dc), ad = toD(a), bd = toD(b);
    int64_t nb = numel(batch);
    expectGrad(da.values(), numericGrad(ad, [&](const DVec &v) {
                 return dot(R, refMatmul(v, bd, nb, m, n, k, ta, tb));
               }),
               "matmul da");
    expectGrad(db.values(), numericGrad(bd, [&](const DVec &v) {
                 return dot(R, refMatmul(ad, v, nb, m, n, k, ta, tb));
               }),
               "matmul db");
  }
}

TEST(Gemm, ZeroContraction) {
  FTensor x({3, 0}), w({2, 0}), b({2}, {1.5f, -2.0f}), y({3, 2});
  echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), 1);
  for (int64_t r = 0; r < 3; ++r) {
    EXPECT_EQ(y[r * 2], 1.5f);
    EXPECT_EQ(y[r * 2 + 1], -2.0f);
  }
}

template <typename IndexT> void embeddingCase(int64_t bits, uint64_t seed) {
  Rng rng(seed);
  int64_t v = rng.integer(2, 9), d = rng.integer(1, 6);
  Shape s = {rng.integer(1, 4), rng.integer(1, 5)};
  std::vector<IndexT> idx(numel(s));
  for (auto &i : idx)
    i = static_cast<IndexT>(rng.integer(0, v - 1)); // repeats likely
  Tensor<IndexT> indices(s, idx);
  FTensor table = rng.tensor({v, d});
  Shape ys = s;
  ys.push_back(d);
  FTensor y(ys), dy = rng.tensor(ys), dtable({v, d});
  echo_embedding(ARG(table), ARG(indices), ARG(y), bits);
  auto ref = [&](const DVec &t) {
    DVec out(numel(ys));
    for (size_t i = 0; i < idx.size(); ++i)
      for (int64_t j = 0; j < d; ++j)
        out[i * d + j] = t[idx[i] * d + j];
    return out;
  };
  expectClose(y.values(), ref(toD(table)), 0.0, "embedding");
  echo_embedding_grad(ARG(indices), ARG(dy), ARG(dtable), bits);
  DVec R = toD(dy);
  expectGrad(dtable.values(), numericGrad(toD(table), [&](const DVec &t) {
               return dot(R, ref(t));
             }),
             "embedding_grad");
}

TEST(Gemm, EmbeddingI32) {
  for (uint64_t s = 0; s < 3; ++s)
    embeddingCase<int32_t>(32, 10 + s);
}

TEST(Gemm, EmbeddingI64) {
  for (uint64_t s = 0; s < 3; ++s)
    embeddingCase<int64_t>(64, 20 + s);
}
