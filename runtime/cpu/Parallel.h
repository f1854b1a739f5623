//===- Parallel.h - The CPU backend's threads ---------------------*- C++ -*-===//
//
// The backend runs work side by side on OpenBLAS's thread count (set by
// OPENBLAS_NUM_THREADS or openblas_set_num_threads, else OMP_NUM_THREADS,
// else the cores), on OpenMP threads. Only work whose pieces write disjoint
// outputs, each computed the way it would be alone, is split: elementwise
// loops and the tiles of a matrix product. The bits then do not depend on
// the thread count. Reductions stay sequential (docs/runtime.md,
// "Determinism"). A body must not throw: check arguments before.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_PARALLEL_H
#define ECHO_RUNTIME_CPU_PARALLEL_H

#include <algorithm>
#include <cstdint>

namespace echo_rt {

/// How many threads the backend may use now (at least 1).
int backendThreads();

/// Elementwise loops shorter than this per thread run on one thread: the
/// threads' start-up costs more than the loop.
constexpr int64_t kMinElementsPerThread = int64_t(1) << 15;

/// Calls body(piece, begin, end) on `pieces` consecutive pieces of [0, n)
/// whose bounds are multiples of `align`, one thread per piece (none when
/// there is one piece); `piece` (in [0, pieces)) names, say, the scratch
/// memory a piece may use.
template <typename Body>
void parallelPieces(int64_t n, int64_t pieces, Body &&body,
                    int64_t align = 1) {
  if (pieces <= 1) {
    if (n > 0)
      body(int64_t(0), int64_t(0), n);
    return;
  }
  auto bound = [&](int64_t p) {
    return p == pieces ? n : (n * p / pieces) / align * align;
  };
#pragma omp parallel for num_threads(static_cast<int>(pieces)) schedule(static)
  for (int64_t p = 0; p < pieces; ++p)
    body(p, bound(p), bound(p + 1));
}

/// Calls body(begin, end) on consecutive pieces of [0, n) whose bounds are
/// multiples of `align`, on up to `threads` threads, each piece of at least
/// `minPiece` elements.
template <typename Body>
void parallelRanges(int64_t n, Body &&body, int64_t align = 1,
                    int64_t minPiece = kMinElementsPerThread,
                    int threads = backendThreads()) {
  parallelPieces(
      n, std::min<int64_t>(threads, n / std::max<int64_t>(minPiece, 1)),
      [&](int64_t, int64_t begin, int64_t end) { body(begin, end); }, align);
}

/// Calls body(i) for every i in [0, n), items of `elementsPerItem`
/// elements each (a channel, a row), side by side when each thread gets at
/// least kMinElementsPerThread elements.
template <typename Body>
void parallelItems(int64_t n, int64_t elementsPerItem, Body &&body) {
  int64_t per = std::max<int64_t>(elementsPerItem, 1);
  parallelRanges(
      n,
      [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i)
          body(i);
      },
      /*align=*/1, /*minPiece=*/(kMinElementsPerThread + per - 1) / per);
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_PARALLEL_H
