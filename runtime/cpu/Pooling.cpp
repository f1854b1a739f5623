//===- Pooling.cpp - 2-D max and average pooling ----------------------------===//
//
// NCHW; output size (H + 2p - k) / s + 1; padding must be smaller than the
// kernel, so every window holds at least one real element. Max pooling: the
// first maximal window position in row-major order wins, padding never wins.
// Average pooling counts padding as zeros (divisor kh * kw). The gradients
// scatter into dx visiting outputs in row-major order.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "PoolWindow.h"

#include <cstring>

using namespace echo_rt;

namespace {

/// x [N, C, H, W] against y [N, C, OH, OW].
PoolGeometry geometry(const char *E, const TensorView &x, const char *xn,
                      const TensorView &y, const char *yn, int64_t kh,
                      int64_t kw, int64_t sh, int64_t sw, int64_t ph,
                      int64_t pw) {
  PoolGeometry g = poolGeometry(E, x, xn, kh, kw, sh, sw, ph, pw);
  expectRank(E, y, yn, 4);
  expectDim(E, y, yn, 0, x.size(0));
  expectDim(E, y, yn, 1, x.size(1));
  expectDim(E, y, yn, 2, g.oh);
  expectDim(E, y, yn, 3, g.ow);
  return g;
}

/// Flat index (within the plane) of the first maximum of the window, or of
/// the first element equal to `target` when `useTarget` and one exists.
int64_t windowArg(const PoolGeometry &g, const float *plane,
                  const PoolWindow &r, bool useTarget, float target) {
  if (useTarget)
    for (int64_t iy = r.y0; iy < r.y1; ++iy)
      for (int64_t ix = r.x0; ix < r.x1; ++ix)
        if (plane[iy * g.w + ix] == target)
          return iy * g.w + ix;
  return windowMax(g, plane, r);
}

} // namespace

void entry::echo_max_pool2d(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
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
        PoolWindow r = poolWindow(g, oy, ox);
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

void entry::echo_max_pool2d_grad(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
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
        PoolWindow r = poolWindow(g, oy, ox);
        int64_t o = oy * g.ow + ox;
        dplane[windowArg(g, plane, r, true, ys[o])] += gs[o];
      }
  }
}

void entry::echo_avg_pool2d(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
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
        PoolWindow r = poolWindow(g, oy, ox);
        float s = 0.0f;
        for (int64_t iy = r.y0; iy < r.y1; ++iy)
          for (int64_t ix = r.x0; ix < r.x1; ++ix)
            s += plane[iy * g.w + ix];
        out[oy * g.ow + ox] = s * inv;
      }
  }
}

void entry::echo_avg_pool2d_grad(Context &, ECHO_TENSOR(dy), ECHO_TENSOR(dx),
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
        PoolWindow r = poolWindow(g, oy, ox);
        float v = gs[oy * g.ow + ox] * inv;
        for (int64_t iy = r.y0; iy < r.y1; ++iy)
          for (int64_t ix = r.x0; ix < r.x1; ++ix)
            dplane[iy * g.w + ix] += v;
      }
  }
}
