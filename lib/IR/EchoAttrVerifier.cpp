//===- EchoAttrVerifier.cpp - Checks of the discardable echo.* attributes -===//
//
// The passes hand the plan, the memory categories and the training-step
// roles to each other as discardable attributes (declared in EchoDialect.td's
// discardableAttrs; short names: EchoAttrNames.h).
// The dialect owns the `echo.` prefix, so it checks each of them wherever it
// appears: a wrong kind, a value out of range or an unknown name is a
// located verifier error instead of a silent misreading downstream.
// test/Dialect/Echo/attr-names-covered.test checks that every declared name
// has a rule here.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::echo;

namespace {

/// Where an attribute may be attached.
enum class Site { Op, Argument, Result };

StringRef siteName(Site site) {
  switch (site) {
  case Site::Op:
    return "an operation";
  case Site::Argument:
    return "a function argument";
  case Site::Result:
    return "a function result";
  }
  return "";
}

class AttrChecker {
public:
  AttrChecker(Operation *op, NamedAttribute attr, Site site)
      : op(op), name(attr.getName().strref()), value(attr.getValue()),
        site(site) {}

  LogicalResult check();

private:
  InFlightDiagnostic error() {
    return op->emitOpError() << "attribute '" << name << "' ";
  }
  LogicalResult only(Site allowed) {
    if (site == allowed)
      return success();
    return error() << "belongs on " << siteName(allowed) << ", not on "
                   << siteName(site);
  }
  LogicalResult unit(Site allowed) {
    if (failed(only(allowed)))
      return failure();
    if (!isa<UnitAttr>(value))
      return error() << "must be a unit attribute";
    return success();
  }
  LogicalResult nonNegative(Site allowed = Site::Op) {
    if (failed(only(allowed)))
      return failure();
    auto i = dyn_cast<IntegerAttr>(value);
    if (!i || !i.getType().isSignlessInteger(64))
      return error() << "must be an i64 integer";
    if (i.getInt() < 0)
      return error() << "must not be negative, got " << i.getInt();
    return success();
  }
  LogicalResult string() {
    if (failed(only(Site::Op)))
      return failure();
    if (!isa<StringAttr>(value))
      return error() << "must be a string";
    return success();
  }
  LogicalResult dictionary() {
    if (failed(only(Site::Op)))
      return failure();
    if (!isa<DictionaryAttr>(value))
      return error() << "must be a dictionary";
    return success();
  }
  LogicalResult category();
  LogicalResult arenaPlan();
  LogicalResult slice();
  LogicalResult inPlacePairs();
  LogicalResult density();
  LogicalResult allocSites();
  LogicalResult arenaResults();

  Operation *op;
  StringRef name;
  Attribute value;
  Site site;
};

/// On ops with results: one category per result. On allocations and arena
/// views (after bufferization): the buffer's category.
LogicalResult AttrChecker::category() {
  if (failed(only(Site::Op)))
    return failure();
  if (isa<MemoryCategoryAttr>(value))
    return success();
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array)
    return error() << "must be an #echo.category or an array of them";
  if (array.size() != op->getNumResults())
    return error() << "has " << array.size() << " categories for "
                   << op->getNumResults() << " results";
  for (Attribute a : array)
    if (!isa<MemoryCategoryAttr>(a))
      return error() << "must hold #echo.category values, got " << a;
  return success();
}

/// On the function: checked with its slices, once.
LogicalResult AttrChecker::arenaPlan() {
  if (failed(only(Site::Op)))
    return failure();
  auto plan = dyn_cast<ArenaPlanAttr>(value);
  if (!plan)
    return error() << "must be an #echo.arena_plan";
  return verifyArenaPlan(op, plan);
}

/// On an arena view, inside a function that has an arena plan.
LogicalResult AttrChecker::slice() {
  if (failed(only(Site::Op)))
    return failure();
  if (!isa<SliceAttr>(value))
    return error() << "must be an #echo.slice";
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr(kArenaPlanAttr))
      return success();
  return error() << "needs an enclosing op with '" << kArenaPlanAttr << "'";
}

LogicalResult AttrChecker::inPlacePairs() {
  if (failed(only(Site::Op)))
    return failure();
  auto pairs = dyn_cast<DenseI64ArrayAttr>(value);
  if (!pairs || pairs.size() % 2 != 0)
    return error() << "must be an array<i64> of (input, output) pairs";
  for (int64_t position : pairs.asArrayRef())
    if (position < 0 || position >= op->getNumOperands())
      return error() << "names operand " << position << " of "
                     << op->getNumOperands();
  return success();
}

/// A measured non-zero fraction (echo-run --profile-sparsity).
LogicalResult AttrChecker::density() {
  if (failed(only(Site::Op)))
    return failure();
  auto f = dyn_cast<FloatAttr>(value);
  double d = f ? f.getValueAsDouble() : -1.0;
  if (!f || !f.getType().isF64() || !(d >= 0.0 && d <= 1.0))
    return error() << "must be an f64 in [0, 1], got " << value;
  return success();
}

LogicalResult AttrChecker::allocSites() {
  if (failed(only(Site::Op)))
    return failure();
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array || !llvm::all_of(array, llvm::IsaPred<StringAttr>))
    return error() << "must be an array of strings";
  return success();
}

/// (result, offset) pairs, results in increasing order.
LogicalResult AttrChecker::arenaResults() {
  if (failed(only(Site::Op)))
    return failure();
  auto pairs = dyn_cast<DenseI64ArrayAttr>(value);
  if (!pairs || pairs.size() % 2 != 0)
    return error() << "must be an array<i64> of (result, offset) pairs";
  ArrayRef<int64_t> flat = pairs.asArrayRef();
  for (size_t k = 0; k < flat.size(); k += 2) {
    if (flat[k] < 0 || flat[k + 1] < 0)
      return error() << "must not hold negative values";
    if (k > 0 && flat[k] <= flat[k - 2])
      return error() << "must list results in increasing order";
  }
  return success();
}

LogicalResult AttrChecker::check() {
  using Check = LogicalResult (AttrChecker::*)();
  // Every name the dialect declares, with its rule.
  if (name == kTrainableAttr || name == kOptimizerStateAttr ||
      name == kArenaArgAttr)
    return unit(Site::Argument);
  if (name == kLossSeedAttr || name == kRunningStatisticAttr)
    return unit(Site::Op);
  // A result's argument index; out-parameter conversion moves it, with the
  // result, onto the new argument.
  if (name == kUpdateOfAttr)
    return site == Site::Op ? only(Site::Result) : nonNegative(site);
  if (name == kProfileSiteAttr || name == kAllocSiteAttr ||
      name == kArenaResultAttr || name == kTripBoundAttr ||
      name == kPartitionAttr)
    return nonNegative();
  if (name == kAllocForAttr)
    return string();
  if (name == kStepStatsAttr || name == kSimulatedStepAttr ||
      name == kCsrBoundsAttr || name == kBudgetPlanAttr)
    return dictionary();
  Check rule = llvm::StringSwitch<Check>(name)
                   .Case(kCategoryAttr, &AttrChecker::category)
                   .Case(kArenaPlanAttr, &AttrChecker::arenaPlan)
                   .Case(kSliceAttr, &AttrChecker::slice)
                   .Case(kInPlaceCallAttr, &AttrChecker::inPlacePairs)
                   .Case(kDensityAttr, &AttrChecker::density)
                   .Case(kAllocSitesAttr, &AttrChecker::allocSites)
                   .Case(kArenaResultsAttr, &AttrChecker::arenaResults)
                   .Default(nullptr);
  if (rule)
    return (this->*rule)();
  return error() << "is not an attribute of the echo dialect (the names are "
                    "declared in EchoDialect.td's discardableAttrs)";
}

} // namespace

LogicalResult EchoDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  return AttrChecker(op, attr, Site::Op).check();
}

LogicalResult EchoDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                    unsigned,
                                                    NamedAttribute attr) {
  return AttrChecker(op, attr, Site::Argument).check();
}

LogicalResult EchoDialect::verifyRegionResultAttribute(Operation *op,
                                                       unsigned, unsigned,
                                                       NamedAttribute attr) {
  return AttrChecker(op, attr, Site::Result).check();
}
