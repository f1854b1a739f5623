//===- BufferViews.h - Ops whose result is a view of an operand -*- C++ -*-===//
//
// A reshape keeps the element order, so its result can be the operand's
// buffer read with another shape: bufferization emits a view instead of a
// copy, the planner extends the operand buffer's lifetime over the view's
// uses, and the memory categories and statistics count the bytes once, under
// the operand's buffer. The one rule both sides read.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_BUFFERVIEWS_H
#define ECHODIALECT_ANALYSIS_BUFFERVIEWS_H

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace echo {

/// Whether `op`'s result bufferizes to a view of its operand's buffer: an
/// echo.reshape whose result the function does not return (a result needs a
/// buffer of its own, the caller's out-parameter).
inline bool bufferizesToView(Operation *op) {
  return isa<ReshapeOp>(op) &&
         llvm::none_of(op->getResult(0).getUsers(), [](Operation *user) {
           return isa<func::ReturnOp>(user);
         });
}

/// The value whose buffer holds `v`: `v` itself, or the source of the chain
/// of views `v` is the end of.
inline Value viewedValue(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!bufferizesToView(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_BUFFERVIEWS_H
