//===- OptimizerArgs.h - SGD and Adam: checks and per-element math -*- C++
//-*-===//
//
// The arguments of echo_sgd_update and echo_adam_update, checked once for
// every backend, and the update of one element, host and device code
// alike: each element is computed in double from its f32 inputs and rounded
// once per stored result, so every backend stores the same bits given the
// same Adam corrections (the CUDA backend computes those on the device).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_OPTIMIZERARGS_H
#define ECHO_RUNTIME_COMMON_OPTIMIZERARGS_H

#include "EntryArgs.h"
#include "TensorView.h"
#include "echo/codecs.h" // ECHO_HD

#include <cmath>

namespace echo_rt {
inline namespace optimizer_args {

/// velocity and new_velocity are empty without momentum (has_velocity 0).
struct SgdArgs {
  TensorView param, grad, velocity, new_param, new_velocity;
};
SgdArgs sgdArgs(const echo_sgd_update_args &args);

/// step is a one-element f32 tensor in device memory: the CPU backend reads
/// it and passes it to adamCorrections; the CUDA backend computes the same
/// formula on the device and reports a bad step with adamCorrections.
struct AdamArgs {
  TensorView param, grad, m, v, step, new_param, new_m, new_v;
};
AdamArgs adamArgs(const echo_adam_update_args &args);

/// Adam's bias corrections 1 - beta^t (std::pow; the CUDA device's pow is
/// within 2 ulp of it) for the 1-based step t; fails for t < 1.
struct AdamCorrections {
  double bc1, bc2;
};
AdamCorrections adamCorrections(const char *entry, double t, double beta1,
                                double beta2);

/// SGD without momentum: the new parameter.
ECHO_HD inline float sgdStep(float p, float g, double lr, double weightDecay) {
  double gi = static_cast<double>(g) + weightDecay * p;
  return static_cast<float>(p - lr * gi);
}

/// SGD with momentum: the new parameter and velocity.
ECHO_HD inline void sgdMomentumStep(float p, float g, float v, double lr,
                                    double momentum, double weightDecay,
                                    float &newP, float &newV) {
  double pi = p;
  double gi = static_cast<double>(g) + weightDecay * pi;
  double vi = momentum * v + gi;
  newV = static_cast<float>(vi);
  newP = static_cast<float>(pi - lr * vi);
}

/// Adam: the new parameter and moments.
ECHO_HD inline void adamStep(float p, float g, float m, float v, double lr,
                             double beta1, double beta2, double epsilon,
                             AdamCorrections c, float &newP, float &newM,
                             float &newV) {
  double gi = g;
  double mi = beta1 * m + (1.0 - beta1) * gi;
  double vi = beta2 * v + (1.0 - beta2) * gi * gi;
  double pi = p - lr * (mi / c.bc1) / (sqrt(vi / c.bc2) + epsilon);
  newM = static_cast<float>(mi);
  newV = static_cast<float>(vi);
  newP = static_cast<float>(pi);
}

} // namespace optimizer_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_OPTIMIZERARGS_H
