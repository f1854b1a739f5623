//===- Gemm.cpp - linear and matmul on cuBLAS -----------------------------===//
//
// Row-major products through column-major cuBLAS by the operand swap: the
// column-major view of a row-major C = op(A) op(B) is C^T = op(B)^T op(A)^T,
// so cublasSgemm gets B before A and n before m. FP32 in IEEE arithmetic
// (Device.cpp sets the math mode; no TF32), a fixed workspace per handle so
// results are reproducible on the context's stream. Shapes are checked as
// the CPU backend checks them (runtime/cpu/Gemm.cpp), with its messages.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "Tensor.h"

#include <climits>

using namespace echo_cuda;

namespace {

int blasInt(const char *E, int64_t v) {
  if (v > INT_MAX)
    fail(E, "matrix dimension %lld exceeds the BLAS integer range",
         static_cast<long long>(v));
  return static_cast<int>(v < 1 ? 1 : v);
}

/// C[m, n] (row-major, leading dimension n) = op(A) op(B) + beta C over
/// `batch` matrices `strideA/B/C` elements apart; beta is 0 or 1.
void sgemm(Context &ctx, const char *E, bool transA, bool transB, int64_t m,
           int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
           int64_t ldb, float beta, float *c, int64_t batch = 1,
           int64_t strideA = 0, int64_t strideB = 0, int64_t strideC = 0) {
  if (m == 0 || n == 0 || batch == 0)
    return;
  if (k == 0) {
    // An empty sum; cuBLAS is not asked to define it.
    if (beta == 0.0f)
      check(E,
            cudaMemsetAsync(c, 0, sizeof(float) * (size_t)(m * n * batch),
                            ctx.stream),
            "cudaMemsetAsync");
    return;
  }
  const float alpha = 1.0f;
  cublasHandle_t h = cublas(E, ctx);
  cublasOperation_t opA = transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opB = transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  int im = blasInt(E, m), in = blasInt(E, n), ik = blasInt(E, k);
  int ilda = blasInt(E, lda), ildb = blasInt(E, ldb), ildc = blasInt(E, n);
  if (batch == 1) {
    check(E,
          cublasSgemm(h, opB, opA, in, im, ik, &alpha, b, ildb, a, ilda,
                      &beta, c, ildc),
          "cublasSgemm");
    return;
  }
  check(E,
        cublasSgemmStridedBatched(h, opB, opA, in, im, ik, &alpha, b, ildb,
                                  strideB, a, ilda, strideA, &beta, c, ildc,
                                  strideC, blasInt(E, batch)),
        "cublasSgemmStridedBatched");
}

} // namespace

void entry::echo_linear(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(w),
                        ECHO_TENSOR(b), ECHO_TENSOR(y), int64_t has_bias) {
  const char *E = "echo_linear";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView W = fview(E, "w", w_rank, w_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  expectMinRank(E, X, "x", 1);
  expectRank(E, W, "w", 2);
  int64_t n = W.size(0), k = W.size(1);
  expectDim(E, X, "x", X.rank - 1, k);
  expectRank(E, Y, "y", X.rank);
  for (int d = 0; d + 1 < X.rank; ++d)
    expectDim(E, Y, "y", d, X.size(d));
  expectDim(E, Y, "y", Y.rank - 1, n);
  TensorView B;
  if (has_bias) {
    B = fview(E, "b", b_rank, b_desc);
    expectRank(E, B, "b", 1);
    expectDim(E, B, "b", 0, n);
  }
  int64_t m = X.rows();
  sgemm(ctx, E, false, true, m, n, k, X.f32(), k, W.f32(), k, 0.0f, Y.f32());
  // The bias is added after the product, in f32, as on the CPU.
  if (has_bias)
    addBiasRows(ctx, E, Y.f32(), B.f32(), m, n);
}

void entry::echo_linear_grad_input(Context &ctx, ECHO_TENSOR(dy),
                                   ECHO_TENSOR(w), ECHO_TENSOR(dx)) {
  const char *E = "echo_linear_grad_input";
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView W = fview(E, "w", w_rank, w_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  expectMinRank(E, DY, "dy", 1);
  expectRank(E, W, "w", 2);
  int64_t n = W.size(0), k = W.size(1);
  expectDim(E, DY, "dy", DY.rank - 1, n);
  expectRank(E, DX, "dx", DY.rank);
  for (int d = 0; d + 1 < DY.rank; ++d)
    expectDim(E, DX, "dx", d, DY.size(d));
  expectDim(E, DX, "dx", DX.rank - 1, k);
  sgemm(ctx, E, false, false, DY.rows(), k, n, DY.f32(), n, W.f32(), k, 0.0f,
        DX.f32());
}

void entry::echo_linear_grad_weight(Context &ctx, ECHO_TENSOR(dy),
                                    ECHO_TENSOR(x), ECHO_TENSOR(dw)) {
  const char *E = "echo_linear_grad_weight";
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView DW = fview(E, "dw", dw_rank, dw_desc);
  expectMinRank(E, DY, "dy", 1);
  expectRank(E, X, "x", DY.rank);
  for (int d = 0; d + 1 < DY.rank; ++d)
    expectDim(E, X, "x", d, DY.size(d));
  expectRank(E, DW, "dw", 2);
  int64_t n = DY.last(), k = X.last();
  expectDim(E, DW, "dw", 0, n);
  expectDim(E, DW, "dw", 1, k);
  sgemm(ctx, E, true, false, n, k, DY.rows(), DY.f32(), n, X.f32(), k, 0.0f,
        DW.f32());
}

void entry::echo_matmul(Context &ctx, ECHO_TENSOR(a), ECHO_TENSOR(b),
                        ECHO_TENSOR(c), int64_t transpose_a,
                        int64_t transpose_b) {
  const char *E = "echo_matmul";
  TensorView A = fview(E, "a", a_rank, a_desc);
  TensorView B = fview(E, "b", b_rank, b_desc);
  TensorView C = fview(E, "c", c_rank, c_desc);
  expectMinRank(E, A, "a", 2);
  expectRank(E, B, "b", A.rank);
  expectRank(E, C, "c", A.rank);
  int r = A.rank;
  for (int d = 0; d + 2 < r; ++d) {
    expectDim(E, B, "b (batch dimension)", d, A.size(d));
    expectDim(E, C, "c (batch dimension)", d, A.size(d));
  }
  int64_t ar = A.size(r - 2), ac = A.size(r - 1);
  int64_t br = B.size(r - 2), bc = B.size(r - 1);
  int64_t m = transpose_a ? ac : ar, ka = transpose_a ? ar : ac;
  int64_t kb = transpose_b ? bc : br, n = transpose_b ? br : bc;
  if (ka != kb)
    fail(E,
         "contraction sizes differ: a %s (transpose_a=%lld) gives %lld, "
         "b %s (transpose_b=%lld) gives %lld",
         A.shapeStr().c_str(), static_cast<long long>(transpose_a),
         static_cast<long long>(ka), B.shapeStr().c_str(),
         static_cast<long long>(transpose_b), static_cast<long long>(kb));
  expectDim(E, C, "c", r - 2, m);
  expectDim(E, C, "c", r - 1, n);
  int64_t batch = A.prod(0, r - 2);
  sgemm(ctx, E, transpose_a != 0, transpose_b != 0, m, n, ka, A.f32(), ac,
        B.f32(), bc, 0.0f, C.f32(), batch, ar * ac, br * bc, m * n);
}
