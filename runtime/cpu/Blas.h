//===- Blas.h - Row-major sgemm wrapper --------------------------*- C++ -*-===//
//
// C[M, N] = alpha * op(A) * op(B) + beta * C through OpenBLAS cblas_sgemm,
// with the degenerate sizes (M, N or K zero) handled here and the 32-bit
// BLAS integer range checked. OpenBLAS partitions only M and N between its
// threads and packs its operands, so every element of C is accumulated in
// the same order whatever the thread count or the buffer addresses.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_BLAS_H
#define ECHO_RUNTIME_CPU_BLAS_H

#include <cstdint>

namespace echo_rt {

void sgemm(const char *entry, bool transA, bool transB, int64_t m, int64_t n,
           int64_t k, float alpha, const float *a, int64_t lda, const float *b,
           int64_t ldb, float beta, float *c, int64_t ldc);

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_BLAS_H
