//===- SoftmaxLine.h - Softmax of one strided line --------------*- C++ -*-===//
//
// The softmax entries' arithmetic on one line of `len` elements `st` apart,
// in the order that fixes their bits: the maximum, the sum of exp(x - max)
// in double in index order, then the outputs (the gradients: the sum, then
// the outputs). The CPU backend runs it per line, the CUDA backend per line
// in a thread where lines are not contiguous, so both compute the same
// values the same way.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_SOFTMAXLINE_H
#define ECHO_RUNTIME_COMMON_SOFTMAXLINE_H

#include "echo/codecs.h" // ECHO_HD

#include <cmath>
#include <cstdint>

namespace echo_rt {

/// q = softmax(p), or log_softmax(p) when isLog; len >= 1.
ECHO_HD inline void softmaxLine(const float *p, float *q, int64_t len,
                                int64_t st, bool isLog) {
  float mx = p[0];
  for (int64_t k = 1; k < len; ++k)
    mx = p[k * st] > mx ? p[k * st] : mx;
  double sum = 0.0;
  for (int64_t k = 0; k < len; ++k)
    sum += exp(static_cast<double>(p[k * st]) - mx);
  if (isLog) {
    double lse = log(sum);
    for (int64_t k = 0; k < len; ++k)
      q[k * st] = static_cast<float>(static_cast<double>(p[k * st]) - mx - lse);
  } else {
    double inv = 1.0 / sum;
    for (int64_t k = 0; k < len; ++k)
      q[k * st] =
          static_cast<float>(exp(static_cast<double>(p[k * st]) - mx) * inv);
  }
}

/// q = the gradient from the forward output y and its gradient g.
ECHO_HD inline void softmaxGradLine(const float *y, const float *g, float *q,
                                    int64_t len, int64_t st, bool isLog) {
  double s = 0.0;
  if (isLog) {
    // dx = dy - exp(y) * sum(dy)
    for (int64_t k = 0; k < len; ++k)
      s += g[k * st];
    for (int64_t k = 0; k < len; ++k)
      q[k * st] = static_cast<float>(g[k * st] -
                                     exp(static_cast<double>(y[k * st])) * s);
  } else {
    // dx = y * (dy - sum(dy * y))
    for (int64_t k = 0; k < len; ++k)
      s += static_cast<double>(g[k * st]) * y[k * st];
    for (int64_t k = 0; k < len; ++k)
      q[k * st] = static_cast<float>(y[k * st] * (g[k * st] - s));
  }
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_SOFTMAXLINE_H
