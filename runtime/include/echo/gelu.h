/*===- gelu.h - Constants of the tanh approximation of GELU -----*- C++ -*-===*
 *
 * gelu(x) = 0.5 x (1 + tanh(C (x + A x^3))), computed in f32 by every
 * backend and by the generated kernels (lib/Conversion/RuntimeToLoops), so
 * all of them round the same constants.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_GELU_H
#define ECHO_GELU_H

namespace echo_gelu {
constexpr float kC = 0.7978845608028654f; // sqrt(2 / pi)
constexpr float kA = 0.044715f;
} // namespace echo_gelu

#endif // ECHO_GELU_H
