//===- PlanPipeline.h - Tensor-level step -> planned step ------*- C++ -*-===//
//
// The passes that turn a tensor-level step into a bufferized one with every
// temporary in one arena. Declared once: the training and CPU pipelines run
// it, and echo-schedule runs it on copies of the module to rank candidate
// op orders by the planner's own peak.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_TRANSFORMS_PLANPIPELINE_H
#define ECHODIALECT_TRANSFORMS_PLANPIPELINE_H

#include "EchoDialect/Core/Options.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace mlir {
class OpPassManager;
namespace func {
class FuncOp;
} // namespace func
namespace echo {

/// Adds to `pm` (anchored on builtin.module), through typed constructors:
///  - record memory categories and statistics while ops are still echo ops;
///  - execute recomputation regions in place;
///  - bufferize across function boundaries with identity layouts, so the
///    entry function takes plain row-major buffers;
///  - with `gradResults` Arena and `assignBuffers`, keep the results that
///    replace no argument in the arena (echo-arena-results);
///  - turn the other results into caller-allocated out-parameters;
///  - `beforeAssign`, when given, adds passes on the bufferized step that
///    create buffers the arena must hold (the lowerings' planned
///    workspaces, echo-plan-workspaces);
///  - with `assignBuffers`, place the temporaries in one arena.
/// Without `assignBuffers` there is no arena: every result is an
/// out-parameter whatever `gradResults` says.
void buildPlanPipeline(
    OpPassManager &pm, bool assignBuffers,
    GradResults gradResults = GradResults::OutParams,
    llvm::function_ref<void(OpPassManager &)> beforeAssign = {});

/// The memory report's planned_peak_bytes of a function buildPlanPipeline
/// planned: the persistent bytes recorded in echo.step_stats plus the
/// arena.
int64_t plannedPeakBytes(func::FuncOp fn);

/// The persistent bytes recorded in echo.step_stats (arguments and
/// results: weights, optimizer state, inputs, outputs), 0 without them.
int64_t persistentBytes(func::FuncOp fn);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_PLANPIPELINE_H
