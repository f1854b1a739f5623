//===- GemmArgs.h - Checked arguments of linear and matmul ---------*- C++
//-*-===//
//
// The arguments of echo_linear, its two gradients and echo_matmul, viewed
// and checked once for every backend (each then runs one GEMM shape).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_GEMMARGS_H
#define ECHO_RUNTIME_COMMON_GEMMARGS_H

#include "TensorView.h"
#include "echo/abi_macros.h"

namespace echo_rt {
inline namespace gemm_args {

/// y [..., N] = x [..., K] * w [N, K]^T (+ b [N]): m rows.
struct LinearArgs {
  TensorView x, w, b, y; // b is empty without a bias
  int64_t m, n, k;
};
LinearArgs linearArgs(const char *entry, ECHO_TENSOR(x), ECHO_TENSOR(w),
                      ECHO_TENSOR(b), ECHO_TENSOR(y), int64_t has_bias);

/// dx [..., K] = dy [..., N] * w [N, K]: m rows.
struct LinearGradInputArgs {
  TensorView dy, w, dx;
  int64_t m, n, k;
};
LinearGradInputArgs linearGradInputArgs(const char *entry, ECHO_TENSOR(dy),
                                        ECHO_TENSOR(w), ECHO_TENSOR(dx));

/// dw [N, K] = dy [..., N]^T * x [..., K] over m rows.
struct LinearGradWeightArgs {
  TensorView dy, x, dw;
  int64_t m, n, k;
};
LinearGradWeightArgs linearGradWeightArgs(const char *entry, ECHO_TENSOR(dy),
                                          ECHO_TENSOR(x), ECHO_TENSOR(dw));

/// c [B..., M, N] = op(a) [B..., M, K] * op(b) [B..., K, N], batch products.
struct MatmulArgs {
  TensorView a, b, c;
  int64_t batch, m, n, k;
  int64_t ar, ac, br, bc; // a's and b's stored matrix sizes
};
MatmulArgs matmulArgs(const char *entry, ECHO_TENSOR(a), ECHO_TENSOR(b),
                      ECHO_TENSOR(c), int64_t transpose_a, int64_t transpose_b);

} // namespace gemm_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_GEMMARGS_H
