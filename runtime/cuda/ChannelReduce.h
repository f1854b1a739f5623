//===- ChannelReduce.h - Deterministic per-channel sums (device code) -*- CUDA -*-===//
//
// Included by the .cu files only. Sums over the [n, inner] elements of each
// channel of an [n, c, inner] tensor (batch norm's statistics), in double,
// in parallel and with the same bits on every run: the partition depends on
// the shape alone (never on the GPU or on scheduling), every thread adds a
// fixed set of elements in a fixed order, a block combines its threads in a
// fixed shared-memory tree, and one thread per channel adds the blocks'
// partial sums in block order. No atomics.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_CHANNELREDUCE_H
#define ECHO_RUNTIME_CUDA_CHANNELREDUCE_H

#include "Launch.h"

#include <algorithm>

namespace echo_cuda {

constexpr int kReduceThreads = 256;
/// The partition: about kTargetBlocks blocks in all (enough threads to keep
/// a large GPU's memory busy, few enough that a block's fixed cost, its
/// reduction tree, is small next to its share of the data), each channel
/// cut into chunks of at least kMinChunk elements. It depends on the shape
/// alone, never on the GPU, so results are the same everywhere.
constexpr int64_t kTargetBlocks = 2048;
constexpr int64_t kMinChunk = 4096;
/// Channels a launch covers in grid.y; more are looped over.
constexpr int64_t kMaxGridY = 65535;

/// How each channel's count = n * inner elements are cut into chunks.
struct ChannelSplit {
  int64_t n = 0, c = 0, inner = 0, count = 0, chunk = 1, chunks = 1;
};

inline ChannelSplit channelSplit(int64_t n, int64_t c, int64_t inner) {
  ChannelSplit s;
  s.n = n, s.c = c, s.inner = inner, s.count = n * inner;
  int64_t wanted = c > 0 ? (kTargetBlocks + c - 1) / c : 1;
  int64_t most = (s.count + kMinChunk - 1) / kMinChunk;
  s.chunks = std::max<int64_t>(1, std::min(wanted, most));
  s.chunk = std::max<int64_t>(1, (s.count + s.chunks - 1) / s.chunks);
  return s;
}

/// partials[(ch * chunks + b) * NV + v] = the sum over chunk b of channel
/// ch of component v of f(ch, offset, acc), which adds NV values into acc
/// for the element at `offset` of the [n, c, inner] tensor.
template <int NV, typename F>
__global__ void channelPartialsKernel(ChannelSplit s, double *partials, F f) {
  __shared__ double tree[NV][kReduceThreads];
  int t = threadIdx.x;
  int64_t b = blockIdx.x;
  for (int64_t ch = blockIdx.y; ch < s.c; ch += gridDim.y) {
    double acc[NV];
    for (int v = 0; v < NV; ++v)
      acc[v] = 0.0;
    int64_t begin = b * s.chunk;
    int64_t end = begin + s.chunk < s.count ? begin + s.chunk : s.count;
    // Element k = i * inner + j of the channel, walked without a division
    // per element: (i, j) advance by kReduceThreads.
    int64_t k = begin + t;
    int64_t i = k / s.inner, j = k - i * s.inner;
    for (; k < end; k += kReduceThreads) {
      f(ch, (i * s.c + ch) * s.inner + j, acc);
      j += kReduceThreads;
      while (j >= s.inner) {
        j -= s.inner;
        ++i;
      }
    }
    for (int v = 0; v < NV; ++v)
      tree[v][t] = acc[v];
    __syncthreads();
    for (int w = kReduceThreads / 2; w > 0; w >>= 1) {
      if (t < w)
        for (int v = 0; v < NV; ++v)
          tree[v][t] += tree[v][t + w];
      __syncthreads();
    }
    if (t == 0)
      for (int v = 0; v < NV; ++v)
        partials[(ch * s.chunks + b) * NV + v] = tree[v][0];
    __syncthreads(); // the tree is reused for the next channel
  }
}

/// Launches channelPartialsKernel; `partials` holds c * chunks * NV
/// doubles.
template <int NV, typename F>
void channelPartials(Context &ctx, const char *entry, const ChannelSplit &s,
                     double *partials, F f) {
  if (s.c <= 0)
    return;
  dim3 grid((unsigned)s.chunks, (unsigned)std::min(s.c, kMaxGridY));
  channelPartialsKernel<NV><<<grid, kReduceThreads, 0, ctx.stream>>>(
      s, partials, f);
  checkLaunch(entry, "a channel reduction");
}

template <typename F>
__global__ void forEachInRowsKernel(int64_t rows, int64_t inner, F f) {
  for (int64_t row = blockIdx.y; row < rows; row += gridDim.y)
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < inner;
         j += (int64_t)gridDim.x * blockDim.x)
      f(row, row * inner + j);
}

/// Runs f(row, offset) for every element of a [rows, inner] tensor (for
/// batch norm, row = image * c + channel): the row is known per thread, so
/// no element pays a division to find its channel.
template <typename F>
void forEachInRows(Context &ctx, const char *entry, int64_t rows, int64_t inner,
                   F f) {
  if (rows <= 0 || inner <= 0)
    return;
  // At most 4096 blocks (1M threads: enough loads in flight to keep the
  // memory busy); each thread loops over its rows and columns.
  int64_t x = std::min<int64_t>((inner + kThreads - 1) / kThreads, 64);
  int64_t y = std::min<int64_t>(rows, std::max<int64_t>(1, 4096 / x));
  dim3 grid((unsigned)x, (unsigned)y);
  forEachInRowsKernel<<<grid, kThreads, 0, ctx.stream>>>(rows, inner, f);
  checkLaunch(entry, "a row kernel");
}

/// Component v of channel ch's total: its chunks' partials in chunk order.
template <int NV>
__device__ double channelTotal(const ChannelSplit &s, const double *partials,
                               int64_t ch, int v) {
  double total = 0.0;
  for (int64_t b = 0; b < s.chunks; ++b)
    total += partials[(ch * s.chunks + b) * NV + v];
  return total;
}

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_CHANNELREDUCE_H
