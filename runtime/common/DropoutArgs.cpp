//===- DropoutArgs.cpp - Checked arguments of the dropout entries ---------===//

#include "DropoutArgs.h"

#include "echo/dropout.h"

using namespace echo_rt;

static float checkedScale(const char *E, double p) {
  if (!echo_dropout_rng::validProbability(p))
    fail(E, "probability must be in [0, 1), got %g", p);
  return echo_dropout_rng::keptScale(p);
}

DropoutArgs echo_rt::dropoutArgs(const char *E, ECHO_TENSOR(x), ECHO_TENSOR(y),
                                 ECHO_TENSOR(mask), double probability) {
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  expectSameShape(E, Y, "y", X, "x");
  expectSameShape(E, M, "mask", X, "x");
  return {X, Y, M, checkedScale(E, probability)};
}

DropoutGradArgs echo_rt::dropoutGradArgs(const char *E, ECHO_TENSOR(mask),
                                         ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                         double probability) {
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  expectSameShape(E, M, "mask", DY, "dy");
  expectSameShape(E, DX, "dx", DY, "dy");
  return {M, DY, DX, checkedScale(E, probability)};
}
