//===- AttentionMath.h - Fused attention, one row or key at a time -*- C++ -*-===//
//
// The arithmetic of echo_attention(_grad): the geometry, the causal and
// dropout masks and delta's dot product, shared by the CPU backend
// (runtime/cpu/Attention.cpp) and the CUDA kernels (runtime/cuda/
// Attention.cu), every function ECHO_HD; and the per-row and per-key
// functions below, which the CUDA kernels run. The CPU backend computes
// the same formulas a tile of rows and keys at a time through BLAS, in
// another summation order, so the two backends' bits differ.
//
// Forward, per query row i (FlashAttention's online softmax): the scores
// s_ij = scale * q_i . k_j (+ mask_ij) of kKeyTile keys at a time, the
// running maximum m and sum l rescaled once per tile, the output
// accumulated as sum_j exp(s_ij - m) v_j and divided by l at the end;
// lse_i = m + log(l). Nothing of size Lk is kept: the state of a row is
// kKeyTile scores and kChunk output columns.
//
// Backward, with p_ij = exp(s_ij - lse_i) recomputed from the stored lse,
// f_ij the dropout factor (1 without dropout) and delta_i = dout_i . out_i
// (= sum_j p_ij f_ij dout_i . v_j):
//   dv_j = sum_i p_ij f_ij dout_i,  dk_j = scale * sum_i ds_ij q_i,
//   dq_i = scale * sum_j ds_ij k_j,  ds_ij = p_ij (f_ij dout_i . v_j - delta_i),
// in two passes that each write disjoint outputs: keys (dk, dv; rows in
// increasing order) and rows (dq; keys in increasing order). No atomics, so
// results do not depend on threads or scheduling.
//
// Dot products, scores, exponentials and accumulators are double; inputs
// and outputs f32 (a product of two floats is exact in double). Outputs of
// more than kChunk columns are computed kChunk at a time, the scores
// recomputed for each chunk, so the state stays bounded for any D.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ATTENTIONMATH_H
#define ECHO_RUNTIME_COMMON_ATTENTIONMATH_H

#include "echo/codecs.h" /* ECHO_HD */
#include "echo/dropout.h"

#include <math.h>
#include <stdint.h>

namespace echo_attn {

/// Scores per online-softmax step.
constexpr int64_t kKeyTile = 32;
/// Output columns accumulated at once.
constexpr int64_t kChunk = 128;

struct Geometry {
  int64_t batch = 0, heads = 0, lq = 0, lk = 0, d = 0;
  /// Element strides of the mask over [B, H, Lq, Lk] (0 where broadcast).
  int64_t maskStride[4] = {0, 0, 0, 0};
  bool hasMask = false, causal = false;
  double scale = 1.0;
  /// Dropout on the probabilities: echo_dropout's mask for `seed` over
  /// [B, H, Lq, Lk]; kept ones scaled by keptScale (0: no dropout).
  double dropout = 0.0;
  uint64_t seed = 0;
  float keptScale = 1.0f;
};

struct ForwardTensors {
  const float *q, *k, *v, *mask;
  float *out, *lse;
};

struct GradTensors {
  const float *q, *k, *v, *mask, *out, *lse, *dout;
  float *dq, *dk, *dv;
};

ECHO_HD inline int64_t minI(int64_t a, int64_t b) { return a < b ? a : b; }

/// Keys [0, n) are visible to row i: causal hides j > i (top-left aligned).
ECHO_HD inline int64_t visibleKeys(const Geometry &g, int64_t i) {
  return g.causal ? minI(g.lk, i + 1) : g.lk;
}

/// sum_t a[t] * b[t] in double, in four interleaved partial sums (a fixed
/// order, so the result is the same everywhere).
ECHO_HD inline double dot(const float *a, const float *b, int64_t n) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  int64_t t = 0;
  for (; t + 4 <= n; t += 4) {
    s0 += static_cast<double>(a[t]) * b[t];
    s1 += static_cast<double>(a[t + 1]) * b[t + 1];
    s2 += static_cast<double>(a[t + 2]) * b[t + 2];
    s3 += static_cast<double>(a[t + 3]) * b[t + 3];
  }
  for (; t < n; ++t)
    s0 += static_cast<double>(a[t]) * b[t];
  return (s0 + s1) + (s2 + s3);
}

/// s_ij of slice bh (= b * H + h).
ECHO_HD inline double score(const Geometry &g, const float *q, const float *k,
                            const float *mask, int64_t bh, int64_t i,
                            int64_t j) {
  double s = g.scale * dot(q + (bh * g.lq + i) * g.d,
                           k + (bh * g.lk + j) * g.d, g.d);
  if (g.hasMask) {
    int64_t b = bh / g.heads, h = bh % g.heads;
    s += mask[b * g.maskStride[0] + h * g.maskStride[1] +
              i * g.maskStride[2] + j * g.maskStride[3]];
  }
  return s;
}

/// What p_ij is multiplied by after the softmax: 1 without dropout, else
/// 0 (dropped) or keptScale, echo.dropout's mask on the probabilities.
ECHO_HD inline double dropFactor(const Geometry &g, int64_t bh, int64_t i,
                                 int64_t j) {
  if (g.dropout == 0.0)
    return 1.0;
  uint64_t index = static_cast<uint64_t>((bh * g.lq + i) * g.lk + j);
  return echo_dropout_rng::uniform(g.seed, index) >= g.dropout
             ? static_cast<double>(g.keptScale)
             : 0.0;
}

/// out_i and lse_i of row i of slice bh. A row whose scores are all -inf
/// gets out 0 and lse -inf.
ECHO_HD inline void forwardRow(const Geometry &g, const ForwardTensors &t,
                               int64_t bh, int64_t i) {
  const int64_t n = visibleKeys(g, i);
  const float *vs = t.v + bh * g.lk * g.d;
  float *o = t.out + (bh * g.lq + i) * g.d;
  for (int64_t c0 = 0; c0 < g.d; c0 += kChunk) {
    const int64_t cn = minI(kChunk, g.d - c0);
    double acc[kChunk];
    for (int64_t c = 0; c < cn; ++c)
      acc[c] = 0.0;
    double m = -INFINITY, l = 0.0;
    for (int64_t j0 = 0; j0 < n; j0 += kKeyTile) {
      const int64_t jn = minI(kKeyTile, n - j0);
      double s[kKeyTile];
      double tileMax = -INFINITY;
      for (int64_t u = 0; u < jn; ++u) {
        s[u] = score(g, t.q, t.k, t.mask, bh, i, j0 + u);
        tileMax = s[u] > tileMax ? s[u] : tileMax;
      }
      if (tileMax > m) { // rescale what was summed against the old maximum
        double r = exp(m - tileMax);
        l *= r;
        for (int64_t c = 0; c < cn; ++c)
          acc[c] *= r;
        m = tileMax;
      }
      if (m == -INFINITY) // every key so far hidden
        continue;
      for (int64_t u = 0; u < jn; ++u) {
        double p = exp(s[u] - m);
        l += p;
        p *= dropFactor(g, bh, i, j0 + u); // l sums the undropped ones
        const float *vj = vs + (j0 + u) * g.d + c0;
        for (int64_t c = 0; c < cn; ++c)
          acc[c] += p * vj[c];
      }
    }
    for (int64_t c = 0; c < cn; ++c)
      o[c0 + c] = l > 0.0 ? static_cast<float>(acc[c] / l) : 0.0f;
    if (c0 == 0)
      t.lse[bh * g.lq + i] =
          l > 0.0 ? static_cast<float>(m + log(l)) : -INFINITY;
  }
}

/// dk_j and dv_j of keys [j0, j0 + jn) of slice bh, jn <= Tile (Tile keys
/// share each row's delta_i; any Tile gives the same bits).
template <int Tile>
ECHO_HD inline void keyGrads(const Geometry &g, const GradTensors &t,
                             int64_t bh, int64_t j0, int64_t jn) {
  const int64_t rows = bh * g.lq, keys = bh * g.lk;
  for (int64_t c0 = 0; c0 < g.d; c0 += kChunk) {
    const int64_t cn = minI(kChunk, g.d - c0);
    double dk[Tile][kChunk], dv[Tile][kChunk];
    for (int64_t u = 0; u < jn; ++u)
      for (int64_t c = 0; c < cn; ++c)
        dk[u][c] = dv[u][c] = 0.0;
    // Rows before j0 see none of these keys when causal.
    for (int64_t i = g.causal ? j0 : 0; i < g.lq; ++i) {
      const double lse = t.lse[rows + i];
      const int64_t n = visibleKeys(g, i);
      if (lse == -INFINITY || n <= j0) // no probability reaches these keys
        continue;
      const float *go = t.dout + (rows + i) * g.d;
      const float *qi = t.q + (rows + i) * g.d;
      const double delta = dot(go, t.out + (rows + i) * g.d, g.d);
      for (int64_t u = 0; u < jn && j0 + u < n; ++u) {
        const int64_t j = j0 + u;
        double p = exp(score(g, t.q, t.k, t.mask, bh, i, j) - lse);
        double f = dropFactor(g, bh, i, j);
        double ds = p * (f * dot(go, t.v + (keys + j) * g.d, g.d) - delta);
        double pd = p * f;
        for (int64_t c = 0; c < cn; ++c) {
          dv[u][c] += pd * go[c0 + c];
          dk[u][c] += ds * qi[c0 + c];
        }
      }
    }
    for (int64_t u = 0; u < jn; ++u) {
      float *dkj = t.dk + (keys + j0 + u) * g.d + c0;
      float *dvj = t.dv + (keys + j0 + u) * g.d + c0;
      for (int64_t c = 0; c < cn; ++c) {
        dkj[c] = static_cast<float>(g.scale * dk[u][c]);
        dvj[c] = static_cast<float>(dv[u][c]);
      }
    }
  }
}

/// dq_i of row i of slice bh.
ECHO_HD inline void rowGrad(const Geometry &g, const GradTensors &t,
                            int64_t bh, int64_t i) {
  const int64_t row = bh * g.lq + i, keys = bh * g.lk;
  const double lse = t.lse[row];
  const int64_t n = lse == -INFINITY ? 0 : visibleKeys(g, i);
  const float *go = t.dout + row * g.d;
  const double delta = n ? dot(go, t.out + row * g.d, g.d) : 0.0;
  for (int64_t c0 = 0; c0 < g.d; c0 += kChunk) {
    const int64_t cn = minI(kChunk, g.d - c0);
    double dq[kChunk];
    for (int64_t c = 0; c < cn; ++c)
      dq[c] = 0.0;
    for (int64_t j = 0; j < n; ++j) {
      double p = exp(score(g, t.q, t.k, t.mask, bh, i, j) - lse);
      double ds = p * (dropFactor(g, bh, i, j) *
                           dot(go, t.v + (keys + j) * g.d, g.d) -
                       delta);
      const float *kj = t.k + (keys + j) * g.d + c0;
      for (int64_t c = 0; c < cn; ++c)
        dq[c] += ds * kj[c];
    }
    float *dqi = t.dq + row * g.d + c0;
    for (int64_t c = 0; c < cn; ++c)
      dqi[c] = static_cast<float>(g.scale * dq[c]);
  }
}

} // namespace echo_attn

#endif // ECHO_RUNTIME_COMMON_ATTENTIONMATH_H
