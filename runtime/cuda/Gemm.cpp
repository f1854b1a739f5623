//===- Gemm.cpp - linear and matmul on cuBLAS -----------------------------===//
//
// Row-major products through column-major cuBLAS by the operand swap: the
// column-major view of a row-major C = op(A) op(B) is C^T = op(B)^T op(A)^T,
// so cublasSgemm gets B before A and n before m. FP32 in IEEE arithmetic
// (Device.cpp sets the math mode; no TF32), a fixed workspace per handle so
// results are reproducible on the context's stream. Shapes are checked as
// the CPU backend checks them (runtime/cpu/Gemm.cpp), with its messages.
// The 16-bit entries run cublasGemmEx with f32 accumulation (tensor cores);
// a bias is broadcast into the result first and added by beta = 1, so each
// element is rounded once, after the bias, as on the CPU.
//
//===----------------------------------------------------------------------===//

#include "GemmArgs.h"
#include "Kernels.h"
#include "Tensor.h"

#include <climits>

using namespace echo_cuda;
using namespace echo_rt::gemm_args;

namespace {

int blasInt(const char *E, int64_t v) {
  if (v > INT_MAX)
    fail(E, "matrix dimension %lld exceeds the BLAS integer range",
         static_cast<long long>(v));
  return static_cast<int>(v < 1 ? 1 : v);
}

/// C[m, n] (row-major, leading dimension n) = op(A) op(B) + beta C over
/// `batch` matrices `strideA/B/C` elements apart; beta is 0 or 1. Elements
/// of `type`: f32 through cublasSgemm, f16 / bf16 through cublasGemmEx with
/// an f32 compute type.
void gemm(Context &ctx, const char *E, cudaDataType type, bool transA,
          bool transB, int64_t m, int64_t n, int64_t k, const void *a,
          int64_t lda, const void *b, int64_t ldb, float beta, void *c,
          int64_t batch = 1, int64_t strideA = 0, int64_t strideB = 0,
          int64_t strideC = 0) {
  if (m == 0 || n == 0 || batch == 0)
    return;
  if (k == 0) {
    // An empty sum; cuBLAS is not asked to define it.
    size_t elementBytes = type == CUDA_R_32F ? sizeof(float) : sizeof(uint16_t);
    if (beta == 0.0f)
      check(E,
            cudaMemsetAsync(c, 0, elementBytes * (size_t)(m * n * batch),
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
  if (type == CUDA_R_32F) {
    auto *fa = static_cast<const float *>(a);
    auto *fb = static_cast<const float *>(b);
    auto *fc = static_cast<float *>(c);
    if (batch == 1)
      check(E,
            cublasSgemm(h, opB, opA, in, im, ik, &alpha, fb, ildb, fa, ilda,
                        &beta, fc, ildc),
            "cublasSgemm");
    else
      check(E,
            cublasSgemmStridedBatched(h, opB, opA, in, im, ik, &alpha, fb, ildb,
                                      strideB, fa, ilda, strideA, &beta, fc,
                                      ildc, strideC, blasInt(E, batch)),
            "cublasSgemmStridedBatched");
    return;
  }
  if (batch == 1)
    check(E,
          cublasGemmEx(h, opB, opA, in, im, ik, &alpha, b, type, ildb, a, type,
                       ilda, &beta, c, type, ildc, CUBLAS_COMPUTE_32F,
                       CUBLAS_GEMM_DEFAULT),
          "cublasGemmEx");
  else
    check(E,
          cublasGemmStridedBatchedEx(
              h, opB, opA, in, im, ik, &alpha, b, type, ildb, strideB, a, type,
              ilda, strideA, &beta, c, type, ildc, strideC, blasInt(E, batch),
              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
          "cublasGemmStridedBatchedEx");
}

template <class Args>
void linear16(Context &ctx, cudaDataType type, const Args &args) {
  LinearArgs a = linearArgs(args);
  if (args.has_bias)
    broadcastRows16(ctx, args.entry, static_cast<uint16_t *>(a.y.data),
                    static_cast<const uint16_t *>(a.b.data), a.m, a.n);
  gemm(ctx, args.entry, type, false, true, a.m, a.n, a.k, a.x.data, a.k,
       a.w.data, a.k, args.has_bias ? 1.0f : 0.0f, a.y.data);
}

template <class Args>
void linearGradInput16(Context &ctx, cudaDataType type, const Args &args) {
  LinearGradInputArgs a = linearGradInputArgs(args);
  gemm(ctx, args.entry, type, false, false, a.m, a.k, a.n, a.dy.data, a.n,
       a.w.data, a.k, 0.0f, a.dx.data);
}

template <class Args>
void linearGradWeight16(Context &ctx, cudaDataType type, const Args &args) {
  LinearGradWeightArgs a = linearGradWeightArgs(args);
  gemm(ctx, args.entry, type, true, false, a.n, a.k, a.m, a.dy.data, a.n,
       a.x.data, a.k, 0.0f, a.dw.data);
}

template <class Args>
void matmul16(Context &ctx, cudaDataType type, const Args &args) {
  MatmulArgs g = matmulArgs(args);
  gemm(ctx, args.entry, type, args.transpose_a != 0, args.transpose_b != 0, g.m,
       g.n, g.k, g.a.data, g.ac, g.b.data, g.bc, 0.0f, g.c.data, g.batch,
       g.ar * g.ac, g.br * g.bc, g.m * g.n);
}

} // namespace

void entry::echo_linear(Context &ctx, const echo_linear_args &args) {
  LinearArgs a = linearArgs(args);
  gemm(ctx, args.entry, CUDA_R_32F, false, true, a.m, a.n, a.k, a.x.f32(), a.k,
       a.w.f32(), a.k, 0.0f, a.y.f32());
  // The bias is added after the product, in f32, as on the CPU.
  if (args.has_bias)
    addBiasRows(ctx, args.entry, a.y.f32(), a.b.f32(), a.m, a.n);
}

void entry::echo_linear_grad_input(Context &ctx,
                                   const echo_linear_grad_input_args &args) {
  LinearGradInputArgs a = linearGradInputArgs(args);
  gemm(ctx, args.entry, CUDA_R_32F, false, false, a.m, a.k, a.n, a.dy.f32(),
       a.n, a.w.f32(), a.k, 0.0f, a.dx.f32());
}

void entry::echo_linear_grad_weight(Context &ctx,
                                    const echo_linear_grad_weight_args &args) {
  LinearGradWeightArgs a = linearGradWeightArgs(args);
  gemm(ctx, args.entry, CUDA_R_32F, true, false, a.n, a.k, a.m, a.dy.f32(), a.n,
       a.x.f32(), a.k, 0.0f, a.dw.f32());
}

void entry::echo_matmul(Context &ctx, const echo_matmul_args &args) {
  MatmulArgs g = matmulArgs(args);
  gemm(ctx, args.entry, CUDA_R_32F, args.transpose_a != 0,
       args.transpose_b != 0, g.m, g.n, g.k, g.a.f32(), g.ac, g.b.f32(), g.bc,
       0.0f, g.c.f32(), g.batch, g.ar * g.ac, g.br * g.bc, g.m * g.n);
}

void entry::echo_linear_bf16(Context &ctx, const echo_linear_bf16_args &args) {
  linear16(ctx, CUDA_R_16BF, args);
}
void entry::echo_linear_f16(Context &ctx, const echo_linear_f16_args &args) {
  linear16(ctx, CUDA_R_16F, args);
}
void entry::echo_linear_grad_input_bf16(
    Context &ctx, const echo_linear_grad_input_bf16_args &args) {
  linearGradInput16(ctx, CUDA_R_16BF, args);
}
void entry::echo_linear_grad_input_f16(
    Context &ctx, const echo_linear_grad_input_f16_args &args) {
  linearGradInput16(ctx, CUDA_R_16F, args);
}
void entry::echo_linear_grad_weight_bf16(
    Context &ctx, const echo_linear_grad_weight_bf16_args &args) {
  linearGradWeight16(ctx, CUDA_R_16BF, args);
}
void entry::echo_linear_grad_weight_f16(
    Context &ctx, const echo_linear_grad_weight_f16_args &args) {
  linearGradWeight16(ctx, CUDA_R_16F, args);
}
void entry::echo_matmul_bf16(Context &ctx, const echo_matmul_bf16_args &args) {
  matmul16(ctx, CUDA_R_16BF, args);
}
void entry::echo_matmul_f16(Context &ctx, const echo_matmul_f16_args &args) {
  matmul16(ctx, CUDA_R_16F, args);
}
