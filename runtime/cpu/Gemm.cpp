//===- Gemm.cpp - linear and matmul through sgemm ---------------------------===//

#include "Blas.h"
#include "Context.h"
#include "TensorView.h"

using namespace echo_rt;

void entry::echo_linear(Context &, ECHO_TENSOR(x), ECHO_TENSOR(w), ECHO_TENSOR(b),
                            ECHO_TENSOR(y), int64_t has_bias) {
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
  sgemm(E, false, true, m, n, k, 1.0f, X.f32(), k, W.f32(), k, 0.0f, Y.f32(),
        n);
  if (has_bias) {
    const float *bias = B.f32();
    float *out = Y.f32();
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        out[i * n + j] += bias[j];
  }
}

void entry::echo_linear_grad_input(Context &, ECHO_TENSOR(dy), ECHO_TENSOR(w),
                                       ECHO_TENSOR(dx)) {
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
  sgemm(E, false, false, DY.rows(), k, n, 1.0f, DY.f32(), n, W.f32(), k, 0.0f,
        DX.f32(), k);
}

void entry::echo_linear_grad_weight(Context &, ECHO_TENSOR(dy), ECHO_TENSOR(x),
                                        ECHO_TENSOR(dw)) {
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
  sgemm(E, true, false, n, k, DY.rows(), 1.0f, DY.f32(), n, X.f32(), k, 0.0f,
        DW.f32(), k);
}

void entry::echo_matmul(Context &, ECHO_TENSOR(a), ECHO_TENSOR(b), ECHO_TENSOR(c),
                            int64_t transpose_a, int64_t transpose_b) {
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
  for (int64_t i = 0; i < batch; ++i)
    sgemm(E, transpose_a != 0, transpose_b != 0, m, n, ka, 1.0f,
          A.f32() + i * ar * ac, ac, B.f32() + i * br * bc, bc, 0.0f,
          C.f32() + i * m * n, n);
}
