//===- EchoGradients.cpp - DifferentiableOpInterface of echo ops ----------===//
//
// Reverse-mode rules. Each rule builds the backward ops of one forward op and
// reads only what the math needs: which forward operands and results it
// touches is exactly what must survive until the backward pass, and
// GradientDependence.cpp reads that off the built IR.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
/// Appends null gradients for every operand (no gradient flows in).
LogicalResult noGradients(Operation *op, SmallVectorImpl<Value> &grads) {
  grads.append(op->getNumOperands(), Value());
  return success();
}

/// Sums `grad` down to `type` when broadcasting widened the operand.
Value sumTo(OpBuilder &b, Location loc, Value grad, Type type) {
  if (!grad || grad.getType() == type)
    return grad;
  return SumToOp::create(b, loc, type, grad);
}

Value neg(OpBuilder &b, Location loc, Value v) {
  return NegOp::create(b, loc, v);
}
} // namespace

//===----------------------------------------------------------------------===//
// Compute-heavy ops
//===----------------------------------------------------------------------===//

LogicalResult LinearOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                      SmallVectorImpl<Value> &grads) {
  Value dy = resultGrads[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  // The weight gradient first, as for conv2d: the stashed input it reads can
  // then die before the input gradient is allocated.
  Value dw = LinearGradWeightOp::create(b, loc, getWeight().getType(), dy,
                                        getInput());
  Value db = getBias() ? sumTo(b, loc, dy, getBias().getType()) : Value();
  grads.push_back(LinearGradInputOp::create(b, loc, getInput().getType(), dy,
                                            getWeight()));
  grads.push_back(dw);
  if (getBias())
    grads.push_back(db);
  return success();
}

/// For C = op(A) op(B): dA and dB as products of dC with the other operand.
template <typename MatmulLikeOp>
static LogicalResult matmulGradient(MatmulLikeOp op, OpBuilder &b, Value dc,
                                    SmallVectorImpl<Value> &grads) {
  if (!dc)
    return noGradients(op, grads);
  Location loc = op.getLoc();
  Value a = op.getLhs(), bm = op.getRhs();
  bool ta = op.getTransposeLhs(), tb = op.getTransposeRhs();
  auto mm = [&](Type type, Value x, Value y, bool tx, bool ty) -> Value {
    return MatmulLikeOp::create(b, loc, type, x, y, tx, ty);
  };
  Type aType = a.getType(), bType = bm.getType();
  if (!ta && !tb) { // C = A B
    grads.push_back(mm(aType, dc, bm, false, true));
    grads.push_back(mm(bType, a, dc, true, false));
  } else if (ta && !tb) { // C = A^T B
    grads.push_back(mm(aType, bm, dc, false, true));
    grads.push_back(mm(bType, a, dc, false, false));
  } else if (!ta && tb) { // C = A B^T
    grads.push_back(mm(aType, dc, bm, false, false));
    grads.push_back(mm(bType, dc, a, true, false));
  } else { // C = A^T B^T
    grads.push_back(mm(aType, bm, dc, true, true));
    grads.push_back(mm(bType, dc, a, true, true));
  }
  return success();
}

LogicalResult MatmulOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                      SmallVectorImpl<Value> &grads) {
  return matmulGradient(*this, b, resultGrads[0], grads);
}

LogicalResult BatchMatmulOp::buildGradient(OpBuilder &b,
                                           ValueRange resultGrads,
                                           SmallVectorImpl<Value> &grads) {
  return matmulGradient(*this, b, resultGrads[0], grads);
}

LogicalResult Conv2DOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                      SmallVectorImpl<Value> &grads) {
  Value dy = resultGrads[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  // Weight (and bias) gradients first: the weight gradient is the last reader
  // of the stashed input (or of its decoded Gist copy), so that map dies
  // before the input gradient, a new map as large, is allocated.
  Value dw = Conv2DGradWeightOp::create(
      b, loc, getWeight().getType(), getInput(), dy, getStride(), getPadding(),
      getDilation(), getGroups());
  Value db;
  if (getBias())
    db = ReduceOp::create(b, loc, getBias().getType(), ReduceKind::Sum, dy,
                          ArrayRef<int64_t>{0, 2, 3}, false);
  grads.push_back(Conv2DGradInputOp::create(
      b, loc, getInput().getType(), dy, getWeight(), getStride(), getPadding(),
      getDilation(), getGroups()));
  grads.push_back(dw);
  if (getBias())
    grads.push_back(db);
  return success();
}

LogicalResult EmbeddingOp::buildGradient(OpBuilder &b, ValueRange resultGrads,
                                         SmallVectorImpl<Value> &grads) {
  Value dy = resultGrads[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(EmbeddingGradOp::create(b, getLoc(), getTable().getType(),
                                          getIndices(), dy));
  grads.push_back(Value());
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

/// Unary ops whose backward is one grad op reading `forward` and dy.
template <typename GradOp>
static LogicalResult unaryGradient(Operation *op, OpBuilder &b, Value forward,
                                   Value dy, SmallVectorImpl<Value> &grads) {
  if (!dy)
    return noGradients(op, grads);
  grads.push_back(GradOp::create(b, op->getLoc(), forward, dy));
  return success();
}

LogicalResult ReluOp::buildGradient(OpBuilder &b, ValueRange rg,
                                    SmallVectorImpl<Value> &grads) {
  return unaryGradient<ReluGradOp>(*this, b, getResult(), rg[0], grads);
}
LogicalResult TanhOp::buildGradient(OpBuilder &b, ValueRange rg,
                                    SmallVectorImpl<Value> &grads) {
  return unaryGradient<TanhGradOp>(*this, b, getResult(), rg[0], grads);
}
LogicalResult SigmoidOp::buildGradient(OpBuilder &b, ValueRange rg,
                                       SmallVectorImpl<Value> &grads) {
  return unaryGradient<SigmoidGradOp>(*this, b, getResult(), rg[0], grads);
}
LogicalResult GeluOp::buildGradient(OpBuilder &b, ValueRange rg,
                                    SmallVectorImpl<Value> &grads) {
  return unaryGradient<GeluGradOp>(*this, b, getInput(), rg[0], grads);
}
LogicalResult GeluErfOp::buildGradient(OpBuilder &b, ValueRange rg,
                                       SmallVectorImpl<Value> &grads) {
  return unaryGradient<GeluErfGradOp>(*this, b, getInput(), rg[0], grads);
}
LogicalResult SqrtOp::buildGradient(OpBuilder &b, ValueRange rg,
                                    SmallVectorImpl<Value> &grads) {
  return unaryGradient<SqrtGradOp>(*this, b, getResult(), rg[0], grads);
}
LogicalResult RsqrtOp::buildGradient(OpBuilder &b, ValueRange rg,
                                     SmallVectorImpl<Value> &grads) {
  return unaryGradient<RsqrtGradOp>(*this, b, getResult(), rg[0], grads);
}

LogicalResult ExpOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  // d exp(x) = exp(x) dy: reads the output.
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(MulOp::create(b, getLoc(), dy.getType(), dy, getResult()));
  return success();
}
LogicalResult LogOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(DivOp::create(b, getLoc(), dy.getType(), dy, getInput()));
  return success();
}
LogicalResult NegOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(neg(b, getLoc(), dy));
  return success();
}

//===----------------------------------------------------------------------===//
// Broadcasting binary ops. dy has the result shape; sum_to undoes broadcasts.
//===----------------------------------------------------------------------===//

LogicalResult AddOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(sumTo(b, getLoc(), dy, getLhs().getType()));
  grads.push_back(sumTo(b, getLoc(), dy, getRhs().getType()));
  return success();
}

LogicalResult SubOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  grads.push_back(sumTo(b, loc, dy, getLhs().getType()));
  grads.push_back(sumTo(b, loc, neg(b, loc, dy), getRhs().getType()));
  return success();
}

LogicalResult MulOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  Type type = dy.getType();
  grads.push_back(sumTo(b, loc, MulOp::create(b, loc, type, dy, getRhs()),
                        getLhs().getType()));
  grads.push_back(sumTo(b, loc, MulOp::create(b, loc, type, dy, getLhs()),
                        getRhs().getType()));
  return success();
}

LogicalResult DivOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  Type type = dy.getType();
  // d(a/b)/da = 1/b; d(a/b)/db = -(a/b)/b, which reads the output, not a.
  grads.push_back(sumTo(b, loc, DivOp::create(b, loc, type, dy, getRhs()),
                        getLhs().getType()));
  Value dyTimesY = MulOp::create(b, loc, type, dy, getResult());
  Value quotient = DivOp::create(b, loc, type, dyTimesY, getRhs());
  grads.push_back(sumTo(b, loc, neg(b, loc, quotient), getRhs().getType()));
  return success();
}

LogicalResult MaxOp::buildGradient(OpBuilder &b, ValueRange rg,
                                   SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  Location loc = getLoc();
  auto split = MaxGradOp::create(b, loc, dy.getType(), dy.getType(), getLhs(),
                                 getRhs(), dy);
  grads.push_back(sumTo(b, loc, split.getLhsGrad(), getLhs().getType()));
  grads.push_back(sumTo(b, loc, split.getRhsGrad(), getRhs().getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Other forward ops
//===----------------------------------------------------------------------===//

LogicalResult DropoutOp::buildGradient(OpBuilder &b, ValueRange rg,
                                       SmallVectorImpl<Value> &grads) {
  Value dy = rg[0]; // The mask result carries no gradient.
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(
      DropoutGradOp::create(b, getLoc(), getMask(), dy, getProbability()));
  return success();
}

LogicalResult MaxPool2DOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(MaxPool2DGradOp::create(b, getLoc(), getInput().getType(),
                                          getInput(), getResult(), dy,
                                          getKernel(), getStride(),
                                          getPadding()));
  return success();
}

LogicalResult AvgPool2DOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(AvgPool2DGradOp::create(b, getLoc(), getInput().getType(),
                                          dy, getKernel(), getStride(),
                                          getPadding()));
  return success();
}

bool BatchNormOp::isOperandDifferentiable(unsigned index) {
  return index < 3; // input, gamma, beta; not the running statistics
}

LogicalResult BatchNormOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  // Only the normalized output carries a gradient; the statistics results
  // are bookkeeping for the next step and for the backward op.
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  auto bw = BatchNormGradOp::create(
      b, getLoc(), getInput().getType(), getGamma().getType(),
      getBeta().getType(), getInput(), getGamma(), getSavedMean(),
      getSavedInvStd(), dy);
  grads.append({bw.getInputGrad(), bw.getGammaGrad(), bw.getBetaGrad(),
                Value(), Value()});
  return success();
}

LogicalResult LayerNormOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  auto bw = LayerNormGradOp::create(
      b, getLoc(), getInput().getType(), getGamma().getType(),
      getBeta().getType(), getInput(), getGamma(), getMean(), getInvStd(), dy);
  grads.append({bw.getInputGrad(), bw.getGammaGrad(), bw.getBetaGrad()});
  return success();
}

LogicalResult SoftmaxOp::buildGradient(OpBuilder &b, ValueRange rg,
                                       SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(
      SoftmaxGradOp::create(b, getLoc(), getResult(), dy, getAxis()));
  return success();
}

LogicalResult LogSoftmaxOp::buildGradient(OpBuilder &b, ValueRange rg,
                                          SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(
      LogSoftmaxGradOp::create(b, getLoc(), getResult(), dy, getAxis()));
  return success();
}

LogicalResult ReduceOp::buildGradient(OpBuilder &b, ValueRange rg,
                                      SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  Type type = getInput().getType();
  if (getKind() == ReduceKind::Max)
    grads.push_back(ReduceMaxGradOp::create(b, getLoc(), type, getInput(),
                                            getResult(), dy, getDims(),
                                            getKeepdims()));
  else
    grads.push_back(ReduceGradOp::create(b, getLoc(), type, getKind(), dy,
                                         getDims(), getKeepdims()));
  return success();
}

LogicalResult ConcatOp::buildGradient(OpBuilder &b, ValueRange rg,
                                      SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  auto resultType = cast<RankedTensorType>(getResult().getType());
  int64_t rank = resultType.getRank();
  int64_t axis = (int64_t)getAxis() < 0 ? (int64_t)getAxis() + rank
                                        : (int64_t)getAxis();
  SmallVector<int64_t> offsets(rank, 0);
  for (Value input : getInputs()) {
    grads.push_back(SliceOp::create(b, getLoc(), input.getType(), dy, offsets,
                                    /*strides=*/nullptr));
    offsets[axis] += cast<RankedTensorType>(input.getType()).getDimSize(axis);
  }
  return success();
}

LogicalResult SliceOp::buildGradient(OpBuilder &b, ValueRange rg,
                                     SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(SliceGradOp::create(b, getLoc(), getInput().getType(), dy,
                                      getOffsetsAttr(), getStridesAttr()));
  return success();
}

LogicalResult SplitOp::buildGradient(OpBuilder &b, ValueRange rg,
                                     SmallVectorImpl<Value> &grads) {
  if (llvm::all_of(rg, [](Value v) { return !v; }))
    return noGradients(*this, grads);
  // Pieces that received no gradient contribute zeros.
  SmallVector<Value> pieces;
  for (auto [result, grad] : llvm::zip(getResults(), rg))
    pieces.push_back(grad ? grad
                          : Value(ZerosOp::create(b, getLoc(), result.getType())));
  grads.push_back(ConcatOp::create(b, getLoc(), getInput().getType(), pieces,
                                   getAxis()));
  return success();
}

LogicalResult ReshapeOp::buildGradient(OpBuilder &b, ValueRange rg,
                                       SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(ReshapeOp::create(b, getLoc(), getInput().getType(), dy));
  return success();
}

LogicalResult TransposeOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  grads.push_back(
      TransposeOp::create(b, getLoc(), getInput().getType(), dy, inverse));
  return success();
}

LogicalResult BroadcastToOp::buildGradient(OpBuilder &b, ValueRange rg,
                                           SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  if (!dy)
    return noGradients(*this, grads);
  grads.push_back(sumTo(b, getLoc(), dy, getInput().getType()));
  return success();
}

LogicalResult CrossEntropyOp::buildGradient(OpBuilder &b, ValueRange rg,
                                            SmallVectorImpl<Value> &grads) {
  Value dloss = rg[0];
  if (!dloss)
    return noGradients(*this, grads);
  grads.push_back(CrossEntropyGradOp::create(
      b, getLoc(), getLogits().getType(), getLogits(), getLabels(), dloss));
  grads.push_back(Value());
  return success();
}

//===----------------------------------------------------------------------===//
// Element type conversion
//===----------------------------------------------------------------------===//

/// d/dx cast(x) is the identity: the gradient, in the input's element type.
LogicalResult CastOp::buildGradient(OpBuilder &b, ValueRange rg,
                                    SmallVectorImpl<Value> &grads) {
  Value dy = rg[0];
  grads.push_back(dy ? CastOp::create(b, getLoc(), getInput().getType(), dy)
                            .getResult()
                     : Value());
  return success();
}
