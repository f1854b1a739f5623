//===- Optimizer.cpp - SGD and Adam updates ---------------------------------===//
//
// Elementwise, with the per-element math every backend shares
// (common/OptimizerArgs.h). Every element reads its inputs before writing
// its outputs, so the updates may run in place, and on the backend's
// threads (Parallel.h).
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "OptimizerArgs.h"
#include "Parallel.h"
#include "TensorView.h"

using namespace echo_rt;

void entry::echo_sgd_update(Context &, const echo_sgd_update_args &args) {
  SgdArgs a = sgdArgs(args);
  const float *p = a.param.f32(), *g = a.grad.f32();
  float *np = a.new_param.f32();
  int64_t n = a.param.numel;
  if (!args.has_velocity) {
    parallelRanges(n, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i)
        np[i] = sgdStep(p[i], g[i], args.lr, args.weight_decay);
    });
    return;
  }
  const float *v = a.velocity.f32();
  float *nv = a.new_velocity.f32();
  parallelRanges(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      sgdMomentumStep(p[i], g[i], v[i], args.lr, args.momentum,
                      args.weight_decay, np[i], nv[i]);
  });
}

void entry::echo_adam_update(Context &, const echo_adam_update_args &args) {
  AdamArgs a = adamArgs(args);
  AdamCorrections c =
      adamCorrections(args.entry, a.step.f32()[0], args.beta1, args.beta2);
  const float *p = a.param.f32(), *g = a.grad.f32(), *pm = a.m.f32(),
              *pv = a.v.f32();
  float *np = a.new_param.f32(), *nm = a.new_m.f32(), *nv = a.new_v.f32();
  parallelRanges(a.param.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      adamStep(p[i], g[i], pm[i], pv[i], args.lr, args.beta1, args.beta2,
               args.epsilon, c, np[i], nm[i], nv[i]);
  });
}
