//===- Dropout.cpp - Counter-based dropout ----------------------------------===//
//
// Element i keeps its value iff u(seed, i) >= p, u being echo/dropout.h's
// SplitMix64 hash; kept elements are scaled by (float)(1 / (1 - p)), then
// y = x * scale in f32. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "DropoutArgs.h"

#include "echo/dropout.h"

using namespace echo_rt;

void entry::echo_dropout(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                         ECHO_TENSOR(mask), double probability, int64_t seed) {
  DropoutArgs a = dropoutArgs("echo_dropout", x_rank, x_desc, y_rank, y_desc,
                              mask_rank, mask_desc, probability);
  const float *in = a.x.f32();
  float *out = a.y.f32();
  uint8_t *m = a.mask.u8();
  uint64_t s = static_cast<uint64_t>(seed);
  for (int64_t i = 0; i < a.x.numel; ++i) {
    bool keep = echo_dropout_rng::uniform(s, static_cast<uint64_t>(i)) >=
                probability;
    m[i] = keep ? 1 : 0;
    out[i] = keep ? in[i] * a.scale : 0.0f;
  }
}

void entry::echo_dropout_grad(Context &, ECHO_TENSOR(mask), ECHO_TENSOR(dy),
                              ECHO_TENSOR(dx), double probability) {
  DropoutGradArgs a =
      dropoutGradArgs("echo_dropout_grad", mask_rank, mask_desc, dy_rank,
                      dy_desc, dx_rank, dx_desc, probability);
  const uint8_t *m = a.mask.u8();
  const float *g = a.dy.f32();
  float *out = a.dx.f32();
  for (int64_t i = 0; i < a.dy.numel; ++i)
    out[i] = m[i] ? g[i] * a.scale : 0.0f;
}
