//===- Pipelines.cpp - The training and CPU lowering pipelines ------------===//
//
// Every pass, ours and upstream, is added through its typed constructor and
// options struct: no pipeline is assembled from text.
//
//   echo-training-pipeline: forward function (or training step)
//     -> [echo-autodiff] -> memory passes -> planned, bufferized step
//   echo-lower-to-cpu: tensor-level step -> planned step -> LLVM dialect
//     (kernels=generated: light ops as loops, echo-light-calls-to-loops)
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/EchoDialect.h"
#include "EchoDialect/Transforms/Passes.h"
#include "EchoDialect/Transforms/MemoryPipeline.h"
#include "EchoDialect/Transforms/PlanPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

/// Bufferized step -> LLVM dialect:
///  - free each remaining buffer (ownership-based), right after its last
///    use (the dynamic mode's buffers are not held to the step's end);
///  - number allocations so the runtime allocator can name them;
///  - thread the runtime context through the step: statuses, error
///    locations, allocation through the context's allocator;
///  - with generated kernels, replace the light ops' calls by loops, once
///    the buffers and their frees are final and before the calls get the
///    context;
///  - lower the rest (generic alloc functions are named so that an
///    allocation the runtime did not see fails to link instead of using
///    malloc; transcendental functions call libm, as the runtime does);
///  - fail, at its location, on any op nothing lowered.
void mlir::echo::buildPlannedToLLVMPipeline(
    OpPassManager &pm, KernelSource kernels, EchoMathMode math,
    const PlannedToLLVMExtensions &extensions) {
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addNestedPass<func::FuncOp>(createEchoFreeAfterLastUse());
  pm.addPass(createEchoAnnotateAllocSites());
  if (kernels == KernelSource::Generated)
    pm.addNestedPass<func::FuncOp>(createEchoLightCallsToLoops());
  if (extensions.afterLightLoops)
    extensions.afterLightLoops(pm);
  EchoRuntimeContextOptions context;
  context.math = math;
  pm.addPass(createEchoRuntimeContext(context));
  pm.addPass(createConvertMathToLibmPass());
  // Lowered front to back, every scf op would move the rest of the step.
  pm.addNestedPass<func::FuncOp>(createEchoSplitAfterRegions());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  memrefToLLVM.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  if (extensions.beforeReconcile)
    extensions.beforeReconcile(pm);
  pm.addPass(createReconcileUnrealizedCastsPass());
  EchoCheckLoweredOptions check;
  check.allowedDialects.assign(extensions.keptDialects.begin(),
                               extensions.keptDialects.end());
  pm.addPass(createEchoCheckLowered(check));
}

void mlir::echo::buildPlanPipelineWithWorkspaces(OpPassManager &pm,
                                                 bool assignBuffers,
                                                 int64_t workspaceBudget,
                                                 GradResults gradResults) {
  buildPlanPipeline(pm, assignBuffers, gradResults, [&](OpPassManager &pm) {
    if (workspaceBudget == 0)
      return;
    EchoPlanWorkspacesOptions workspaces;
    workspaces.budget = workspaceBudget;
    pm.addNestedPass<func::FuncOp>(createEchoPlanWorkspaces(workspaces));
  });
  // The lowering made a constant per call operand; merged here, not before
  // buffer assignment: its lifetimes count program points, and the plans
  // (compared on every shipped model) are those of the step with them.
  pm.addNestedPass<func::FuncOp>(createEchoDedupeCallOperands());
}

void mlir::echo::buildLowerToCPUPipeline(OpPassManager &pm, bool assignBuffers,
                                         KernelSource kernels,
                                         GradResults gradResults,
                                         EchoMathMode math,
                                         int64_t workspaceBudget) {
  buildPlanPipelineWithWorkspaces(pm, assignBuffers, workspaceBudget,
                                  gradResults);
  buildPlannedToLLVMPipeline(pm, kernels, math);
}

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
  if (options.budget.empty()) {
    buildMemoryPasses(pm, choice);
  } else {
    // The user's remat, gist and offload choices are replaced by the
    // fastest combination whose planned peak fits (echo-budget-plan).
    EchoBudgetPlanOptions plan;
    plan.budget = options.budget;
    plan.allowLossy = options.allowLossy;
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

void mlir::echo::registerLowerToCPUDialects(DialectRegistry &registry) {
  registry.insert<EchoDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  scf::SCFDialect,
                  bufferization::BufferizationDialect, func::FuncDialect,
                  LLVM::LLVMDialect, memref::MemRefDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  // Lets out-parameter conversion write results straight into the caller's
  // buffers instead of copying them there.
  memref::registerAllocationOpInterfaceExternalModels(registry);
}

void mlir::echo::registerLowerToCPUPipeline() {
  registerEchoConversionPasses();
  PassPipelineRegistration<LowerToCPUOptions>(
      "echo-lower-to-cpu",
      "Lower a tensor-level echo module to the LLVM dialect calling the "
      "runtime C ABI (memory plan, bufferization, out-params, LLVM); "
      "kernels=generated computes the light ops in generated loops",
      [](OpPassManager &pm, const LowerToCPUOptions &options) {
        buildLowerToCPUPipeline(pm, /*assignBuffers=*/true, options.kernels,
                                options.gradResults, options.math,
                                options.workspaceBudget);
      });
  PassPipelineRegistration<TrainingPipelineOptions>(
      "echo-training-pipeline",
      "Forward function or training step -> planned training step: "
      "autodiff (when needed), the memory passes (remat, gist), "
      "bufferization and liveness-based buffer assignment. With "
      "remat=none gist=none it is the Baseline.",
      buildTrainingPipeline);
}
