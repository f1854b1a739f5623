//===- ModelCommandLine.h - The zoo's size options as flags ----*- C++ -*-===//
//
// The command-line flags of ModelOptions (--batch, --seq-len, ...), for the
// tools that build zoo models (echo-models, echo-fit): one declaration, so
// the tools accept the same spellings and the same ranges.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_MODELS_MODELCOMMANDLINE_H
#define ECHODIALECT_MODELS_MODELCOMMANDLINE_H

#include "EchoDialect/Models/Models.h"

#include "llvm/Support/CommandLine.h"

namespace mlir {
namespace echo {

/// Largest value of any size option: far above every published
/// configuration, and small enough that a model's loops over layers and time
/// steps and its size arithmetic stay finite (a huge --layers or --seq-len
/// would build for ever).
constexpr int64_t kMaxModelOptionValue = 65536;

/// The flags, registered in `category` when constructed (before
/// llvm::cl::ParseCommandLineOptions), read back as ModelOptions after.
class ModelCommandLine {
public:
  explicit ModelCommandLine(llvm::cl::OptionCategory &category);

  /// The options given. Fails with `error` set ("--batch must be
  /// positive") for a size outside [1, kMaxModelOptionValue] or a dropout
  /// outside [0, 1).
  FailureOr<ModelOptions> read(std::string &error) const;

  /// Whether --batch was given.
  bool batchGiven() const { return batch.getNumOccurrences() != 0; }

private:
  llvm::cl::opt<int64_t> batch, seqLen, srcLen, tgtLen, imageSize, depth,
      hidden, layers, vocab, heads;
  llvm::cl::opt<std::string> attention;
  llvm::cl::opt<double> dropout;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_MODELS_MODELCOMMANDLINE_H
