//===- GemmArgs.h - Checked arguments of linear and matmul ---------*- C++
//-*-===//
//
// The arguments of echo_linear, its two gradients and echo_matmul (and of
// their 16-bit forms, whose parameters have the same names), viewed and
// checked once for every backend (each then runs one GEMM shape).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_GEMMARGS_H
#define ECHO_RUNTIME_COMMON_GEMMARGS_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace gemm_args {

/// y [..., N] = x [..., K] * w [N, K]^T (+ b [N]): m rows.
struct LinearArgs {
  TensorView x, w, b, y; // b is empty without a bias
  int64_t m, n, k;
};
LinearArgs linearArgs(const echo_linear_args &args);
LinearArgs linearArgs(const echo_linear_bf16_args &args);
LinearArgs linearArgs(const echo_linear_f16_args &args);

/// dx [..., K] = dy [..., N] * w [N, K]: m rows.
struct LinearGradInputArgs {
  TensorView dy, w, dx;
  int64_t m, n, k;
};
LinearGradInputArgs
linearGradInputArgs(const echo_linear_grad_input_args &args);
LinearGradInputArgs
linearGradInputArgs(const echo_linear_grad_input_bf16_args &args);
LinearGradInputArgs
linearGradInputArgs(const echo_linear_grad_input_f16_args &args);

/// dw [N, K] = dy [..., N]^T * x [..., K] over m rows.
struct LinearGradWeightArgs {
  TensorView dy, x, dw;
  int64_t m, n, k;
};
LinearGradWeightArgs
linearGradWeightArgs(const echo_linear_grad_weight_args &args);
LinearGradWeightArgs
linearGradWeightArgs(const echo_linear_grad_weight_bf16_args &args);
LinearGradWeightArgs
linearGradWeightArgs(const echo_linear_grad_weight_f16_args &args);

/// c [B..., M, N] = op(a) [B..., M, K] * op(b) [B..., K, N], batch products.
struct MatmulArgs {
  TensorView a, b, c;
  int64_t batch, m, n, k;
  int64_t ar, ac, br, bc; // a's and b's stored matrix sizes
};
MatmulArgs matmulArgs(const echo_matmul_args &args);
MatmulArgs matmulArgs(const echo_matmul_bf16_args &args);
MatmulArgs matmulArgs(const echo_matmul_f16_args &args);

} // namespace gemm_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_GEMMARGS_H
