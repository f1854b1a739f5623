//===- Tensor.h - Views of MLIR memref descriptors (CUDA) -------*- C++ -*-===//
//
// The descriptor of every tensor argument is in host memory, its data in
// device memory (HOST_* parameters excepted). TensorView decodes the
// descriptor on the host with the CPU backend's checks and messages
// (identity layout, ranks, shapes); kernels get the data pointer and sizes.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_TENSOR_H
#define ECHO_RUNTIME_CUDA_TENSOR_H

#include "Broadcast.h"
#include "Context.h"
#include "TensorView.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace echo_cuda {

// The views and shape checks are the CPU backend's (runtime/common).
using echo_rt::broadcastStrides;
using echo_rt::expectDim;
using echo_rt::expectMinRank;
using echo_rt::expectNumel;
using echo_rt::expectRank;
using echo_rt::expectSameShape;
using echo_rt::kMaxRank;
using echo_rt::rowMajorStrides;
using echo_rt::sameShape;
using echo_rt::TensorView;
using echo_rt::view;

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_TENSOR_H
