//===- Broadcast.h - Numpy broadcasting of tensor arguments -----*- C++ -*-===//
//
// The strides that read an operand broadcast to an output's shape, checked
// once for every backend: the CPU's strided loops and the CUDA kernels'
// layouts take the same strides, and a shape that does not broadcast gets
// the same message on both.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_BROADCAST_H
#define ECHO_RUNTIME_COMMON_BROADCAST_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {

/// Strides that read `operand` broadcast (numpy rules, trailing dimensions
/// aligned) to `out`'s shape: 0 along stretched or missing dimensions.
/// Fails unless every operand dimension equals the output's or is 1.
void broadcastStrides(const char *entry, const TensorView &operand,
                      const char *name, const TensorView &out,
                      const char *outName, int64_t *strides);

/// echo_max_grad's arguments: a and b broadcast to dy, and da, db shaped
/// like dy; `strides` are a's, b's and dy's in dy's shape.
struct MaxGradArgs {
  TensorView a, b, dy, da, db;
  int64_t strides[3][kMaxRank];
};
MaxGradArgs maxGradArgs(const echo_max_grad_args &args);

/// echo_broadcast_to: x broadcast to y, x's strides over y's dimensions
/// (0 where broadcast) and y's row-major strides.
struct BroadcastToArgs {
  TensorView x, y;
  int64_t xStrides[kMaxRank], yStrides[kMaxRank];
};
BroadcastToArgs broadcastToArgs(const echo_broadcast_to_args &args);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_BROADCAST_H
