//===- DropoutArgs.cpp - Checked arguments of the dropout entries ---------===//

#include "DropoutArgs.h"

#include "echo/dropout.h"

using namespace echo_rt;

static float checkedScale(const char *E, double p) {
  if (!echo_dropout_rng::validProbability(p))
    fail(E, "probability must be in [0, 1), got %g", p);
  return echo_dropout_rng::keptScale(p);
}

DropoutArgs echo_rt::dropoutArgs(const echo_dropout_args &args) {
  const char *E = args.entry;
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  TensorView M = args.mask.view();
  expectSameShape(E, Y, "y", X, "x");
  expectSameShape(E, M, "mask", X, "x");
  return {X, Y, M, checkedScale(E, args.probability)};
}

DropoutGradArgs echo_rt::dropoutGradArgs(const echo_dropout_grad_args &args) {
  const char *E = args.entry;
  TensorView M = args.mask.view();
  TensorView DY = args.dy.view();
  TensorView DX = args.dx.view();
  expectSameShape(E, M, "mask", DY, "dy");
  expectSameShape(E, DX, "dx", DY, "dy");
  return {M, DY, DX, checkedScale(E, args.probability)};
}
