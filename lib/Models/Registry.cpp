//===- Registry.cpp - The list of models ----------------------------------===//

#include "ModelDefinitions.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::echo;

static const ModelInfo kModels[] = {
    {"mlp", "3-layer MLP on 784-wide inputs (tests, demo)",
     "batch,hidden", models::buildMLP},
    {"lstm-lm", "2-layer LSTM language model, unrolled (tests, demo)",
     "batch,seq-len,hidden,layers,vocab", models::buildLSTMLanguageModel},
};

llvm::ArrayRef<ModelInfo> mlir::echo::getModels() { return kModels; }

FailureOr<func::FuncOp> mlir::echo::buildModel(ModuleOp module, StringRef name,
                                               const ModelOptions &options,
                                               std::string &error) {
  for (const ModelInfo &info : getModels()) {
    if (name != info.name)
      continue;
    SmallVector<StringRef> accepted;
    StringRef(info.options).split(accepted, ',', -1, false);
    auto given = [&](StringRef option, const std::optional<int64_t> &v) {
      if (v && !llvm::is_contained(accepted, option)) {
        error = ("model '" + name + "' has no option --" + option +
                 " (it takes: " + info.options + ")").str();
        return false;
      }
      return true;
    };
    if (!given("batch", options.batch) || !given("seq-len", options.seqLen) ||
        !given("src-len", options.srcLen) || !given("tgt-len", options.tgtLen) ||
        !given("image-size", options.imageSize) ||
        !given("depth", options.depth) || !given("hidden", options.hidden) ||
        !given("layers", options.layers) || !given("vocab", options.vocab))
      return failure();
    std::string symbol = name.str();
    std::replace(symbol.begin(), symbol.end(), '-', '_');
    ModelBuilder builder(module, symbol);
    info.build(builder, options);
    return cast<func::FuncOp>(module.getBody()->back());
  }
  error = ("unknown model '" + name + "' (see echo-models --list)").str();
  return failure();
}
