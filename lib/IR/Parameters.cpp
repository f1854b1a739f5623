//===- Parameters.cpp - Which values are the model's parameters -----------===//

#include "EchoDialect/IR/Parameters.h"
#include "EchoDialect/IR/EchoAttrNames.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::echo;

bool mlir::echo::isTrainableArgument(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return false;
  auto fn =
      dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return fn && !fn.isExternal() &&
         arg.getOwner() == &fn.getFunctionBody().front() &&
         fn.getArgAttr(arg.getArgNumber(), kTrainableAttr);
}

bool mlir::echo::isComputedFromParameters(Value v) {
  // Parameter chains are short (a cast, a transpose). A data value's walk
  // would go back to the step's input, and gist-encode and echo-remat ask
  // once per stash reader: a small limit keeps each query cheap.
  constexpr size_t kMaxOps = 32;
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  bool readsParameter = false;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (isa<BlockArgument>(x)) {
      if (!isTrainableArgument(x))
        return false;
      readsParameter = true;
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (!seen.insert(def).second)
      continue;
    if (def->getNumRegions() != 0 || seen.size() > kMaxOps)
      return false;
    llvm::append_range(work, def->getOperands());
  }
  return readsParameter;
}
