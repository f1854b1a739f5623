//===- my-train-opt.cpp - A downstream compiler's opt tool ----------------===//
//
// What a compiler that embeds echo-mlir does: registers the echo dialect,
// echo's passes and pipelines, and its own pass, and composes them into its
// own pipeline, --my-train-pipeline: echo's training pipeline (with echo's
// typed options, given on the command line as for echo-opt) followed by a
// pass that reads the memory plan echo wrote on the IR.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/EchoAttrNames.h"
#include "EchoDialect/EchoDialect.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

namespace {

/// This compiler's own pass: after echo planned the training step, tell the
/// user how large an arena each planned function needs (a real compiler
/// would size its device allocation from echo.arena_bytes).
struct ArenaRemarksPass
    : public PassWrapper<ArenaRemarksPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ArenaRemarksPass)

  StringRef getArgument() const override { return "my-arena-remarks"; }
  StringRef getDescription() const override {
    return "Remark the arena size echo planned for each function";
  }

  void runOnOperation() override {
    bool planned = false;
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      auto bytes = fn->getAttrOfType<IntegerAttr>(echo::kArenaBytesAttr);
      if (!bytes)
        continue;
      planned = true;
      fn.emitRemark() << "my-train: @" << fn.getSymName()
                      << " needs an arena of " << bytes.getInt() << " bytes";
    }
    if (!planned) {
      getOperation().emitError(
          "my-arena-remarks: no function has a memory plan");
      signalPassFailure();
    }
  }
};

} // namespace

int main(int argc, char **argv) {
  // echo's pipelines are assembled partly from upstream pass names
  // (one-shot-bufferize, ...), so upstream's passes are registered too.
  registerAllPasses();
  echo::registerEchoTransformsPasses();
  echo::registerLowerToCPUPipeline();
  PassRegistration<ArenaRemarksPass>();
  PassPipelineRegistration<echo::TrainingPipelineOptions>(
      "my-train-pipeline",
      "echo's training pipeline, then this compiler's arena remarks",
      [](OpPassManager &pm, const echo::TrainingPipelineOptions &options) {
        echo::buildTrainingPipeline(pm, options);
        pm.addPass(std::make_unique<ArenaRemarksPass>());
      });

  DialectRegistry registry;
  // echo, the dialects its pipeline lowers through, and the bufferization
  // models of the echo ops.
  echo::registerLowerToCPUDialects(registry);
  return asMainReturnCode(
      MlirOptMain(argc, argv, "my-train-opt: echo-mlir inside a downstream "
                              "compiler\n",
                  registry));
}
