//===- EchoAttrNames.h - Names of echo's discardable attributes -*- C++ -*-===//
//
// Every `echo.*` attribute that passes, the lowering and echo-run attach to
// ops, functions and arguments, named once. (Inherent attributes are in
// ODS.)
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_ECHOATTRNAMES_H
#define ECHODIALECT_IR_ECHOATTRNAMES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

//--- Training steps (echo-autodiff) -------------------------------------------
/// On arguments: a parameter the step differentiates and updates.
constexpr llvm::StringLiteral kTrainableAttr = "echo.trainable";
/// On arguments: optimizer state (momentum, Adam moments, step count).
constexpr llvm::StringLiteral kOptimizerStateAttr = "echo.optimizer_state";
/// On results: the index of the argument this result replaces next step.
constexpr llvm::StringLiteral kUpdateOfAttr = "echo.update_of";
/// On the op that seeds the backward pass.
constexpr llvm::StringLiteral kLossSeedAttr = "echo.loss_seed";
/// On an echo.constant (importers): a batch-norm running statistic read by
/// an inference-form normalization; lifting it to an argument does not make
/// it trainable.
constexpr llvm::StringLiteral kRunningStatisticAttr = "echo.running_statistic";

//--- Memory categories and statistics (echo-annotate-memory) ------------------
/// Per op with results: the category of each result, an array of strings;
/// per allocation (bufferization) and arena view: the category, a string.
constexpr llvm::StringLiteral kCategoryAttr = "echo.category";
/// On allocations: the op whose result the buffer holds.
constexpr llvm::StringLiteral kAllocForAttr = "echo.alloc_for";
/// On functions: a dictionary of step statistics.
constexpr llvm::StringLiteral kStepStatsAttr = "echo.step_stats";

//--- Sparsity profile (echo-run --profile-sparsity, gist-encode) --------------
/// On a stash: the i64 profile site whose measured density is reported.
constexpr llvm::StringLiteral kProfileSiteAttr = "echo.profile_site";
/// On a relu / max_pool2d: the largest non-zero fraction its output had.
constexpr llvm::StringLiteral kDensityAttr = "echo.density";
/// On functions (gist-encode): per bound an SSDC map's storage relies on
/// (dense, profiled, asserted), the maps and their planned bytes.
constexpr llvm::StringLiteral kCsrBoundsAttr = "echo.csr_bounds";

//--- The memory plan (echo-buffer-assign, read by echo-memory-report) ---------
/// On functions: bytes of the arena, its lower bound, the placement used.
constexpr llvm::StringLiteral kArenaBytesAttr = "echo.arena_bytes";
constexpr llvm::StringLiteral kArenaLowerBoundAttr =
    "echo.arena_lower_bound_bytes";
constexpr llvm::StringLiteral kPlannerAttr = "echo.planner";
/// On each arena view: its offset, bytes, [first, last] program points and
/// slot (views sharing a slot reuse it in place).
constexpr llvm::StringLiteral kOffsetAttr = "echo.offset";
constexpr llvm::StringLiteral kBytesAttr = "echo.bytes";
constexpr llvm::StringLiteral kLifetimeAttr = "echo.lifetime";
constexpr llvm::StringLiteral kSlotAttr = "echo.slot";

//--- The lowering to the runtime ---------------------------------------------
/// On a module: per allocation site, "category|description".
constexpr llvm::StringLiteral kAllocSitesAttr = "echo.alloc_sites";
/// On each memref.alloc: its index in kAllocSitesAttr (i64).
constexpr llvm::StringLiteral kAllocSiteAttr = "echo.alloc_site";
/// On a func.call to a runtime entry: a DenseI64ArrayAttr of flattened
/// (input, output) positions, among the call's memref-typed operands, that
/// may alias. It is the call-level form of InPlaceOpInterface, set by the
/// lowering (annotateInPlaceCall) and read by echo-buffer-assign, which no
/// longer sees the echo op.
constexpr llvm::StringLiteral kInPlaceCallAttr = "echo.in_place";

/// On a function: echo-simulate's estimate of the step on a device profile
/// (a dictionary of seconds: step, compute, transfer, overlapped, ...).
constexpr llvm::StringLiteral kSimulatedStepAttr = "echo.simulated_step";

/// On a function: echo-budget-plan's choice (a dictionary: the budget, the
/// remat, gist and offload kept, its planned peak and simulated seconds,
/// the candidates planned and those that fit, the Baseline's figures).
constexpr llvm::StringLiteral kBudgetPlanAttr = "echo.budget_plan";

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ECHOATTRNAMES_H
