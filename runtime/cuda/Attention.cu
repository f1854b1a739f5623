//===- Attention.cu - Fused scaled dot-product attention (CUDA, f32) -------===//
//
// echo_attention and echo_attention_grad on the device: the CPU backend's
// algorithm (runtime/cpu/Attention.cpp) with the same per-element
// arithmetic, AttentionMath.h, compiled for the device. One block per
// (b, h, tile of kRows query rows or keys), one thread per row or key:
//  - forward: each thread runs the online softmax of its row over tiles of
//    keys (forwardRow);
//  - backward: a kernel of one thread per key (dk, dv: keyGrads<1>, rows in
//    increasing order), then one of one thread per row (dq: rowGrad).
// Each output element is written by one thread in a fixed order: no
// atomics, no scratch, results independent of scheduling. A thread's
// state is at most 2 * kChunk doubles of local memory. Straightforward
// rather than fast: no shared-memory tiles or tensor cores (cuDNN's fused
// attention is the fast path for 16-bit types, not used yet).
//
//===----------------------------------------------------------------------===//

#include "AttentionArgs.h"
#include "Launch.h"

#include <climits>

using namespace echo_cuda;
using namespace echo_attn;
using echo_rt::AttentionArgs;
using echo_rt::AttentionGradArgs;

namespace {

/// Rows or keys per block.
constexpr int kRows = 64;

__global__ void forwardKernel(Geometry g, ForwardTensors t, int64_t tiles) {
  int64_t bh = blockIdx.x / tiles;
  int64_t i = (blockIdx.x % tiles) * kRows + threadIdx.x;
  if (i < g.lq)
    forwardRow(g, t, bh, i);
}

__global__ void keyGradKernel(Geometry g, GradTensors t, int64_t tiles) {
  int64_t bh = blockIdx.x / tiles;
  int64_t j = (blockIdx.x % tiles) * kRows + threadIdx.x;
  if (j < g.lk)
    keyGrads<1>(g, t, bh, j, 1);
}

__global__ void rowGradKernel(Geometry g, GradTensors t, int64_t tiles) {
  int64_t bh = blockIdx.x / tiles;
  int64_t i = (blockIdx.x % tiles) * kRows + threadIdx.x;
  if (i < g.lq)
    rowGrad(g, t, bh, i);
}

/// Blocks covering `n` rows or keys of each of the B * H slices, and the
/// tiles per slice; 0 blocks when there is nothing to compute.
int64_t blocksFor(const char *E, const Geometry &g, int64_t n,
                  int64_t &tiles) {
  tiles = (n + kRows - 1) / kRows;
  int64_t blocks = g.batch * g.heads * tiles;
  if (blocks > INT_MAX)
    fail(E, "%lld blocks exceed the grid", (long long)blocks);
  return blocks;
}

} // namespace

void entry::echo_attention(Context &ctx, const echo_attention_args &args) {
  AttentionArgs a = echo_rt::attentionArgs(args);
  const Geometry g = a.g;
  const ForwardTensors t{a.q.f32(), a.k.f32(), a.v.f32(),
                         g.hasMask ? a.mask.f32() : nullptr, a.out.f32(),
                         a.lse.f32()};
  int64_t tiles = 0;
  if (int64_t blocks = blocksFor(args.entry, g, g.lq, tiles)) {
    forwardKernel<<<(unsigned)blocks, kRows, 0, ctx.stream>>>(g, t, tiles);
    checkLaunch(args.entry, "the attention forward kernel");
  }
}

void entry::echo_attention_grad(Context &ctx,
                                const echo_attention_grad_args &args) {
  AttentionGradArgs a = echo_rt::attentionGradArgs(args);
  const Geometry g = a.g;
  const GradTensors t{a.q.f32(),   a.k.f32(),
                      a.v.f32(),   g.hasMask ? a.mask.f32() : nullptr,
                      a.out.f32(), a.lse.f32(),
                      a.dout.f32(), a.dq.f32(),
                      a.dk.f32(),  a.dv.f32()};
  int64_t tiles = 0;
  if (int64_t blocks = blocksFor(args.entry, g, g.lk, tiles)) {
    keyGradKernel<<<(unsigned)blocks, kRows, 0, ctx.stream>>>(g, t, tiles);
    checkLaunch(args.entry, "the attention dk/dv kernel");
  }
  if (int64_t blocks = blocksFor(args.entry, g, g.lq, tiles)) {
    rowGradKernel<<<(unsigned)blocks, kRows, 0, ctx.stream>>>(g, t, tiles);
    checkLaunch(args.entry, "the attention dq kernel");
  }
}
