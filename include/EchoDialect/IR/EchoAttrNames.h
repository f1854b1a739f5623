//===- EchoAttrNames.h - Names of echo's discardable attributes -*- C++ -*-===//
//
// Short names for the `echo.*` attributes that passes, the lowering and
// echo-run attach to ops, functions and arguments. Each is declared once,
// with its type, in the dialect's `discardableAttrs` (EchoDialect.td), which
// also generates typed helpers (EchoDialect::get<Name>AttrHelper()); the
// dialect checks them wherever they appear (EchoAttrVerifier.cpp).
// (Inherent attributes are in ODS.)
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_ECHOATTRNAMES_H
#define ECHODIALECT_IR_ECHOATTRNAMES_H

#include "EchoDialect/IR/EchoDialect.h"

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

#define ECHO_ATTR_NAME(Constant, Helper)                                       \
  constexpr llvm::StringLiteral Constant = EchoDialect::Helper::getNameStr();

//--- Training steps (echo-autodiff) -------------------------------------------
ECHO_ATTR_NAME(kTrainableAttr, TrainableAttrHelper)
ECHO_ATTR_NAME(kOptimizerStateAttr, OptimizerStateAttrHelper)
ECHO_ATTR_NAME(kUpdateOfAttr, UpdateOfAttrHelper)
ECHO_ATTR_NAME(kLossSeedAttr, LossSeedAttrHelper)
ECHO_ATTR_NAME(kRunningStatisticAttr, RunningStatisticAttrHelper)

//--- Memory categories and statistics (echo-annotate-memory) ------------------
ECHO_ATTR_NAME(kCategoryAttr, CategoryAttrHelper)
ECHO_ATTR_NAME(kAllocForAttr, AllocForAttrHelper)
ECHO_ATTR_NAME(kStepStatsAttr, StepStatsAttrHelper)

//--- Sparsity profile (echo-run --profile-sparsity, gist-encode) --------------
ECHO_ATTR_NAME(kProfileSiteAttr, ProfileSiteAttrHelper)
ECHO_ATTR_NAME(kDensityAttr, DensityAttrHelper)
ECHO_ATTR_NAME(kCsrBoundsAttr, CsrBoundsAttrHelper)

//--- The memory plan (echo-buffer-assign; read through ArenaPlan.h) -----------
ECHO_ATTR_NAME(kArenaPlanAttr, ArenaPlanAttrHelper)
ECHO_ATTR_NAME(kSliceAttr, SliceAttrHelper)

//--- The lowering to the runtime ---------------------------------------------
ECHO_ATTR_NAME(kAllocSitesAttr, AllocSitesAttrHelper)
ECHO_ATTR_NAME(kAllocSiteAttr, AllocSiteAttrHelper)
/// The call-level form of InPlaceOpInterface: flattened (input, output)
/// positions among a runtime call's memref operands that may alias.
ECHO_ATTR_NAME(kInPlaceCallAttr, InPlaceAttrHelper)
ECHO_ATTR_NAME(kSimulatedStepAttr, SimulatedStepAttrHelper)
ECHO_ATTR_NAME(kBudgetPlanAttr, BudgetPlanAttrHelper)

//--- Results kept in the arena (grad-results=arena) ---------------------------
ECHO_ATTR_NAME(kArenaResultAttr, ArenaResultAttrHelper)
ECHO_ATTR_NAME(kArenaArgAttr, ArenaAttrHelper)
ECHO_ATTR_NAME(kArenaResultsAttr, ArenaResultsAttrHelper)

//--- Generated kernels (echo-light-calls-to-loops, echo-kernel-report) --------
ECHO_ATTR_NAME(kTripBoundAttr, TripBoundAttrHelper)
ECHO_ATTR_NAME(kPartitionAttr, PartitionAttrHelper)

#undef ECHO_ATTR_NAME

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ECHOATTRNAMES_H
