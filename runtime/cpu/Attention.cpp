//===- Attention.cpp - Fused scaled dot-product attention -------------------===//
//
// echo_attention and echo_attention_grad on the CPU: the arithmetic of
// AttentionMath.h (online softmax over tiles of keys; the backward
// recomputes the probabilities from lse), side by side over independent
// pieces: blocks of query rows for the forward and for dq, tiles of keys
// for dk and dv. Every output element is computed by one thread in a fixed
// order, so the bits do not depend on the thread count.
//
// Memory: no heap, no workspace. Each thread's state is on its stack and
// bounded independently of the shapes: a forward row kChunk + kKeyTile
// doubles (1.3 KiB), a key tile 2 * kGradKeyTile * kChunk doubles (32 KiB),
// a dq row kChunk doubles (1 KiB). So the plan (echo-buffer-assign) sees
// everything the entry uses: its operands and results.
//
//===----------------------------------------------------------------------===//

#include "AttentionArgs.h"
#include "Context.h"
#include "Parallel.h"

using namespace echo_rt;
using namespace echo_attn;

namespace {
/// Query rows per parallel item (the forward and dq).
constexpr int64_t kRowBlock = 16;
/// Keys per item of the dk/dv pass; they share each row's delta.
constexpr int kGradKeyTile = 16;

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
} // namespace

void entry::echo_attention(Context &, ECHO_TENSOR(q), ECHO_TENSOR(k),
                           ECHO_TENSOR(v), ECHO_TENSOR(mask), ECHO_TENSOR(out),
                           ECHO_TENSOR(lse), int64_t has_mask, int64_t causal,
                           double scale, double dropout, int64_t seed) {
  AttentionArgs a = attentionArgs(
      "echo_attention", q_rank, q_desc, k_rank, k_desc, v_rank, v_desc,
      mask_rank, mask_desc, out_rank, out_desc, lse_rank, lse_desc, has_mask,
      causal, scale, dropout, seed);
  const Geometry g = a.g;
  const ForwardTensors t{a.q.f32(), a.k.f32(), a.v.f32(),
                         g.hasMask ? a.mask.f32() : nullptr, a.out.f32(),
                         a.lse.f32()};
  const int64_t blocks = ceilDiv(g.lq, kRowBlock);
  parallelItems(g.batch * g.heads * blocks, kRowBlock * (g.lk + 1) * g.d,
                [&](int64_t item) {
                  int64_t bh = item / blocks, i0 = item % blocks * kRowBlock;
                  for (int64_t i = i0; i < minI(i0 + kRowBlock, g.lq); ++i)
                    forwardRow(g, t, bh, i);
                });
}

void entry::echo_attention_grad(Context &, ECHO_TENSOR(q), ECHO_TENSOR(k),
                                ECHO_TENSOR(v), ECHO_TENSOR(out),
                                ECHO_TENSOR(lse), ECHO_TENSOR(dout),
                                ECHO_TENSOR(mask), ECHO_TENSOR(dq),
                                ECHO_TENSOR(dk), ECHO_TENSOR(dv),
                                int64_t has_mask, int64_t causal,
                                double scale, double dropout, int64_t seed) {
  AttentionGradArgs a = attentionGradArgs(
      "echo_attention_grad", q_rank, q_desc, k_rank, k_desc, v_rank, v_desc,
      out_rank, out_desc, lse_rank, lse_desc, dout_rank, dout_desc, mask_rank,
      mask_desc, dq_rank, dq_desc, dk_rank, dk_desc, dv_rank, dv_desc,
      has_mask, causal, scale, dropout, seed);
  const Geometry g = a.g;
  const GradTensors t{a.q.f32(),   a.k.f32(),
                      a.v.f32(),   g.hasMask ? a.mask.f32() : nullptr,
                      a.out.f32(), a.lse.f32(),
                      a.dout.f32(), a.dq.f32(),
                      a.dk.f32(),  a.dv.f32()};
  const int64_t slices = g.batch * g.heads;
  const int64_t keyTiles = ceilDiv(g.lk, kGradKeyTile);
  parallelItems(slices * keyTiles, kGradKeyTile * (g.lq + 1) * g.d,
                [&](int64_t item) {
                  int64_t bh = item / keyTiles,
                          j0 = item % keyTiles * kGradKeyTile;
                  keyGrads<kGradKeyTile>(g, t, bh, j0,
                                         minI(kGradKeyTile, g.lk - j0));
                });
  const int64_t rowBlocks = ceilDiv(g.lq, kRowBlock);
  parallelItems(slices * rowBlocks, kRowBlock * (g.lk + 1) * g.d,
                [&](int64_t item) {
                  int64_t bh = item / rowBlocks,
                          i0 = item % rowBlocks * kRowBlock;
                  for (int64_t i = i0; i < minI(i0 + kRowBlock, g.lq); ++i)
                    rowGrad(g, t, bh, i);
                });
}
