//===- ModelCommandLine.cpp - The zoo's size options as flags -------------===//

#include "EchoDialect/Models/ModelCommandLine.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::echo;
namespace cl = llvm::cl;

ModelCommandLine::ModelCommandLine(cl::OptionCategory &category)
    : batch("batch", cl::desc("Batch size"), cl::init(-1), cl::cat(category)),
      seqLen("seq-len", cl::desc("Sequence length"), cl::init(-1),
             cl::cat(category)),
      srcLen("src-len", cl::desc("Source sentence length"), cl::init(-1),
             cl::cat(category)),
      tgtLen("tgt-len", cl::desc("Target sentence length"), cl::init(-1),
             cl::cat(category)),
      imageSize("image-size", cl::desc("Image height/width"), cl::init(-1),
                cl::cat(category)),
      depth("depth", cl::desc("Network depth"), cl::init(-1),
            cl::cat(category)),
      hidden("hidden", cl::desc("Hidden size"), cl::init(-1),
             cl::cat(category)),
      layers("layers", cl::desc("Number of layers"), cl::init(-1),
             cl::cat(category)),
      vocab("vocab", cl::desc("Vocabulary size"), cl::init(-1),
            cl::cat(category)),
      heads("heads", cl::desc("Attention heads"), cl::init(-1),
            cl::cat(category)),
      attention("attention",
                cl::desc("Attention of the transformer models: fused "
                         "(echo.attention) or unfused (batch_matmul, "
                         "softmax, batch_matmul)"),
                cl::init(""), cl::cat(category)),
      dropout("dropout",
              cl::desc("Dropout probability of the transformer models, in "
                       "[0, 1)"),
              cl::init(0), cl::cat(category)) {}

FailureOr<ModelOptions> ModelCommandLine::read(std::string &error) const {
  ModelOptions options;
  // An option the user gave must be in [1, kMaxModelOptionValue].
  auto given = [&](const cl::opt<int64_t> &option,
                   std::optional<int64_t> &into) -> LogicalResult {
    if (!option.getNumOccurrences())
      return success();
    if (option <= 0) {
      error = ("--" + option.ArgStr + " must be positive").str();
      return failure();
    }
    if (option > kMaxModelOptionValue) {
      error = ("--" + option.ArgStr + " must be at most " +
               llvm::Twine(kMaxModelOptionValue) + ", got " +
               llvm::Twine(option.getValue()))
                  .str();
      return failure();
    }
    into = option.getValue();
    return success();
  };
  if (failed(given(batch, options.batch)) ||
      failed(given(seqLen, options.seqLen)) ||
      failed(given(srcLen, options.srcLen)) ||
      failed(given(tgtLen, options.tgtLen)) ||
      failed(given(imageSize, options.imageSize)) ||
      failed(given(depth, options.depth)) ||
      failed(given(hidden, options.hidden)) ||
      failed(given(layers, options.layers)) ||
      failed(given(vocab, options.vocab)) ||
      failed(given(heads, options.heads)))
    return failure();
  if (attention.getNumOccurrences())
    options.attention = attention.getValue();
  if (dropout.getNumOccurrences()) {
    // `!(x >= 0)` also refuses NaN.
    if (!(dropout >= 0.0) || !(dropout < 1.0)) {
      llvm::raw_string_ostream os(error);
      os << "--dropout must be in [0, 1), got " << dropout.getValue();
      return failure();
    }
    options.dropout = dropout.getValue();
  }
  return options;
}
