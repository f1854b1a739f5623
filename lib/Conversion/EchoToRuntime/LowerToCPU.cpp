//===- LowerToCPU.cpp - The --echo-lower-to-cpu pipeline ------------------===//

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
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

// Each step is an upstream pass; the text form keeps their options readable.
//  - inline recomputation regions: all memory decisions are made by now;
//  - bufferize across function boundaries with identity layouts, so the
//    entry function takes plain row-major buffers;
//  - results become caller-allocated out-parameters (echo-run owns them);
//  - deallocate each buffer after its last use (ownership-based);
//  - number the allocations so the runtime can name them;
//  - lower memrefs with generic alloc/free functions, which the runtime's
//    counting allocator implements.
static constexpr const char *kPipeline =
    "func.func(echo-inline-recompute),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{hoist-static-allocs modify-public-functions},"
    "buffer-deallocation-pipeline,"
    "convert-bufferization-to-memref,"
    "echo-annotate-alloc-sites,"
    "expand-strided-metadata,"
    "finalize-memref-to-llvm{use-generic-functions},"
    "convert-arith-to-llvm,"
    "convert-func-to-llvm,"
    "convert-cf-to-llvm,"
    "reconcile-unrealized-casts";

void mlir::echo::buildLowerToCPUPipeline(OpPassManager &pm) {
  // The pipeline text is a constant of this file: failing to parse it is a
  // programming error caught by every test that lowers anything.
  if (failed(parsePassPipeline(kPipeline, pm, llvm::errs())))
    llvm::report_fatal_error("echo-lower-to-cpu: invalid pipeline text");
}

void mlir::echo::registerLowerToCPUDialects(DialectRegistry &registry) {
  registry.insert<EchoDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  bufferization::BufferizationDialect, func::FuncDialect,
                  LLVM::LLVMDialect, memref::MemRefDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
}

void mlir::echo::registerLowerToCPUPipeline() {
  registerEchoConversionPasses();
  PassPipelineRegistration<>(
      "echo-lower-to-cpu",
      "Lower a tensor-level echo module to the LLVM dialect calling the "
      "runtime C ABI (bufferization, out-params, deallocation, LLVM)",
      buildLowerToCPUPipeline);
}
