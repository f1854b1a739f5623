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

void entry::echo_max_pool2d(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                                int64_t kernel_h, int64_t kernel_w,
                                int64_t stride_h, int64_t stride_w,
                                int64_t pad_h, int64_t pad_w) {
  PoolArgs a = poolArgs("echo_max_pool2d", x_rank, x_desc, y_rank, y_desc,
                        kernel_h, kernel_w, stride_h, stride_w, pad_h, pad_w);
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

void entry::echo_max_pool2d_grad(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                                     ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                     int64_t kernel_h, int64_t kernel_w,
                                     int64_t stride_h, int64_t stride_w,
                                     int64_t pad_h, int64_t pad_w) {
  MaxPoolGradArgs a = maxPoolGradArgs(
      "echo_max_pool2d_grad", x_rank, x_desc, y_rank, y_desc, dy_rank, dy_desc,
      dx_rank, dx_desc, kernel_h, kernel_w, stride_h, stride_w, pad_h, pad_w);
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

void entry::echo_avg_pool2d(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                                int64_t kernel_h, int64_t kernel_w,
                                int64_t stride_h, int64_t stride_w,
                                int64_t pad_h, int64_t pad_w) {
  PoolArgs a = poolArgs("echo_avg_pool2d", x_rank, x_desc, y_rank, y_desc,
                        kernel_h, kernel_w, stride_h, stride_w, pad_h, pad_w);
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

void entry::echo_avg_pool2d_grad(Context &, ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                     int64_t kernel_h, int64_t kernel_w,
                                     int64_t stride_h, int64_t stride_w,
                                     int64_t pad_h, int64_t pad_w) {
  AvgPoolGradArgs a = avgPoolGradArgs("echo_avg_pool2d_grad", dy_rank, dy_desc,
                                      dx_rank, dx_desc, kernel_h, kernel_w,
                                      stride_h, stride_w, pad_h, pad_w);
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
