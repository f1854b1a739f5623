//===- LowerToCPU.cpp - --echo-lower-to-cpu -------------------------------===//
//
// Every pass, ours and upstream, is added through its typed constructor and
// options struct: no pipeline is assembled from text.
//
//   echo-lower-to-cpu: tensor-level step -> planned step -> LLVM dialect
//     (kernels=generated: light ops as loops, echo-light-calls-to-loops)
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/Pipelines/LowerToCPU.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Transforms/Passes.h"
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
///    context, and fuse consecutive loops;
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
  if (kernels == KernelSource::Generated) {
    pm.addNestedPass<func::FuncOp>(createEchoLightCallsToLoops());
    if (extensions.fuseLoops)
      pm.addNestedPass<func::FuncOp>(createEchoFuseLightLoops());
  }
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

void mlir::echo::buildLowerToCPUPipeline(OpPassManager &pm,
                                         const LowerToCPUOptions &options,
                                         bool assignBuffers) {
  buildPlanPipelineWithWorkspaces(pm, assignBuffers, options.workspaceBudget,
                                  options.gradResults);
  buildPlannedToLLVMPipeline(pm, options.kernels, options.math);
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
  registerEchoMemRefPasses();
  PassPipelineRegistration<LowerToCPUOptions>(
      "echo-lower-to-cpu",
      "Lower a tensor-level echo module to the LLVM dialect calling the "
      "runtime C ABI (memory plan, bufferization, out-params, LLVM); "
      "kernels=generated computes the light ops in generated loops",
      [](OpPassManager &pm, const LowerToCPUOptions &options) {
        buildLowerToCPUPipeline(pm, options);
      });
}
