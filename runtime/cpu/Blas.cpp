//===- Blas.cpp - Row-major sgemm wrapper -----------------------------------===//

#include "Blas.h"
#include "Context.h"
#include "Parallel.h"
#include "TensorView.h"

#include <algorithm>
#include <climits>
#include <cblas.h>
#include <mutex>

namespace echo_rt {

namespace {

/// Below this many multiply-adds a product is one tile: splitting it would
/// cost more (each tile packs the other operand again) than it saves.
constexpr double kMinTiledMacs = double(1 << 21);
/// At most this many tiles, each at least kMinTileRows rows or columns of C:
/// enough to keep 2-8 threads busy.
constexpr int64_t kMaxTiles = 8;
constexpr int64_t kMinTileRows = 64;

/// How C is cut: along its rows (M) or its columns (N), in `tiles` pieces
/// of `step` (the last may be shorter). A function of the shape only.
struct Tiling {
  bool alongRows = true;
  int64_t step = 0, tiles = 1;
};

/// Multiply-adds of an m x n x k product (as a double: no overflow).
double macsOf(int64_t m, int64_t n, int64_t k) {
  return double(m) * double(n) * double(k);
}

Tiling tilingFor(int64_t m, int64_t n, int64_t k) {
  Tiling t;
  t.alongRows = m >= n;
  int64_t extent = t.alongRows ? m : n;
  t.step = extent;
  if (macsOf(m, n, k) < kMinTiledMacs || extent < 2 * kMinTileRows)
    return t;
  int64_t wanted = std::min(kMaxTiles, extent / kMinTileRows);
  // Multiples of 16, the widest register block of OpenBLAS's x86 kernels.
  t.step = (extent + wanted - 1) / wanted;
  t.step = (t.step + 15) / 16 * 16;
  t.tiles = (extent + t.step - 1) / t.step;
  return t;
}

/// Held while OpenBLAS is pinned to one thread (the thread count is
/// process-wide).
std::mutex pinned;

void callSgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               float alpha, const float *a, int64_t lda, const float *b,
               int64_t ldb, float beta, float *c, int64_t ldc) {
  cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
              transB ? CblasTrans : CblasNoTrans, static_cast<int>(m),
              static_cast<int>(n), static_cast<int>(k), alpha, a,
              static_cast<int>(lda), b, static_cast<int>(ldb), beta, c,
              static_cast<int>(ldc));
}

} // namespace

void sgemmBatched(const char *entry, bool transA, bool transB, int64_t m,
                  int64_t n, int64_t k, float alpha, const float *a,
                  int64_t lda, int64_t strideA, const float *b, int64_t ldb,
                  int64_t strideB, float beta, float *c, int64_t ldc,
                  int64_t strideC, int64_t batch) {
  if (m == 0 || n == 0 || batch <= 0)
    return;
  if (k == 0) {
    for (int64_t p = 0; p < batch; ++p)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          float &v = c[p * strideC + i * ldc + j];
          v = beta == 0.0f ? 0.0f : beta * v;
        }
    return;
  }
  lda = std::max<int64_t>(lda, 1);
  ldb = std::max<int64_t>(ldb, 1);
  ldc = std::max<int64_t>(ldc, 1);
  for (int64_t v : {m, n, k, lda, ldb, ldc})
    if (v > INT_MAX)
      fail(entry, "matrix dimension %lld exceeds the BLAS integer range",
           static_cast<long long>(v));

  // OpenBLAS's own threads cut C by the thread count, and its kernels
  // round a row at a cut differently than inside a register block: the bits
  // would depend on the thread count. So OpenBLAS runs single-threaded on
  // tiles cut by the shape alone, and its thread count only says how many
  // tiles (of every product of the batch) run at once.
  Tiling t = tilingFor(m, n, k);
  int64_t items = batch * t.tiles;
  // Where row i of op(A) and column j of op(B) start.
  int64_t rowStepA = transA ? 1 : lda, colStepB = transB ? ldb : 1;
  auto run = [&](int64_t item) {
    int64_t p = item / t.tiles, begin = (item % t.tiles) * t.step;
    const float *ap = a + p * strideA, *bp = b + p * strideB;
    float *cp = c + p * strideC;
    int64_t size = std::min(t.step, (t.alongRows ? m : n) - begin);
    if (t.alongRows)
      callSgemm(transA, transB, size, n, k, alpha, ap + begin * rowStepA, lda,
                bp, ldb, beta, cp + begin * ldc, ldc);
    else
      callSgemm(transA, transB, m, size, k, alpha, ap, lda,
                bp + begin * colStepB, ldb, beta, cp + begin, ldc);
  };
  // The thread count is process-wide: contexts that multiply at the same
  // time take turns, so each restores what the host set.
  std::lock_guard<std::mutex> lock(pinned);
  int threads = backendThreads();
  if (threads > 1)
    openblas_set_num_threads(1);
  // Small products are not worth a thread each.
  bool small = double(batch) * macsOf(m, n, k) < kMinTiledMacs;
  parallelRanges(
      items,
      [&](int64_t begin, int64_t end) {
        for (int64_t item = begin; item < end; ++item)
          run(item);
      },
      /*align=*/1, /*minPiece=*/1, small ? 1 : threads);
  if (threads > 1)
    openblas_set_num_threads(threads);
}

void sgemm(const char *entry, bool transA, bool transB, int64_t m, int64_t n,
           int64_t k, float alpha, const float *a, int64_t lda, const float *b,
           int64_t ldb, float beta, float *c, int64_t ldc) {
  sgemmBatched(entry, transA, transB, m, n, k, alpha, a, lda, 0, b, ldb, 0,
               beta, c, ldc, 0, 1);
}

void withSerialBlas(const std::function<void(int)> &body) {
  std::lock_guard<std::mutex> lock(pinned);
  // Restores the thread count however the body ends.
  struct Pin {
    int threads = backendThreads();
    Pin() {
      if (threads > 1)
        openblas_set_num_threads(1);
    }
    ~Pin() {
      if (threads > 1)
        openblas_set_num_threads(threads);
    }
  } pin;
  body(pin.threads);
}

void dgemmTile(bool transA, bool transB, int64_t m, int64_t n, int64_t k,
               double alpha, const double *a, int64_t lda, const double *b,
               int64_t ldb, double beta, double *c, int64_t ldc) {
  if (m == 0 || n == 0)
    return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double &v = c[i * ldc + j];
        v = beta == 0.0 ? 0.0 : beta * v;
      }
    return;
  }
  cblas_dgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
              transB ? CblasTrans : CblasNoTrans, static_cast<int>(m),
              static_cast<int>(n), static_cast<int>(k), alpha, a,
              static_cast<int>(std::max<int64_t>(lda, 1)), b,
              static_cast<int>(std::max<int64_t>(ldb, 1)), beta, c,
              static_cast<int>(std::max<int64_t>(ldc, 1)));
}

int backendThreads() { return std::max(1, openblas_get_num_threads()); }

} // namespace echo_rt
