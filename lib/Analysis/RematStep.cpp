//===- RematStep.cpp - The training step as echo-remat sees it -------------===//

#include "EchoDialect/Analysis/RematStep.h"

#include "EchoDialect/IR/EchoAttrNames.h"

using namespace mlir;
using namespace mlir::echo;

std::optional<RematStep> RematStep::index(func::FuncOp fn) {
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return std::nullopt;
  RematStep step;
  step.block = &fn.front();
  Operation *seed = nullptr;
  int64_t index = 0;
  for (Operation &op : *step.block) {
    step.position[&op] = index++;
    if (op.hasAttr(kLossSeedAttr))
      seed = &op;
  }
  if (!seed)
    return std::nullopt; // not a training step built by echo-autodiff
  for (Operation &op : *step.block) {
    if (&op == seed)
      break;
    if (auto stash = dyn_cast<StashOp>(op))
      step.stashOf[stash.getInput()] = stash;
    else
      step.forward.insert(&op);
  }
  return step;
}
