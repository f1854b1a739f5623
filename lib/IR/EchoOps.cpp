//===- EchoOps.cpp - Verifiers and type inference of echo ops -------------===//
//
// Every shape rule is delegated to ShapeFunctions.h; this file only maps the
// op's operands and attributes onto those functions and reports mismatches
// with the offending types spelled out.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"
#include "echo/loss_scale.h"
#include "echo/parts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static ArrayRef<int64_t> shapeOf(Value value) {
  return cast<ShapedType>(value.getType()).getShape();
}

/// All float tensors among `values` share one element type.
static LogicalResult verifySameFloatElementType(Operation *op,
                                                ValueRange values) {
  // Runs on every op after every pass: the element type is read from a
  // ranked tensor directly where it is one, and the FloatType interface is
  // asked only of an element type not seen yet.
  Type first;
  for (Value v : values) {
    Type element;
    if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
      element = tensor.getElementType();
    else if (auto shaped = dyn_cast<ShapedType>(v.getType()))
      element = shaped.getElementType();
    if (!element || element == first || !isa<FloatType>(element))
      continue;
    if (!first)
      first = element;
    else
      return op->emitOpError("operands and results must share one float "
                             "element type, got ")
             << first << " and " << element;
  }
  return success();
}

static LogicalResult verifySameFloatElementType(Operation *op) {
  SmallVector<Value, 8> values(op->getOperands());
  llvm::append_range(values, op->getResults());
  return verifySameFloatElementType(op, values);
}

/// Reports a failed shape function, or a result whose shape is not `expected`.
static LogicalResult checkShape(Operation *op, Value result,
                                FailureOr<shape::Shape> expected,
                                const std::string &why,
                                StringRef what = "result") {
  if (failed(expected))
    return op->emitOpError(why);
  if (shapeOf(result) != ArrayRef<int64_t>(*expected))
    return op->emitOpError() << what << " shape " << shape::format(shapeOf(result))
                             << " does not match the expected "
                             << shape::format(*expected);
  return success();
}

static LogicalResult expectSameShape(Operation *op, Value a, Value b,
                                     StringRef aName, StringRef bName) {
  if (shapeOf(a) != shapeOf(b))
    return op->emitOpError() << aName << " shape " << shape::format(shapeOf(a))
                             << " must equal " << bName << " shape "
                             << shape::format(shapeOf(b));
  return success();
}

static LogicalResult expectVector(Operation *op, Value v, int64_t size,
                                  StringRef name) {
  if (shapeOf(v) != ArrayRef<int64_t>{size})
    return op->emitOpError() << name << " must be [" << size << "], got "
                             << shape::format(shapeOf(v));
  return success();
}

/// For backward ops whose result stands for a forward operand: check its
/// rank first, so later shape errors cannot misname it.
static LogicalResult expectRank(Operation *op, Value v, size_t rank,
                                StringRef name) {
  if (shapeOf(v).size() != rank)
    return op->emitOpError() << name << " must have rank " << rank << ", got "
                             << v.getType();
  return success();
}

static shape::Conv2DParams convParams(ArrayRef<int64_t> stride,
                                      ArrayRef<int64_t> padding,
                                      ArrayRef<int64_t> dilation,
                                      int64_t groups) {
  shape::Conv2DParams p;
  p.stride.assign(stride.begin(), stride.end());
  p.padding.assign(padding.begin(), padding.end());
  p.dilation.assign(dilation.begin(), dilation.end());
  p.groups = groups;
  return p;
}

static std::optional<ArrayRef<int64_t>> optionalShape(Value v) {
  if (!v)
    return std::nullopt;
  return shapeOf(v);
}

//===----------------------------------------------------------------------===//
// Compute-heavy ops
//===----------------------------------------------------------------------===//

LogicalResult LinearOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  auto expected = shape::linear(shapeOf(getInput()), shapeOf(getWeight()),
                                optionalShape(getBias()), why);
  return checkShape(*this, getResult(), expected, why);
}

LogicalResult MatmulOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (shapeOf(getLhs()).size() != 2 || shapeOf(getRhs()).size() != 2)
    return emitOpError("operands must have rank 2, got ")
           << getLhs().getType() << " and " << getRhs().getType();
  std::string why;
  auto expected = shape::matmul(shapeOf(getLhs()), shapeOf(getRhs()),
                                getTransposeLhs(), getTransposeRhs(), why);
  return checkShape(*this, getResult(), expected, why);
}

LogicalResult BatchMatmulOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (shapeOf(getLhs()).size() < 3)
    return emitOpError("operands must have rank >= 3, got ")
           << getLhs().getType();
  std::string why;
  auto expected = shape::matmul(shapeOf(getLhs()), shapeOf(getRhs()),
                                getTransposeLhs(), getTransposeRhs(), why);
  return checkShape(*this, getResult(), expected, why);
}

LogicalResult Conv2DOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  auto expected = shape::conv2d(
      shapeOf(getInput()), shapeOf(getWeight()), optionalShape(getBias()),
      convParams(getStride(), getPadding(), getDilation(), getGroups()), why);
  return checkShape(*this, getResult(), expected, why);
}

LogicalResult EmbeddingOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  ArrayRef<int64_t> table = shapeOf(getTable());
  if (table.size() != 2)
    return emitOpError("table must have rank 2 ([vocab, dim]), got ")
           << getTable().getType();
  shape::Shape expected(shapeOf(getIndices()));
  expected.push_back(table[1]);
  return checkShape(*this, getResult(), expected, "");
}

//===----------------------------------------------------------------------===//
// Elementwise and other forward ops
//===----------------------------------------------------------------------===//

/// Shared by the five broadcasting binary ops.
static LogicalResult verifyBroadcastBinary(Operation *op) {
  if (failed(verifySameFloatElementType(op)))
    return failure();
  std::string why;
  auto expected = shape::broadcast(shapeOf(op->getOperand(0)),
                                   shapeOf(op->getOperand(1)), why);
  return checkShape(op, op->getResult(0), expected, why);
}

LogicalResult AddOp::verify() { return verifyBroadcastBinary(*this); }
LogicalResult SubOp::verify() { return verifyBroadcastBinary(*this); }
LogicalResult MulOp::verify() { return verifyBroadcastBinary(*this); }
LogicalResult DivOp::verify() { return verifyBroadcastBinary(*this); }
LogicalResult MaxOp::verify() { return verifyBroadcastBinary(*this); }

static LogicalResult verifyProbability(Operation *op, double p) {
  if (!(p >= 0.0 && p < 1.0))
    return op->emitOpError("probability must be in [0, 1), got ") << p;
  return success();
}

LogicalResult DropoutOp::verify() {
  if (failed(verifyProbability(*this, getProbability().convertToDouble())))
    return failure();
  if (getOutput().getType() != getInput().getType())
    return emitOpError("output type ")
           << getOutput().getType() << " must equal the input type "
           << getInput().getType();
  return expectSameShape(*this, getMask(), getInput(), "mask", "input");
}

static LogicalResult verifyPool(Operation *op, Value input, Value result,
                                ArrayRef<int64_t> kernel,
                                ArrayRef<int64_t> stride,
                                ArrayRef<int64_t> padding) {
  if (failed(verifySameFloatElementType(op)))
    return failure();
  std::string why;
  auto expected = shape::pool2d(shapeOf(input), kernel, stride, padding, why);
  return checkShape(op, result, expected, why);
}

LogicalResult MaxPool2DOp::verify() {
  return verifyPool(*this, getInput(), getResult(), getKernel(), getStride(),
                    getPadding());
}

LogicalResult AvgPool2DOp::verify() {
  return verifyPool(*this, getInput(), getResult(), getKernel(), getStride(),
                    getPadding());
}

static LogicalResult verifyEpsilon(Operation *op, double epsilon) {
  if (!(epsilon > 0.0))
    return op->emitOpError("epsilon must be positive, got ") << epsilon;
  return success();
}

/// [N, C, ...] input with per-channel [C] vectors.
static LogicalResult verifyPerChannel(Operation *op, Value input,
                                      ArrayRef<std::pair<Value, StringRef>> vecs,
                                      int64_t &channels) {
  ArrayRef<int64_t> shape = shapeOf(input);
  if (shape.size() < 2)
    return op->emitOpError("input must have rank >= 2 ([N, C, ...]), got ")
           << input.getType();
  channels = shape[1];
  for (auto [v, name] : vecs)
    if (failed(expectVector(op, v, channels, name)))
      return failure();
  return success();
}

LogicalResult BatchNormOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(verifyEpsilon(*this, getEpsilon().convertToDouble())))
    return failure();
  double momentum = getMomentum().convertToDouble();
  if (!(momentum >= 0.0 && momentum <= 1.0))
    return emitOpError("momentum must be in [0, 1], got ") << momentum;
  int64_t c;
  if (failed(verifyPerChannel(*this, getInput(),
                              {{getGamma(), "gamma"},
                               {getBeta(), "beta"},
                               {getRunningMean(), "running_mean"},
                               {getRunningVar(), "running_var"},
                               {getNewRunningMean(), "new_running_mean"},
                               {getNewRunningVar(), "new_running_var"},
                               {getSavedMean(), "saved_mean"},
                               {getSavedInvStd(), "saved_inv_std"}},
                              c)))
    return failure();
  return expectSameShape(*this, getOutput(), getInput(), "output", "input");
}

/// [..., D] input, [D] scale/shift, [...] row statistics.
static LogicalResult verifyLayerNormShapes(Operation *op, Value input,
                                           Value gamma, Value beta, Value mean,
                                           Value invStd) {
  ArrayRef<int64_t> shape = shapeOf(input);
  if (shape.empty())
    return op->emitOpError("input must have rank >= 1");
  if (failed(expectVector(op, gamma, shape.back(), "gamma")) ||
      (beta && failed(expectVector(op, beta, shape.back(), "beta"))))
    return failure();
  ArrayRef<int64_t> rows = shape.drop_back();
  for (auto [v, name] : {std::pair<Value, StringRef>{mean, "mean"},
                         std::pair<Value, StringRef>{invStd, "inv_std"}})
    if (shapeOf(v) != rows)
      return op->emitOpError() << name << " must be " << shape::format(rows)
                               << " (the input shape without its last "
                                  "dimension), got "
                               << shape::format(shapeOf(v));
  return success();
}

LogicalResult LayerNormOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(verifyEpsilon(*this, getEpsilon().convertToDouble())) ||
      failed(verifyLayerNormShapes(*this, getInput(), getGamma(), getBeta(),
                                   getMean(), getInvStd())))
    return failure();
  return expectSameShape(*this, getOutput(), getInput(), "output", "input");
}

static LogicalResult verifyAxis(Operation *op, int64_t axis, Value v) {
  std::string why;
  if (failed(shape::normalizeAxis(axis, shapeOf(v).size(), why)))
    return op->emitOpError(why);
  return success();
}

LogicalResult SoftmaxOp::verify() {
  return verifyAxis(*this, getAxis(), getInput());
}
LogicalResult LogSoftmaxOp::verify() {
  return verifyAxis(*this, getAxis(), getInput());
}

LogicalResult ReduceOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  auto expected =
      shape::reduce(shapeOf(getInput()), getDims(), getKeepdims(), why);
  return checkShape(*this, getResult(), expected, why);
}

LogicalResult ConcatOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  std::string why;
  auto axis = shape::normalizeAxis(getAxis(), shapeOf(getResult()).size(), why);
  if (failed(axis))
    return emitOpError(why);
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : getInputs())
    shapes.push_back(shapeOf(v));
  return checkShape(*this, getResult(), shape::concat(shapes, *axis, why), why);
}

LogicalResult SliceOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  ArrayRef<int64_t> strides;
  if (getStrides())
    strides = *getStrides();
  if (failed(shape::slice(shapeOf(getInput()), shapeOf(getResult()),
                          getOffsets(), strides, why)))
    return emitOpError(why);
  return success();
}

LogicalResult SplitOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (getResults().empty())
    return emitOpError("needs at least one result");
  std::string why;
  auto axis = shape::normalizeAxis(getAxis(), shapeOf(getInput()).size(), why);
  if (failed(axis))
    return emitOpError(why);
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : getResults()) {
    if (shapeOf(v).size() != shapeOf(getInput()).size())
      return emitOpError("result rank ")
             << shapeOf(v).size() << " differs from the input rank "
             << shapeOf(getInput()).size();
    shapes.push_back(shapeOf(v));
  }
  return checkShape(*this, getInput(),
                    shape::concat(shapes, *axis, why, "result"), why, "input");
}

LogicalResult ReshapeOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  int64_t in = shape::numElements(shapeOf(getInput()));
  int64_t out = shape::numElements(shapeOf(getResult()));
  if (in != out)
    return emitOpError("cannot reshape ")
           << in << " elements " << shape::format(shapeOf(getInput())) << " into "
           << out << " elements " << shape::format(shapeOf(getResult()));
  return success();
}

LogicalResult TransposeOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  return checkShape(*this, getResult(),
                    shape::transpose(shapeOf(getInput()), getPermutation(), why),
                    why);
}

LogicalResult BroadcastToOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (!shape::broadcastsTo(shapeOf(getInput()), shapeOf(getResult())))
    return emitOpError("input shape ")
           << shape::format(shapeOf(getInput())) << " does not broadcast to "
           << shape::format(shapeOf(getResult()));
  return success();
}

static LogicalResult verifyLabels(Operation *op, Value logits, Value labels) {
  ArrayRef<int64_t> shape = shapeOf(logits);
  if (shape.size() < 2)
    return op->emitOpError("logits must have rank >= 2 ([..., classes]), got ")
           << logits.getType();
  if (shapeOf(labels) != shape.drop_back())
    return op->emitOpError("labels must be ")
           << shape::format(shape.drop_back())
           << " (the logits shape without the class dimension), got "
           << shape::format(shapeOf(labels));
  return success();
}

LogicalResult CrossEntropyOp::verify() {
  return verifyLabels(*this, getLogits(), getLabels());
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Element type conversion
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  if (failed(expectSameShape(*this, getInput(), getResult(), "input",
                             "result")))
    return failure();
  Type from = getInput().getType().getElementType();
  Type to = getResult().getType().getElementType();
  // A cast to the same type would be a copy under another name: the
  // widening and autocast passes never build one, and nothing else should.
  if (from == to)
    return emitOpError("converts ") << from << " to itself";
  return success();
}

//===----------------------------------------------------------------------===//
// Dynamic loss scaling
//===----------------------------------------------------------------------===//

LogicalResult NonfiniteCountOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location,
    NonfiniteCountOp::Adaptor adaptor, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get({}, Float32Type::get(context)));
  return success();
}

LogicalResult NonfiniteCountOp::verify() {
  if (!getInput().getType().getElementType().isF32())
    return emitOpError("counts the elements of an f32 tensor, got ")
           << getInput().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

LogicalResult AllReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, AllReduceOp::Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  inferred.push_back(adaptor.getInput().getType());
  return success();
}

/// The 1-D part each of `ranks` ranks holds of `type`'s elements.
RankedTensorType mlir::echo::shardType(Type type, int64_t ranks) {
  auto tensor = cast<RankedTensorType>(type);
  int64_t n = tensor.getNumElements();
  int64_t k = echo_part_elements(n, ranks);
  return RankedTensorType::get({k}, tensor.getElementType());
}

LogicalResult ShardOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location>,
                                        ShardOp::Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  inferred.push_back(shardType(adaptor.getInput().getType(),
                               adaptor.getRanks()));
  return success();
}

LogicalResult ReduceScatterOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ReduceScatterOp::Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  inferred.push_back(shardType(adaptor.getInput().getType(),
                               adaptor.getRanks()));
  return success();
}

LogicalResult AllGatherOp::verify() {
  // Relates the operand to the result through `ranks`: ODS cannot say it.
  if (getInput().getType() != shardType(getResult().getType(), getRanks()))
    return emitOpError("input must be one rank's part of the result, ")
           << shardType(getResult().getType(), getRanks()) << " for "
           << getResult().getType() << " over " << getRanks()
           << " ranks, got " << getInput().getType();
  return success();
}

LogicalResult SelectOp::verify() {
  if (!getResult().getType().getElementType().isF32())
    return emitOpError("selects between f32 tensors, got ")
           << getResult().getType();
  return success();
}

LogicalResult LossScaleUpdateOp::verify() {
  auto state = getState().getType();
  if (state.getRank() != 1 || state.getDimSize(0) != 2 ||
      !state.getElementType().isF32())
    return emitOpError("state must be tensor<2xf32> ([scale, good steps]), "
                       "got ")
           << state;
  if (!echo_loss_scale::validGrowthInterval(getGrowthInterval()))
    return emitOpError("growth_interval must be at least 1, got ")
           << getGrowthInterval();
  double growth = getGrowth().convertToDouble();
  if (!echo_loss_scale::validGrowth(growth))
    return emitOpError("growth must be a finite factor above 1, got ")
           << growth;
  double backoff = getBackoff().convertToDouble();
  if (!echo_loss_scale::validBackoff(backoff))
    return emitOpError("backoff must lie in (0, 1), got ") << backoff;
  double init = getInit().convertToDouble();
  if (!echo_loss_scale::validInitScale(init))
    return emitOpError("init must be a positive scale finite in f32, got ")
           << init;
  return success();
}

//===----------------------------------------------------------------------===//
// Backward ops
//===----------------------------------------------------------------------===//

LogicalResult MaxGradOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  auto expected = shape::broadcast(shapeOf(getLhs()), shapeOf(getRhs()), why);
  if (failed(checkShape(*this, getGrad(), expected, why, "grad")) ||
      failed(checkShape(*this, getLhsGrad(), expected, why, "lhs_grad")) ||
      failed(checkShape(*this, getRhsGrad(), expected, why, "rhs_grad")))
    return failure();
  return success();
}

LogicalResult SumToOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (!shape::broadcastsTo(shapeOf(getResult()), shapeOf(getInput())))
    return emitOpError("result shape ")
           << shape::format(shapeOf(getResult())) << " does not broadcast to "
           << "the input shape " << shape::format(shapeOf(getInput()));
  return success();
}

LogicalResult DropoutGradOp::verify() {
  if (failed(verifyProbability(*this, getProbability().convertToDouble())))
    return failure();
  return expectSameShape(*this, getMask(), getGrad(), "mask", "grad");
}

/// Pool backward ops: the result is the input; pooling it gives `grad`.
static LogicalResult verifyPoolGrad(Operation *op, Value input, Value grad,
                                    ArrayRef<int64_t> kernel,
                                    ArrayRef<int64_t> stride,
                                    ArrayRef<int64_t> padding) {
  if (failed(verifySameFloatElementType(op)))
    return failure();
  if (input.getType() != op->getResult(0).getType())
    return op->emitOpError("result type ")
           << op->getResult(0).getType() << " must equal the input type "
           << input.getType();
  std::string why;
  auto pooled = shape::pool2d(shapeOf(input), kernel, stride, padding, why);
  return checkShape(op, grad, pooled, why, "grad");
}

LogicalResult MaxPool2DGradOp::verify() {
  if (failed(verifyPoolGrad(*this, getInput(), getGrad(), getKernel(),
                            getStride(), getPadding())))
    return failure();
  return expectSameShape(*this, getOutput(), getGrad(), "output", "grad");
}

LogicalResult AvgPool2DGradOp::verify() {
  if (failed(expectRank(*this, getResult(), 4, "result (the NCHW input shape)")))
    return failure();
  return verifyPoolGrad(*this, getResult(), getGrad(), getKernel(),
                        getStride(), getPadding());
}

LogicalResult ReluGradEncodedOp::verify() {
  auto encoded = cast<EncodedType>(getMask().getType());
  if (encoded.getEncoding().getKind() != EncodingKind::Binarize)
    return emitOpError("needs a binarize encoding, got ")
           << encoded.getEncoding();
  if (encoded.getTensorType() != getGrad().getType() ||
      getGrad().getType() != getResult().getType())
    return emitOpError("grad and result types must be the encoded type ")
           << encoded.getTensorType();
  return success();
}

LogicalResult MaxPool2DGradArgmaxOp::verify() {
  auto encoded = cast<EncodedType>(getArgmax().getType());
  EncodingAttr encoding = encoded.getEncoding();
  if (encoding.getKind() != EncodingKind::PoolArgmax)
    return emitOpError("needs a pool_argmax encoding, got ") << encoding;
  SmallVector<int64_t, 2> padding{0, 0};
  if (encoding.getPadding())
    padding.assign(encoding.getPadding().asArrayRef().begin(),
                   encoding.getPadding().asArrayRef().end());
  if (encoding.getKernel().asArrayRef() != getKernel() ||
      encoding.getStride().asArrayRef() != getStride() ||
      ArrayRef<int64_t>(padding) != getPadding())
    return emitOpError("window (kernel, stride, padding) differs from the "
                       "encoding's ")
           << encoding;
  if (encoded.getTensorType() != getResult().getType())
    return emitOpError("result type ")
           << getResult().getType()
           << " must be the encoded forward input type "
           << encoded.getTensorType();
  return verifyPoolGrad(*this, getResult(), getGrad(), getKernel(), getStride(),
                        getPadding());
}

LogicalResult BatchNormGradOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  int64_t c;
  if (failed(verifyPerChannel(*this, getInput(),
                              {{getGamma(), "gamma"},
                               {getSavedMean(), "saved_mean"},
                               {getSavedInvStd(), "saved_inv_std"},
                               {getGammaGrad(), "gamma_grad"},
                               {getBetaGrad(), "beta_grad"}},
                              c)))
    return failure();
  if (failed(expectSameShape(*this, getGrad(), getInput(), "grad", "input")))
    return failure();
  return expectSameShape(*this, getInputGrad(), getInput(), "input_grad",
                         "input");
}

LogicalResult LayerNormGradOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(verifyLayerNormShapes(*this, getInput(), getGamma(), Value(),
                                   getMean(), getInvStd())))
    return failure();
  int64_t d = shapeOf(getInput()).back();
  if (failed(expectVector(*this, getGammaGrad(), d, "gamma_grad")) ||
      failed(expectVector(*this, getBetaGrad(), d, "beta_grad")) ||
      failed(expectSameShape(*this, getGrad(), getInput(), "grad", "input")))
    return failure();
  return expectSameShape(*this, getInputGrad(), getInput(), "input_grad",
                         "input");
}

LogicalResult SoftmaxGradOp::verify() {
  return verifyAxis(*this, getAxis(), getOutput());
}
LogicalResult LogSoftmaxGradOp::verify() {
  return verifyAxis(*this, getAxis(), getOutput());
}

/// Reduction backward ops: reducing the result shape gives `grad`'s shape.
static LogicalResult verifyReduceGrad(Operation *op, Value grad, Value result,
                                      ArrayRef<int64_t> dims, bool keepDims) {
  if (failed(verifySameFloatElementType(op)))
    return failure();
  std::string why;
  auto reduced = shape::reduce(shapeOf(result), dims, keepDims, why);
  return checkShape(op, grad, reduced, why, "grad");
}

LogicalResult ReduceGradOp::verify() {
  if (getKind() == ReduceKind::Max)
    return emitOpError("max reductions are differentiated with "
                       "'echo.reduce_max_grad'");
  return verifyReduceGrad(*this, getGrad(), getResult(), getDims(),
                          getKeepdims());
}

LogicalResult ReduceMaxGradOp::verify() {
  if (failed(verifyReduceGrad(*this, getGrad(), getResult(), getDims(),
                              getKeepdims())))
    return failure();
  if (getInput().getType() != getResult().getType())
    return emitOpError("result type ")
           << getResult().getType() << " must equal the input type "
           << getInput().getType();
  return expectSameShape(*this, getOutput(), getGrad(), "output", "grad");
}

LogicalResult SliceGradOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  std::string why;
  ArrayRef<int64_t> strides;
  if (getStrides())
    strides = *getStrides();
  if (failed(shape::slice(shapeOf(getResult()), shapeOf(getGrad()),
                          getOffsets(), strides, why)))
    return emitOpError(why);
  return success();
}

LogicalResult CrossEntropyGradOp::verify() {
  if (failed(verifyLabels(*this, getLogits(), getLabels())))
    return failure();
  if (getResult().getType() != getLogits().getType())
    return emitOpError("result type ")
           << getResult().getType() << " must equal the logits type "
           << getLogits().getType();
  return success();
}

LogicalResult LinearGradInputOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  if (shapeOf(getResult()).empty())
    return emitOpError("result (the forward input shape) must have rank >= 1");
  std::string why;
  // The forward op maps the result (input) shape to `grad`'s shape.
  auto forward = shape::linear(shapeOf(getResult()), shapeOf(getWeight()),
                               std::nullopt, why);
  return checkShape(*this, getGrad(), forward, why, "grad");
}

LogicalResult LinearGradWeightOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(expectRank(*this, getResult(), 2, "result (the weight shape)")))
    return failure();
  std::string why;
  auto forward = shape::linear(shapeOf(getInput()), shapeOf(getResult()),
                               std::nullopt, why);
  return checkShape(*this, getGrad(), forward, why, "grad");
}

LogicalResult Conv2DGradInputOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(expectRank(*this, getResult(), 4, "result (the NCHW input shape)")))
    return failure();
  std::string why;
  auto forward = shape::conv2d(
      shapeOf(getResult()), shapeOf(getWeight()), std::nullopt,
      convParams(getStride(), getPadding(), getDilation(), getGroups()), why);
  return checkShape(*this, getGrad(), forward, why, "grad");
}

LogicalResult Conv2DGradWeightOp::verify() {
  if (failed(verifySameFloatElementType(*this)) ||
      failed(expectRank(*this, getResult(), 4, "result (the OIHW weight shape)")))
    return failure();
  std::string why;
  auto forward = shape::conv2d(
      shapeOf(getInput()), shapeOf(getResult()), std::nullopt,
      convParams(getStride(), getPadding(), getDilation(), getGroups()), why);
  return checkShape(*this, getGrad(), forward, why, "grad");
}

LogicalResult EmbeddingGradOp::verify() {
  if (failed(verifySameFloatElementType(*this)))
    return failure();
  ArrayRef<int64_t> table = shapeOf(getResult());
  if (table.size() != 2)
    return emitOpError("result must have rank 2 ([vocab, dim]), got ")
           << getResult().getType();
  shape::Shape expected(shapeOf(getIndices()));
  expected.push_back(table[1]);
  return checkShape(*this, getGrad(), expected, "", "grad");
}

//===----------------------------------------------------------------------===//
// Optimizer updates
//===----------------------------------------------------------------------===//

/// Every tensor operand and result but `except` has the parameter's type.
static LogicalResult verifyLikeParam(Operation *op, Value param,
                                     Value except = Value()) {
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    if (v == except)
      continue;
    if (v.getType() != param.getType())
      return op->emitOpError("every operand and result must have the "
                             "parameter type ")
             << param.getType() << ", got " << v.getType();
  }
  return success();
}

/// Learning rates are positive and finite.
static LogicalResult verifyLearningRate(Operation *op, double lr) {
  if (!(lr > 0.0) || std::isinf(lr))
    return op->emitOpError("lr must be positive and finite, got ") << lr;
  return success();
}

LogicalResult SgdUpdateOp::verify() {
  if (failed(verifyLearningRate(*this, getLr().convertToDouble())))
    return failure();
  double decay = getWeightDecay().convertToDouble();
  if (!(decay >= 0.0) || std::isinf(decay))
    return emitOpError("weight_decay must be finite and >= 0, got ") << decay;
  double momentum = getMomentum().convertToDouble();
  if (!(momentum >= 0.0 && momentum < 1.0))
    return emitOpError("momentum must be in [0, 1), got ") << momentum;
  bool hasVelocity = bool(getVelocity());
  if (hasVelocity != bool(getNewVelocity()))
    return emitOpError("a velocity operand needs a new_velocity result and "
                       "vice versa");
  if (hasVelocity != (momentum > 0.0))
    return emitOpError(hasVelocity
                           ? "a velocity buffer requires momentum > 0"
                           : "momentum > 0 requires a velocity buffer");
  return verifyLikeParam(*this, getParam());
}

LogicalResult AdamUpdateOp::verify() {
  if (failed(verifyLearningRate(*this, getLr().convertToDouble())))
    return failure();
  for (double beta : {getBeta1().convertToDouble(),
                      getBeta2().convertToDouble()})
    if (!(beta >= 0.0 && beta < 1.0))
      return emitOpError("beta1 and beta2 must be in [0, 1), got ") << beta;
  if (failed(verifyEpsilon(*this, getEpsilon().convertToDouble())))
    return failure();
  return verifyLikeParam(*this, getParam(), getStep());
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

LogicalResult RecomputeOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("body has ")
           << body.getNumArguments() << " arguments but the op has "
           << getInputs().size() << " inputs";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(body.getArgumentTypes(), getInputs())))
    if (std::get<0>(pair) != std::get<1>(pair).getType())
      return emitOpError("body argument #")
             << i << " has type " << std::get<0>(pair) << " but input #" << i
             << " has type " << std::get<1>(pair).getType();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError("body must end with 'echo.yield'");
  if (yield.getValues().getTypes() != getResultTypes())
    return yield.emitOpError("yields types ")
           << yield.getValues().getTypes()
           << " but the enclosing 'echo.recompute' returns "
           << getResultTypes();
  for (Operation &op : body.without_terminator())
    if (!isMemoryEffectFree(&op))
      return op.emitOpError("has side effects and cannot be recomputed");
  return success();
}

void RecomputeOp::getAsmBlockArgumentNames(Region &region,
                                           OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "in");
}

LogicalResult EncodeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location,
    EncodeOp::Adaptor adaptor, SmallVectorImpl<Type> &inferred) {
  auto emitError = [&] {
    return location ? mlir::emitError(*location)
                    : mlir::emitError(UnknownLoc::get(context));
  };
  auto tensor = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  EncodingAttr encoding = adaptor.getEncodingAttr();
  if (!tensor || !encoding)
    return emitError() << "'echo.encode' needs a ranked tensor and an "
                          "#echo.encoding";
  Type encoded = EncodedType::getChecked(emitError, context, tensor, encoding);
  if (!encoded)
    return failure();
  inferred.push_back(encoded);
  return success();
}

/// Type inference runs while parsing, before the operand constraints are
/// verified, so a wrong operand type must be reported here.
static LogicalResult inferenceError(MLIRContext *context,
                                    std::optional<Location> location,
                                    StringRef op, StringRef expected,
                                    Type got) {
  return emitOptionalError(location, "'", op, "' operand must be ", expected,
                           ", got ", got);
}

LogicalResult DecodeOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> location,
                                         DecodeOp::Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto encoded = dyn_cast<EncodedType>(adaptor.getInput().getType());
  if (!encoded)
    return inferenceError(context, location, DecodeOp::getOperationName(),
                          "an !echo.encoded value", adaptor.getInput().getType());
  inferred.push_back(encoded.getTensorType());
  return success();
}

LogicalResult OffloadOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> location,
                                          OffloadOp::Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  Type tensor = adaptor.getInput().getType();
  if (!isa<RankedTensorType, EncodedType>(tensor))
    return inferenceError(context, location, OffloadOp::getOperationName(),
                          "a ranked tensor or an !echo.encoded value",
                          adaptor.getInput().getType());
  auto emitError = [&] {
    return location ? mlir::emitError(*location)
                    : mlir::emitError(UnknownLoc::get(context));
  };
  Type host = HostType::getChecked(emitError, context, tensor);
  if (!host)
    return failure();
  inferred.push_back(host);
  inferred.push_back(TokenType::get(context));
  return success();
}

LogicalResult PrefetchOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location> location,
                                           PrefetchOp::Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  auto host = dyn_cast<HostType>(adaptor.getInput().getType());
  if (!host)
    return inferenceError(context, location, PrefetchOp::getOperationName(),
                          "an !echo.host value", adaptor.getInput().getType());
  inferred.push_back(host.getDeviceType());
  return success();
}

#define GET_OP_CLASSES
#include "EchoDialect/IR/EchoOps.cpp.inc"
