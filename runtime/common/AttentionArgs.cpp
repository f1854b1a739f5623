//===- AttentionArgs.cpp - Checked arguments of the attention entries -----===//

#include "AttentionArgs.h"
#include "Broadcast.h"

#include "echo/dropout.h"

#include <cmath>

using namespace echo_rt;

namespace {

/// Shapes, scale and mask strides shared by the forward and the backward.
echo_attn::Geometry geometry(const char *E, const TensorView &Q,
                                  const TensorView &K, const TensorView &V,
                                  const TensorView *M, int64_t causal,
                                  double scale, double dropout, int64_t seed) {
  expectRank(E, Q, "q", 4);
  expectRank(E, K, "k", 4);
  expectSameShape(E, V, "v", K, "k");
  if (Q.size(0) != K.size(0) || Q.size(1) != K.size(1) ||
      Q.size(3) != K.size(3))
    fail(E, "q %s and k %s must agree on B, H and D", Q.shapeStr().c_str(),
         K.shapeStr().c_str());
  if (Q.size(3) < 1)
    fail(E, "head dimension D must be at least 1");
  if (!(scale > 0.0) || std::isinf(scale))
    fail(E, "scale must be finite and positive, got %g", scale);
  if (!echo_dropout_rng::validProbability(dropout))
    fail(E, "dropout must be in [0, 1), got %g", dropout);
  echo_attn::Geometry g;
  g.batch = Q.size(0);
  g.heads = Q.size(1);
  g.lq = Q.size(2);
  g.lk = K.size(2);
  g.d = Q.size(3);
  g.causal = causal != 0;
  g.scale = scale;
  g.dropout = dropout;
  g.seed = static_cast<uint64_t>(seed);
  g.keptScale = echo_dropout_rng::keptScale(dropout);
  g.hasMask = M != nullptr;
  for (int d = 0; d < 4; ++d)
    g.maskStride[d] = 0;
  if (M) {
    if (M->rank > 4)
      fail(E, "mask %s has rank above 4", M->shapeStr().c_str());
    TensorView scores;
    scores.rank = 4;
    int64_t sizes[4] = {g.batch, g.heads, g.lq, g.lk};
    scores.numel = 1;
    for (int d = 0; d < 4; ++d) {
      scores.sizes[d] = sizes[d];
      scores.numel *= sizes[d];
    }
    broadcastStrides(E, *M, "mask", scores, "scores [B, H, Lq, Lk]",
                     g.maskStride);
  }
  return g;
}

} // namespace

AttentionArgs echo_rt::attentionArgs(const char *E, ECHO_TENSOR(q),
                                     ECHO_TENSOR(k), ECHO_TENSOR(v),
                                     ECHO_TENSOR(mask), ECHO_TENSOR(out),
                                     ECHO_TENSOR(lse), int64_t has_mask,
                                     int64_t causal, double scale,
                                     double dropout, int64_t seed) {
  AttentionArgs a;
  a.q = fview(E, "q", q_rank, q_desc);
  a.k = fview(E, "k", k_rank, k_desc);
  a.v = fview(E, "v", v_rank, v_desc);
  if (has_mask)
    a.mask = fview(E, "mask", mask_rank, mask_desc);
  a.out = fview(E, "out", out_rank, out_desc);
  a.lse = fview(E, "lse", lse_rank, lse_desc);
  a.g = geometry(E, a.q, a.k, a.v, has_mask ? &a.mask : nullptr, causal,
                 scale, dropout, seed);
  expectSameShape(E, a.out, "out", a.q, "q");
  expectRank(E, a.lse, "lse", 3);
  for (int d = 0; d < 3; ++d)
    expectDim(E, a.lse, "lse", d, a.q.size(d));
  return a;
}

AttentionGradArgs echo_rt::attentionGradArgs(
    const char *E, ECHO_TENSOR(q), ECHO_TENSOR(k), ECHO_TENSOR(v),
    ECHO_TENSOR(out), ECHO_TENSOR(lse), ECHO_TENSOR(dout), ECHO_TENSOR(mask),
    ECHO_TENSOR(dq), ECHO_TENSOR(dk), ECHO_TENSOR(dv), int64_t has_mask,
    int64_t causal, double scale, double dropout, int64_t seed) {
  AttentionGradArgs a;
  a.q = fview(E, "q", q_rank, q_desc);
  a.k = fview(E, "k", k_rank, k_desc);
  a.v = fview(E, "v", v_rank, v_desc);
  a.out = fview(E, "out", out_rank, out_desc);
  a.lse = fview(E, "lse", lse_rank, lse_desc);
  a.dout = fview(E, "dout", dout_rank, dout_desc);
  if (has_mask)
    a.mask = fview(E, "mask", mask_rank, mask_desc);
  a.dq = fview(E, "dq", dq_rank, dq_desc);
  a.dk = fview(E, "dk", dk_rank, dk_desc);
  a.dv = fview(E, "dv", dv_rank, dv_desc);
  a.g = geometry(E, a.q, a.k, a.v, has_mask ? &a.mask : nullptr, causal,
                 scale, dropout, seed);
  expectSameShape(E, a.out, "out", a.q, "q");
  expectSameShape(E, a.dout, "dout", a.q, "q");
  expectSameShape(E, a.dq, "dq", a.q, "q");
  expectSameShape(E, a.dk, "dk", a.k, "k");
  expectSameShape(E, a.dv, "dv", a.v, "v");
  expectRank(E, a.lse, "lse", 3);
  for (int d = 0; d < 3; ++d)
    expectDim(E, a.lse, "lse", d, a.q.size(d));
  return a;
}
