/*===- gelu.h - Constants of GELU and its tanh approximation ---*- C++ -*-===*
 *
 * gelu(x) = 0.5 x (1 + tanh(C (x + A x^3))) (ECHO_GELU) and the exact
 * gelu_erf(x) = 0.5 x (1 + erf(x S)) with S = 1 / sqrt 2 (ECHO_GELU_ERF),
 * whose derivative is Phi(x) + x phi(x) = 0.5 (1 + erf(x S))
 * + x P exp(-0.5 x x) with P = 1 / sqrt(2 pi); computed in f32 by every
 * backend and by the generated kernels (lib/Conversion/RuntimeToLoops), so
 * all of them round the same constants.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_GELU_H
#define ECHO_GELU_H

namespace echo_gelu {
constexpr float kC = 0.7978845608028654f; // sqrt(2 / pi)
constexpr float kA = 0.044715f;
constexpr float kS = 0.7071067811865476f; // 1 / sqrt(2) (M_SQRT1_2)
constexpr float kP = 0.3989422804014327f; // 1 / sqrt(2 pi)
} // namespace echo_gelu

#endif // ECHO_GELU_H
