//===- BufferSlots.h - The lifetimes echo-buffer-assign plans ---*- C++ -*-===//
//
// The buffers of a bufferized straight-line function as echo-buffer-assign
// sees them: each statically shaped allocation of the entry block with its
// lifetime over program points (uses through casts and views included), and
// the slots they form once in-place calls write into an operand that dies
// there. One request per slot is what the planner core places. Shared by
// echo-buffer-assign and echo-sink-updates, which moves ops only where the
// live bytes of these slots stay below their peak.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_TRANSFORMS_BUFFERSLOTS_H
#define ECHO_TRANSFORMS_BUFFERSLOTS_H

#include "EchoDialect/Core/BufferPlanner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <optional>
#include <vector>

namespace mlir {
namespace echo {

struct PlannedBuffer {
  memref::AllocOp alloc;
  int64_t bytes = 0;
  int64_t start = 0, end = 0;
  /// First op that reads or writes it (casts and views excluded).
  int64_t firstUse = 0;
  /// Holds a result of the step kept in the arena (kArenaResultAttr).
  bool result = false;
};

struct BufferSlots {
  /// The buffers that stay inside the function, in block order.
  SmallVector<PlannedBuffer> buffers;
  /// The request (slot) of each buffer.
  SmallVector<unsigned> slotOf;
  /// One per slot: size, alignment and the lifetime of all its buffers.
  std::vector<BufferRequest> requests;
  /// Program points: one per op of the entry block, the terminator last.
  int64_t points = 0;
  /// The buffer an allocation, or a cast or view of one, is.
  DenseMap<Value, unsigned> bufferOfValue;

  /// The slot `value` is a buffer (or a cast or view) of, if planned.
  std::optional<unsigned> slotOfValue(Value value) const;
  /// Per request: whether it holds a result kept in the arena, which the
  /// planner also tries placing after every temporary (planBuffers).
  SmallVector<bool> placedLast() const;
};

/// The slots of `fn`'s entry block, with in-place reuse where the calls'
/// echo.in_place pairs allow it and `inPlace` is set. Fails, with an error
/// on the allocation, when a buffer holding a result kept in the arena
/// escapes the function.
FailureOr<BufferSlots> collectBufferSlots(func::FuncOp fn, bool inPlace,
                                          int64_t alignment);

} // namespace echo
} // namespace mlir

#endif // ECHO_TRANSFORMS_BUFFERSLOTS_H
