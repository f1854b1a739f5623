//===- EchoInPlace.cpp - Results that may overwrite an operand ------------===//
//
// InPlaceOpInterface for the elementwise ops and the optimizer updates: the
// one statement of which results may take an operand's storage. Each pair
// must also be an ECHO_ALIAS of the op's runtime entry (runtime abi.def).
// Indices come from the ODS accessors, so reordering operands in EchoOps.td
// cannot silently pair the wrong ones.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
using InPlacePairs = SmallVector<std::pair<unsigned, unsigned>>;

unsigned resultIndex(Value result) {
  return cast<OpResult>(result).getResultNumber();
}
} // namespace

// Elementwise unary ops: y[i] depends on x[i] only.
#define ECHO_UNARY_IN_PLACE(OpTy)                                              \
  InPlacePairs OpTy::getInPlacePairs() {                                       \
    return {{getInputMutable().getOperandNumber(), resultIndex(getResult())}}; \
  }
ECHO_UNARY_IN_PLACE(ReluOp)
ECHO_UNARY_IN_PLACE(TanhOp)
ECHO_UNARY_IN_PLACE(SigmoidOp)
ECHO_UNARY_IN_PLACE(GeluOp)
ECHO_UNARY_IN_PLACE(GeluErfOp)
ECHO_UNARY_IN_PLACE(ExpOp)
ECHO_UNARY_IN_PLACE(LogOp)
ECHO_UNARY_IN_PLACE(NegOp)
ECHO_UNARY_IN_PLACE(SqrtOp)
ECHO_UNARY_IN_PLACE(RsqrtOp)
#undef ECHO_UNARY_IN_PLACE

// Backward ops: dx may overwrite the upstream gradient dy, the one operand
// their runtime entries let the output alias.
#define ECHO_GRAD_IN_PLACE(OpTy)                                               \
  InPlacePairs OpTy::getInPlacePairs() {                                       \
    return {{getGradMutable().getOperandNumber(), resultIndex(getResult())}};  \
  }
ECHO_GRAD_IN_PLACE(ReluGradOp)
ECHO_GRAD_IN_PLACE(TanhGradOp)
ECHO_GRAD_IN_PLACE(SigmoidGradOp)
ECHO_GRAD_IN_PLACE(GeluGradOp)
ECHO_GRAD_IN_PLACE(GeluErfGradOp)
ECHO_GRAD_IN_PLACE(SqrtGradOp)
ECHO_GRAD_IN_PLACE(RsqrtGradOp)
ECHO_GRAD_IN_PLACE(DropoutGradOp)
ECHO_GRAD_IN_PLACE(ReluGradEncodedOp)
#undef ECHO_GRAD_IN_PLACE

// Broadcasting binary ops: either operand may be overwritten; the planner's
// same-size condition rules out the one that is broadcast.
#define ECHO_BINARY_IN_PLACE(OpTy)                                             \
  InPlacePairs OpTy::getInPlacePairs() {                                       \
    unsigned result = resultIndex(getResult());                                \
    return {{getLhsMutable().getOperandNumber(), result},                      \
            {getRhsMutable().getOperandNumber(), result}};                     \
  }
ECHO_BINARY_IN_PLACE(AddOp)
ECHO_BINARY_IN_PLACE(SubOp)
ECHO_BINARY_IN_PLACE(MulOp)
ECHO_BINARY_IN_PLACE(DivOp)
ECHO_BINARY_IN_PLACE(MaxOp)
#undef ECHO_BINARY_IN_PLACE

// Each row of the gradient is computed from the same row of the logits.
InPlacePairs CrossEntropyGradOp::getInPlacePairs() {
  return {{getLogitsMutable().getOperandNumber(), resultIndex(getResult())}};
}

// Optimizer state is updated elementwise: each new value may replace the
// old one.
InPlacePairs SgdUpdateOp::getInPlacePairs() {
  InPlacePairs pairs{
      {getParamMutable().getOperandNumber(), resultIndex(getNewParam())}};
  if (getVelocity() && getNewVelocity())
    pairs.push_back({getVelocityMutable()[0].getOperandNumber(),
                     resultIndex(getNewVelocity())});
  return pairs;
}

// Elementwise: each element reads both candidates before writing.
InPlacePairs SelectOp::getInPlacePairs() {
  unsigned result = resultIndex(getResult());
  return {{getTrueValueMutable().getOperandNumber(), result},
          {getFalseValueMutable().getOperandNumber(), result}};
}

// The ranks' inputs are gathered before the sum is written.
InPlacePairs AllReduceOp::getInPlacePairs() {
  return {{getInputMutable().getOperandNumber(), resultIndex(getResult())}};
}

// One thread reads the state, then writes the new one.
InPlacePairs LossScaleUpdateOp::getInPlacePairs() {
  return {{getStateMutable().getOperandNumber(), resultIndex(getResult())}};
}

InPlacePairs AdamUpdateOp::getInPlacePairs() {
  return {{getParamMutable().getOperandNumber(), resultIndex(getNewParam())},
          {getMMutable().getOperandNumber(), resultIndex(getNewM())},
          {getVMutable().getOperandNumber(), resultIndex(getNewV())}};
}
