//===- EchoEmitter.cpp - Build echo ops with inferred result types --------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"

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
  if (shapeOf(v) == shape)
    return v;
  return ReshapeOp::create(b, loc, like(v, shape), v);
}

Value EchoEmitter::broadcastTo(Value v, ArrayRef<int64_t> shape) {
  if (shapeOf(v) == shape)
    return v;
  return BroadcastToOp::create(b, loc, like(v, shape), v);
}

Value EchoEmitter::transpose(Value v, ArrayRef<int64_t> permutation) {
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(permutation))
    identity &= (int64_t)i == p;
  if (identity)
    return v;
  return TransposeOp::create(b, loc, v, permutation);
}

Value EchoEmitter::fill(double value, ArrayRef<int64_t> shape,
                        Type elementType) {
  return FillOp::create(b, loc, RankedTensorType::get(shape, elementType),
                        b.getF64FloatAttr(value));
}

Value EchoEmitter::binary(StringRef kind, Value lhs, Value rhs) {
  std::string why;
  FailureOr<shape::Shape> out = shape::broadcast(shapeOf(lhs), shapeOf(rhs), why);
  if (failed(out))
    return {};
  RankedTensorType type = like(lhs, *out);
  if (kind == "add")
    return AddOp::create(b, loc, type, lhs, rhs);
  if (kind == "sub")
    return SubOp::create(b, loc, type, lhs, rhs);
  if (kind == "mul")
    return MulOp::create(b, loc, type, lhs, rhs);
  if (kind == "div")
    return DivOp::create(b, loc, type, lhs, rhs);
  if (kind == "max")
    return MaxOp::create(b, loc, type, lhs, rhs);
  return {};
}

Value EchoEmitter::unary(StringRef kind, Value v) {
  if (kind == "relu")
    return ReluOp::create(b, loc, v);
  if (kind == "tanh")
    return TanhOp::create(b, loc, v);
  if (kind == "sigmoid")
    return SigmoidOp::create(b, loc, v);
  if (kind == "exp")
    return ExpOp::create(b, loc, v);
  if (kind == "log")
    return LogOp::create(b, loc, v);
  if (kind == "neg")
    return NegOp::create(b, loc, v);
  if (kind == "sqrt")
    return SqrtOp::create(b, loc, v);
  if (kind == "rsqrt")
    return RsqrtOp::create(b, loc, v);
  if (kind == "gelu")
    return GeluOp::create(b, loc, v);
  if (kind == "gelu_erf")
    return GeluErfOp::create(b, loc, v);
  return {};
}
