//===- PoolArgs.h - Checked arguments of the pooling entries ----*- C++ -*-===//
//
// The arguments of echo_max_pool2d(_grad) and echo_avg_pool2d(_grad),
// viewed and checked once for every backend, so the backends agree on what
// they accept and on the messages of what they refuse.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_POOLARGS_H
#define ECHO_RUNTIME_COMMON_POOLARGS_H

#include "PoolWindow.h"
#include "TensorView.h"
#include "echo/abi_macros.h"

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
PoolArgs poolArgs(const char *entry, ECHO_TENSOR(x), ECHO_TENSOR(y),
                  int64_t kernel_h, int64_t kernel_w, int64_t stride_h,
                  int64_t stride_w, int64_t pad_h, int64_t pad_w);

struct MaxPoolGradArgs {
  TensorView x, y, dy, dx;
  PoolGeometry g;
};
MaxPoolGradArgs maxPoolGradArgs(const char *entry, ECHO_TENSOR(x),
                                ECHO_TENSOR(y), ECHO_TENSOR(dy),
                                ECHO_TENSOR(dx), int64_t kernel_h,
                                int64_t kernel_w, int64_t stride_h,
                                int64_t stride_w, int64_t pad_h, int64_t pad_w);

/// dx plays x's part (the geometry is dx's), dy y's.
struct AvgPoolGradArgs {
  TensorView dy, dx;
  PoolGeometry g;
};
AvgPoolGradArgs avgPoolGradArgs(const char *entry, ECHO_TENSOR(dy),
                                ECHO_TENSOR(dx), int64_t kernel_h,
                                int64_t kernel_w, int64_t stride_h,
                                int64_t stride_w, int64_t pad_h, int64_t pad_w);

} // namespace pool_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_POOLARGS_H
