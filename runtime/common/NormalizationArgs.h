//===- NormalizationArgs.h - Checked arguments of the norm entries -*- C++
//-*-===//
//
// The arguments of echo_batch_norm(_grad) and echo_layer_norm(_grad),
// viewed and checked once for every backend, so the backends agree on what
// they accept and on the messages of what they refuse.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_NORMALIZATIONARGS_H
#define ECHO_RUNTIME_COMMON_NORMALIZATIONARGS_H

#include "TensorView.h"
#include "echo/abi_macros.h"

namespace echo_rt {
inline namespace norm_args {

/// x [N, C, ...]: statistics per channel C over N and the inner dimensions.
struct BatchNormArgs {
  TensorView x, gamma, beta, running_mean, running_var, y, new_mean, new_var,
      saved_mean, saved_inv_std;
  int64_t n, c, inner;
};
BatchNormArgs batchNormArgs(const char *entry, ECHO_TENSOR(x),
                            ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
                            ECHO_TENSOR(running_mean), ECHO_TENSOR(running_var),
                            ECHO_TENSOR(y), ECHO_TENSOR(new_mean),
                            ECHO_TENSOR(new_var), ECHO_TENSOR(saved_mean),
                            ECHO_TENSOR(saved_inv_std), double epsilon,
                            double momentum);

struct BatchNormGradArgs {
  TensorView x, gamma, saved_mean, saved_inv_std, dy, dx, dgamma, dbeta;
  int64_t n, c, inner;
};
BatchNormGradArgs batchNormGradArgs(const char *entry, ECHO_TENSOR(x),
                                    ECHO_TENSOR(gamma), ECHO_TENSOR(saved_mean),
                                    ECHO_TENSOR(saved_inv_std), ECHO_TENSOR(dy),
                                    ECHO_TENSOR(dx), ECHO_TENSOR(dgamma),
                                    ECHO_TENSOR(dbeta));

/// x [..., D] with per-row statistics shaped x.shape[:-1].
struct LayerNormArgs {
  TensorView x, gamma, beta, y, mean, inv_std;
  int64_t rows, d;
};
LayerNormArgs layerNormArgs(const char *entry, ECHO_TENSOR(x),
                            ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
                            ECHO_TENSOR(y), ECHO_TENSOR(mean),
                            ECHO_TENSOR(inv_std), double epsilon);

struct LayerNormGradArgs {
  TensorView x, gamma, mean, inv_std, dy, dx, dgamma, dbeta;
  int64_t rows, d;
};
LayerNormGradArgs layerNormGradArgs(const char *entry, ECHO_TENSOR(x),
                                    ECHO_TENSOR(gamma), ECHO_TENSOR(mean),
                                    ECHO_TENSOR(inv_std), ECHO_TENSOR(dy),
                                    ECHO_TENSOR(dx), ECHO_TENSOR(dgamma),
                                    ECHO_TENSOR(dbeta));

} // namespace norm_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_NORMALIZATIONARGS_H
