//===- PoolArgs.cpp - Checked arguments of the pooling entries ------------===//

#include "PoolArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

void echo_rt::expectPooled(const char *E, const PoolGeometry &g,
                           const TensorView &x, const TensorView &y,
                           const char *yn) {
  expectRank(E, y, yn, 4);
  expectDim(E, y, yn, 0, x.size(0));
  expectDim(E, y, yn, 1, x.size(1));
  expectDim(E, y, yn, 2, g.oh);
  expectDim(E, y, yn, 3, g.ow);
}

PoolArgs echo_rt::poolArgs(const char *E, ECHO_TENSOR(x), ECHO_TENSOR(y),
                           int64_t kernel_h, int64_t kernel_w, int64_t stride_h,
                           int64_t stride_w, int64_t pad_h, int64_t pad_w) {
  PoolArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.y = fview(E, "y", y_rank, y_desc);
  a.g = poolGeometry(E, a.x, "x", kernel_h, kernel_w, stride_h, stride_w, pad_h,
                     pad_w);
  expectPooled(E, a.g, a.x, a.y, "y");
  return a;
}

MaxPoolGradArgs echo_rt::maxPoolGradArgs(const char *E, ECHO_TENSOR(x),
                                         ECHO_TENSOR(y), ECHO_TENSOR(dy),
                                         ECHO_TENSOR(dx), int64_t kernel_h,
                                         int64_t kernel_w, int64_t stride_h,
                                         int64_t stride_w, int64_t pad_h,
                                         int64_t pad_w) {
  MaxPoolGradArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.y = fview(E, "y", y_rank, y_desc);
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.dx = fview(E, "dx", dx_rank, dx_desc);
  a.g = poolGeometry(E, a.x, "x", kernel_h, kernel_w, stride_h, stride_w, pad_h,
                     pad_w);
  expectPooled(E, a.g, a.x, a.y, "y");
  expectSameShape(E, a.dy, "dy", a.y, "y");
  expectSameShape(E, a.dx, "dx", a.x, "x");
  return a;
}

AvgPoolGradArgs echo_rt::avgPoolGradArgs(const char *E, ECHO_TENSOR(dy),
                                         ECHO_TENSOR(dx), int64_t kernel_h,
                                         int64_t kernel_w, int64_t stride_h,
                                         int64_t stride_w, int64_t pad_h,
                                         int64_t pad_w) {
  AvgPoolGradArgs a;
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.dx = fview(E, "dx", dx_rank, dx_desc);
  a.g = poolGeometry(E, a.dx, "dx", kernel_h, kernel_w, stride_h, stride_w,
                     pad_h, pad_w);
  expectPooled(E, a.g, a.dx, a.dy, "dy");
  return a;
}
