//===- PoolCover.h - Pooling windows on the device ---------------*- CUDA -*-===//
//
// Every backend's pooling geometry and windows (runtime/common/PoolWindow.h),
// plus what only the CUDA gradients need: the outputs covering an input
// row, gathered in the order in which the CPU backend scatters. Included by
// .cu files only.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_POOLCOVER_H
#define ECHO_RUNTIME_CUDA_POOLCOVER_H

#include "PoolWindow.h"
#include "Tensor.h"

namespace echo_cuda {

using echo_rt::argmaxCode;
using echo_rt::ArgmaxGeometry;
using echo_rt::argmaxGeometry;
using echo_rt::argmaxSource;
using echo_rt::PoolGeometry;
using echo_rt::poolGeometry;
using echo_rt::PoolWindow;
using echo_rt::poolWindow;
using echo_rt::windowArg;
using echo_rt::windowMax;
using echo_rt::windowPeak;
using echo_rt::windowSum;

/// The outputs whose windows contain input row iy: [lo, hi] (empty when
/// lo > hi). Gradients gather over them in row-major output order, the
/// order in which the CPU backend scatters.
__device__ inline void coveringOutputs(int64_t i, int64_t pad, int64_t k,
                                       int64_t s, int64_t outs, int64_t &lo,
                                       int64_t &hi) {
  int64_t num = i + pad - k + 1;
  lo = num <= 0 ? 0 : (num + s - 1) / s;
  hi = (i + pad) / s;
  if (hi > outs - 1)
    hi = outs - 1;
}

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_POOLCOVER_H
