//===- PoolArgs.h - Checked arguments of the pooling entries ----*- C++ -*-===//
//
// The arguments of echo_max_pool2d(_grad) and echo_avg_pool2d(_grad),
// viewed and checked once for every backend, so the backends agree on what
// they accept and on the messages of what they refuse.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_POOLARGS_H
#define ECHO_RUNTIME_COMMON_POOLARGS_H

#include "EntryArgs.h"
#include "PoolWindow.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace pool_args {

/// Checks y [N, C, OH, OW] against x [N, C, H, W] pooled by g.
void expectPooled(const char *entry, const PoolGeometry &g, const TensorView &x,
                  const TensorView &y, const char *yn);

/// echo_max_pool2d and echo_avg_pool2d: x [N, C, H, W] pooled into y.
struct PoolArgs {
  TensorView x, y;
  PoolGeometry g;
};
PoolArgs poolArgs(const char *entry, const Operand &x, const Operand &y,
                  int64_t kernel_h, int64_t kernel_w, int64_t stride_h,
                  int64_t stride_w, int64_t pad_h, int64_t pad_w);
/// Either entry's arguments (their parameters are the same).
template <typename Args> PoolArgs poolArgs(const Args &args) {
  return poolArgs(args.entry, args.x, args.y, args.kernel_h, args.kernel_w,
                  args.stride_h, args.stride_w, args.pad_h, args.pad_w);
}

struct MaxPoolGradArgs {
  TensorView x, y, dy, dx;
  PoolGeometry g;
};
MaxPoolGradArgs maxPoolGradArgs(const echo_max_pool2d_grad_args &args);

/// dx plays x's part (the geometry is dx's), dy y's.
struct AvgPoolGradArgs {
  TensorView dy, dx;
  PoolGeometry g;
};
AvgPoolGradArgs avgPoolGradArgs(const echo_avg_pool2d_grad_args &args);

} // namespace pool_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_POOLARGS_H
