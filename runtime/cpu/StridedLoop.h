//===- StridedLoop.h - Row-major loops over strided operands -----*- C++ -*-===//
//
// StridedLoop<K> walks an index space in row-major order and hands the body
// K element offsets (one per operand, each with its own strides) for every
// innermost run, together with the run length and the K inner strides.
// Size-1 dimensions are dropped and dimensions that are contiguous for all
// operands are merged first, so broadcasting, reductions, transposes and
// slices all reduce to simple, vectorizable inner loops. The visiting order
// is always the row-major order of the index space, which keeps every
// accumulation through it in a fixed order; runParallel() is for maps only.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_STRIDEDLOOP_H
#define ECHO_RUNTIME_CPU_STRIDEDLOOP_H

#include "Broadcast.h"
#include "Context.h"
#include "Parallel.h"
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
    int64_t base[K] = {};
    if (rank_ == 0) {
      body(static_cast<const int64_t *>(base), int64_t(1),
           static_cast<const int64_t *>(base));
      return;
    }
    runFrom(0, base, body);
  }

  /// run() with the outermost dimension cut into pieces that run side by
  /// side (Parallel.h), for bodies that write each element once and read
  /// nothing another run writes: the runs and their elements are the same,
  /// only their order across pieces differs.
  template <typename Body> void runParallel(Body &&body) const {
    if (empty_ || rank_ == 0) {
      run(body);
      return;
    }
    int64_t inner[K];
    for (int k = 0; k < K; ++k)
      inner[k] = strides_[k][rank_ - 1];
    if (rank_ == 1) {
      parallelRanges(sizes_[0], [&](int64_t begin, int64_t end) {
        int64_t off[K];
        for (int k = 0; k < K; ++k)
          off[k] = begin * inner[k];
        body(static_cast<const int64_t *>(off), end - begin,
             static_cast<const int64_t *>(inner));
      });
      return;
    }
    int64_t perOuter = 1;
    for (int d = 1; d < rank_; ++d)
      perOuter *= sizes_[d];
    parallelRanges(
        sizes_[0],
        [&](int64_t begin, int64_t end) {
          for (int64_t i = begin; i < end; ++i) {
            int64_t base[K];
            for (int k = 0; k < K; ++k)
              base[k] = i * strides_[k][0];
            runFrom(1, base, body);
          }
        },
        /*align=*/1,
        std::max<int64_t>(1, kMinElementsPerThread /
                                 std::max<int64_t>(perOuter, 1)));
  }

private:
  /// The runs of dimensions first..rank-1, from offsets `base`.
  template <typename Body>
  void runFrom(int first, const int64_t *base, Body &body) const {
    int last = rank_ - 1;
    int64_t off[K], inner[K];
    for (int k = 0; k < K; ++k) {
      off[k] = base[k];
      inner[k] = strides_[k][last];
    }
    int64_t idx[kMaxRank] = {};
    while (true) {
      body(static_cast<const int64_t *>(off), sizes_[last],
           static_cast<const int64_t *>(inner));
      int d = last - 1;
      for (; d >= first; --d) {
        for (int k = 0; k < K; ++k)
          off[k] += strides_[k][d];
        if (++idx[d] < sizes_[d])
          break;
        for (int k = 0; k < K; ++k)
          off[k] -= strides_[k][d] * sizes_[d];
        idx[d] = 0;
      }
      if (d < first)
        return;
    }
  }

  bool empty_;
  int rank_;
  int64_t sizes_[kMaxRank];
  int64_t strides_[K][kMaxRank];
};

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_STRIDEDLOOP_H
