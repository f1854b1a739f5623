//===- GradientCheck.h - Finite-difference check of a training step ------===//

#ifndef ECHO_RUN_GRADIENTCHECK_H
#define ECHO_RUN_GRADIENTCHECK_H

#include "Buffer.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace echo_run {

struct GradientCheckOptions {
  int directions = 3;
  double epsilon = 1e-2;
  double tolerance = 2e-2;
  /// Step sizes tried per direction: epsilon, epsilon/2, ... until one
  /// agrees (a step crossing kinks of ReLU or max is biased).
  int stepTries = 14;
  uint64_t seed = 0;
};

/// For an entry returning (loss, d loss / d trainable_0, ...), checks the
/// returned gradients against the loss along unit directions v over all
/// trainable arguments jointly: the normalized gradient itself, then random
/// ones. For a step h it compares the central difference
/// (L(p + h v) - L(p - h v)) / (2 h) with the mean of the analytic
/// directional derivative grad(p + t v).v over t in [-h, h] (trapezoid rule
/// on 9 points), which equals it exactly for a continuous, piecewise smooth
/// loss: ReLU and max-pooling kinks crossed by the step no longer bias the
/// comparison. The relative error is
/// |mean - numeric| / max(|mean|, |numeric|, 0.01 |gradient|), for the best
/// of the steps epsilon, epsilon/2, ..., epsilon/2^(stepTries-1) above f32
/// rounding; a wrong gradient fails at every step. Prints one line per
/// direction; returns whether every relative error is within tolerance.
/// It reads and writes the buffers' host copies: `invoke` must copy the
/// arguments to the device, run the step and copy the results back. The
/// argument buffers are restored exactly afterwards.
bool checkGradients(const EntrySignature &signature, std::vector<Buffer> &args,
                    std::vector<Buffer> &results,
                    const std::function<void()> &invoke,
                    const GradientCheckOptions &options,
                    llvm::raw_ostream &os);

} // namespace echo_run

#endif // ECHO_RUN_GRADIENTCHECK_H
