//===- Softmax.cpp - Softmax / log-softmax along one axis -------------------===//
//
// The tensor is viewed as [outer, A, inner] around the axis; each of the
// outer * inner lines of length A is processed on its own: maximum, then the
// sum of exp(x - max) in double in index order, then the outputs.
//
//===----------------------------------------------------------------------===//

#include "AxisLayout.h"
#include "Context.h"
#include "TensorView.h"

#include <cmath>

using namespace echo_rt;

namespace {
template <typename Body> void forEachLine(const Lines &l, Body body) {
  for (int64_t o = 0; o < l.outer; ++o)
    for (int64_t i = 0; i < l.inner; ++i)
      body(o * l.len * l.inner + i, l.inner);
}
} // namespace

void entry::echo_softmax(Context &, const echo_softmax_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  expectSameShape(args.entry, Y, "y", X, "x");
  Lines l = axisLines(args.entry, X, args.axis);
  if (l.len == 0)
    return;
  forEachLine(l, [&](int64_t base, int64_t st) {
    const float *p = X.f32() + base;
    float *q = Y.f32() + base;
    float mx = p[0];
    for (int64_t k = 1; k < l.len; ++k)
      mx = p[k * st] > mx ? p[k * st] : mx;
    double sum = 0.0;
    for (int64_t k = 0; k < l.len; ++k)
      sum += std::exp(static_cast<double>(p[k * st]) - mx);
    if (args.is_log) {
      double lse = std::log(sum);
      for (int64_t k = 0; k < l.len; ++k)
        q[k * st] =
            static_cast<float>(static_cast<double>(p[k * st]) - mx - lse);
    } else {
      double inv = 1.0 / sum;
      for (int64_t k = 0; k < l.len; ++k)
        q[k * st] = static_cast<float>(
            std::exp(static_cast<double>(p[k * st]) - mx) * inv);
    }
  });
}

void entry::echo_softmax_grad(Context &, const echo_softmax_grad_args &args) {
  TensorView Y = args.y.view();
  TensorView DY = args.dy.view();
  TensorView DX = args.dx.view();
  expectSameShape(args.entry, DY, "dy", Y, "y");
  expectSameShape(args.entry, DX, "dx", Y, "y");
  Lines l = axisLines(args.entry, Y, args.axis);
  forEachLine(l, [&](int64_t base, int64_t st) {
    const float *y = Y.f32() + base;
    const float *g = DY.f32() + base;
    float *q = DX.f32() + base;
    double s = 0.0;
    if (args.is_log) {
      // dx = dy - exp(y) * sum(dy)
      for (int64_t k = 0; k < l.len; ++k)
        s += g[k * st];
      for (int64_t k = 0; k < l.len; ++k)
        q[k * st] = static_cast<float>(
            g[k * st] - std::exp(static_cast<double>(y[k * st])) * s);
    } else {
      // dx = y * (dy - sum(dy * y))
      for (int64_t k = 0; k < l.len; ++k)
        s += static_cast<double>(g[k * st]) * y[k * st];
      for (int64_t k = 0; k < l.len; ++k)
        q[k * st] = static_cast<float>(y[k * st] * (g[k * st] - s));
    }
  });
}
