//===- StridedLoop.h - Row-major loops over strided operands -----*- C++ -*-===//
//
// StridedLoop<K> walks an index space in row-major order and hands the body
// K element offsets (one per operand, each with its own strides) for every
// innermost run, together with the run length and the K inner strides.
// Size-1 dimensions are dropped and dimensions that are contiguous for all
// operands are merged first, so broadcasting, reductions, transposes and
// slices all reduce to simple, vectorizable inner loops. The visiting order
// is always the row-major order of the index space, which keeps every
// accumulation through it in a fixed order.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_STRIDEDLOOP_H
#define ECHO_RUNTIME_CPU_STRIDEDLOOP_H

#include "Context.h"
#include "TensorView.h"

namespace echo_rt {

template <int K> class StridedLoop {
public:
  /// `strides[k]` holds the element strides of operand k for each of the
  /// `rank` dimensions of `sizes`.
  StridedLoop(int rank, const int64_t *sizes, const int64_t *const *strides) {
    empty_ = false;
    rank_ = 0;
    for (int d = 0; d < rank; ++d) {
      if (sizes[d] == 0)
        empty_ = true;
      if (sizes[d] == 1)
        continue;
      bool merge = rank_ > 0;
      for (int k = 0; k < K && merge; ++k)
        merge = strides[k][d] * sizes[d] == strides_[k][rank_ - 1];
      if (merge) {
        sizes_[rank_ - 1] *= sizes[d];
        for (int k = 0; k < K; ++k)
          strides_[k][rank_ - 1] = strides[k][d];
        continue;
      }
      sizes_[rank_] = sizes[d];
      for (int k = 0; k < K; ++k)
        strides_[k][rank_] = strides[k][d];
      ++rank_;
    }
  }

  /// Calls body(const int64_t *offsets, int64_t n, const int64_t *inner)
  /// for every innermost run, in row-major order.
  template <typename Body> void run(Body &&body) const {
    if (empty_)
      return;
    int64_t off[K] = {};
    int64_t inner[K] = {};
    if (rank_ == 0) {
      body(static_cast<const int64_t *>(off), int64_t(1),
           static_cast<const int64_t *>(inner));
      return;
    }
    int last = rank_ - 1;
    for (int k = 0; k < K; ++k)
      inner[k] = strides_[k][last];
    int64_t idx[kMaxRank] = {};
    while (true) {
      body(static_cast<const int64_t *>(off), sizes_[last],
           static_cast<const int64_t *>(inner));
      int d = last - 1;
      for (; d >= 0; --d) {
        for (int k = 0; k < K; ++k)
          off[k] += strides_[k][d];
        if (++idx[d] < sizes_[d])
          break;
        for (int k = 0; k < K; ++k)
          off[k] -= strides_[k][d] * sizes_[d];
        idx[d] = 0;
      }
      if (d < 0)
        return;
    }
  }

private:
  bool empty_;
  int rank_;
  int64_t sizes_[kMaxRank];
  int64_t strides_[K][kMaxRank];
};

/// Strides that read `operand` broadcast (numpy rules, trailing dimensions
/// aligned) to `out`'s shape: 0 along stretched or missing dimensions.
/// Fails unless every operand dimension equals the output's or is 1.
void broadcastStrides(const char *entry, const TensorView &operand,
                      const char *name, const TensorView &out,
                      const char *outName, int64_t *strides);

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_STRIDEDLOOP_H
