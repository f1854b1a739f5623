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

PoolArgs echo_rt::poolArgs(const char *E, const Operand &x, const Operand &y,
                           int64_t kernel_h, int64_t kernel_w, int64_t stride_h,
                           int64_t stride_w, int64_t pad_h, int64_t pad_w) {
  PoolArgs a;
  a.x = x.view();
  a.y = y.view();
  a.g = poolGeometry(E, a.x, "x", kernel_h, kernel_w, stride_h, stride_w, pad_h,
                     pad_w);
  expectPooled(E, a.g, a.x, a.y, "y");
  return a;
}

MaxPoolGradArgs
echo_rt::maxPoolGradArgs(const echo_max_pool2d_grad_args &args) {
  const char *E = args.entry;
  MaxPoolGradArgs a;
  a.x = args.x.view();
  a.y = args.y.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  a.g = poolGeometry(E, a.x, "x", args.kernel_h, args.kernel_w, args.stride_h,
                     args.stride_w, args.pad_h, args.pad_w);
  expectPooled(E, a.g, a.x, a.y, "y");
  expectSameShape(E, a.dy, "dy", a.y, "y");
  expectSameShape(E, a.dx, "dx", a.x, "x");
  return a;
}

AvgPoolGradArgs
echo_rt::avgPoolGradArgs(const echo_avg_pool2d_grad_args &args) {
  const char *E = args.entry;
  AvgPoolGradArgs a;
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  a.g = poolGeometry(E, a.dx, "dx", args.kernel_h, args.kernel_w, args.stride_h,
                     args.stride_w, args.pad_h, args.pad_w);
  expectPooled(E, a.g, a.dx, a.dy, "dy");
  return a;
}
