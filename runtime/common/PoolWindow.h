//===- PoolWindow.h - Pooling geometry of every backend ---------*- C++ -*-===//
//
// Max/average pooling, their gradients and the pool-argmax encoding, on
// every backend (host and device code alike), must agree on the window of every
// pooled element and on which position is its maximum (the first in row-major
// order; padding never wins), or the argmax gradient would differ from
// max_pool2d_grad's.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_POOLWINDOW_H
#define ECHO_RUNTIME_COMMON_POOLWINDOW_H

#include "TensorView.h"
#include "echo/codecs.h" // ECHO_HD

namespace echo_rt {

struct PoolGeometry {
  int64_t planes, h, w, oh, ow, kh, kw, sh, sw, ph, pw;
};

/// The geometry of pooling x ([N, C, H, W]) with a (kernel, stride, padding)
/// window, checked; `maxPositions` > 0 also bounds kh * kw.
PoolGeometry poolGeometry(const char *E, const TensorView &x, const char *xn,
                          int64_t kh, int64_t kw, int64_t sh, int64_t sw,
                          int64_t ph, int64_t pw, int64_t maxPositions = 0);

/// The geometry of max pooling with its argmax encoded (Gist's pool
/// argmax): checked as echo_max_pool2d checks it, plus the code width.
struct ArgmaxGeometry : PoolGeometry {
  int64_t positions;
  int64_t bits;
  int64_t outputs() const { return planes * oh * ow; }
  int64_t bytes() const {
    return echo_codecs::poolArgmaxBytes(outputs(), positions);
  }
};
ArgmaxGeometry argmaxGeometry(const char *E, const TensorView &x,
                              const char *xn, int64_t kh, int64_t kw,
                              int64_t sh, int64_t sw, int64_t ph, int64_t pw);

/// The window of output (oy, ox): its unclamped origin and its in-bounds
/// part [y0, y1) x [x0, x1).
struct PoolWindow {
  int64_t top, left, y0, y1, x0, x1;
};
ECHO_HD inline PoolWindow poolWindow(const PoolGeometry &g, int64_t oy,
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
ECHO_HD inline int64_t windowMax(const PoolGeometry &g, const float *plane,
                                 const PoolWindow &r) {
  int64_t best = r.y0 * g.w + r.x0;
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix)
      if (plane[iy * g.w + ix] > plane[best])
        best = iy * g.w + ix;
  return best;
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_POOLWINDOW_H
