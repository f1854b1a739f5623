//===- Softmax.cpp - Softmax / log-softmax along one axis
//-------------------===//
//
// The tensor is viewed as [outer, A, inner] around the axis; each of the
// outer * inner lines of length A is processed on its own (SoftmaxLine.h).
//
//===----------------------------------------------------------------------===//

#include "AxisLayout.h"
#include "Context.h"
#include "SoftmaxLine.h"

using namespace echo_rt;

namespace {
template <typename Body> void forEachLine(const Lines &l, Body body) {
  for (int64_t o = 0; o < l.outer; ++o)
    for (int64_t i = 0; i < l.inner; ++i)
      body(o * l.len * l.inner + i, l.inner);
}
} // namespace

void entry::echo_softmax(Context &, const echo_softmax_args &args) {
  SoftmaxArgs a = softmaxArgs(args);
  if (a.lines.len == 0)
    return;
  forEachLine(a.lines, [&](int64_t base, int64_t st) {
    softmaxLine(a.x.f32() + base, a.y.f32() + base, a.lines.len, st,
                args.is_log != 0);
  });
}

void entry::echo_softmax_grad(Context &, const echo_softmax_grad_args &args) {
  SoftmaxGradArgs a = softmaxGradArgs(args);
  forEachLine(a.lines, [&](int64_t base, int64_t st) {
    softmaxGradLine(a.y.f32() + base, a.dy.f32() + base, a.dx.f32() + base,
                    a.lines.len, st, args.is_log != 0);
  });
}
