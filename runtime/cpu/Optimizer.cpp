//===- Optimizer.cpp - SGD and Adam updates ---------------------------------===//
//
// Elementwise, each element computed in double from its f32 inputs and
// rounded once per stored result. Every element reads its inputs before
// writing its outputs, so the updates may run in place.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "TensorView.h"

#include <cmath>

using namespace echo_rt;

void entry::echo_sgd_update(Context &, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                                ECHO_TENSOR(velocity), ECHO_TENSOR(new_param),
                                ECHO_TENSOR(new_velocity), double lr,
                                double momentum, double weight_decay,
                                int64_t has_velocity) {
  const char *E = "echo_sgd_update";
  TensorView P = fview(E, "param", param_rank, param_desc);
  TensorView G = fview(E, "grad", grad_rank, grad_desc);
  TensorView NP = fview(E, "new_param", new_param_rank, new_param_desc);
  expectSameShape(E, G, "grad", P, "param");
  expectSameShape(E, NP, "new_param", P, "param");
  const float *p = P.f32(), *g = G.f32();
  float *np = NP.f32();
  int64_t n = P.numel;
  if (!has_velocity) {
    for (int64_t i = 0; i < n; ++i) {
      double gi = static_cast<double>(g[i]) + weight_decay * p[i];
      np[i] = static_cast<float>(p[i] - lr * gi);
    }
    return;
  }
  TensorView V = fview(E, "velocity", velocity_rank, velocity_desc);
  TensorView NV = fview(E, "new_velocity", new_velocity_rank, new_velocity_desc);
  expectSameShape(E, V, "velocity", P, "param");
  expectSameShape(E, NV, "new_velocity", P, "param");
  const float *v = V.f32();
  float *nv = NV.f32();
  for (int64_t i = 0; i < n; ++i) {
    double pi = p[i];
    double gi = static_cast<double>(g[i]) + weight_decay * pi;
    double vi = momentum * v[i] + gi;
    nv[i] = static_cast<float>(vi);
    np[i] = static_cast<float>(pi - lr * vi);
  }
}

void entry::echo_adam_update(Context &, ECHO_TENSOR(param), ECHO_TENSOR(grad),
                                 ECHO_TENSOR(m), ECHO_TENSOR(v),
                                 ECHO_TENSOR(step), ECHO_TENSOR(new_param),
                                 ECHO_TENSOR(new_m), ECHO_TENSOR(new_v),
                                 double lr, double beta1, double beta2,
                                 double epsilon) {
  const char *E = "echo_adam_update";
  TensorView P = fview(E, "param", param_rank, param_desc);
  TensorView G = fview(E, "grad", grad_rank, grad_desc);
  TensorView M = fview(E, "m", m_rank, m_desc);
  TensorView V = fview(E, "v", v_rank, v_desc);
  TensorView S = fview(E, "step", step_rank, step_desc);
  TensorView NP = fview(E, "new_param", new_param_rank, new_param_desc);
  TensorView NM = fview(E, "new_m", new_m_rank, new_m_desc);
  TensorView NV = fview(E, "new_v", new_v_rank, new_v_desc);
  expectSameShape(E, G, "grad", P, "param");
  expectSameShape(E, M, "m", P, "param");
  expectSameShape(E, V, "v", P, "param");
  expectSameShape(E, NP, "new_param", P, "param");
  expectSameShape(E, NM, "new_m", P, "param");
  expectSameShape(E, NV, "new_v", P, "param");
  expectNumel(E, S, "step", 1);
  double t = S.f32()[0];
  if (!(t >= 1.0))
    fail(E, "step must be >= 1 (1-based), got %g", t);
  double bc1 = 1.0 - std::pow(beta1, t);
  double bc2 = 1.0 - std::pow(beta2, t);
  const float *p = P.f32(), *g = G.f32(), *m = M.f32(), *v = V.f32();
  float *np = NP.f32(), *nm = NM.f32(), *nv = NV.f32();
  for (int64_t i = 0; i < P.numel; ++i) {
    double gi = g[i];
    double mi = beta1 * m[i] + (1.0 - beta1) * gi;
    double vi = beta2 * v[i] + (1.0 - beta2) * gi * gi;
    double pi = p[i] - lr * (mi / bc1) / (std::sqrt(vi / bc2) + epsilon);
    nm[i] = static_cast<float>(mi);
    nv[i] = static_cast<float>(vi);
    np[i] = static_cast<float>(pi);
  }
}
