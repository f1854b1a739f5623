//===- PlanPipeline.cpp - Tensor-level step -> planned step ---------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/Transforms/PlanPipeline.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

void mlir::echo::buildPlanPipeline(
    OpPassManager &pm, bool assignBuffers, GradResults gradResults,
    llvm::function_ref<void(OpPassManager &)> beforeAssign) {
  pm.addNestedPass<func::FuncOp>(createEchoAnnotateMemory());
  // The kernels compute in f32: 16-bit ops become cast, f32 op, cast, before
  // bufferization, so the plan holds the f32 temporaries (the products with
  // 16-bit entries stay as they are). After the
  // annotation: the statistics (stashed bytes by op kind, FLOPs) are those
  // of the 16-bit step, and each stored 16-bit result keeps its category.
  pm.addNestedPass<func::FuncOp>(createEchoComputeInF32());
  pm.addNestedPass<func::FuncOp>(createEchoInlineRecompute());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // No echo op writes into an operand's buffer (each computes into fresh
  // buffers or views one), so the in-place analysis, a tenth of the
  // pipeline's time on NMT, could only confirm that nothing needs a copy.
  // Skipping it keeps that true by construction: an op that did write in
  // place would get a copy instead of a wrong result.
  bufferize.copyBeforeWrite = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));

  if (assignBuffers && gradResults == GradResults::Arena)
    pm.addPass(createEchoArenaResults());

  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));

  if (beforeAssign)
    beforeAssign(pm);
  if (assignBuffers) {
    // Eager updates wait where the live peak allows, next to each other:
    // fewer kernels, the same bound for the planner.
    pm.addNestedPass<func::FuncOp>(createEchoSinkUpdates());
    pm.addNestedPass<func::FuncOp>(createEchoBufferAssign());
  }
}

int64_t mlir::echo::persistentBytes(func::FuncOp fn) {
  int64_t bytes = 0;
  if (auto stats = fn->getAttrOfType<DictionaryAttr>(kStepStatsAttr))
    if (auto persistent = stats.getAs<DictionaryAttr>("persistent"))
      for (NamedAttribute entry : persistent)
        if (auto count = dyn_cast<IntegerAttr>(entry.getValue()))
          bytes += count.getInt();
  return bytes;
}

int64_t mlir::echo::plannedPeakBytes(func::FuncOp fn) {
  int64_t peak = persistentBytes(fn);
  if (ArenaPlanAttr arena = getArenaPlanAttr(fn))
    peak += arena.getBytes();
  return peak;
}
