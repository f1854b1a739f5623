//===- AttentionTest.cpp - echo_attention and echo_attention_grad ---------===//
//
// The fused attention against a double-precision reference (softmax, then
// the products), its gradients against finite differences of that
// reference, a row with every key hidden, bit-identical results for one to
// four backend threads, and the argument checks. The comparison with the
// unfused ops through the compiler is test/Execution/attention-vs-unfused.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "echo/dropout.h"

#include <cblas.h>
#include <cmath>
#include <limits>

using namespace echo_test;

namespace {

struct Shapes {
  int64_t b, h, lq, lk, d;
};

/// out[b, h, i, :] in double; `mask` broadcast [Lq, Lk] (or empty); the
/// probabilities dropped with echo_dropout's mask when dropout > 0.
DVec reference(const Shapes &s, const DVec &q, const DVec &k, const DVec &v,
               const DVec &mask, bool causal, double scale,
               double dropout = 0.0, uint64_t seed = 0) {
  DVec out(s.b * s.h * s.lq * s.d, 0.0);
  for (int64_t bh = 0; bh < s.b * s.h; ++bh)
    for (int64_t i = 0; i < s.lq; ++i) {
      std::vector<double> sc(s.lk);
      double mx = -INFINITY;
      for (int64_t j = 0; j < s.lk; ++j) {
        double x = 0.0;
        for (int64_t c = 0; c < s.d; ++c)
          x += q[(bh * s.lq + i) * s.d + c] * k[(bh * s.lk + j) * s.d + c];
        x = x * scale + (mask.empty() ? 0.0 : mask[i * s.lk + j]);
        if (causal && j > i)
          x = -INFINITY;
        sc[j] = x;
        mx = std::max(mx, x);
      }
      double z = 0.0;
      for (double &x : sc)
        z += (x = std::exp(x - mx));
      for (int64_t j = 0; j < s.lk; ++j) {
        double f = 1.0;
        if (dropout > 0.0)
          f = echo_dropout_rng::uniform(seed, (bh * s.lq + i) * s.lk + j) >=
                      dropout
                  ? echo_dropout_rng::keptScale(dropout)
                  : 0.0;
        for (int64_t c = 0; c < s.d; ++c)
          out[(bh * s.lq + i) * s.d + c] +=
              sc[j] / z * f * v[(bh * s.lk + j) * s.d + c];
      }
    }
  return out;
}

DVec doubles(const FTensor &t) {
  std::vector<float> v = t.values();
  return DVec(v.begin(), v.end());
}

double maxAbs(const DVec &v) {
  double m = 0.0;
  for (double x : v)
    m = std::max(m, std::fabs(x));
  return m;
}

} // namespace

TEST(Attention, ForwardMatchesDoubleReference) {
  Rng rng(1201);
  Shapes s{2, 3, 19, 37, 12};
  FTensor q = rng.tensor({s.b, s.h, s.lq, s.d}, -2, 2),
          k = rng.tensor({s.b, s.h, s.lk, s.d}, -2, 2),
          v = rng.tensor({s.b, s.h, s.lk, s.d}), mask = rng.tensor({s.lq, s.lk});
  for (bool causal : {false, true})
    for (bool masked : {false, true}) {
      FTensor out({s.b, s.h, s.lq, s.d}), lse({s.b, s.h, s.lq});
      const double scale = 0.3;
      EXPECT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                               ARG(lse), masked, causal, scale, 0.0, 0),
                ECHO_OK);
      DVec ref = reference(s, doubles(q), doubles(k), doubles(v),
                           masked ? doubles(mask) : DVec(), causal, scale);
      DVec got = doubles(out);
      double err = 0.0;
      for (size_t i = 0; i < ref.size(); ++i)
        err = std::max(err, std::fabs(got[i] - ref[i]));
      // Double inside, one rounding to f32 at the end.
      EXPECT_LE(err / maxAbs(ref), 1.0 * std::ldexp(1.0, -23))
          << "causal " << causal << " masked " << masked;
    }
}

class AttentionGrad : public ::testing::TestWithParam<double> {};

TEST_P(AttentionGrad, MatchesFiniteDifferences) {
  const double dropout = GetParam();
  const int64_t seed = 77;
  Rng rng(1202);
  Shapes s{1, 2, 5, 7, 4};
  const bool causal = true;
  const double scale = 0.7;
  FTensor q = rng.tensor({s.b, s.h, s.lq, s.d}), k = rng.tensor({s.b, s.h, s.lk, s.d}),
          v = rng.tensor({s.b, s.h, s.lk, s.d}), r = rng.tensor({s.b, s.h, s.lq, s.d}),
          mask = rng.tensor({s.lq, s.lk});
  FTensor out({s.b, s.h, s.lq, s.d}), lse({s.b, s.h, s.lq});
  ASSERT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                           ARG(lse), 1, causal, scale, dropout, seed),
            ECHO_OK);
  FTensor dq({s.b, s.h, s.lq, s.d}), dk({s.b, s.h, s.lk, s.d}),
      dv({s.b, s.h, s.lk, s.d});
  ASSERT_EQ(echo_attention_grad(ARG(q), ARG(k), ARG(v), ARG(out), ARG(lse),
                                ARG(r), ARG(mask), ARG(dq), ARG(dk), ARG(dv),
                                1, causal, scale, dropout, seed),
            ECHO_OK);
  DVec q0 = doubles(q), k0 = doubles(k), v0 = doubles(v), m = doubles(mask),
       rr = doubles(r);
  // The loss <r, out> as a function of one of the three inputs.
  auto loss = [&](int which, const DVec &x) {
    DVec o = reference(s, which == 0 ? x : q0, which == 1 ? x : k0,
                       which == 2 ? x : v0, m, causal, scale, dropout, seed);
    double l = 0.0;
    for (size_t i = 0; i < o.size(); ++i)
      l += o[i] * rr[i];
    return l;
  };
  const FTensor *grads[3] = {&dq, &dk, &dv};
  const DVec *points[3] = {&q0, &k0, &v0};
  for (int which = 0; which < 3; ++which) {
    DVec numeric(points[which]->size());
    for (size_t i = 0; i < numeric.size(); ++i) {
      DVec plus = *points[which], minus = *points[which];
      plus[i] += kStep;
      minus[i] -= kStep;
      numeric[i] = (loss(which, plus) - loss(which, minus)) / (2 * kStep);
    }
    DVec analytic = doubles(*grads[which]);
    double diff = 0.0, norm = 0.0;
    for (size_t i = 0; i < numeric.size(); ++i) {
      diff += (analytic[i] - numeric[i]) * (analytic[i] - numeric[i]);
      norm += numeric[i] * numeric[i];
    }
    EXPECT_LE(std::sqrt(diff), kGradTol * std::sqrt(norm))
        << "gradient " << "qkv"[which];
  }
}

// Without dropout and with 30% of the probabilities dropped.
INSTANTIATE_TEST_SUITE_P(Attention, AttentionGrad,
                         ::testing::Values(0.0, 0.3));

TEST(Attention, RowWithEveryKeyHidden) {
  // Row 0 of the mask is all -inf: its output is 0, its lse -inf, and it
  // passes no gradient (no NaN anywhere).
  Rng rng(1203);
  Shapes s{1, 1, 3, 4, 2};
  FTensor q = rng.tensor({1, 1, 3, 2}), k = rng.tensor({1, 1, 4, 2}),
          v = rng.tensor({1, 1, 4, 2}), r = rng.tensor({1, 1, 3, 2}),
          mask({3, 4});
  for (int64_t j = 0; j < 4; ++j)
    mask[j] = -std::numeric_limits<float>::infinity();
  FTensor out({1, 1, 3, 2}), lse({1, 1, 3}), dq({1, 1, 3, 2}),
      dk({1, 1, 4, 2}), dv({1, 1, 4, 2});
  ASSERT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                           ARG(lse), 1, 0, 1.0, 0.0, 0),
            ECHO_OK);
  ASSERT_EQ(echo_attention_grad(ARG(q), ARG(k), ARG(v), ARG(out), ARG(lse),
                                ARG(r), ARG(mask), ARG(dq), ARG(dk), ARG(dv),
                                1, 0, 1.0, 0.0, 0),
            ECHO_OK);
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_EQ(out[1], 0.0f);
  EXPECT_EQ(lse[0], -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isfinite(lse[1]) && std::isfinite(lse[2]));
  EXPECT_EQ(dq[0], 0.0f);
  EXPECT_EQ(dq[1], 0.0f);
  for (const FTensor *t : {&out, &dq, &dk, &dv})
    for (float x : t->values())
      EXPECT_FALSE(std::isnan(x));
}

TEST(Attention, ThreadCountDoesNotMatter) {
  // Enough rows and keys that the rows, key tiles and dq rows are cut
  // between threads; lengths not multiples of the tiles, D above kChunk.
  Rng rng(1204);
  Shapes s{2, 3, 70, 45, 130};
  FTensor q = rng.tensor({s.b, s.h, s.lq, s.d}), k = rng.tensor({s.b, s.h, s.lk, s.d}),
          v = rng.tensor({s.b, s.h, s.lk, s.d}), r = rng.tensor({s.b, s.h, s.lq, s.d}),
          mask = rng.tensor({s.b, 1, 1, s.lk});
  auto run = [&] {
    FTensor out({s.b, s.h, s.lq, s.d}), lse({s.b, s.h, s.lq}),
        dq({s.b, s.h, s.lq, s.d}), dk({s.b, s.h, s.lk, s.d}),
        dv({s.b, s.h, s.lk, s.d});
    EXPECT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                             ARG(lse), 1, 1, 0.125, 0.1, 5),
              ECHO_OK);
    EXPECT_EQ(echo_attention_grad(ARG(q), ARG(k), ARG(v), ARG(out), ARG(lse),
                                  ARG(r), ARG(mask), ARG(dq), ARG(dk),
                                  ARG(dv), 1, 1, 0.125, 0.1, 5),
              ECHO_OK);
    return std::vector<std::vector<float>>{out.values(), lse.values(),
                                           dq.values(), dk.values(),
                                           dv.values()};
  };
  int saved = openblas_get_num_threads();
  openblas_set_num_threads(1);
  auto one = run();
  for (int threads : {2, 3, 4}) {
    openblas_set_num_threads(threads);
    auto other = run();
    for (size_t i = 0; i < one.size(); ++i)
      EXPECT_TRUE(sameBits(one[i], other[i]))
          << "output " << i << " with " << threads << " threads";
  }
  openblas_set_num_threads(saved);
}

TEST(Attention, ArgumentChecks) {
  FTensor q({1, 2, 3, 4}), k({1, 2, 5, 4}), out({1, 2, 3, 4}),
      lse({1, 2, 3}), badMask({3, 4}), badK({1, 2, 5, 3}), badLse({1, 2, 5});
  EXPECT_RT_ERROR(echo_attention(ARG(q), ARG(k), ARG(k), ARG(badMask),
                                 ARG(out), ARG(lse), 1, 0, 1.0, 0.0, 0),
                  "echo_attention: mask .* scores");
  EXPECT_RT_ERROR(echo_attention(ARG(q), ARG(badK), ARG(badK), ARG(q),
                                 ARG(out), ARG(lse), 0, 0, 1.0, 0.0, 0),
                  "must agree on B, H and D");
  EXPECT_RT_ERROR(echo_attention(ARG(q), ARG(k), ARG(k), ARG(q), ARG(out),
                                 ARG(badLse), 0, 0, 1.0, 0.0, 0),
                  "lse");
  EXPECT_RT_ERROR(echo_attention(ARG(q), ARG(k), ARG(k), ARG(q), ARG(out),
                                 ARG(lse), 0, 0, -1.0, 0.0, 0),
                  "scale must be finite and positive");
  EXPECT_RT_ERROR(echo_attention(ARG(q), ARG(k), ARG(k), ARG(q), ARG(out),
                                 ARG(lse), 0, 0, 1.0, 1.0, 0),
                  "dropout must be in \\[0, 1\\), got 1");
}
