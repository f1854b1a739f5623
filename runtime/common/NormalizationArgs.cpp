//===- NormalizationArgs.cpp - Checked arguments of the norm entries ------===//

#include "NormalizationArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

namespace {

void expectVector(const char *E, const TensorView &t, const char *name,
                  int64_t n) {
  expectRank(E, t, name, 1);
  expectDim(E, t, name, 0, n);
}

/// x [N, C, ...] and dims of the per-channel statistics.
void channelDims(const char *E, const TensorView &x, int64_t &n, int64_t &c,
                 int64_t &inner) {
  expectMinRank(E, x, "x", 2);
  n = x.size(0), c = x.size(1), inner = x.prod(2, x.rank);
}

/// x [..., D] with per-row statistics shaped x.shape[:-1].
void checkLayerNorm(const char *E, const TensorView &x, const TensorView &gamma,
                    const TensorView &mean, const TensorView &inv) {
  expectMinRank(E, x, "x", 1);
  expectVector(E, gamma, "gamma", x.last());
  expectRank(E, mean, "mean", x.rank - 1);
  for (int d = 0; d + 1 < x.rank; ++d)
    expectDim(E, mean, "mean", d, x.size(d));
  expectSameShape(E, inv, "inv_std", mean, "mean");
}

} // namespace

BatchNormArgs echo_rt::batchNormArgs(const echo_batch_norm_args &args) {
  const char *E = args.entry;
  BatchNormArgs a;
  a.x = args.x.view();
  a.gamma = args.gamma.view();
  a.beta = args.beta.view();
  a.running_mean = args.running_mean.view();
  a.running_var = args.running_var.view();
  a.y = args.y.view();
  a.new_mean = args.new_mean.view();
  a.new_var = args.new_var.view();
  a.saved_mean = args.saved_mean.view();
  a.saved_inv_std = args.saved_inv_std.view();
  channelDims(E, a.x, a.n, a.c, a.inner);
  expectSameShape(E, a.y, "y", a.x, "x");
  expectVector(E, a.gamma, "gamma", a.c);
  expectVector(E, a.beta, "beta", a.c);
  expectVector(E, a.running_mean, "running_mean", a.c);
  expectVector(E, a.running_var, "running_var", a.c);
  expectVector(E, a.new_mean, "new_mean", a.c);
  expectVector(E, a.new_var, "new_var", a.c);
  expectVector(E, a.saved_mean, "saved_mean", a.c);
  expectVector(E, a.saved_inv_std, "saved_inv_std", a.c);
  if (!(args.epsilon >= 0.0))
    fail(E, "epsilon must be >= 0, got %g", args.epsilon);
  if (!(args.momentum >= 0.0 && args.momentum <= 1.0))
    fail(E, "momentum must be in [0, 1], got %g", args.momentum);
  if (a.c > 0 && a.n * a.inner < 2)
    fail(E,
         "x %s has %lld value(s) per channel; the unbiased variance needs "
         "at least 2",
         a.x.shapeStr().c_str(), (long long)(a.n * a.inner));
  return a;
}

BatchNormGradArgs
echo_rt::batchNormGradArgs(const echo_batch_norm_grad_args &args) {
  const char *E = args.entry;
  BatchNormGradArgs a;
  a.x = args.x.view();
  a.gamma = args.gamma.view();
  a.saved_mean = args.saved_mean.view();
  a.saved_inv_std = args.saved_inv_std.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  a.dgamma = args.dgamma.view();
  a.dbeta = args.dbeta.view();
  channelDims(E, a.x, a.n, a.c, a.inner);
  expectSameShape(E, a.dy, "dy", a.x, "x");
  expectSameShape(E, a.dx, "dx", a.x, "x");
  expectVector(E, a.gamma, "gamma", a.c);
  expectVector(E, a.saved_mean, "saved_mean", a.c);
  expectVector(E, a.saved_inv_std, "saved_inv_std", a.c);
  expectVector(E, a.dgamma, "dgamma", a.c);
  expectVector(E, a.dbeta, "dbeta", a.c);
  return a;
}

LayerNormArgs echo_rt::layerNormArgs(const echo_layer_norm_args &args) {
  const char *E = args.entry;
  LayerNormArgs a;
  a.x = args.x.view();
  a.gamma = args.gamma.view();
  a.beta = args.beta.view();
  a.y = args.y.view();
  a.mean = args.mean.view();
  a.inv_std = args.inv_std.view();
  checkLayerNorm(E, a.x, a.gamma, a.mean, a.inv_std);
  expectVector(E, a.beta, "beta", a.x.last());
  expectSameShape(E, a.y, "y", a.x, "x");
  if (!(args.epsilon >= 0.0))
    fail(E, "epsilon must be >= 0, got %g", args.epsilon);
  a.rows = a.x.rows(), a.d = a.x.last();
  return a;
}

LayerNormGradArgs
echo_rt::layerNormGradArgs(const echo_layer_norm_grad_args &args) {
  const char *E = args.entry;
  LayerNormGradArgs a;
  a.x = args.x.view();
  a.gamma = args.gamma.view();
  a.mean = args.mean.view();
  a.inv_std = args.inv_std.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  a.dgamma = args.dgamma.view();
  a.dbeta = args.dbeta.view();
  checkLayerNorm(E, a.x, a.gamma, a.mean, a.inv_std);
  expectSameShape(E, a.dy, "dy", a.x, "x");
  expectSameShape(E, a.dx, "dx", a.x, "x");
  expectVector(E, a.dgamma, "dgamma", a.x.last());
  expectVector(E, a.dbeta, "dbeta", a.x.last());
  a.rows = a.x.rows(), a.d = a.x.last();
  return a;
}
