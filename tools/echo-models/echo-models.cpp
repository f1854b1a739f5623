//===- echo-models.cpp - Print a model's forward function -----------------===//
//
//   echo-models --list
//   echo-models nmt --batch 128 > nmt.mlir
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Models/ModelCommandLine.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory modelsCategory("echo-models options");

static cl::opt<std::string> modelName(cl::Positional, cl::desc("<model>"),
                                      cl::init(""), cl::cat(modelsCategory));
static cl::opt<bool> list("list", cl::desc("List the models and their options"), cl::cat(modelsCategory));
static cl::opt<bool> debugInfo("debug-info",
                               cl::desc("Print locations (layer names)"), cl::cat(modelsCategory));

/// The op order printed: the builders' (branch by branch), or breadth-first.
enum class OpOrder { AsBuilt, BreadthFirst };
static cl::opt<OpOrder> opOrder(
    "order", cl::desc("Op order of the printed function"),
    cl::values(clEnumValN(OpOrder::AsBuilt, "as-built",
                          "each branch of a fork in turn (default)"),
               clEnumValN(OpOrder::BreadthFirst, "breadth-first",
                          "by depth in the dataflow graph, as a framework "
                          "running every ready layer would")),
    cl::init(OpOrder::AsBuilt), cl::cat(modelsCategory));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  echo::ModelCommandLine sizes(modelsCategory);
  // --help shows the models' options, not LLVM's code generation flags.
  cl::HideUnrelatedOptions(modelsCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "echo-models: print a model's forward function "
                              "as echo-dialect MLIR\n");
  if (list) {
    for (const echo::ModelInfo &m : echo::getModels())
      llvm::outs() << llvm::format("%-14s %s\n%14s options: %s\n", m.name,
                                   m.description, "", m.options);
    return 0;
  }
  if (modelName.empty()) {
    llvm::errs() << "echo-models: name a model (see --list)\n";
    return 1;
  }
  std::string error;
  FailureOr<echo::ModelOptions> options = sizes.read(error);
  if (failed(options)) {
    llvm::errs() << "echo-models: " << error << "\n";
    return 1;
  }

  MLIRContext context;
  context.loadDialect<echo::EchoDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  FailureOr<func::FuncOp> fn =
      echo::buildModel(*module, modelName, *options, error);
  if (failed(fn)) {
    llvm::errs() << "echo-models: " << error << "\n";
    return 1;
  }
  if (opOrder == OpOrder::BreadthFirst)
    echo::orderBreadthFirst(*fn);
  if (failed(verify(*module))) {
    llvm::errs() << "echo-models: model '" << modelName
                 << "' does not verify (a bug in its definition)\n";
    return 1;
  }
  OpPrintingFlags flags;
  if (debugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(llvm::outs(), flags);
  llvm::outs() << "\n";
  return 0;
}
