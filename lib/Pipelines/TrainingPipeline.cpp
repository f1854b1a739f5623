//===- TrainingPipeline.cpp - --echo-training-pipeline --------------------===//
//
// Forward function (or training step) -> [echo-autocast] -> [echo-autodiff]
// -> [echo-data-parallel] -> memory passes (or echo-budget-plan) -> planned,
// bufferized step. Every pass is added through its typed constructor and
// options struct.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Transforms/MemoryPipeline.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::echo::buildTrainingPipeline(OpPassManager &pm,
                                       const TrainingPipelineOptions &options) {
  if (options.autocast != AutocastType::None) {
    EchoAutocastOptions autocast;
    autocast.compute = options.autocast;
    pm.addNestedPass<func::FuncOp>(createEchoAutocast(autocast));
  }
  EchoAutodiffOptions autodiff;
  autodiff.skipExisting = true;
  autodiff.optimizer = options.optimizer;
  autodiff.learningRate = options.learningRate;
  autodiff.eagerUpdates = options.eagerUpdates;
  autodiff.lossScale = options.lossScale;
  autodiff.lossScaleInit = options.lossScaleInit;
  autodiff.lossScaleGrowthInterval = options.lossScaleGrowthInterval;
  autodiff.lossScaleGrowth = options.lossScaleGrowth;
  autodiff.lossScaleBackoff = options.lossScaleBackoff;
  pm.addPass(createEchoAutodiff(autodiff));
  // Collectives enter before the memory passes, which then plan their
  // buffers like any op's; ranks=1 without shard adds nothing (its
  // collectives would be copies).
  if (options.ranks != 1 || options.shard != ShardStage::None) {
    EchoDataParallelOptions dataParallel;
    dataParallel.ranks = options.ranks;
    dataParallel.shard = options.shard;
    dataParallel.syncBatchNorm = options.syncBatchNorm;
    dataParallel.bucketBytes = options.bucketBytes;
    pm.addNestedPass<func::FuncOp>(createEchoDataParallel(dataParallel));
  }
  MemoryChoice choice;
  choice.remat = options.remat;
  choice.gist = options.gist;
  choice.schedule = options.schedule;
  choice.offload = options.offload;
  choice.device = options.device;
  choice.simulate = options.simulate;
  choice.rematBudget = options.rematBudget;
  choice.rematTimeLimit = options.rematTimeLimit;
  choice.rematLayerStride = options.rematLayerStride;
  choice.rematSolverNodes = options.rematSolverNodes;
  if (!options.budget.getValue().isSet()) {
    buildMemoryPasses(pm, choice);
  } else {
    // The user's remat, gist and offload choices are replaced by the
    // fastest combination whose planned peak fits (echo-budget-plan).
    EchoBudgetPlanOptions plan;
    plan.budget = options.budget.getValue();
    plan.allowLossy = options.allowLossy;
    plan.mixSteps = options.budgetMixSteps;
    plan.schedule = options.schedule;
    plan.device = options.device;
    plan.gradResults = options.gradResults;
    plan.workspaceBudget = options.workspaceBudget;
    plan.rematTimeLimit = options.rematTimeLimit;
    plan.rematLayerStride = options.rematLayerStride;
    plan.rematSolverNodes = options.rematSolverNodes;
    plan.remarks = false; // the memory report prints the choice
    // Each candidate is planned by the passes that follow here.
    int64_t workspaceBudget = options.workspaceBudget;
    GradResults gradResults = options.gradResults;
    pm.addPass(createEchoBudgetPlan(plan, [=](OpPassManager &candidate) {
      buildPlanPipelineWithWorkspaces(candidate, /*assignBuffers=*/true,
                                      workspaceBudget, gradResults);
    }));
  }
  buildPlanPipelineWithWorkspaces(pm, /*assignBuffers=*/true,
                                  options.workspaceBudget, options.gradResults);
}

void mlir::echo::registerTrainingPipeline() {
  PassPipelineRegistration<TrainingPipelineOptions>(
      "echo-training-pipeline",
      "Forward function or training step -> planned training step: "
      "autodiff (when needed), the memory passes (remat, gist), "
      "bufferization and liveness-based buffer assignment. With "
      "remat=none gist=none it is the Baseline.",
      buildTrainingPipeline);
}
