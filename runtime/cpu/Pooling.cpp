//===- Pooling.cpp - 2-D max and average pooling ----------------------------===//
//
// NCHW; output size (H + 2p - k) / s + 1; padding must be smaller than the
// kernel, so every window holds at least one real element. Max pooling: the
// first maximal window position in row-major order wins, padding never wins.
// Average pooling counts padding as zeros (divisor kh * kw). The gradients
// scatter into dx visiting outputs in row-major order.
//
//===----------------------------------------------------------------------===//

#include "Tensor.h"

#include <cstring>

using namespace echo_rt;

namespace {

struct PoolGeometry {
  int64_t planes, h, w, oh, ow, kh, kw, sh, sw, ph, pw;
};

/// x [N, C, H, W] against y [N, C, OH, OW].
PoolGeometry geometry(const char *E, const TensorView &x, const char *xn,
                      const TensorView &y, const char *yn, int64_t kh,
                      int64_t kw, int64_t sh, int64_t sw, int64_t ph,
                      int64_t pw) {
  if (kh < 1 || kw < 1)
    fail(E, "kernel must be >= 1, got [%lld, %lld]", (long long)kh,
         (long long)kw);
  if (sh < 1 || sw < 1)
    fail(E, "stride must be >= 1, got [%lld, %lld]", (long long)sh,
         (long long)sw);
  if (ph < 0 || pw < 0 || ph >= kh || pw >= kw)
    fail(E, "padding [%lld, %lld] must be >= 0 and smaller than the kernel "
            "[%lld, %lld]",
         (long long)ph, (long long)pw, (long long)kh, (long long)kw);
  expectRank(E, x, xn, 4);
  expectRank(E, y, yn, 4);
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
  expectDim(E, y, yn, 0, x.size(0));
  expectDim(E, y, yn, 1, x.size(1));
  expectDim(E, y, yn, 2, g.oh);
  expectDim(E, y, yn, 3, g.ow);
  return g;
}

/// The in-bounds window [y0, y1) x [x0, x1) of output (oy, ox).
struct Window {
  int64_t y0, y1, x0, x1;
};
inline Window window(const PoolGeometry &g, int64_t oy, int64_t ox) {
  Window r;
  r.y0 = oy * g.sh - g.ph;
  r.x0 = ox * g.sw - g.pw;
  r.y1 = r.y0 + g.kh < g.h ? r.y0 + g.kh : g.h;
  r.x1 = r.x0 + g.kw < g.w ? r.x0 + g.kw : g.w;
  if (r.y0 < 0)
    r.y0 = 0;
  if (r.x0 < 0)
    r.x0 = 0;
  return r;
}

/// Flat index (within the plane) of the first maximum of the window, or of
/// the first element equal to `target` when `useTarget` and one exists.
int64_t windowArg(const PoolGeometry &g, const float *plane, const Window &r,
                  bool useTarget, float target) {
  if (useTarget)
    for (int64_t iy = r.y0; iy < r.y1; ++iy)
      for (int64_t ix = r.x0; ix < r.x1; ++ix)
        if (plane[iy * g.w + ix] == target)
          return iy * g.w + ix;
  int64_t best = r.y0 * g.w + r.x0;
  for (int64_t iy = r.y0; iy < r.y1; ++iy)
    for (int64_t ix = r.x0; ix < r.x1; ++ix)
      if (plane[iy * g.w + ix] > plane[best])
        best = iy * g.w + ix;
  return best;
}

} // namespace

extern "C" void echo_max_pool2d(ECHO_TENSOR(x), ECHO_TENSOR(y),
                                int64_t kernel_h, int64_t kernel_w,
                                int64_t stride_h, int64_t stride_w,
                                int64_t pad_h, int64_t pad_w) {
  const char *E = "echo_max_pool2d";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  PoolGeometry g = geometry(E, X, "x", Y, "y", kernel_h, kernel_w, stride_h,
                            stride_w, pad_h, pad_w);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    float *out = Y.f32() + p * g.oh * g.ow;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        Window r = window(g, oy, ox);
        float best = plane[r.y0 * g.w + r.x0];
        for (int64_t iy = r.y0; iy < r.y1; ++iy)
          for (int64_t ix = r.x0; ix < r.x1; ++ix) {
            float v = plane[iy * g.w + ix];
            best = v > best ? v : best;
          }
        out[oy * g.ow + ox] = best;
      }
  }
}

extern "C" void echo_max_pool2d_grad(ECHO_TENSOR(x), ECHO_TENSOR(y),
                                     ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                     int64_t kernel_h, int64_t kernel_w,
                                     int64_t stride_h, int64_t stride_w,
                                     int64_t pad_h, int64_t pad_w) {
  const char *E = "echo_max_pool2d_grad";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  PoolGeometry g = geometry(E, X, "x", Y, "y", kernel_h, kernel_w, stride_h,
                            stride_w, pad_h, pad_w);
  expectSameShape(E, DY, "dy", Y, "y");
  expectSameShape(E, DX, "dx", X, "x");
  if (DX.numel)
    std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    const float *ys = Y.f32() + p * g.oh * g.ow;
    const float *gs = DY.f32() + p * g.oh * g.ow;
    float *dplane = DX.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        Window r = window(g, oy, ox);
        int64_t o = oy * g.ow + ox;
        dplane[windowArg(g, plane, r, true, ys[o])] += gs[o];
      }
  }
}

extern "C" void echo_avg_pool2d(ECHO_TENSOR(x), ECHO_TENSOR(y),
                                int64_t kernel_h, int64_t kernel_w,
                                int64_t stride_h, int64_t stride_w,
                                int64_t pad_h, int64_t pad_w) {
  const char *E = "echo_avg_pool2d";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  PoolGeometry g = geometry(E, X, "x", Y, "y", kernel_h, kernel_w, stride_h,
                            stride_w, pad_h, pad_w);
  float inv = 1.0f / static_cast<float>(g.kh * g.kw);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    float *out = Y.f32() + p * g.oh * g.ow;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        Window r = window(g, oy, ox);
        float s = 0.0f;
        for (int64_t iy = r.y0; iy < r.y1; ++iy)
          for (int64_t ix = r.x0; ix < r.x1; ++ix)
            s += plane[iy * g.w + ix];
        out[oy * g.ow + ox] = s * inv;
      }
  }
}

extern "C" void echo_avg_pool2d_grad(ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                     int64_t kernel_h, int64_t kernel_w,
                                     int64_t stride_h, int64_t stride_w,
                                     int64_t pad_h, int64_t pad_w) {
  const char *E = "echo_avg_pool2d_grad";
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  PoolGeometry g = geometry(E, DX, "dx", DY, "dy", kernel_h, kernel_w,
                            stride_h, stride_w, pad_h, pad_w);
  float inv = 1.0f / static_cast<float>(g.kh * g.kw);
  if (DX.numel)
    std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *gs = DY.f32() + p * g.oh * g.ow;
    float *dplane = DX.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        Window r = window(g, oy, ox);
        float v = gs[oy * g.ow + ox] * inv;
        for (int64_t iy = r.y0; iy < r.y1; ++iy)
          for (int64_t ix = r.x0; ix < r.x1; ++ix)
            dplane[iy * g.w + ix] += v;
      }
  }
}
