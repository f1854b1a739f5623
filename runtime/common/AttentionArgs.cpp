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

AttentionArgs echo_rt::attentionArgs(const echo_attention_args &args) {
  const char *E = args.entry;
  AttentionArgs a;
  a.q = args.q.view();
  a.k = args.k.view();
  a.v = args.v.view();
  if (args.has_mask)
    a.mask = args.mask.view();
  a.out = args.out.view();
  a.lse = args.lse.view();
  a.g = geometry(E, a.q, a.k, a.v, args.has_mask ? &a.mask : nullptr,
                 args.causal, args.scale, args.dropout, args.seed);
  expectSameShape(E, a.out, "out", a.q, "q");
  expectRank(E, a.lse, "lse", 3);
  for (int d = 0; d < 3; ++d)
    expectDim(E, a.lse, "lse", d, a.q.size(d));
  return a;
}

AttentionGradArgs
echo_rt::attentionGradArgs(const echo_attention_grad_args &args) {
  const char *E = args.entry;
  AttentionGradArgs a;
  a.q = args.q.view();
  a.k = args.k.view();
  a.v = args.v.view();
  a.out = args.out.view();
  a.lse = args.lse.view();
  a.dout = args.dout.view();
  if (args.has_mask)
    a.mask = args.mask.view();
  a.dq = args.dq.view();
  a.dk = args.dk.view();
  a.dv = args.dv.view();
  a.g = geometry(E, a.q, a.k, a.v, args.has_mask ? &a.mask : nullptr,
                 args.causal, args.scale, args.dropout, args.seed);
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
