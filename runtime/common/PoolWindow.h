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

/// The window's maximum (max_pool2d's output).
ECHO_HD inline float windowPeak(const PoolGeometry &g, const float *plane,
                                const PoolWindow &r) {
  float best = plane[r.y0 * g.w + r.x0];
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix) {
      float v = plane[iy * g.w + ix];
      best = v > best ? v : best;
    }
  return best;
}

/// The sum of the window's elements in row-major order (avg_pool2d's
/// output times kh * kw: padding adds zeros).
ECHO_HD inline float windowSum(const PoolGeometry &g, const float *plane,
                               const PoolWindow &r) {
  float s = 0.0f;
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix)
      s += plane[iy * g.w + ix];
  return s;
}

/// The window's first element equal to `target` (the pooled value), else
/// its first maximum: the input position that max_pool2d_grad credits.
ECHO_HD inline int64_t windowArg(const PoolGeometry &g, const float *plane,
                                 const PoolWindow &r, float target) {
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix)
      if (plane[iy * g.w + ix] == target)
        return iy * g.w + ix;
  return windowMax(g, plane, r);
}

/// The pool-argmax code of output (oy, ox): its window's first maximum, as
/// a row-major position within the unclamped window.
ECHO_HD inline uint32_t argmaxCode(const PoolGeometry &g, const float *plane,
                                   int64_t oy, int64_t ox) {
  PoolWindow r = poolWindow(g, oy, ox);
  int64_t best = windowMax(g, plane, r);
  int64_t by = best / g.w, bx = best % g.w;
  return (uint32_t)((by - r.top) * g.kw + (bx - r.left));
}

/// The input position (iy, ix) that `code` names for output (oy, ox);
/// false when it is not in the window or not in the input (a corrupted
/// code).
ECHO_HD inline bool argmaxSource(const PoolGeometry &g, int64_t oy, int64_t ox,
                                 uint32_t code, int64_t &iy, int64_t &ix) {
  iy = oy * g.sh - g.ph + code / g.kw;
  ix = ox * g.sw - g.pw + code % g.kw;
  return code < (uint32_t)(g.kh * g.kw) && iy >= 0 && iy < g.h && ix >= 0 &&
         ix < g.w;
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_POOLWINDOW_H
