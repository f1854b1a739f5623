//===- GradientDependence.cpp - What an op's backward pass reads ----------===//

#include "EchoDialect/IR/GradientDependence.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/IR/Builders.h"

#include <memory>

using namespace mlir;
using namespace mlir::echo;

FailureOr<GradientDependence> mlir::echo::getGradientDependence(Operation *op) {
  auto differentiable = dyn_cast<DifferentiableOpInterface>(op);
  if (!differentiable)
    return failure();

  // Scratch block: one argument stands for each result's incoming gradient.
  // It has no parent region, so nothing built here is visible elsewhere.
  auto scratch = std::make_unique<Block>();
  SmallVector<Value> resultGrads;
  for (Value result : op->getResults())
    resultGrads.push_back(scratch->addArgument(result.getType(), op->getLoc()));

  OpBuilder builder(op->getContext());
  builder.setInsertionPointToStart(scratch.get());
  SmallVector<Value> operandGrads;
  LogicalResult built =
      differentiable.buildGradient(builder, resultGrads, operandGrads);

  GradientDependence deps;
  deps.operands.resize(op->getNumOperands());
  deps.results.resize(op->getNumResults());
  for (Operation &backward : *scratch)
    for (Value used : backward.getOperands()) {
      if (auto result = dyn_cast<OpResult>(used); result && result.getOwner() == op)
        deps.results.set(result.getResultNumber());
      for (OpOperand &operand : op->getOpOperands())
        if (operand.get() == used)
          deps.operands.set(operand.getOperandNumber());
    }

  // Erase the scratch ops (in reverse, users before definitions) so no use of
  // the forward values outlives this call.
  for (Operation &backward : llvm::make_early_inc_range(llvm::reverse(*scratch)))
    backward.erase();
  if (failed(built))
    return failure();
  return deps;
}
