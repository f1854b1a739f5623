//===- MemoryCategories.h - Names shared by the memory passes --*- C++ -*-===//
//
// The attribute names and memory categories that echo-annotate-memory,
// bufferization, echo-buffer-assign and echo-memory-report pass between
// each other through the IR.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H
#define ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

// Argument and result attributes set by echo-autodiff.
constexpr llvm::StringLiteral kTrainableAttr = "echo.trainable";
constexpr llvm::StringLiteral kOptimizerStateAttr = "echo.optimizer_state";
constexpr llvm::StringLiteral kUpdateOfAttr = "echo.update_of";
/// On the op that seeds the backward pass.
constexpr llvm::StringLiteral kLossSeedAttr = "echo.loss_seed";

/// Per op with results (echo-annotate-memory), then per allocation
/// (bufferization) and per arena view (echo-buffer-assign): the category of
/// each result buffer, an array with one string per result.
constexpr llvm::StringLiteral kCategoryAttr = "echo.category";
/// On allocations: the op whose result the buffer holds.
constexpr llvm::StringLiteral kAllocForAttr = "echo.alloc_for";
/// On functions (echo-annotate-memory): a dictionary of step statistics.
constexpr llvm::StringLiteral kStepStatsAttr = "echo.step_stats";

/// On a stash (echo-annotate-profile-sites): the i64 profile site whose
/// measured density echo-run --profile-sparsity reports.
constexpr llvm::StringLiteral kProfileSiteAttr = "echo.profile_site";
/// On a relu / max_pool2d (echo-run --profile-sparsity, read by
/// gist-encode): the largest non-zero fraction its output had, an f64.
constexpr llvm::StringLiteral kDensityAttr = "echo.density";

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

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_MEMORYCATEGORIES_H
