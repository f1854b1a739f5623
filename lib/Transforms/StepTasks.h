//===- StepTasks.h - A step's ops as tasks of the stream simulator -*- C++ -*-===//
//
// One task per op of a single-block step, in program order, under a device
// profile: kernels on the compute stream (CostOpInterface's FLOPs and
// bytes; ops without it move their results' bytes; an echo.recompute costs
// its body), echo.offload and echo.prefetch on the copy stream, echo.stash
// (an alias) a task of no time. A task waits for the producers of its
// operands, including operands read inside its regions. echo-simulate and
// echo-offload share it, so the step they time is the same.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_TRANSFORMS_STEPTASKS_H
#define ECHO_TRANSFORMS_STEPTASKS_H

#include "EchoDialect/Core/StreamSimulator.h"
#include "EchoDialect/Core/Options.h"

#include "mlir/IR/Block.h"

#include <vector>

namespace mlir {
namespace echo {

/// The profile of a preset (StreamSimulator.h's names).
DeviceProfile deviceProfileOf(DeviceKind kind);

/// The tasks of the ops of `block` but its terminator; `ops[i]` is the op
/// of task i.
std::vector<StreamTask> stepTasks(Block &block, const DeviceProfile &profile,
                                  std::vector<Operation *> &ops);

} // namespace echo
} // namespace mlir

#endif // ECHO_TRANSFORMS_STEPTASKS_H
