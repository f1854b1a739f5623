//===- LowerToCPU.h - The CPU pipeline and its building blocks -*- C++ -*-===//
//
// --echo-lower-to-cpu: a tensor-level echo module -> the LLVM dialect
// calling the runtime ABI: the plan pipeline (Transforms/PlanPipeline.h),
// bufferization into runtime calls (Conversion/EchoToRuntime.h), the
// passes on the lowered step (Transforms/MemRefPasses.h), and the standard
// path from memrefs to LLVM. echo-run runs it before JIT compilation; the
// CUDA pipeline (LowerToCUDA.h) shares buildPlannedToLLVMPipeline.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_PIPELINES_LOWERTOCPU_H
#define ECHODIALECT_PIPELINES_LOWERTOCPU_H

#include "EchoDialect/Core/MathMode.h"
#include "EchoDialect/Core/Options.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
class DialectRegistry;
namespace echo {

/// Registers everything the CPU pipeline needs (echo, func, arith, memref,
/// bufferization, LLVM, and the upstream bufferization models).
void registerLowerToCPUDialects(DialectRegistry &registry);

/// The description of every --grad-results option.
inline constexpr const char *kGradResultsDescription =
    "Where the step keeps the results that replace no argument (gradients, "
    "loss)";

/// The options of echo-lower-to-cpu.
struct LowerToCPUOptions : public PassPipelineOptions<LowerToCPUOptions> {
  PassOptions::Option<KernelSource> kernels{
      *this, "kernels",
      llvm::cl::desc("Who computes the light ops (elementwise, reductions, "
                     "softmax, ...)"),
      llvm::cl::init(KernelSource::Runtime), optionValues<KernelSource>()};
  PassOptions::Option<GradResults> gradResults{
      *this, "grad-results", llvm::cl::desc(kGradResultsDescription),
      llvm::cl::init(GradResults::OutParams), optionValues<GradResults>()};
  PassOptions::Option<EchoMathMode> math{
      *this, "math",
      llvm::cl::desc("Numerics the step asks of the runtime's heavy ops "
                     "(echo_step_set_math; the CPU backend computes IEEE "
                     "FP32 under every mode)"),
      llvm::cl::init(ECHO_MATH_IEEE), mathModeValues()};
  PassOptions::Option<int64_t> workspaceBudget{
      *this, "workspace-budget",
      llvm::cl::desc("Bytes of the planned workspace of each convolution "
                     "(echo-plan-workspaces); 0: the backend's own scratch"),
      llvm::cl::init(0)};
};

/// Tensor-level echo module -> LLVM dialect calling the runtime ABI, as
/// --echo-lower-to-cpu with `options`: where results that replace no
/// argument live (`gradResults`, PlanPipeline.h), who computes the light ops
/// (`kernels`), what the step asks of the runtime's heavy ops (`math`,
/// MathMode.h), the bytes of each planned workspace (`workspaceBudget`,
/// buildPlanPipelineWithWorkspaces). With `assignBuffers` false (for
/// comparisons against the plan) every temporary keeps its own allocation
/// and every result is an out-parameter.
void buildLowerToCPUPipeline(OpPassManager &pm,
                             const LowerToCPUOptions &options,
                             bool assignBuffers = true);

/// buildPlanPipeline (PlanPipeline.h) with, when `workspaceBudget` is not
/// 0, echo-plan-workspaces{budget=workspaceBudget} before buffer
/// assignment: every runtime call's workspace becomes a planned buffer of
/// that many bytes (a negative budget fails in the pass, with a message).
void buildPlanPipelineWithWorkspaces(
    OpPassManager &pm, bool assignBuffers, int64_t workspaceBudget,
    GradResults gradResults = GradResults::OutParams);

/// Where another target's passes go in buildPlannedToLLVMPipeline (the
/// CUDA pipeline, EchoToCUDA.h); each adds passes to the module-level `pm`.
struct PlannedToLLVMExtensions {
  /// After the buffers, their frees and the light ops' loops are final and
  /// before the context is threaded through: kernel formation.
  llvm::function_ref<void(OpPassManager &)> afterLightLoops;
  /// Before the final cast cleanup: conversions of other dialects left in
  /// host code (gpu-to-llvm).
  llvm::function_ref<void(OpPassManager &)> beforeReconcile;
  /// Dialects besides llvm and builtin the result may keep (the CUDA
  /// pipeline's gpu.binary); anything else left is an error
  /// (echo-check-lowered).
  ArrayRef<std::string> keptDialects;
  /// With generated kernels: fuse consecutive light-op loops
  /// (echo-fuse-light-loops).
  bool fuseLoops = true;
};

/// A step already planned by the training pipeline -> LLVM dialect.
void buildPlannedToLLVMPipeline(OpPassManager &pm,
                                KernelSource kernels = KernelSource::Runtime,
                                EchoMathMode math = ECHO_MATH_IEEE,
                                const PlannedToLLVMExtensions &extensions = {});


/// Registers the pipeline as --echo-lower-to-cpu (LowerToCPUOptions).
void registerLowerToCPUPipeline();

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_PIPELINES_LOWERTOCPU_H
