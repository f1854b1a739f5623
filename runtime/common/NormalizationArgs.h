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

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace norm_args {

/// x [N, C, ...]: statistics per channel C over N and the inner dimensions.
struct BatchNormArgs {
  TensorView x, gamma, beta, running_mean, running_var, y, new_mean, new_var,
      saved_mean, saved_inv_std;
  int64_t n, c, inner;
};
BatchNormArgs batchNormArgs(const echo_batch_norm_args &args);

struct BatchNormGradArgs {
  TensorView x, gamma, saved_mean, saved_inv_std, dy, dx, dgamma, dbeta;
  int64_t n, c, inner;
};
BatchNormGradArgs batchNormGradArgs(const echo_batch_norm_grad_args &args);

/// x [..., D] with per-row statistics shaped x.shape[:-1].
struct LayerNormArgs {
  TensorView x, gamma, beta, y, mean, inv_std;
  int64_t rows, d;
};
LayerNormArgs layerNormArgs(const echo_layer_norm_args &args);

struct LayerNormGradArgs {
  TensorView x, gamma, mean, inv_std, dy, dx, dgamma, dbeta;
  int64_t rows, d;
};
LayerNormGradArgs layerNormGradArgs(const echo_layer_norm_grad_args &args);

} // namespace norm_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_NORMALIZATIONARGS_H
