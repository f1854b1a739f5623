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

void entry::echo_dropout(Context &, const echo_dropout_args &args) {
  DropoutArgs a = dropoutArgs(args);
  const float *in = a.x.f32();
  float *out = a.y.f32();
  uint8_t *m = a.mask.u8();
  uint64_t s = static_cast<uint64_t>(args.seed);
  for (int64_t i = 0; i < a.x.numel; ++i) {
    bool keep = echo_dropout_rng::uniform(s, static_cast<uint64_t>(i)) >=
                args.probability;
    m[i] = keep ? 1 : 0;
    out[i] = keep ? in[i] * a.scale : 0.0f;
  }
}

void entry::echo_dropout_grad(Context &, const echo_dropout_grad_args &args) {
  DropoutGradArgs a = dropoutGradArgs(args);
  const uint8_t *m = a.mask.u8();
  const float *g = a.dy.f32();
  float *out = a.dx.f32();
  for (int64_t i = 0; i < a.dy.numel; ++i)
    out[i] = m[i] ? g[i] * a.scale : 0.0f;
}
