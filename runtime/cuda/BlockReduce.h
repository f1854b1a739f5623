//===- BlockReduce.h - One block per line, fixed-order reductions -*- CUDA -*-===//
//
// Included by the .cu files only. Softmax and cross-entropy lines (and any
// contiguous line of `len` elements) are handled by one block of
// kLineThreads threads: thread t visits elements t, t + kLineThreads, ...
// in order, and the block combines the threads' values in a fixed
// shared-memory tree. The order depends on `len` alone, so results are the
// same on every run (no atomics), while the line's elements are read
// coalesced and in parallel instead of by one thread.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_BLOCKREDUCE_H
#define ECHO_RUNTIME_CUDA_BLOCKREDUCE_H

#include "Launch.h"

namespace echo_cuda {

constexpr int kLineThreads = 256;

/// The block's combination of every thread's `v` by `op`, in a fixed tree;
/// every thread gets the result. `tree` is kLineThreads of shared memory.
template <typename T, typename Op>
__device__ T blockCombine(T v, T *tree, Op op) {
  int t = threadIdx.x;
  tree[t] = v;
  __syncthreads();
  for (int w = kLineThreads / 2; w > 0; w >>= 1) {
    if (t < w)
      tree[t] = op(tree[t], tree[t + w]);
    __syncthreads();
  }
  T result = tree[0];
  __syncthreads(); // the tree may be reused at once
  return result;
}

__device__ inline double blockSum(double v, double *tree) {
  return blockCombine(v, tree, [](double a, double b) { return a + b; });
}

/// The maximum as the CPU's `x > m ? x : m` keeps it (exact: the order of
/// comparisons cannot change a maximum of numbers).
__device__ inline float blockMax(float v, float *tree) {
  return blockCombine(v, tree, [](float a, float b) { return b > a ? b : a; });
}

/// The shared memory of a per-line block: one tree for double sums, one for
/// float maxima.
struct LineTrees {
  double *sum;
  float *max;
};

/// The maximum of p[0, len), as the CPU's scan from p[0] keeps it; every
/// thread of the block gets it.
__device__ inline float lineMax(const float *p, int64_t len, LineTrees tr) {
  float m = -INFINITY;
  for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
    m = k == threadIdx.x ? p[k] : (p[k] > m ? p[k] : m);
  return blockMax(m, tr.max);
}

template <typename F> __global__ void perLineKernel(int64_t lines, F f) {
  __shared__ double sum[kLineThreads];
  __shared__ float max[kLineThreads];
  for (int64_t line = blockIdx.x; line < lines; line += gridDim.x)
    f(line, LineTrees{sum, max});
}

/// Runs f(line, trees) for every line in [0, lines), one block of
/// kLineThreads threads per line; f is __device__ and runs in every thread
/// of the block (so every thread must reach each blockCombine).
template <typename F>
void perLine(Context &ctx, const char *entry, int64_t lines, F f) {
  if (lines <= 0)
    return;
  int64_t blocks = lines < (int64_t(1) << 20) ? lines : (int64_t(1) << 20);
  perLineKernel<<<(unsigned)blocks, kLineThreads, 0, ctx.stream>>>(lines, f);
  checkLaunch(entry, "a per-line kernel");
}

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_BLOCKREDUCE_H
