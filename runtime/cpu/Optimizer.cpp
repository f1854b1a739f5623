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

void entry::echo_sgd_update(Context &, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                            ECHO_TENSOR(velocity), ECHO_TENSOR(new_param),
                            ECHO_TENSOR(new_velocity), double lr,
                            double momentum, double weight_decay,
                            int64_t has_velocity) {
  const char *E = "echo_sgd_update";
  SgdArgs a = sgdArgs(E, param_rank, param_desc, grad_rank, grad_desc,
                      velocity_rank, velocity_desc, new_param_rank,
                      new_param_desc, new_velocity_rank, new_velocity_desc,
                      has_velocity);
  const float *p = a.param.f32(), *g = a.grad.f32();
  float *np = a.new_param.f32();
  int64_t n = a.param.numel;
  if (!has_velocity) {
    parallelRanges(n, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i)
        np[i] = sgdStep(p[i], g[i], lr, weight_decay);
    });
    return;
  }
  const float *v = a.velocity.f32();
  float *nv = a.new_velocity.f32();
  parallelRanges(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      sgdMomentumStep(p[i], g[i], v[i], lr, momentum, weight_decay, np[i],
                      nv[i]);
  });
}

void entry::echo_adam_update(Context &, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                             ECHO_TENSOR(m), ECHO_TENSOR(v), ECHO_TENSOR(step),
                             ECHO_TENSOR(new_param), ECHO_TENSOR(new_m),
                             ECHO_TENSOR(new_v), double lr, double beta1,
                             double beta2, double epsilon) {
  const char *E = "echo_adam_update";
  AdamArgs a = adamArgs(E, param_rank, param_desc, grad_rank, grad_desc,
                        m_rank, m_desc, v_rank, v_desc, step_rank, step_desc,
                        new_param_rank, new_param_desc, new_m_rank, new_m_desc,
                        new_v_rank, new_v_desc);
  AdamCorrections c = adamCorrections(E, a.step.f32()[0], beta1, beta2);
  const float *p = a.param.f32(), *g = a.grad.f32(), *pm = a.m.f32(),
              *pv = a.v.f32();
  float *np = a.new_param.f32(), *nm = a.new_m.f32(), *nv = a.new_v.f32();
  parallelRanges(a.param.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      adamStep(p[i], g[i], pm[i], pv[i], lr, beta1, beta2, epsilon, c, np[i],
               nm[i], nv[i]);
  });
}
