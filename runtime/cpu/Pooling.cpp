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
#include "PoolArgs.h"

#include <cstring>

using namespace echo_rt;

void entry::echo_max_pool2d(Context &, const echo_max_pool2d_args &args) {
  PoolArgs a = poolArgs(args);
  const TensorView &X = a.x, &Y = a.y;
  const PoolGeometry &g = a.g;
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    float *out = Y.f32() + p * g.oh * g.ow;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox)
        out[oy * g.ow + ox] = windowPeak(g, plane, poolWindow(g, oy, ox));
  }
}

void entry::echo_max_pool2d_grad(Context &,
                                 const echo_max_pool2d_grad_args &args) {
  MaxPoolGradArgs a = maxPoolGradArgs(args);
  const TensorView &X = a.x, &Y = a.y, &DY = a.dy, &DX = a.dx;
  const PoolGeometry &g = a.g;
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
        dplane[windowArg(g, plane, r, ys[o])] += gs[o];
      }
  }
}

void entry::echo_avg_pool2d(Context &, const echo_avg_pool2d_args &args) {
  PoolArgs a = poolArgs(args);
  const TensorView &X = a.x, &Y = a.y;
  const PoolGeometry &g = a.g;
  float inv = 1.0f / static_cast<float>(g.kh * g.kw);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    float *out = Y.f32() + p * g.oh * g.ow;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox)
        out[oy * g.ow + ox] = windowSum(g, plane, poolWindow(g, oy, ox)) * inv;
  }
}

void entry::echo_avg_pool2d_grad(Context &,
                                 const echo_avg_pool2d_grad_args &args) {
  AvgPoolGradArgs a = avgPoolGradArgs(args);
  const TensorView &DY = a.dy, &DX = a.dx;
  const PoolGeometry &g = a.g;
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
