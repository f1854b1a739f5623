//===- PlanPipeline.cpp - Tensor-level step -> planned step ---------------===//

#include "EchoDialect/Transforms/PlanPipeline.h"

std::string mlir::echo::planPipelineText(bool assignBuffers) {
  std::string text =
      "func.func(echo-annotate-memory),"
      "func.func(echo-inline-recompute),"
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map},"
      "buffer-results-to-out-params{hoist-static-allocs modify-public-functions}";
  if (assignBuffers)
    text += ",func.func(echo-buffer-assign)";
  return text;
}
