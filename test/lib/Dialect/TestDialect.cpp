//===- TestDialect.cpp - echo_test, a downstream dialect for tests --------===//
//
// The echo_test ops implement echo's interfaces and nothing else of echo's:
// the tests check that echo's passes treat them as they treat echo ops
// (test/Remat/downstream-op.mlir).
//
//===----------------------------------------------------------------------===//

#include "EchoTest/TestDialect.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::echo::test;

#include "EchoTestDialect.cpp.inc"

void EchoTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "EchoTestOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "EchoTestOps.cpp.inc"

int64_t SquareOp::getFlops() {
  return cast<ShapedType>(getType()).getNumElements();
}

LogicalResult SquareOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                      SmallVectorImpl<Value> &operandGrads) {
  Value dy = resultGrads[0];
  if (!dy) {
    operandGrads.push_back(Value());
    return success();
  }
  Location loc = getLoc();
  Value dyX = echo::MulOp::create(b, loc, dy, getInput());
  operandGrads.push_back(echo::AddOp::create(b, loc, dyX, dyX));
  return success();
}

int64_t ClampOp::getFlops() {
  return cast<ShapedType>(getType()).getNumElements();
}

LogicalResult ClampOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                     SmallVectorImpl<Value> &operandGrads) {
  Value dy = resultGrads[0];
  operandGrads.push_back(
      dy ? echo::ReluGradOp::create(b, getLoc(), getResult(), dy).getResult()
         : Value());
  return success();
}
