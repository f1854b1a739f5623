//===- Models.h - The model zoo --------------------------------*- C++ -*-===//
//
// Forward functions of the models the papers measure, at their published
// configurations (sources in docs/models.md), built with ModelBuilder.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_MODELS_MODELS_H
#define ECHODIALECT_MODELS_MODELS_H

#include "EchoDialect/Models/ModelBuilder.h"

#include <optional>
#include <string>

namespace mlir {
namespace echo {

/// Size options; a model uses its own default for every option left unset
/// and rejects options it does not have.
struct ModelOptions {
  std::optional<int64_t> batch, seqLen, srcLen, tgtLen, imageSize, depth,
      hidden, layers, vocab, heads;
  /// Attention implementation of the transformer models ("fused" or
  /// "unfused"); each model validates the name.
  std::optional<std::string> attention;
  /// Dropout probability of the transformer models, in [0, 1).
  std::optional<double> dropout;

  /// `value` if set, else `fallback`.
  static int64_t get(const std::optional<int64_t> &value, int64_t fallback) {
    return value ? *value : fallback;
  }
};

struct ModelInfo {
  const char *name;
  const char *description;
  /// Options this model reads, e.g. "batch,seq-len,hidden".
  const char *options;
  /// Fails with ModelBuilder::optionError for options out of range.
  LogicalResult (*build)(ModelBuilder &, const ModelOptions &);
};

/// Every model, in the order `echo-models --list` prints them.
llvm::ArrayRef<ModelInfo> getModels();

/// Builds model `name` as function @`name` (dashes become underscores) at
/// the end of `module`. Fails with `error` set for an unknown model or an
/// option the model does not take.
FailureOr<func::FuncOp> buildModel(ModuleOp module, llvm::StringRef name,
                                   const ModelOptions &options,
                                   std::string &error);

/// Reorders the ops of `fn` (a single block) breadth-first: by their depth
/// in the dataflow graph, ties in the built order, as a framework that runs
/// every ready layer level by level would. No dependency is broken.
void orderBreadthFirst(func::FuncOp fn);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_MODELS_MODELS_H
