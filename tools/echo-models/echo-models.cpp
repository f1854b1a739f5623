//===- echo-models.cpp - Print a model's forward function -----------------===//
//
//   echo-models --list
//   echo-models nmt --batch 128 > nmt.mlir
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Models/Models.h"

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
static cl::opt<int64_t> batch("batch", cl::desc("Batch size"), cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> seqLen("seq-len", cl::desc("Sequence length"),
                               cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> srcLen("src-len", cl::desc("Source sentence length"),
                               cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> tgtLen("tgt-len", cl::desc("Target sentence length"),
                               cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> imageSize("image-size", cl::desc("Image height/width"),
                                  cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> depth("depth", cl::desc("Network depth"), cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> hidden("hidden", cl::desc("Hidden size"), cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> layers("layers", cl::desc("Number of layers"),
                               cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> vocab("vocab", cl::desc("Vocabulary size"),
                              cl::init(-1), cl::cat(modelsCategory));
static cl::opt<int64_t> heads("heads", cl::desc("Attention heads"),
                              cl::init(-1), cl::cat(modelsCategory));
static cl::opt<std::string>
    attention("attention",
              cl::desc("Attention of the transformer models: fused "
                       "(echo.attention) or unfused (batch_matmul, softmax, "
                       "batch_matmul)"),
              cl::init(""), cl::cat(modelsCategory));
static cl::opt<double> dropout("dropout",
                               cl::desc("Dropout probability of the "
                                        "transformer models, in [0, 1)"),
                               cl::init(0), cl::cat(modelsCategory));

/// Largest value of any size option: far above every published
/// configuration, and small enough that a model's loops over layers and time
/// steps and its size arithmetic stay finite (a huge --layers or --seq-len
/// would build for ever).
constexpr int64_t kMaxOptionValue = 65536;

/// An option the user gave, which must be in [1, kMaxOptionValue].
static std::optional<int64_t> given(cl::opt<int64_t> &option) {
  if (!option.getNumOccurrences())
    return std::nullopt;
  if (option <= 0) {
    llvm::errs() << "echo-models: --" << option.ArgStr << " must be positive\n";
    std::exit(1);
  }
  if (option > kMaxOptionValue) {
    llvm::errs() << "echo-models: --" << option.ArgStr << " must be at most "
                 << kMaxOptionValue << ", got " << option.getValue() << "\n";
    std::exit(1);
  }
  return option.getValue();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
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
  echo::ModelOptions options;
  options.batch = given(batch);
  options.seqLen = given(seqLen);
  options.srcLen = given(srcLen);
  options.tgtLen = given(tgtLen);
  options.imageSize = given(imageSize);
  options.depth = given(depth);
  options.hidden = given(hidden);
  options.layers = given(layers);
  options.vocab = given(vocab);
  options.heads = given(heads);
  if (attention.getNumOccurrences())
    options.attention = attention.getValue();
  if (dropout.getNumOccurrences()) {
    // `!(x >= 0)` also refuses NaN.
    if (!(dropout >= 0.0) || !(dropout < 1.0)) {
      llvm::errs() << "echo-models: --dropout must be in [0, 1), got "
                   << dropout.getValue() << "\n";
      return 1;
    }
    options.dropout = dropout.getValue();
  }

  MLIRContext context;
  context.loadDialect<echo::EchoDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  std::string error;
  FailureOr<func::FuncOp> fn =
      echo::buildModel(*module, modelName, options, error);
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
