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

BatchNormArgs echo_rt::batchNormArgs(
    const char *E, ECHO_TENSOR(x), ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
    ECHO_TENSOR(running_mean), ECHO_TENSOR(running_var), ECHO_TENSOR(y),
    ECHO_TENSOR(new_mean), ECHO_TENSOR(new_var), ECHO_TENSOR(saved_mean),
    ECHO_TENSOR(saved_inv_std), double epsilon, double momentum) {
  BatchNormArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.gamma = fview(E, "gamma", gamma_rank, gamma_desc);
  a.beta = fview(E, "beta", beta_rank, beta_desc);
  a.running_mean =
      fview(E, "running_mean", running_mean_rank, running_mean_desc);
  a.running_var = fview(E, "running_var", running_var_rank, running_var_desc);
  a.y = fview(E, "y", y_rank, y_desc);
  a.new_mean = fview(E, "new_mean", new_mean_rank, new_mean_desc);
  a.new_var = fview(E, "new_var", new_var_rank, new_var_desc);
  a.saved_mean = fview(E, "saved_mean", saved_mean_rank, saved_mean_desc);
  a.saved_inv_std =
      fview(E, "saved_inv_std", saved_inv_std_rank, saved_inv_std_desc);
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
  if (!(epsilon >= 0.0))
    fail(E, "epsilon must be >= 0, got %g", epsilon);
  if (!(momentum >= 0.0 && momentum <= 1.0))
    fail(E, "momentum must be in [0, 1], got %g", momentum);
  if (a.c > 0 && a.n * a.inner < 2)
    fail(E,
         "x %s has %lld value(s) per channel; the unbiased variance needs "
         "at least 2",
         a.x.shapeStr().c_str(), (long long)(a.n * a.inner));
  return a;
}

BatchNormGradArgs
echo_rt::batchNormGradArgs(const char *E, ECHO_TENSOR(x), ECHO_TENSOR(gamma),
                           ECHO_TENSOR(saved_mean), ECHO_TENSOR(saved_inv_std),
                           ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                           ECHO_TENSOR(dgamma), ECHO_TENSOR(dbeta)) {
  BatchNormGradArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.gamma = fview(E, "gamma", gamma_rank, gamma_desc);
  a.saved_mean = fview(E, "saved_mean", saved_mean_rank, saved_mean_desc);
  a.saved_inv_std =
      fview(E, "saved_inv_std", saved_inv_std_rank, saved_inv_std_desc);
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.dx = fview(E, "dx", dx_rank, dx_desc);
  a.dgamma = fview(E, "dgamma", dgamma_rank, dgamma_desc);
  a.dbeta = fview(E, "dbeta", dbeta_rank, dbeta_desc);
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

LayerNormArgs echo_rt::layerNormArgs(const char *E, ECHO_TENSOR(x),
                                     ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
                                     ECHO_TENSOR(y), ECHO_TENSOR(mean),
                                     ECHO_TENSOR(inv_std), double epsilon) {
  LayerNormArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.gamma = fview(E, "gamma", gamma_rank, gamma_desc);
  a.beta = fview(E, "beta", beta_rank, beta_desc);
  a.y = fview(E, "y", y_rank, y_desc);
  a.mean = fview(E, "mean", mean_rank, mean_desc);
  a.inv_std = fview(E, "inv_std", inv_std_rank, inv_std_desc);
  checkLayerNorm(E, a.x, a.gamma, a.mean, a.inv_std);
  expectVector(E, a.beta, "beta", a.x.last());
  expectSameShape(E, a.y, "y", a.x, "x");
  if (!(epsilon >= 0.0))
    fail(E, "epsilon must be >= 0, got %g", epsilon);
  a.rows = a.x.rows(), a.d = a.x.last();
  return a;
}

LayerNormGradArgs
echo_rt::layerNormGradArgs(const char *E, ECHO_TENSOR(x), ECHO_TENSOR(gamma),
                           ECHO_TENSOR(mean), ECHO_TENSOR(inv_std),
                           ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                           ECHO_TENSOR(dgamma), ECHO_TENSOR(dbeta)) {
  LayerNormGradArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.gamma = fview(E, "gamma", gamma_rank, gamma_desc);
  a.mean = fview(E, "mean", mean_rank, mean_desc);
  a.inv_std = fview(E, "inv_std", inv_std_rank, inv_std_desc);
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.dx = fview(E, "dx", dx_rank, dx_desc);
  a.dgamma = fview(E, "dgamma", dgamma_rank, dgamma_desc);
  a.dbeta = fview(E, "dbeta", dbeta_rank, dbeta_desc);
  checkLayerNorm(E, a.x, a.gamma, a.mean, a.inv_std);
  expectSameShape(E, a.dy, "dy", a.x, "x");
  expectSameShape(E, a.dx, "dx", a.x, "x");
  expectVector(E, a.dgamma, "dgamma", a.x.last());
  expectVector(E, a.dbeta, "dbeta", a.x.last());
  a.rows = a.x.rows(), a.d = a.x.last();
  return a;
}
