//===- PlanPipeline.cpp - Tensor-level step -> planned step ---------------===//

#include "EchoDialect/Transforms/PlanPipeline.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

void mlir::echo::buildPlanPipeline(OpPassManager &pm, bool assignBuffers) {
  pm.addNestedPass<func::FuncOp>(createEchoAnnotateMemory());
  pm.addNestedPass<func::FuncOp>(createEchoInlineRecompute());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));

  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));

  if (assignBuffers)
    pm.addNestedPass<func::FuncOp>(createEchoBufferAssign());
}
