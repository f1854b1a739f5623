//===- echo-opt.cpp - The echo-mlir optimizer driver ----------------------===//
//
// mlir-opt with the echo dialect, the upstream dialects a training pipeline
// lowers through, and every upstream and echo pass.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/InitAllEcho.h"
#include "EchoDialect/Core/Progress.h"
#include "EchoTest/TestDialect.h"
#include "EchoTest/TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

/// Sets --mlir-print-assume-verified (registered by the printer, which
/// reads it when the output is printed) unless the command line set it.
static void assumeVerifiedOnPrinting() {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-print-assume-verified");
  if (it == options.end())
    return;
  auto *flag = static_cast<llvm::cl::opt<bool> *>(it->second);
  if (flag->getNumOccurrences() == 0)
    flag->setValue(true);
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::echo::registerAllEchoPasses();
  // --progress / --no-progress: long passes (echo-remat policy=optimal)
  // report on stderr, by default only to a terminal.
  mlir::echo::registerProgressCLOptions();
  mlir::echo::test::registerTestPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::echo::EchoDialect, mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::linalg::LinalgDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, mlir::tosa::TosaDialect>();
  mlir::echo::registerAllEchoDialects(registry);
  // A downstream dialect for tests: its ops reach echo's passes only
  // through echo's interfaces.
  registry.insert<mlir::echo::test::EchoTestDialect>();

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "echo-mlir optimizer driver\n", registry);
  // The parser verifies the module and the pass manager verifies it again
  // after every pass that changes it, so what is printed has passed the
  // verifier already. The printer would verify the whole output once more
  // (about 5% of a planned NMT step's compile time); unless a check was
  // turned off, it may assume the result of the last one.
  auto config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldVerifyPasses() && config.shouldVerifyOnParsing())
    assumeVerifiedOnPrinting();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, inputFilename, outputFilename, registry));
}
