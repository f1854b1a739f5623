//===- AttentionTest.cpp - echo_attention and echo_attention_grad ---------===//
//
// The fused attention against a double-precision reference (softmax, then
// the products), its gradients against finite differences of that
// reference and, over several tiles, against the softmax's gradient in
// double, a row with every key hidden, bit-identical results for one to
// four backend threads, and the argument checks. The comparison with the
// unfused ops through the compiler is test/Execution/attention-vs-unfused.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "echo/dropout.h"

#include <array>
#include <cblas.h>
#include <cmath>
#include <limits>

using namespace echo_test;

namespace {

struct Shapes {
  int64_t b, h, lq, lk, d;
};

/// Row i of slice bh in double: the probabilities softmax(scale q kᵀ +
/// mask) (`mask` broadcast [Lq, Lk], or empty; all 0 when every key is
/// hidden) and echo_dropout's factors (1 without dropout).
struct RefRow {
  std::vector<double> p, f;
};
RefRow referenceRow(const Shapes &s, const DVec &q, const DVec &k,
                    const DVec &mask, bool causal, double scale,
                    double dropout, uint64_t seed, int64_t bh, int64_t i) {
  RefRow r{std::vector<double>(s.lk), std::vector<double>(s.lk, 1.0)};
  double mx = -INFINITY;
  for (int64_t j = 0; j < s.lk; ++j) {
    double x = 0.0;
    for (int64_t c = 0; c < s.d; ++c)
      x += q[(bh * s.lq + i) * s.d + c] * k[(bh * s.lk + j) * s.d + c];
    x = x * scale + (mask.empty() ? 0.0 : mask[i * s.lk + j]);
    if (causal && j > i)
      x = -INFINITY;
    r.p[j] = x;
    mx = std::max(mx, x);
  }
  if (mx == -INFINITY) { // every key hidden: out 0, no gradient
    std::fill(r.p.begin(), r.p.end(), 0.0);
    return r;
  }
  double z = 0.0;
  for (double &x : r.p)
    z += (x = std::exp(x - mx));
  for (int64_t j = 0; j < s.lk; ++j) {
    r.p[j] /= z;
    if (dropout > 0.0)
      r.f[j] = echo_dropout_rng::uniform(seed, (bh * s.lq + i) * s.lk + j) >=
                       dropout
                   ? echo_dropout_rng::keptScale(dropout)
                   : 0.0;
  }
  return r;
}

/// out[b, h, i, :] in double.
DVec reference(const Shapes &s, const DVec &q, const DVec &k, const DVec &v,
               const DVec &mask, bool causal, double scale,
               double dropout = 0.0, uint64_t seed = 0) {
  DVec out(s.b * s.h * s.lq * s.d, 0.0);
  for (int64_t bh = 0; bh < s.b * s.h; ++bh)
    for (int64_t i = 0; i < s.lq; ++i) {
      RefRow r = referenceRow(s, q, k, mask, causal, scale, dropout, seed, bh, i);
      for (int64_t j = 0; j < s.lk; ++j)
        for (int64_t c = 0; c < s.d; ++c)
          out[(bh * s.lq + i) * s.d + c] +=
              r.p[j] * r.f[j] * v[(bh * s.lk + j) * s.d + c];
    }
  return out;
}

/// dq, dk, dv of <dout, out> in double, the softmax's gradient written out:
/// ds_ij = p_ij (f_ij dout_i . v_j - sum_j' p_ij' f_ij' dout_i . v_j').
std::array<DVec, 3> referenceGrads(const Shapes &s, const DVec &q,
                                   const DVec &k, const DVec &v,
                                   const DVec &mask, const DVec &dout,
                                   bool causal, double scale, double dropout,
                                   uint64_t seed) {
  std::array<DVec, 3> g{DVec(q.size(), 0.0), DVec(k.size(), 0.0),
                        DVec(v.size(), 0.0)};
  for (int64_t bh = 0; bh < s.b * s.h; ++bh)
    for (int64_t i = 0; i < s.lq; ++i) {
      RefRow r = referenceRow(s, q, k, mask, causal, scale, dropout, seed, bh, i);
      const double *go = &dout[(bh * s.lq + i) * s.d];
      std::vector<double> dp(s.lk, 0.0);
      double delta = 0.0;
      for (int64_t j = 0; j < s.lk; ++j) {
        for (int64_t c = 0; c < s.d; ++c)
          dp[j] += go[c] * v[(bh * s.lk + j) * s.d + c];
        delta += r.p[j] * r.f[j] * dp[j];
      }
      for (int64_t j = 0; j < s.lk; ++j) {
        double ds = r.p[j] * (r.f[j] * dp[j] - delta);
        for (int64_t c = 0; c < s.d; ++c) {
          g[0][(bh * s.lq + i) * s.d + c] +=
              scale * ds * k[(bh * s.lk + j) * s.d + c];
          g[1][(bh * s.lk + j) * s.d + c] +=
              scale * ds * q[(bh * s.lq + i) * s.d + c];
          g[2][(bh * s.lk + j) * s.d + c] += r.p[j] * r.f[j] * go[c];
        }
      }
    }
  return g;
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

/// max|got - ref| / max|ref| in units of f32 epsilon (2^-23).
double normwiseEps(const DVec &got, const DVec &ref) {
  double err = 0.0;
  for (size_t i = 0; i < ref.size(); ++i)
    err = std::max(err, std::fabs(got[i] - ref[i]));
  return err / maxAbs(ref) / std::ldexp(1.0, -23);
}

/// A [Lq, Lk] mask in [-1, 1] that also hides the first 100 keys from row
/// 5 and keys 60-129 from row 70, so their maxima start at -inf or jump in
/// a later tile of keys (Lk > 130); with the causal mask row 5 sees no key.
FTensor partlyHiddenMask(Rng &rng, int64_t lq, int64_t lk) {
  FTensor mask = rng.tensor({lq, lk});
  for (int64_t j = 0; j < 100; ++j)
    mask[5 * lk + j] = -INFINITY;
  for (int64_t j = 60; j < 130; ++j)
    mask[70 * lk + j] = -INFINITY;
  return mask;
}

} // namespace

TEST(Attention, ForwardMatchesDoubleReference) {
  Rng rng(1201);
  // One tile of rows and keys, and several (the kernel's tiles are 64 x 64:
  // the running maximum and sum carried across tiles of keys).
  for (Shapes s : {Shapes{2, 3, 19, 37, 12}, Shapes{1, 2, 150, 140, 20}}) {
    FTensor q = rng.tensor({s.b, s.h, s.lq, s.d}, -2, 2),
            k = rng.tensor({s.b, s.h, s.lk, s.d}, -2, 2),
            v = rng.tensor({s.b, s.h, s.lk, s.d}),
            mask = s.lq > 70 ? partlyHiddenMask(rng, s.lq, s.lk)
                             : rng.tensor({s.lq, s.lk});
    for (bool causal : {false, true})
      for (bool masked : {false, true}) {
        FTensor out({s.b, s.h, s.lq, s.d}), lse({s.b, s.h, s.lq});
        const double scale = 0.3;
        EXPECT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                                 ARG(lse), masked, causal, scale, 0.0, 0),
                  ECHO_OK);
        DVec ref = reference(s, doubles(q), doubles(k), doubles(v),
                             masked ? doubles(mask) : DVec(), causal, scale);
        // Double inside, one rounding to f32 at the end.
        EXPECT_LE(normwiseEps(doubles(out), ref), 1.0)
            << "Lq " << s.lq << " causal " << causal << " masked " << masked;
      }
  }
}

TEST(Attention, GradientsMatchDoubleReferenceAcrossTiles) {
  // Three tiles of rows and of keys (Lq != Lk, both not multiples of 64),
  // against the softmax's gradient in double. The kernel reads the f32 out
  // and lse, whose rounding the recomputed probabilities inherit: the bound
  // is test/Execution/attention-vs-unfused.mlir's, 4 eps normwise.
  Rng rng(1205);
  Shapes s{1, 2, 150, 140, 20};
  FTensor q = rng.tensor({s.b, s.h, s.lq, s.d}, -2, 2),
          k = rng.tensor({s.b, s.h, s.lk, s.d}, -2, 2),
          v = rng.tensor({s.b, s.h, s.lk, s.d}),
          r = rng.tensor({s.b, s.h, s.lq, s.d}),
          mask = partlyHiddenMask(rng, s.lq, s.lk);
  const double scale = 0.3;
  const int64_t seed = 9;
  for (bool causal : {false, true})
    for (double dropout : {0.0, 0.2}) {
      FTensor out({s.b, s.h, s.lq, s.d}), lse({s.b, s.h, s.lq}),
          dq({s.b, s.h, s.lq, s.d}), dk({s.b, s.h, s.lk, s.d}),
          dv({s.b, s.h, s.lk, s.d});
      ASSERT_EQ(echo_attention(ARG(q), ARG(k), ARG(v), ARG(mask), ARG(out),
                               ARG(lse), 1, causal, scale, dropout, seed),
                ECHO_OK);
      ASSERT_EQ(echo_attention_grad(ARG(q), ARG(k), ARG(v), ARG(out),
                                    ARG(lse), ARG(r), ARG(mask), ARG(dq),
                                    ARG(dk), ARG(dv), 1, causal, scale,
                                    dropout, seed),
                ECHO_OK);
      std::array<DVec, 3> ref =
          referenceGrads(s, doubles(q), doubles(k), doubles(v), doubles(mask),
                         doubles(r), causal, scale, dropout, seed);
      const FTensor *got[3] = {&dq, &dk, &dv};
      for (int which = 0; which < 3; ++which)
        EXPECT_LE(normwiseEps(doubles(*got[which]), ref[which]), 4.0)
            << "d" << "qkv"[which] << " causal " << causal << " dropout "
            << dropout;
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
  // Enough rows and keys that the row blocks (forward, dq) and key blocks
  // (dk, dv) are cut between threads; two tiles of rows and of keys, the
  // lengths not multiples of the tile.
  Rng rng(1204);
  Shapes s{2, 3, 70, 100, 130};
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
