//===- OptimizerArgs.cpp - Checked arguments of the optimizer entries -----===//

#include "OptimizerArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

SgdArgs echo_rt::sgdArgs(const echo_sgd_update_args &args) {
  const char *E = args.entry;
  SgdArgs a;
  a.param = args.param.view();
  a.grad = args.grad.view();
  a.new_param = args.new_param.view();
  expectSameShape(E, a.grad, "grad", a.param, "param");
  expectSameShape(E, a.new_param, "new_param", a.param, "param");
  if (!args.has_velocity)
    return a;
  a.velocity = args.velocity.view();
  a.new_velocity = args.new_velocity.view();
  expectSameShape(E, a.velocity, "velocity", a.param, "param");
  expectSameShape(E, a.new_velocity, "new_velocity", a.param, "param");
  return a;
}

AdamArgs echo_rt::adamArgs(const echo_adam_update_args &args) {
  const char *E = args.entry;
  AdamArgs a;
  a.param = args.param.view();
  a.grad = args.grad.view();
  a.m = args.m.view();
  a.v = args.v.view();
  a.step = args.step.view();
  a.new_param = args.new_param.view();
  a.new_m = args.new_m.view();
  a.new_v = args.new_v.view();
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
