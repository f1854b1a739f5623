//===- my-train-opt.cpp - A downstream compiler's opt tool ----------------===//
//
// What a compiler that embeds echo-mlir does: registers the echo dialect,
// echo's passes and pipelines, its own op (my.square, MyOps.td) and its own
// pass, and composes them into its own pipelines:
//   --my-train-pipeline  echo's training pipeline (with echo's typed
//                        options, given on the command line as for
//                        echo-opt), then a pass that reads the memory plan
//                        echo wrote on the IR;
//   --my-lower-to-cpu    echo's training pipeline, then echo's lowering of
//                        the planned step to the LLVM dialect, with a hook
//                        that lowers what my.square bufferized to.
// my.square implements echo's interfaces (autodiff, cost) in MyOps.td and
// bufferizes, through the model below, to a linalg op on buffers.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"
#ifdef MY_TRAIN_WITH_CUDA
#include "EchoDialect/Pipelines/LowerToCUDA.h"
#endif

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "MyDialect.h.inc"
#define GET_OP_CLASSES
#include "MyOps.h.inc"

using namespace mlir;

//===----------------------------------------------------------------------===//
// my.square
//===----------------------------------------------------------------------===//

#include "MyDialect.cpp.inc"
#define GET_OP_CLASSES
#include "MyOps.cpp.inc"

void my::MyDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "MyOps.cpp.inc"
      >();
}

/// One multiply per element (CostOpInterface): light, so recomputable.
int64_t my::SquareOp::getFlops() {
  return cast<ShapedType>(getType()).getNumElements();
}

/// d(x*x) = 2 * x * dy, built from echo ops; it reads x, so echo stashes
/// (or recomputes) the square's input.
LogicalResult my::SquareOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                          SmallVectorImpl<Value> &operandGrads) {
  Value dy = resultGrads[0];
  if (!dy) {
    operandGrads.push_back(Value());
    return success();
  }
  Location loc = getLoc();
  Value dyX = echo::MulOp::create(b, loc, dy.getType(), dy, getInput());
  operandGrads.push_back(echo::AddOp::create(b, loc, dy.getType(), dyX, dyX));
  return success();
}

namespace {

/// my.square bufferizes to a buffer of its own (which echo's planner places
/// in the arena, like every temporary) written by linalg.mul; the
/// --my-lower-to-cpu hook turns that into loops.
struct SquareOpBufferization
    : bufferization::BufferizableOpInterface::ExternalModel<
          SquareOpBufferization, my::SquareOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const bufferization::AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const bufferization::AnalysisState &) const {
    return false;
  }
  bufferization::AliasingValueList
  getAliasingValues(Operation *, OpOperand &,
                    const bufferization::AnalysisState &) const {
    return {};
  }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const bufferization::BufferizationOptions &options,
                          bufferization::BufferizationState &state) const {
    auto square = cast<my::SquareOp>(op);
    FailureOr<Value> input =
        bufferization::getBuffer(rewriter, square.getInput(), options, state);
    if (failed(input))
      return failure();
    auto type = cast<RankedTensorType>(square.getType());
    auto alloc = memref::AllocOp::create(
        rewriter, op->getLoc(),
        MemRefType::get(type.getShape(), type.getElementType()));
    alloc.setAlignment(64);
    // The memory category echo-annotate-memory gave the result, as echo's
    // own models carry it to their buffers.
    Attribute category =
        echo::getCategoryAttr(op->getContext(), echo::kCategoryImmediate);
    if (auto categories = op->getAttrOfType<ArrayAttr>(echo::kCategoryAttr))
      if (!categories.empty() && isa<echo::MemoryCategoryAttr>(categories[0]))
        category = categories[0];
    alloc->setAttr(echo::kCategoryAttr, category);
    alloc->setAttr(echo::kAllocForAttr, op->getName().getIdentifier());
    linalg::MulOp::create(rewriter, op->getLoc(), ValueRange{*input, *input},
                          ValueRange{alloc});
    bufferization::replaceOpWithBufferizedValues(rewriter, op,
                                                 alloc.getResult());
    return success();
  }
};

/// This compiler's own pass: after echo planned the training step, tell the
/// user how large an arena each planned function needs (a real compiler
/// would size its device allocation from the #echo.arena_plan).
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
      echo::ArenaPlanAttr plan = echo::getArenaPlanAttr(fn);
      if (!plan)
        continue;
      planned = true;
      fn.emitRemark() << "my-train: @" << fn.getSymName()
                      << " needs an arena of " << plan.getBytes() << " bytes";
    }
    if (!planned) {
      getOperation().emitError(
          "my-arena-remarks: no function has a memory plan");
      signalPassFailure();
    }
  }
};

} // namespace

/// Lowers what my.square bufferized to (linalg on buffers) to loops, once
/// echo's buffers are final: the afterLightLoops hook of echo's lowering.
static void lowerMyOps(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
}

int main(int argc, char **argv) {
  // echo's pipelines are assembled partly from upstream pass names
  // (one-shot-bufferize, ...), so upstream's passes are registered too.
  registerAllPasses();
  echo::registerEchoTransformsPasses();
  echo::registerLowerToCPUPipeline();
  echo::registerTrainingPipeline();
#ifdef MY_TRAIN_WITH_CUDA
  echo::registerLowerToCUDAPipeline();
#endif
  PassRegistration<ArenaRemarksPass>();
  PassPipelineRegistration<echo::TrainingPipelineOptions>(
      "my-train-pipeline",
      "echo's training pipeline, then this compiler's arena remarks",
      [](OpPassManager &pm, const echo::TrainingPipelineOptions &options) {
        echo::buildTrainingPipeline(pm, options);
        pm.addPass(std::make_unique<ArenaRemarksPass>());
      });
  PassPipelineRegistration<echo::TrainingPipelineOptions>(
      "my-lower-to-cpu",
      "echo's training pipeline, then echo's lowering of the planned step "
      "to the LLVM dialect (my.square's loops by this compiler's hook)",
      [](OpPassManager &pm, const echo::TrainingPipelineOptions &options) {
        echo::buildTrainingPipeline(pm, options);
        echo::PlannedToLLVMExtensions extensions;
        extensions.afterLightLoops = lowerMyOps;
        echo::buildPlannedToLLVMPipeline(pm, echo::KernelSource::Runtime,
                                         ECHO_MATH_IEEE, extensions);
      });

  DialectRegistry registry;
  // echo, the dialects its pipeline lowers through, and the bufferization
  // models of the echo ops.
  echo::registerLowerToCPUDialects(registry);
  registry.insert<my::MyDialect, linalg::LinalgDialect>();
  // my.square's bufferization model, attached when the dialect loads.
  registry.addExtension(+[](MLIRContext *context, my::MyDialect *) {
    my::SquareOp::attachInterface<SquareOpBufferization>(*context);
  });
#ifdef MY_TRAIN_WITH_CUDA
  echo::registerLowerToCUDADialects(registry);
#endif
  return asMainReturnCode(
      MlirOptMain(argc, argv, "my-train-opt: echo-mlir inside a downstream "
                              "compiler\n",
                  registry));
}
