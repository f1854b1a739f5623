//===- Blas.h - Row-major sgemm wrapper --------------------------*- C++ -*-===//
//
// C[M, N] = alpha * op(A) * op(B) + beta * C through OpenBLAS cblas_sgemm,
// with the degenerate sizes (M, N or K zero) handled here and the 32-bit
// BLAS integer range checked. C is cut into tiles by its shape alone, each
// computed by a single-threaded OpenBLAS call, and the tiles are spread over
// OpenBLAS's thread count: every element of C is accumulated in the same
// order whatever the thread count or the buffer addresses. Kernels that cut
// their own work into pieces (the fused attention) call dgemmTile from
// their threads inside withSerialBlas.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_BLAS_H
#define ECHO_RUNTIME_CPU_BLAS_H

#include <cstdint>
#include <functional>

namespace echo_rt {

void sgemm(const char *entry, bool transA, bool transB, int64_t m, int64_t n,
           int64_t k, float alpha, const float *a, int64_t lda, const float *b,
           int64_t ldb, float beta, float *c, int64_t ldc);

/// `batch` independent products; product p reads A at a + p * strideA and B
/// at b + p * strideB and writes C at c + p * strideC. Its products run on
/// the threads side by side, each with the bits it would have alone.
void sgemmBatched(const char *entry, bool transA, bool transB, int64_t m,
                  int64_t n, int64_t k, float alpha, const float *a,
                  int64_t lda, int64_t strideA, const float *b, int64_t ldb,
                  int64_t strideB, float beta, float *c, int64_t ldc,
                  int64_t strideC, int64_t batch);

/// Runs body(threads) with OpenBLAS pinned to one thread; `threads` is the
/// backend's thread count (backendThreads() before pinning), for the body's
/// own pieces. Callers take turns, as in sgemm, so each restores what the
/// host set, also when the body throws (outside its threads).
void withSerialBlas(const std::function<void(int threads)> &body);

/// C[M, N] = alpha * op(A) * op(B) + beta * C in double, one OpenBLAS call
/// on the calling thread (for bodies of withSerialBlas); M, N, K and the
/// leading dimensions within the 32-bit BLAS range (the caller checks),
/// zero sizes handled as in sgemm.
void dgemmTile(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               double alpha, const double *a, int64_t lda, const double *b,
               int64_t ldb, double beta, double *c, int64_t ldc);

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_BLAS_H
