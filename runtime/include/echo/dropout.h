/*===- dropout.h - The dropout mask's random numbers ------------*- C++ -*-===*
 *
 * Element i of a dropout with seed s is kept when u(s, i) >= p, and scaled
 * by (float)(1 / (1 - p)). u is the i-th output of SplitMix64 from s, its
 * top 24 bits as a double in [0, 1): a counter-based hash, so any order
 * and any thread count give the same mask. Computed by every backend and by
 * the generated kernels (lib/Conversion/RuntimeToLoops), which build the
 * same steps from these constants.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_DROPOUT_H
#define ECHO_DROPOUT_H

#include "echo/codecs.h" /* ECHO_HD */

#include <stdint.h>

namespace echo_dropout_rng {

/* z = s + (i + 1) * kGamma; z = (z ^ (z >> kShift1)) * kMul1;
 * z = (z ^ (z >> kShift2)) * kMul2; z ^= z >> kShift3;
 * u = (z >> kDropBits) * 2^-(64 - kDropBits). Scalars, not arrays: device
 * code can read a constexpr scalar of the host. */
constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;
constexpr uint64_t kMul1 = 0xBF58476D1CE4E5B9ull;
constexpr uint64_t kMul2 = 0x94D049BB133111EBull;
constexpr unsigned kShift1 = 30, kShift2 = 27, kShift3 = 31;
constexpr unsigned kDropBits = 40;
constexpr double kUnit = 1.0 / 16777216.0; /* 2^-(64 - kDropBits) */

ECHO_HD inline double uniform(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * kGamma;
  z = (z ^ (z >> kShift1)) * kMul1;
  z = (z ^ (z >> kShift2)) * kMul2;
  z = z ^ (z >> kShift3);
  return static_cast<double>(z >> kDropBits) * kUnit;
}

/* A probability dropout accepts: [0, 1). */
inline bool validProbability(double p) { return p >= 0.0 && p < 1.0; }

/* The scale of the kept elements. */
inline float keptScale(double p) { return static_cast<float>(1.0 / (1.0 - p)); }

} // namespace echo_dropout_rng

#endif /* ECHO_DROPOUT_H */
