//===- AxisLayout.cpp - How a tensor splits along reduced dimensions ------===//

#include "AxisLayout.h"

using namespace echo_rt;

Lines echo_rt::axisLines(const char *E, const TensorView &t, int64_t axis) {
  if (axis < 0 || axis >= t.rank)
    fail(E, "axis %lld is out of range for shape %s", (long long)axis,
         t.shapeStr().c_str());
  int a = static_cast<int>(axis);
  return {t.prod(0, a), t.size(a), t.prod(a + 1, t.rank)};
}

SoftmaxArgs echo_rt::softmaxArgs(const echo_softmax_args &args) {
  SoftmaxArgs a;
  a.x = args.x.view();
  a.y = args.y.view();
  expectSameShape(args.entry, a.y, "y", a.x, "x");
  a.lines = axisLines(args.entry, a.x, args.axis);
  return a;
}

SoftmaxGradArgs echo_rt::softmaxGradArgs(const echo_softmax_grad_args &args) {
  SoftmaxGradArgs a;
  a.y = args.y.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  expectSameShape(args.entry, a.dy, "dy", a.y, "y");
  expectSameShape(args.entry, a.dx, "dx", a.y, "y");
  a.lines = axisLines(args.entry, a.y, args.axis);
  return a;
}

ReduceGradArgs echo_rt::reduceGradArgs(const echo_reduce_grad_args &args) {
  ReduceGradArgs a;
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  if (args.kind != ECHO_SUM && args.kind != ECHO_MEAN)
    fail(args.entry,
         "kind %lld is not sum or mean (max reductions use "
         "echo_reduce_max_grad)",
         (long long)args.kind);
  a.mean = args.kind == ECHO_MEAN;
  return a;
}

ReduceMaxGradArgs
echo_rt::reduceMaxGradArgs(const echo_reduce_max_grad_args &args) {
  ReduceMaxGradArgs a{args.x.view(), args.y.view(), args.dy.view(),
                      args.dx.view()};
  expectSameShape(args.entry, a.dx, "dx", a.x, "x");
  expectSameShape(args.entry, a.dy, "dy", a.y, "y");
  return a;
}

ReducedDims echo_rt::reducedDims(const char *E, const TensorView &x,
                                 const char *xn, const TensorView &r,
                                 const char *rn, int64_t mask) {
  if (mask < 0 || (x.rank < 63 && (mask >> x.rank) != 0))
    fail(E, "dims_mask 0x%llx names dimensions outside rank %d of %s %s",
         (unsigned long long)mask, x.rank, xn, x.shapeStr().c_str());
  ReducedDims dims;
  dims.count = 1;
  int64_t kept[kMaxRank];
  int nk = 0;
  for (int d = 0; d < x.rank; ++d) {
    dims.reduced[d] = (mask >> d) & 1;
    if (dims.reduced[d])
      dims.count *= x.size(d);
    else
      kept[nk++] = x.size(d);
  }
  bool ok = false;
  if (r.rank == nk) {
    ok = true;
    for (int d = 0; d < nk; ++d)
      ok = ok && r.size(d) == kept[d];
  } else if (r.rank == x.rank) {
    ok = true;
    for (int d = 0; d < x.rank; ++d)
      ok = ok && r.size(d) == (dims.reduced[d] ? 1 : x.size(d));
  }
  if (!ok)
    fail(E, "%s shape %s does not match %s %s reduced over dims_mask 0x%llx",
         rn, r.shapeStr().c_str(), xn, x.shapeStr().c_str(),
         (unsigned long long)mask);
  return dims;
}
