//===- MemoryCategories.h - Names shared by the memory passes --*- C++ -*-===//
//
// The memory categories that echo-annotate-memory, bufferization,
// echo-buffer-assign and echo-memory-report pass between each other through
// the IR (attribute names: EchoAttrNames.h).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H
#define ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H

#include "EchoDialect/EchoAttrNames.h"

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

// Categories, as the memory report names them.
constexpr llvm::StringLiteral kCategoryWeights = "weights";
constexpr llvm::StringLiteral kCategoryWeightGradients = "weight_gradients";
constexpr llvm::StringLiteral kCategoryOptimizerState = "optimizer_state";
constexpr llvm::StringLiteral kCategoryInputs = "inputs";
constexpr llvm::StringLiteral kCategoryStashed = "stashed";
constexpr llvm::StringLiteral kCategoryEncoded = "encoded";
constexpr llvm::StringLiteral kCategoryImmediate = "immediate";
constexpr llvm::StringLiteral kCategoryGradientMaps = "gradient_maps";
constexpr llvm::StringLiteral kCategoryWorkspace = "workspace";
constexpr llvm::StringLiteral kCategoryHost = "host";
/// The one allocation echo-buffer-assign places every temporary in.
constexpr llvm::StringLiteral kCategoryArena = "arena";

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H
