//===- Pipelines.cpp - The training and CPU lowering pipelines ------------===//
//
// Each step is an upstream or echo pass; the text form keeps their options
// readable.
//
//   echo-training-pipeline: forward function (or training step)
//     -> [echo-autodiff] -> memory passes -> planned, bufferized step
//   echo-lower-to-cpu: tensor-level step -> planned step -> LLVM dialect
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/EchoDialect.h"
#include "EchoDialect/Transforms/Passes.h"

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
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

/// Tensor-level step -> bufferized step, every temporary in one arena:
///  - record memory categories and statistics while ops are still echo ops;
///  - execute recomputation regions in place;
///  - bufferize across function boundaries with identity layouts, so the
///    entry function takes plain row-major buffers;
///  - turn results into caller-allocated out-parameters;
///  - place the temporaries in one arena (liveness-based).
static std::string planPipeline(bool assignBuffers) {
  std::string text =
      "func.func(echo-annotate-memory),"
      "func.func(echo-inline-recompute),"
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map},"
      "buffer-results-to-out-params{hoist-static-allocs modify-public-functions}";
  if (assignBuffers)
    text += ",func.func(echo-buffer-assign)";
  return text;
}

/// Bufferized step -> LLVM dialect:
///  - free each remaining buffer after its last use (ownership-based);
///  - number allocations so the runtime allocator can name them;
///  - thread the runtime context through the step: statuses, error
///    locations, allocation through the context's allocator;
///  - lower the rest (generic alloc functions are named so that an
///    allocation the runtime did not see fails to link instead of using
///    malloc).
static constexpr const char *kLowerToLLVM =
    "buffer-deallocation-pipeline,"
    "convert-bufferization-to-memref,"
    "echo-annotate-alloc-sites,"
    "echo-runtime-context,"
    "convert-scf-to-cf,"
    "expand-strided-metadata,"
    "finalize-memref-to-llvm{use-generic-functions use-aligned-alloc},"
    "convert-arith-to-llvm,"
    "convert-func-to-llvm,"
    "convert-cf-to-llvm,"
    "reconcile-unrealized-casts";

/// The pipeline texts are constants of this file: failing to parse one is a
/// programming error that every lowering test would catch.
static void addPipeline(OpPassManager &pm, StringRef text) {
  if (failed(parsePassPipeline(text, pm, llvm::errs())))
    llvm::report_fatal_error("echo: invalid built-in pipeline text");
}

void mlir::echo::buildLowerToCPUPipeline(OpPassManager &pm, bool assignBuffers) {
  addPipeline(pm, planPipeline(assignBuffers));
  addPipeline(pm, kLowerToLLVM);
}

void mlir::echo::buildPlannedToLLVMPipeline(OpPassManager &pm) {
  addPipeline(pm, kLowerToLLVM);
}

namespace {
/// Stands in for a pipeline that cannot be built: reports why on the module
/// and fails, so the driver exits with a located diagnostic.
struct PipelineErrorPass
    : PassWrapper<PipelineErrorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineErrorPass)
  explicit PipelineErrorPass(std::string message) : message(std::move(message)) {}
  StringRef getArgument() const final { return "echo-pipeline-error"; }
  void runOnOperation() override {
    getOperation().emitError(message);
    signalPassFailure();
  }
  std::string message;
};
} // namespace

LogicalResult
mlir::echo::buildTrainingPipeline(OpPassManager &pm,
                                  const TrainingPipelineOptions &options) {
  auto reject = [&](const std::string &message) {
    pm.addPass(std::make_unique<PipelineErrorPass>(message));
    return failure();
  };
  if (options.remat != "none" && options.remat != "echo" &&
      options.remat != "mirror")
    return reject("echo-training-pipeline: unknown remat=" + options.remat +
                  " (expected none, mirror or echo)");
  if (options.gist != "none" && options.gist != "lossless" &&
      options.gist != "fp16" && options.gist != "fp10" && options.gist != "fp8")
    return reject("echo-training-pipeline: unknown gist=" + options.gist +
                  " (expected none, lossless, fp16, fp10 or fp8)");
  addPipeline(pm, llvm::formatv("echo-autodiff{{skip-existing optimizer={0} "
                                "lr={1}}",
                                options.optimizer, options.learningRate)
                      .str());
  if (options.remat != "none")
    addPipeline(pm, llvm::formatv("func.func(echo-remat{{policy={0} gist={1}})",
                                  options.remat, options.gist)
                        .str());
  // Gist encodes what recomputation leaves stashed.
  if (options.gist != "none")
    addPipeline(pm, llvm::formatv("func.func(gist-encode{{dpr={0}})",
                                  options.gist == "lossless" ? "none"
                                                             : options.gist)
                        .str());
  addPipeline(pm, planPipeline(/*assignBuffers=*/true));
  return success();
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

namespace {
struct TrainingPipelineCLOptions
    : public PassPipelineOptions<TrainingPipelineCLOptions> {
  Option<std::string> remat{*this, "remat",
                            llvm::cl::desc("none | mirror | echo"),
                            llvm::cl::init("none")};
  Option<std::string> gist{*this, "gist",
                           llvm::cl::desc("none | lossless | fp16 | fp10 | fp8"),
                           llvm::cl::init("none")};
  Option<std::string> optimizer{
      *this, "optimizer",
      llvm::cl::desc("Update applied when differentiating a forward function: "
                     "none | sgd | momentum | adam"),
      llvm::cl::init("none")};
  Option<double> lr{*this, "lr", llvm::cl::desc("Learning rate"),
                    llvm::cl::init(0.01)};
};
} // namespace

void mlir::echo::registerLowerToCPUPipeline() {
  registerEchoConversionPasses();
  PassPipelineRegistration<>(
      "echo-lower-to-cpu",
      "Lower a tensor-level echo module to the LLVM dialect calling the "
      "runtime C ABI (memory plan, bufferization, out-params, LLVM)",
      [](OpPassManager &pm) { buildLowerToCPUPipeline(pm); });
  PassPipelineRegistration<TrainingPipelineCLOptions>(
      "echo-training-pipeline",
      "Forward function or training step -> planned training step: "
      "autodiff (when needed), the memory passes (remat, gist), "
      "bufferization and liveness-based buffer assignment. With "
      "remat=none gist=none it is the Baseline.",
      [](OpPassManager &pm, const TrainingPipelineCLOptions &cl) {
        TrainingPipelineOptions options;
        options.remat = cl.remat;
        options.gist = cl.gist;
        options.optimizer = cl.optimizer;
        options.learningRate = cl.lr;
        // An unavailable policy becomes a pass that reports it and fails.
        (void)buildTrainingPipeline(pm, options);
      });
}
