//===- PoolWindow.h - Pooling geometry (host and device) ---------*- CUDA -*-===//
//
// The CPU backend's pooling windows (runtime/cpu/PoolWindow.h) for the CUDA
// entries: max pooling, its gradients and the pool-argmax encoding must
// agree on every window and on its maximum (the first in row-major order;
// padding never wins). Included by .cu files only.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_POOLWINDOW_H
#define ECHO_RUNTIME_CUDA_POOLWINDOW_H

#include "Tensor.h"

namespace echo_cuda {

struct PoolGeometry {
  int64_t planes, h, w, oh, ow, kh, kw, sh, sw, ph, pw;
};

/// Checked as the CPU's poolGeometry; `maxPositions` > 0 bounds kh * kw.
inline PoolGeometry poolGeometry(const char *E, const TensorView &x,
                                 const char *xn, int64_t kh, int64_t kw,
                                 int64_t sh, int64_t sw, int64_t ph,
                                 int64_t pw, int64_t maxPositions = 0) {
  if (kh < 1 || kw < 1)
    fail(E, "kernel must be >= 1, got [%lld, %lld]", (long long)kh,
         (long long)kw);
  if (maxPositions > 0 && kh * kw > maxPositions)
    fail(E,
         "kernel [%lld, %lld] has more than %lld window positions, which "
         "an 8-bit argmax cannot address",
         (long long)kh, (long long)kw, (long long)maxPositions);
  if (sh < 1 || sw < 1)
    fail(E, "stride must be >= 1, got [%lld, %lld]", (long long)sh,
         (long long)sw);
  if (ph < 0 || pw < 0 || ph >= kh || pw >= kw)
    fail(E,
         "padding [%lld, %lld] must be >= 0 and smaller than the kernel "
         "[%lld, %lld]",
         (long long)ph, (long long)pw, (long long)kh, (long long)kw);
  expectRank(E, x, xn, 4);
  PoolGeometry g;
  g.planes = x.size(0) * x.size(1);
  g.h = x.size(2), g.w = x.size(3);
  g.kh = kh, g.kw = kw, g.sh = sh, g.sw = sw, g.ph = ph, g.pw = pw;
  int64_t eh = g.h + 2 * ph - kh, ew = g.w + 2 * pw - kw;
  if (eh < 0 || ew < 0)
    fail(E, "kernel [%lld, %lld] does not fit the padded input %s",
         (long long)kh, (long long)kw, x.shapeStr().c_str());
  if (g.planes > 0 && (g.h == 0 || g.w == 0))
    fail(E, "input %s has an empty spatial extent", x.shapeStr().c_str());
  g.oh = eh / sh + 1;
  g.ow = ew / sw + 1;
  return g;
}

struct PoolWindow {
  int64_t top, left, y0, y1, x0, x1;
};

__device__ inline PoolWindow poolWindow(const PoolGeometry &g, int64_t oy,
                                        int64_t ox) {
  PoolWindow r;
  r.top = oy * g.sh - g.ph;
  r.left = ox * g.sw - g.pw;
  r.y0 = r.top < 0 ? 0 : r.top;
  r.x0 = r.left < 0 ? 0 : r.left;
  r.y1 = r.top + g.kh < g.h ? r.top + g.kh : g.h;
  r.x1 = r.left + g.kw < g.w ? r.left + g.kw : g.w;
  return r;
}

/// Flat index (within the plane) of the window's first maximum.
__device__ inline int64_t windowMax(const PoolGeometry &g, const float *plane,
                                    const PoolWindow &r) {
  int64_t best = r.y0 * g.w + r.x0;
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix)
      if (plane[iy * g.w + ix] > plane[best])
        best = iy * g.w + ix;
  return best;
}

/// The outputs whose windows contain input row iy: [lo, hi] (empty when
/// lo > hi). Gradients gather over them in row-major output order, the
/// order in which the CPU backend scatters.
__device__ inline void coveringOutputs(int64_t i, int64_t pad, int64_t k,
                                       int64_t s, int64_t outs, int64_t &lo,
                                       int64_t &hi) {
  int64_t num = i + pad - k + 1;
  lo = num <= 0 ? 0 : (num + s - 1) / s;
  hi = (i + pad) / s;
  if (hi > outs - 1)
    hi = outs - 1;
}

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_POOLWINDOW_H
