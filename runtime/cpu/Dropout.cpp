//===- Dropout.cpp - Counter-based dropout ----------------------------------===//
//
// Element i keeps its value iff u(seed, i) >= p, where u is the i-th output
// (0-based) of SplitMix64 seeded with `seed`, reduced to 24 bits:
//   z = (uint64)seed + (i + 1) * 0x9E3779B97F4A7C15        (mod 2^64)
//   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
//   z = (z ^ (z >> 27)) * 0x94D049BB133111EB
//   z =  z ^ (z >> 31)
//   u = (z >> 40) * 2^-24                                  (in [0, 1))
// Kept elements are scaled by s = (float)(1 / (1 - p)), computed in double
// and rounded once to f32, then y = x * s in f32. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "TensorView.h"

using namespace echo_rt;

namespace {

inline double dropoutUniform(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z = z ^ (z >> 31);
  return static_cast<double>(z >> 40) * (1.0 / 16777216.0);
}

void checkProbability(const char *E, double p) {
  if (!(p >= 0.0 && p < 1.0))
    fail(E, "probability must be in [0, 1), got %g", p);
}

} // namespace

void entry::echo_dropout(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(mask),
                             double probability, int64_t seed) {
  const char *E = "echo_dropout";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  expectSameShape(E, Y, "y", X, "x");
  expectSameShape(E, M, "mask", X, "x");
  checkProbability(E, probability);
  float scale = static_cast<float>(1.0 / (1.0 - probability));
  const float *in = X.f32();
  float *out = Y.f32();
  uint8_t *m = M.u8();
  uint64_t s = static_cast<uint64_t>(seed);
  for (int64_t i = 0; i < X.numel; ++i) {
    bool keep = dropoutUniform(s, static_cast<uint64_t>(i)) >= probability;
    m[i] = keep ? 1 : 0;
    out[i] = keep ? in[i] * scale : 0.0f;
  }
}

void entry::echo_dropout_grad(Context &, ECHO_TENSOR(mask), ECHO_TENSOR(dy),
                                  ECHO_TENSOR(dx), double probability) {
  const char *E = "echo_dropout_grad";
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  expectSameShape(E, M, "mask", DY, "dy");
  expectSameShape(E, DX, "dx", DY, "dy");
  checkProbability(E, probability);
  float scale = static_cast<float>(1.0 / (1.0 - probability));
  const uint8_t *m = M.u8();
  const float *g = DY.f32();
  float *out = DX.f32();
  for (int64_t i = 0; i < DY.numel; ++i)
    out[i] = m[i] ? g[i] * scale : 0.0f;
}
