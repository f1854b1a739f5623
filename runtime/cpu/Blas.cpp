//===- Blas.cpp - Row-major sgemm wrapper -----------------------------------===//

#include "Blas.h"
#include "Context.h"
#include "TensorView.h"

#include <algorithm>
#include <climits>
#include <cblas.h>

namespace echo_rt {

void sgemm(const char *entry, bool transA, bool transB, int64_t m, int64_t n,
           int64_t k, float alpha, const float *a, int64_t lda, const float *b,
           int64_t ldb, float beta, float *c, int64_t ldc) {
  if (m == 0 || n == 0)
    return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        c[i * ldc + j] = beta == 0.0f ? 0.0f : beta * c[i * ldc + j];
    return;
  }
  lda = std::max<int64_t>(lda, 1);
  ldb = std::max<int64_t>(ldb, 1);
  ldc = std::max<int64_t>(ldc, 1);
  for (int64_t v : {m, n, k, lda, ldb, ldc})
    if (v > INT_MAX)
      fail(entry, "matrix dimension %lld exceeds the BLAS integer range",
           static_cast<long long>(v));
  cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
              transB ? CblasTrans : CblasNoTrans, static_cast<int>(m),
              static_cast<int>(n), static_cast<int>(k), alpha, a,
              static_cast<int>(lda), b, static_cast<int>(ldb), beta, c,
              static_cast<int>(ldc));
}

} // namespace echo_rt
