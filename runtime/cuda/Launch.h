//===- Launch.h - Kernel launching and index spaces (device code) -*- CUDA -*-===//
//
// Included by the .cu files only. forEach runs a __device__ lambda once per
// index of [0, n) on the context's stream (grid-stride loop, so any n fits
// the grid). Layout<K> maps a flat row-major index of an index space to K
// operand offsets (one stride per operand and dimension), after the same
// simplification as the CPU backend's StridedLoop (size-1 dimensions
// dropped, dimensions contiguous for every operand merged). Every kernel of
// this backend computes each output in one thread, visiting its inputs in
// the CPU backend's order, so results never depend on scheduling.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_LAUNCH_H
#define ECHO_RUNTIME_CUDA_LAUNCH_H

#include "Tensor.h"

namespace echo_cuda {

constexpr int kThreads = 256;

template <typename F> __global__ void forEachKernel(int64_t n, F f) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += step)
    f(i);
}

template <typename F>
void forEach(Context &ctx, const char *entry, int64_t n, F f) {
  if (n <= 0)
    return;
  int64_t blocks = (n + kThreads - 1) / kThreads;
  if (blocks > (int64_t(1) << 20))
    blocks = int64_t(1) << 20;
  forEachKernel<<<(unsigned)blocks, kThreads, 0, ctx.stream>>>(n, f);
  checkLaunch(entry, "a kernel");
}

/// Element i of an index tensor of 32-bit (`bits` 32) or 64-bit integers.
__device__ inline int64_t loadIndex(const void *p, int64_t i, int bits) {
  return bits == 32 ? static_cast<int64_t>(static_cast<const int32_t *>(p)[i])
                    : static_cast<const int64_t *>(p)[i];
}

/// Whether index `i` is in [0, bound): what the entries' kernels test
/// before following an index, so a bad one reads or adds nothing while its
/// check is pending (DeferredChecks.h).
__device__ inline bool inRange(int64_t i, int64_t bound) {
  return i >= 0 && i < bound;
}
/// Checks that the `n` indices of T (`bits` as loadIndex) lie in [0,
/// bound) (beginCheck/endCheck, Layers.cu): the first that does not is reported
/// as report(position, value).
void checkIndices(Context &ctx, const char *entry, const TensorView &T,
                  int64_t n, int bits, int64_t bound, CheckReport report);

template <int K> struct Layout {
  int rank = 0;
  int64_t sizes[kMaxRank] = {};
  int64_t strides[K][kMaxRank] = {};

  Layout() = default;
  Layout(int r, const int64_t *s, const int64_t *const *st) {
    for (int d = 0; d < r; ++d) {
      if (s[d] == 1)
        continue;
      bool merge = rank > 0;
      for (int k = 0; k < K && merge; ++k)
        merge = st[k][d] * s[d] == strides[k][rank - 1];
      if (merge) {
        sizes[rank - 1] *= s[d];
        for (int k = 0; k < K; ++k)
          strides[k][rank - 1] = st[k][d];
        continue;
      }
      sizes[rank] = s[d];
      for (int k = 0; k < K; ++k)
        strides[k][rank] = st[k][d];
      ++rank;
    }
  }
  /// Offsets of flat index i (row-major over sizes) into each operand.
  __device__ void offsets(int64_t i, int64_t *off) const {
    if (rank <= 1) { // contiguous or merged to one dimension: no division
      for (int k = 0; k < K; ++k)
        off[k] = rank ? i * strides[k][0] : 0;
      return;
    }
    for (int k = 0; k < K; ++k)
      off[k] = 0;
    for (int d = rank - 1; d >= 0; --d) {
      int64_t c = i % sizes[d];
      i /= sizes[d];
      for (int k = 0; k < K; ++k)
        off[k] += c * strides[k][d];
    }
  }
  __device__ int64_t offset(int64_t i) const {
    static_assert(K == 1, "one operand");
    int64_t off[1];
    offsets(i, off);
    return off[0];
  }
};

/// A reduction of x: the kept dimensions (in x's order, whose row-major
/// order is the output's) and the reduced ones, both with x's strides.
/// Reduced offsets in row-major order visit x in increasing address order,
/// the CPU backend's accumulation order.
struct Reduction {
  Layout<1> kept, reduced;
  int64_t outputs = 1, count = 1;
};

/// Dimension d of x (sizes, row-major strides xs) is reduced where
/// `reducedDim[d]`.
inline Reduction makeReduction(int rank, const int64_t *sizes,
                               const bool *reducedDim) {
  int64_t xs[kMaxRank], ks[kMaxRank], rs[kMaxRank], kz[kMaxRank],
      rz[kMaxRank];
  rowMajorStrides(rank, sizes, xs);
  int nk = 0, nr = 0;
  Reduction r;
  for (int d = 0; d < rank; ++d) {
    if (reducedDim[d]) {
      rz[nr] = sizes[d];
      rs[nr++] = xs[d];
      r.count *= sizes[d];
    } else {
      kz[nk] = sizes[d];
      ks[nk++] = xs[d];
      r.outputs *= sizes[d];
    }
  }
  const int64_t *k1[1] = {ks}, *r1[1] = {rs};
  r.kept = Layout<1>(nk, kz, k1);
  r.reduced = Layout<1>(nr, rz, r1);
  return r;
}

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_LAUNCH_H
