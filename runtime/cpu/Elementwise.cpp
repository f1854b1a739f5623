//===- Elementwise.cpp - Unary activations and their gradients --------------===//
//
// Plain f32 loops over contiguous data (libm float functions), so every
// element is computed independently of its neighbours, of its address and
// of the thread that computes it (the loops run on the backend's threads,
// Parallel.h).
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Parallel.h"
#include "TensorView.h"
#include "echo/gelu.h"

#include <cmath>

using namespace echo_rt;

namespace {
constexpr float kGeluC = echo_gelu::kC;
constexpr float kGeluA = echo_gelu::kA;
constexpr float kGeluS = echo_gelu::kS;
constexpr float kGeluP = echo_gelu::kP;

template <typename Fn> void map1(const float *x, float *y, int64_t n, Fn fn) {
  parallelRanges(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = fn(x[i]);
  });
}
template <typename Fn>
void map2(const float *a, const float *b, float *y, int64_t n, Fn fn) {
  parallelRanges(n, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = fn(a[i], b[i]);
  });
}
} // namespace

void entry::echo_unary(Context &, const echo_unary_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  expectSameShape(args.entry, X, "x", Y, "y");
  const float *in = X.f32();
  float *out = Y.f32();
  int64_t n = X.numel;
  switch (args.kind) {
  case ECHO_RELU:
    map1(in, out, n, [](float v) { return v > 0.0f ? v : 0.0f; });
    break;
  case ECHO_TANH:
    map1(in, out, n, [](float v) { return std::tanh(v); });
    break;
  case ECHO_SIGMOID:
    map1(in, out, n, [](float v) { return 1.0f / (1.0f + std::exp(-v)); });
    break;
  case ECHO_GELU:
    map1(in, out, n, [](float v) {
      float t = std::tanh(kGeluC * (v + kGeluA * v * v * v));
      return 0.5f * v * (1.0f + t);
    });
    break;
  case ECHO_EXP:
    map1(in, out, n, [](float v) { return std::exp(v); });
    break;
  case ECHO_LOG:
    map1(in, out, n, [](float v) { return std::log(v); });
    break;
  case ECHO_NEG:
    map1(in, out, n, [](float v) { return -v; });
    break;
  case ECHO_SQRT:
    map1(in, out, n, [](float v) { return std::sqrt(v); });
    break;
  case ECHO_RSQRT:
    map1(in, out, n, [](float v) { return 1.0f / std::sqrt(v); });
    break;
  case ECHO_GELU_ERF:
    map1(in, out, n, [](float v) {
      return 0.5f * v * (1.0f + std::erf(v * kGeluS));
    });
    break;
  default:
    fail(args.entry, "unknown unary kind %lld", (long long)args.kind);
  }
}

void entry::echo_unary_grad(Context &, const echo_unary_grad_args &args) {
  TensorView F = args.fwd.view();
  TensorView DY = args.dy.view();
  TensorView DX = args.dx.view();
  expectSameShape(args.entry, F, "fwd", DY, "dy");
  expectSameShape(args.entry, DX, "dx", DY, "dy");
  const float *f = F.f32();
  const float *g = DY.f32();
  float *out = DX.f32(); // may alias g: every element reads before it writes
  int64_t n = DY.numel;
  switch (args.kind) {
  case ECHO_RELU: // fwd = y
    map2(f, g, out, n, [](float y, float d) { return y > 0.0f ? d : 0.0f; });
    break;
  case ECHO_TANH: // fwd = y
    map2(f, g, out, n, [](float y, float d) { return d * (1.0f - y * y); });
    break;
  case ECHO_SIGMOID: // fwd = y
    map2(f, g, out, n, [](float y, float d) { return d * y * (1.0f - y); });
    break;
  case ECHO_GELU: // fwd = x
    map2(f, g, out, n, [](float x, float d) {
      float x2 = x * x;
      float t = std::tanh(kGeluC * (x + kGeluA * x2 * x));
      float dt = (1.0f - t * t) * kGeluC * (1.0f + 3.0f * kGeluA * x2);
      return d * (0.5f * (1.0f + t) + 0.5f * x * dt);
    });
    break;
  case ECHO_EXP: // fwd = y
    map2(f, g, out, n, [](float y, float d) { return d * y; });
    break;
  case ECHO_LOG: // fwd = x
    map2(f, g, out, n, [](float x, float d) { return d / x; });
    break;
  case ECHO_NEG: // fwd unused
    map2(f, g, out, n, [](float, float d) { return -d; });
    break;
  case ECHO_SQRT: // fwd = y
    map2(f, g, out, n, [](float y, float d) { return d / (2.0f * y); });
    break;
  case ECHO_RSQRT: // fwd = y
    map2(f, g, out, n,
         [](float y, float d) { return -0.5f * d * y * y * y; });
    break;
  case ECHO_GELU_ERF: // fwd = x; d * (Phi(x) + x * phi(x))
    map2(f, g, out, n, [](float x, float d) {
      float cdf = 0.5f * (1.0f + std::erf(x * kGeluS));
      float pdf = kGeluP * std::exp(-0.5f * x * x);
      return d * (cdf + x * pdf);
    });
    break;
  default:
    fail(args.entry, "unknown unary kind %lld", (long long)args.kind);
  }
}
