//===- Reduce.cpp - Sum / mean / max reductions and their gradients ---------===//
//
// dims_mask selects reduced dimensions of the full-rank tensor (bit d for
// dimension d). The reduced tensor holds the kept dimensions in order; it
// may also carry the reduced dimensions as size 1 (keepdims), which has the
// same memory layout. Sums accumulate in double, visiting the input in
// row-major order.
//
//===----------------------------------------------------------------------===//

#include "AxisLayout.h"
#include "StridedLoop.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace echo_rt;

namespace {

/// Checks the reduced tensor `r` against the full tensor `x` and `mask`;
/// fills `rStrides` (per dimension of x; 0 along reduced dimensions) and
/// returns the number of elements reduced into each output.
int64_t reducedLayout(const char *E, const TensorView &x, const char *xn,
                      const TensorView &r, const char *rn, int64_t mask,
                      int64_t *rStrides) {
  ReducedDims dims = reducedDims(E, x, xn, r, rn, mask);
  int64_t s = 1;
  for (int d = x.rank - 1; d >= 0; --d) {
    if (dims.reduced[d]) {
      rStrides[d] = 0;
    } else {
      rStrides[d] = s;
      s *= x.size(d);
    }
  }
  return dims.count;
}

} // namespace

void entry::echo_reduce(Context &, const echo_reduce_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  int64_t sx[kMaxRank], sy[kMaxRank];
  int64_t count = reducedLayout(args.entry, X, "x", Y, "y", args.dims_mask, sy);
  rowMajorStrides(X.rank, X.sizes, sx);
  const int64_t *strides[2] = {sx, sy};
  StridedLoop<2> loop(X.rank, X.sizes, strides);
  const float *x = X.f32();
  float *y = Y.f32();
  if (args.kind == ECHO_SUM || args.kind == ECHO_MEAN) {
    std::vector<double> acc(Y.numel, 0.0);
    loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
      const float *px = x + off[0];
      double *py = acc.data() + off[1];
      if (st[1] == 0) {
        double s = *py;
        for (int64_t i = 0; i < n; ++i)
          s += px[i * st[0]];
        *py = s;
      } else {
        for (int64_t i = 0; i < n; ++i)
          py[i * st[1]] += px[i * st[0]];
      }
    });
    double scale =
        args.kind == ECHO_MEAN ? 1.0 / static_cast<double>(count) : 1.0;
    for (int64_t i = 0; i < Y.numel; ++i)
      y[i] =
          static_cast<float>(args.kind == ECHO_MEAN ? acc[i] * scale : acc[i]);
    return;
  }
  if (args.kind != ECHO_REDUCE_MAX)
    fail(args.entry, "unknown reduce kind %lld", (long long)args.kind);
  for (int64_t i = 0; i < Y.numel; ++i)
    y[i] = -INFINITY;
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    const float *px = x + off[0];
    float *py = y + off[1];
    for (int64_t i = 0; i < n; ++i) {
      float v = px[i * st[0]];
      float &m = py[i * st[1]];
      m = v > m ? v : m;
    }
  });
}

void entry::echo_reduce_grad(Context &, const echo_reduce_grad_args &args) {
  ReduceGradArgs a = reduceGradArgs(args);
  const TensorView &DY = a.dy, &DX = a.dx;
  int64_t sx[kMaxRank], sy[kMaxRank];
  int64_t count =
      reducedLayout(args.entry, DX, "dx", DY, "dy", args.dims_mask, sy);
  rowMajorStrides(DX.rank, DX.sizes, sx);
  const int64_t *strides[2] = {sx, sy};
  StridedLoop<2> loop(DX.rank, DX.sizes, strides);
  const float *dy = DY.f32();
  float *dx = DX.f32();
  bool mean = a.mean;
  double inv = 1.0 / static_cast<double>(count);
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    float *px = dx + off[0];
    const float *py = dy + off[1];
    for (int64_t i = 0; i < n; ++i) {
      float g = py[i * st[1]];
      px[i * st[0]] = mean ? static_cast<float>(g * inv) : g;
    }
  });
}

void entry::echo_reduce_max_grad(Context &,
                                 const echo_reduce_max_grad_args &args) {
  ReduceMaxGradArgs a = reduceMaxGradArgs(args);
  const TensorView &X = a.x, &Y = a.y, &DY = a.dy, &DX = a.dx;
  int64_t sx[kMaxRank], sy[kMaxRank];
  reducedLayout(args.entry, X, "x", Y, "y", args.dims_mask, sy);
  rowMajorStrides(X.rank, X.sizes, sx);
  const int64_t *strides[2] = {sx, sy};
  StridedLoop<2> loop(X.rank, X.sizes, strides);
  const float *x = X.f32(), *y = Y.f32();
  // Per output: the first position equal to y, and (as a fallback when no
  // position equals y, e.g. a lossy stash) the first maximal position.
  std::vector<int64_t> firstEq(Y.numel, -1), argMax(Y.numel, -1);
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t xi = off[0] + i * st[0];
      int64_t yi = off[1] + i * st[1];
      float v = x[xi];
      if (firstEq[yi] < 0 && v == y[yi])
        firstEq[yi] = xi;
      if (argMax[yi] < 0 || v > x[argMax[yi]])
        argMax[yi] = xi;
    }
  });
  float *dx = DX.f32();
  if (DX.numel)
    std::memset(dx, 0, sizeof(float) * DX.numel);
  for (int64_t j = 0; j < Y.numel; ++j) {
    int64_t pos = firstEq[j] >= 0 ? firstEq[j] : argMax[j];
    if (pos >= 0)
      dx[pos] = DY.f32()[j];
  }
}
