//===- AxisLayout.h - How a tensor splits along reduced dimensions -*- C++ -*-===//
//
// The softmax entries work on lines along one axis, the reductions on a
// set of dimensions (dims_mask). Both layouts, and the checks of the axis,
// the mask and the reduced tensor's shape, are stated once for every
// backend.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_AXISLAYOUT_H
#define ECHO_RUNTIME_COMMON_AXISLAYOUT_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {

/// The lines of a row-major tensor along one axis: `outer` blocks of `len`
/// elements `inner` apart, `inner` lines per block.
struct Lines {
  int64_t outer, len, inner;
};
/// Fails unless `axis` is a dimension of t.
Lines axisLines(const char *entry, const TensorView &t, int64_t axis);

/// echo_softmax: y shaped like x, the lines along `axis`.
struct SoftmaxArgs {
  TensorView x, y;
  Lines lines;
};
SoftmaxArgs softmaxArgs(const echo_softmax_args &args);

/// echo_softmax_grad: dy and dx shaped like y, the lines along `axis`.
struct SoftmaxGradArgs {
  TensorView y, dy, dx;
  Lines lines;
};
SoftmaxGradArgs softmaxGradArgs(const echo_softmax_grad_args &args);

/// echo_reduce_grad: dy and dx, for a sum or a mean (`mean`); the layout is
/// the backend's (reducedDims).
struct ReduceGradArgs {
  TensorView dy, dx;
  bool mean;
};
ReduceGradArgs reduceGradArgs(const echo_reduce_grad_args &args);

/// echo_reduce_max_grad: dx shaped like x, dy like y; the layout of y in x
/// is the backend's (reducedDims).
struct ReduceMaxGradArgs {
  TensorView x, y, dy, dx;
};
ReduceMaxGradArgs reduceMaxGradArgs(const echo_reduce_max_grad_args &args);

/// The dimensions of x a reduction over `mask` sums.
struct ReducedDims {
  bool reduced[kMaxRank];
  /// The elements of x summed into each output.
  int64_t count;
};
/// Fails unless `mask` names dimensions of x and r is x reduced over them
/// (the kept dimensions, or every dimension with 1s where reduced).
ReducedDims reducedDims(const char *entry, const TensorView &x,
                        const char *xName, const TensorView &r,
                        const char *rName, int64_t mask);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_AXISLAYOUT_H
