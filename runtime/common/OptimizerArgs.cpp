//===- OptimizerArgs.cpp - Checked arguments of the optimizer entries -----===//

#include "OptimizerArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

SgdArgs echo_rt::sgdArgs(const char *E, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                         ECHO_TENSOR(velocity), ECHO_TENSOR(new_param),
                         ECHO_TENSOR(new_velocity), int64_t has_velocity) {
  SgdArgs a;
  a.param = fview(E, "param", param_rank, param_desc);
  a.grad = fview(E, "grad", grad_rank, grad_desc);
  a.new_param = fview(E, "new_param", new_param_rank, new_param_desc);
  expectSameShape(E, a.grad, "grad", a.param, "param");
  expectSameShape(E, a.new_param, "new_param", a.param, "param");
  if (!has_velocity)
    return a;
  a.velocity = fview(E, "velocity", velocity_rank, velocity_desc);
  a.new_velocity =
      fview(E, "new_velocity", new_velocity_rank, new_velocity_desc);
  expectSameShape(E, a.velocity, "velocity", a.param, "param");
  expectSameShape(E, a.new_velocity, "new_velocity", a.param, "param");
  return a;
}

AdamArgs echo_rt::adamArgs(const char *E, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                           ECHO_TENSOR(m), ECHO_TENSOR(v), ECHO_TENSOR(step),
                           ECHO_TENSOR(new_param), ECHO_TENSOR(new_m),
                           ECHO_TENSOR(new_v)) {
  AdamArgs a;
  a.param = fview(E, "param", param_rank, param_desc);
  a.grad = fview(E, "grad", grad_rank, grad_desc);
  a.m = fview(E, "m", m_rank, m_desc);
  a.v = fview(E, "v", v_rank, v_desc);
  a.step = fview(E, "step", step_rank, step_desc);
  a.new_param = fview(E, "new_param", new_param_rank, new_param_desc);
  a.new_m = fview(E, "new_m", new_m_rank, new_m_desc);
  a.new_v = fview(E, "new_v", new_v_rank, new_v_desc);
  expectSameShape(E, a.grad, "grad", a.param, "param");
  expectSameShape(E, a.m, "m", a.param, "param");
  expectSameShape(E, a.v, "v", a.param, "param");
  expectSameShape(E, a.new_param, "new_param", a.param, "param");
  expectSameShape(E, a.new_m, "new_m", a.param, "param");
  expectSameShape(E, a.new_v, "new_v", a.param, "param");
  expectNumel(E, a.step, "step", 1);
  return a;
}

AdamCorrections echo_rt::adamCorrections(const char *E, double t, double beta1,
                                         double beta2) {
  if (!(t >= 1.0))
    fail(E, "step must be >= 1 (1-based), got %g", t);
  return {1.0 - std::pow(beta1, t), 1.0 - std::pow(beta2, t)};
}
