//===- EchoEmitter.cpp - Build echo ops with inferred result types --------===//
//
// Every op whose type its shape function infers is built by createInferred:
// on shapes it does not accept, a located error and a null value, which the
// other helpers pass on (a null operand gives a null result), so a raising
// rule checks its final value once.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/InferredBuild.h"

using namespace mlir;
using namespace mlir::echo;

ArrayRef<int64_t> EchoEmitter::shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

RankedTensorType EchoEmitter::like(Value v, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(
      shape, cast<RankedTensorType>(v.getType()).getElementType());
}

Value EchoEmitter::reshape(Value v, ArrayRef<int64_t> shape) {
  if (!v || shapeOf(v) == shape)
    return v;
  return ReshapeOp::create(b, loc, like(v, shape), v);
}

Value EchoEmitter::broadcastTo(Value v, ArrayRef<int64_t> shape) {
  if (!v || shapeOf(v) == shape)
    return v;
  return BroadcastToOp::create(b, loc, like(v, shape), v);
}

Value EchoEmitter::transpose(Value v, ArrayRef<int64_t> permutation) {
  if (!v)
    return v;
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(permutation))
    identity &= (int64_t)i == p;
  if (identity)
    return v;
  return createInferredValue<TransposeOp>(b, loc, v, permutation);
}

Value EchoEmitter::fill(double value, ArrayRef<int64_t> shape,
                        Type elementType) {
  return FillOp::create(b, loc, RankedTensorType::get(shape, elementType),
                        b.getF64FloatAttr(value));
}

Value EchoEmitter::binary(StringRef kind, Value lhs, Value rhs) {
  if (kind == "add")
    return createInferredValue<AddOp>(b, loc, lhs, rhs);
  if (kind == "sub")
    return createInferredValue<SubOp>(b, loc, lhs, rhs);
  if (kind == "mul")
    return createInferredValue<MulOp>(b, loc, lhs, rhs);
  if (kind == "div")
    return createInferredValue<DivOp>(b, loc, lhs, rhs);
  if (kind == "max")
    return createInferredValue<MaxOp>(b, loc, lhs, rhs);
  return {};
}

Value EchoEmitter::unary(StringRef kind, Value v) {
  if (kind == "relu")
    return createInferredValue<ReluOp>(b, loc, v);
  if (kind == "tanh")
    return createInferredValue<TanhOp>(b, loc, v);
  if (kind == "sigmoid")
    return createInferredValue<SigmoidOp>(b, loc, v);
  if (kind == "exp")
    return createInferredValue<ExpOp>(b, loc, v);
  if (kind == "log")
    return createInferredValue<LogOp>(b, loc, v);
  if (kind == "neg")
    return createInferredValue<NegOp>(b, loc, v);
  if (kind == "sqrt")
    return createInferredValue<SqrtOp>(b, loc, v);
  if (kind == "rsqrt")
    return createInferredValue<RsqrtOp>(b, loc, v);
  if (kind == "gelu")
    return createInferredValue<GeluOp>(b, loc, v);
  if (kind == "gelu_erf")
    return createInferredValue<GeluErfOp>(b, loc, v);
  return {};
}
