//===- ArenaPlan.h - echo-buffer-assign's plan, read from the IR -*- C++ -*-===//
//
// The buffer plan is typed IR: `#echo.arena_plan` on the function (arena
// bytes, lower bound, planner) and `#echo.slice` on each arena view (offset,
// bytes, lifetime, slot). The dialect verifies the two together once
// (verifyArenaPlan); the memory report, echo-run and the passes that ask
// "is this step planned, and how big is its arena" read it only here.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_ARENAPLAN_H
#define ECHODIALECT_IR_ARENAPLAN_H

#include "EchoDialect/IR/EchoAttrs.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
namespace echo {

/// One arena view and where it lives.
struct ArenaSlice {
  Operation *view;
  SliceAttr slice;
};

/// echo-buffer-assign's plan of one function.
struct ArenaPlan {
  ArenaPlanAttr arena;
  /// The function's arena views, in program order.
  SmallVector<ArenaSlice> slices;
};

/// The function's `#echo.arena_plan`, or null when it was not planned.
ArenaPlanAttr getArenaPlanAttr(Operation *fn);

/// The plan of `fn` with its slices; nullopt when it was not planned.
std::optional<ArenaPlan> getArenaPlan(Operation *fn);

/// Records a plan on `fn` and a slice on each view (echo-buffer-assign).
void setArenaPlan(Operation *fn, ArenaPlanAttr plan);
void setSlice(Operation *view, SliceAttr slice);

/// Checks `plan` against the slices of `fn`: each lies inside the arena at
/// its view's constant byte shift, the views of one slot share an offset,
/// and slots live at the same time do not overlap. Emits an error on `fn`.
LogicalResult verifyArenaPlan(Operation *fn, ArenaPlanAttr plan);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ARENAPLAN_H
