/*===- loss_scale.h - Dynamic loss scaling: valid parameters ----*- C++ -*-===*
 *
 * The one statement of which dynamic loss scaling parameters are valid,
 * shared by echo-autodiff's options (lib/Transforms/Autodiff.cpp),
 * echo.loss_scale_update's verifier (lib/IR/EchoOps.cpp) and the
 * runtime's argument checks (runtime/common/LossScaleArgs.h). Each caller
 * keeps its own diagnostic; only the rules live here.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_LOSS_SCALE_H
#define ECHO_LOSS_SCALE_H

#include <cmath>
#include <cstdint>

namespace echo_loss_scale {

/// Consecutive good steps before a growth: at least 1.
inline bool validGrowthInterval(int64_t interval) { return interval >= 1; }

/// Factor of a growth: finite and above 1.
inline bool validGrowth(double growth) {
  return std::isfinite(growth) && growth > 1.0;
}

/// Factor after a step with an inf/NaN gradient: in (0, 1).
inline bool validBackoff(double backoff) {
  return backoff > 0.0 && backoff < 1.0;
}

/// The first step's scale: positive and finite, also once rounded to f32
/// (the state is a tensor<2xf32>).
inline bool validInitScale(double init) {
  return std::isfinite(init) && init > 0.0 &&
         std::isfinite(static_cast<float>(init));
}

} // namespace echo_loss_scale

#endif // ECHO_LOSS_SCALE_H
