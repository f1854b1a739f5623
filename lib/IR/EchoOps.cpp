//===- EchoOps.cpp - Verifiers and type inference of echo ops -------------===//
//
// Every shape rule is delegated to ShapeFunctions.h; this file only maps the
// op's operands and attributes onto those functions. Ops whose result type
// follows from their operands and attributes infer it (InferTypeOpAdaptor:
// ODS builds them without result types, and the interface's verifier
// reports a result that differs); verifiers remain where the result type is
// an input of the op (reshape, slice, the gradients of lossy shape maps).
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

/// An error of type inference, worded as the op's verifier words its own
/// ("'echo.x' op ..."), at the op's location; inactive without a location.
static InFlightDiagnostic inferError(std::optional<Location> location,
                                     StringRef opName) {
  if (!location)
    return InFlightDiagnostic();
  InFlightDiagnostic diag = mlir::emitError(*location);
  diag << "'" << opName << "' op ";
  return diag;
}

/// Reports an error of the op: `emitOpError()` in a verifier, `inferError`
/// in type inference.
using ErrorFn = llvm::function_ref<InFlightDiagnostic()>;

/// The float element type the tensors among `values` share (null values
/// and non-float element types are skipped); an error when there is none.
static FailureOr<Type> sharedFloatElement(ErrorFn error,
                                          ArrayRef<Value> values) {
  Type first;
  for (Value v : values) {
    if (!v)
      continue;
    auto shaped = dyn_cast<ShapedType>(v.getType());
    if (!shaped)
      continue;
    Type element = shaped.getElementType();
    if (element == first || !isa<FloatType>(element))
      continue;
    if (!first) {
      first = element;
      continue;
    }
    error() << "operands and results must share one float element type, got "
            << first << " and " << element;
    return failure();
  }
  // Reached by type inference on operands the ODS constraints would reject
  // (an importer's integer tensors): no element type to infer a result of.
  if (!first) {
    InFlightDiagnostic diag = error();
    diag << "operands must have a float element type, got ";
    llvm::interleaveComma(llvm::make_filter_range(values, [](Value v) {
                            return static_cast<bool>(v);
                          }),
                          diag, [&](Value v) { diag << v.getType(); });
    return failure();
  }
  return first;
}

/// Pushes a tensor of the shape a shape function computed, or reports why
/// the shape function failed.
static LogicalResult pushTensor(ErrorFn error, FailureOr<shape::Shape> shape,
                                const std::string &why, Type element,
                                SmallVectorImpl<Type> &inferred) {
  if (failed(shape))
    return error() << why;
  inferred.push_back(RankedTensorType::get(*shape, element));
  return success();
}

/// An operand whose shape a shape function computed from the others.
static LogicalResult expectShape(ErrorFn error, Value v,
                                 FailureOr<shape::Shape> expected,
                                 const std::string &why, StringRef what) {
  if (failed(expected))
    return error() << why;
  if (shapeOf(v) != ArrayRef<int64_t>(*expected))
    return error() << what << " shape " << shape::format(shapeOf(v))
                   << " does not match the expected "
                   << shape::format(*expected);
  return success();
}

//===----------------------------------------------------------------------===//
// Compute-heavy ops
//===----------------------------------------------------------------------===//
//
// Each inferReturnTypes maps the operands and attributes onto a shape
// function; an inconsistent operand is reported here, a result that differs
// from the inferred type by the InferTypeOpInterface verifier.

#define ECHO_INFER_ERROR                                                       \
  auto error = [&] { return inferError(location, getOperationName()); }

LogicalResult LinearOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto element = sharedFloatElement(
      error, {adaptor.getInput(), adaptor.getWeight(), adaptor.getBias()});
  if (failed(element))
    return failure();
  std::string why;
  auto shape = shape::linear(shapeOf(adaptor.getInput()),
                             shapeOf(adaptor.getWeight()),
                             optionalShape(adaptor.getBias()), why);
  return pushTensor(error, shape, why, *element, inferred);
}

/// matmul and batch_matmul.
static LogicalResult inferMatmul(ErrorFn error, Value lhs, Value rhs,
                                 bool transposeLhs, bool transposeRhs,
                                 bool batched,
                                 SmallVectorImpl<Type> &inferred) {
  auto element = sharedFloatElement(error, {lhs, rhs});
  if (failed(element))
    return failure();
  if (!batched && (shapeOf(lhs).size() != 2 || shapeOf(rhs).size() != 2))
    return error() << "operands must have rank 2, got " << lhs.getType()
                   << " and " << rhs.getType();
  if (batched && shapeOf(lhs).size() < 3)
    return error() << "operands must have rank >= 3, got " << lhs.getType();
  std::string why;
  auto shape =
      shape::matmul(shapeOf(lhs), shapeOf(rhs), transposeLhs, transposeRhs, why);
  return pushTensor(error, shape, why, *element, inferred);
}

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  return inferMatmul(error, adaptor.getLhs(), adaptor.getRhs(),
                     adaptor.getTransposeLhs(), adaptor.getTransposeRhs(),
                     /*batched=*/false, inferred);
}

LogicalResult BatchMatmulOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> location,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  return inferMatmul(error, adaptor.getLhs(), adaptor.getRhs(),
                     adaptor.getTransposeLhs(), adaptor.getTransposeRhs(),
                     /*batched=*/true, inferred);
}

LogicalResult Conv2DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto element = sharedFloatElement(
      error, {adaptor.getInput(), adaptor.getWeight(), adaptor.getBias()});
  if (failed(element))
    return failure();
  std::string why;
  auto shape = shape::conv2d(
      shapeOf(adaptor.getInput()), shapeOf(adaptor.getWeight()),
      optionalShape(adaptor.getBias()),
      convParams(adaptor.getStride(), adaptor.getPadding(),
                 adaptor.getDilation(), adaptor.getGroups()),
      why);
  return pushTensor(error, shape, why, *element, inferred);
}

LogicalResult EmbeddingOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value tableValue = adaptor.getTable();
  ArrayRef<int64_t> table = shapeOf(tableValue);
  if (table.size() != 2)
    return error() << "table must have rank 2 ([vocab, dim]), got "
                   << tableValue.getType();
  shape::Shape shape(shapeOf(adaptor.getIndices()));
  shape.push_back(table[1]);
  inferred.push_back(RankedTensorType::get(
      shape, cast<ShapedType>(tableValue.getType()).getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise and other forward ops
//===----------------------------------------------------------------------===//

/// Shared by the five broadcasting binary ops.
static LogicalResult inferBroadcastBinary(ErrorFn error, Value lhs, Value rhs,
                                          SmallVectorImpl<Type> &inferred) {
  auto element = sharedFloatElement(error, {lhs, rhs});
  if (failed(element))
    return failure();
  std::string why;
  auto shape = shape::broadcast(shapeOf(lhs), shapeOf(rhs), why);
  return pushTensor(error, shape, why, *element, inferred);
}

#define ECHO_BINARY_INFER(OP)                                                  \
  LogicalResult OP::inferReturnTypes(MLIRContext *,                            \
                                     std::optional<Location> location,         \
                                     Adaptor adaptor,                          \
                                     SmallVectorImpl<Type> &inferred) {        \
    ECHO_INFER_ERROR;                                                          \
    return inferBroadcastBinary(error, adaptor.getLhs(), adaptor.getRhs(),     \
                                inferred);                                     \
  }
ECHO_BINARY_INFER(AddOp)
ECHO_BINARY_INFER(SubOp)
ECHO_BINARY_INFER(MulOp)
ECHO_BINARY_INFER(DivOp)
ECHO_BINARY_INFER(MaxOp)
#undef ECHO_BINARY_INFER

static LogicalResult verifyProbability(ErrorFn error, double p) {
  if (!(p >= 0.0 && p < 1.0))
    return error() << "probability must be in [0, 1), got " << p;
  return success();
}

LogicalResult DropoutOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  if (failed(verifyProbability(error,
                               adaptor.getProbability().convertToDouble())))
    return failure();
  Type input = adaptor.getInput().getType();
  inferred.push_back(input);
  inferred.push_back(
      RankedTensorType::get(shapeOf(adaptor.getInput()),
                            IntegerType::get(context, 1)));
  return success();
}

static LogicalResult inferPool(ErrorFn error, Value input,
                               ArrayRef<int64_t> kernel,
                               ArrayRef<int64_t> stride,
                               ArrayRef<int64_t> padding,
                               SmallVectorImpl<Type> &inferred) {
  std::string why;
  auto shape = shape::pool2d(shapeOf(input), kernel, stride, padding, why);
  return pushTensor(error, shape, why,
                    cast<ShapedType>(input.getType()).getElementType(),
                    inferred);
}

LogicalResult MaxPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  return inferPool(error, adaptor.getInput(), adaptor.getKernel(),
                   adaptor.getStride(), adaptor.getPadding(), inferred);
}

LogicalResult AvgPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  return inferPool(error, adaptor.getInput(), adaptor.getKernel(),
                   adaptor.getStride(), adaptor.getPadding(), inferred);
}

static LogicalResult verifyEpsilon(ErrorFn error, double epsilon) {
  if (!(epsilon > 0.0))
    return error() << "epsilon must be positive, got " << epsilon;
  return success();
}

static LogicalResult expectVector(ErrorFn error, Value v, int64_t size,
                                  StringRef name) {
  if (shapeOf(v) != ArrayRef<int64_t>{size})
    return error() << name << " must be [" << size << "], got "
                   << shape::format(shapeOf(v));
  return success();
}

static LogicalResult expectSameShape(ErrorFn error, Value a, Value b,
                                     StringRef aName, StringRef bName) {
  if (shapeOf(a) != shapeOf(b))
    return error() << aName << " shape " << shape::format(shapeOf(a))
                   << " must equal " << bName << " shape "
                   << shape::format(shapeOf(b));
  return success();
}

/// [N, C, ...] input with per-channel [C] vectors; returns C.
static FailureOr<int64_t>
verifyPerChannel(ErrorFn error, Value input,
                 ArrayRef<std::pair<Value, StringRef>> vecs) {
  ArrayRef<int64_t> shape = shapeOf(input);
  if (shape.size() < 2) {
    error() << "input must have rank >= 2 ([N, C, ...]), got "
            << input.getType();
    return failure();
  }
  for (auto [v, name] : vecs)
    if (failed(expectVector(error, v, shape[1], name)))
      return failure();
  return shape[1];
}

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto element = sharedFloatElement(
      error, {adaptor.getInput(), adaptor.getGamma(), adaptor.getBeta(),
              adaptor.getRunningMean(), adaptor.getRunningVar()});
  if (failed(element) ||
      failed(verifyEpsilon(error, adaptor.getEpsilon().convertToDouble())))
    return failure();
  double momentum = adaptor.getMomentum().convertToDouble();
  if (!(momentum >= 0.0 && momentum <= 1.0))
    return error() << "momentum must be in [0, 1], got " << momentum;
  auto c = verifyPerChannel(error, adaptor.getInput(),
                            {{adaptor.getGamma(), "gamma"},
                             {adaptor.getBeta(), "beta"},
                             {adaptor.getRunningMean(), "running_mean"},
                             {adaptor.getRunningVar(), "running_var"}});
  if (failed(c))
    return failure();
  inferred.push_back(adaptor.getInput().getType());
  inferred.append(4, RankedTensorType::get({*c}, *element));
  return success();
}

/// [..., D] input, [D] scale/shift, [...] row statistics (when given).
static LogicalResult verifyLayerNormShapes(ErrorFn error, Value input,
                                           Value gamma, Value beta, Value mean,
                                           Value invStd) {
  ArrayRef<int64_t> shape = shapeOf(input);
  if (shape.empty())
    return error() << "input must have rank >= 1";
  if (failed(expectVector(error, gamma, shape.back(), "gamma")) ||
      (beta && failed(expectVector(error, beta, shape.back(), "beta"))))
    return failure();
  ArrayRef<int64_t> rows = shape.drop_back();
  for (auto [v, name] : {std::pair<Value, StringRef>{mean, "mean"},
                         std::pair<Value, StringRef>{invStd, "inv_std"}})
    if (v && shapeOf(v) != rows)
      return error() << name << " must be " << shape::format(rows)
                     << " (the input shape without its last dimension), got "
                     << shape::format(shapeOf(v));
  return success();
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  auto element = sharedFloatElement(
      error, {input, adaptor.getGamma(), adaptor.getBeta()});
  if (failed(element) ||
      failed(verifyEpsilon(error, adaptor.getEpsilon().convertToDouble())) ||
      failed(verifyLayerNormShapes(error, input, adaptor.getGamma(),
                                   adaptor.getBeta(), Value(), Value())))
    return failure();
  inferred.push_back(input.getType());
  inferred.append(2,
                  RankedTensorType::get(shapeOf(input).drop_back(), *element));
  return success();
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

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  std::string why;
  auto shape = shape::reduce(shapeOf(input), adaptor.getDims(),
                             adaptor.getKeepdims(), why);
  return pushTensor(error, shape, why,
                    cast<ShapedType>(input.getType()).getElementType(),
                    inferred);
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty())
    return error() << "needs at least one input";
  SmallVector<Value> values(inputs.begin(), inputs.end());
  auto element = sharedFloatElement(error, values);
  if (failed(element))
    return failure();
  std::string why;
  auto axis =
      shape::normalizeAxis(adaptor.getAxis(), shapeOf(inputs[0]).size(), why);
  if (failed(axis))
    return error() << why;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : inputs)
    shapes.push_back(shapeOf(v));
  auto shape = shape::concat(shapes, *axis, why);
  return pushTensor(error, shape, why, *element, inferred);
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

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  std::string why;
  auto shape = shape::transpose(shapeOf(input), adaptor.getPermutation(), why);
  return pushTensor(error, shape, why,
                    cast<ShapedType>(input.getType()).getElementType(),
                    inferred);
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

static LogicalResult verifyLabels(ErrorFn error, Value logits, Value labels) {
  ArrayRef<int64_t> shape = shapeOf(logits);
  if (shape.size() < 2)
    return error() << "logits must have rank >= 2 ([..., classes]), got "
                   << logits.getType();
  if (shapeOf(labels) != shape.drop_back())
    return error() << "labels must be " << shape::format(shape.drop_back())
                   << " (the logits shape without the class dimension), got "
                   << shape::format(shapeOf(labels));
  return success();
}

LogicalResult CrossEntropyOp::inferReturnTypes(MLIRContext *context,
                                               std::optional<Location> location,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  if (failed(verifyLabels(error, adaptor.getLogits(), adaptor.getLabels())))
    return failure();
  inferred.push_back(RankedTensorType::get({}, Float32Type::get(context)));
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Element type conversion
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  if (failed(expectSameShape([&] { return emitOpError(); }, getInput(),
                             getResult(), "input", "result")))
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

LogicalResult MaxGradOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto element = sharedFloatElement(
      error, {adaptor.getLhs(), adaptor.getRhs(), adaptor.getGrad()});
  if (failed(element))
    return failure();
  std::string why;
  auto expected =
      shape::broadcast(shapeOf(adaptor.getLhs()), shapeOf(adaptor.getRhs()), why);
  if (failed(expectShape(error, adaptor.getGrad(), expected, why, "grad")))
    return failure();
  inferred.append(2, RankedTensorType::get(*expected, *element));
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
  auto error = [&] { return emitOpError(); };
  if (failed(verifyProbability(error, getProbability().convertToDouble())))
    return failure();
  return expectSameShape(error, getMask(), getGrad(), "mask", "grad");
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
  return expectSameShape([&] { return emitOpError(); }, getOutput(), getGrad(),
                         "output", "grad");
}

LogicalResult AvgPool2DGradOp::verify() {
  if (failed(expectRank(*this, getResult(), 4, "result (the NCHW input shape)")))
    return failure();
  return verifyPoolGrad(*this, getResult(), getGrad(), getKernel(),
                        getStride(), getPadding());
}

LogicalResult ReluGradEncodedOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto encoded = cast<EncodedType>(adaptor.getMask().getType());
  if (encoded.getEncoding().getKind() != EncodingKind::Binarize)
    return error() << "needs a binarize encoding, got "
                   << encoded.getEncoding();
  if (encoded.getTensorType() != adaptor.getGrad().getType())
    return error() << "grad and result types must be the encoded type "
                   << encoded.getTensorType();
  inferred.push_back(encoded.getTensorType());
  return success();
}

LogicalResult MaxPool2DGradArgmaxOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  auto encoded = cast<EncodedType>(adaptor.getArgmax().getType());
  EncodingAttr encoding = encoded.getEncoding();
  if (encoding.getKind() != EncodingKind::PoolArgmax)
    return error() << "needs a pool_argmax encoding, got " << encoding;
  SmallVector<int64_t, 2> padding{0, 0};
  if (encoding.getPadding())
    padding.assign(encoding.getPadding().asArrayRef().begin(),
                   encoding.getPadding().asArrayRef().end());
  if (encoding.getKernel().asArrayRef() != adaptor.getKernel() ||
      encoding.getStride().asArrayRef() != adaptor.getStride() ||
      ArrayRef<int64_t>(padding) != adaptor.getPadding())
    return error() << "window (kernel, stride, padding) differs from the "
                      "encoding's "
                   << encoding;
  RankedTensorType input = encoded.getTensorType();
  Type gradElement =
      cast<ShapedType>(adaptor.getGrad().getType()).getElementType();
  if (gradElement != input.getElementType())
    return error() << "operands and results must share one float element "
                      "type, got "
                   << input.getElementType() << " and " << gradElement;
  std::string why;
  auto pooled = shape::pool2d(input.getShape(), adaptor.getKernel(),
                              adaptor.getStride(), adaptor.getPadding(), why);
  if (failed(expectShape(error, adaptor.getGrad(), pooled, why, "grad")))
    return failure();
  inferred.push_back(input);
  return success();
}

LogicalResult BatchNormGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  auto element = sharedFloatElement(
      error, {input, adaptor.getGamma(), adaptor.getSavedMean(),
              adaptor.getSavedInvStd(), adaptor.getGrad()});
  if (failed(element))
    return failure();
  auto c = verifyPerChannel(error, input,
                            {{adaptor.getGamma(), "gamma"},
                             {adaptor.getSavedMean(), "saved_mean"},
                             {adaptor.getSavedInvStd(), "saved_inv_std"}});
  if (failed(c) ||
      failed(expectSameShape(error, adaptor.getGrad(), input, "grad", "input")))
    return failure();
  inferred.push_back(input.getType());
  inferred.append(2, RankedTensorType::get({*c}, *element));
  return success();
}

LogicalResult LayerNormGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  auto element = sharedFloatElement(
      error, {input, adaptor.getGamma(), adaptor.getMean(),
              adaptor.getInvStd(), adaptor.getGrad()});
  if (failed(element) ||
      failed(verifyLayerNormShapes(error, input, adaptor.getGamma(), Value(),
                                   adaptor.getMean(), adaptor.getInvStd())) ||
      failed(expectSameShape(error, adaptor.getGrad(), input, "grad", "input")))
    return failure();
  inferred.push_back(input.getType());
  inferred.append(2, RankedTensorType::get({shapeOf(input).back()}, *element));
  return success();
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

LogicalResult ReduceMaxGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value input = adaptor.getInput();
  auto element = sharedFloatElement(
      error, {input, adaptor.getOutput(), adaptor.getGrad()});
  if (failed(element))
    return failure();
  std::string why;
  auto reduced = shape::reduce(shapeOf(input), adaptor.getDims(),
                               adaptor.getKeepdims(), why);
  if (failed(expectShape(error, adaptor.getGrad(), reduced, why, "grad")) ||
      failed(expectSameShape(error, adaptor.getOutput(), adaptor.getGrad(),
                             "output", "grad")))
    return failure();
  inferred.push_back(input.getType());
  return success();
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

LogicalResult CrossEntropyGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  if (failed(verifyLabels(error, adaptor.getLogits(), adaptor.getLabels())))
    return failure();
  inferred.push_back(adaptor.getLogits().getType());
  return success();
}

LogicalResult LinearGradInputOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value grad = adaptor.getGrad(), weight = adaptor.getWeight();
  auto element = sharedFloatElement(error, {grad, weight});
  if (failed(element))
    return failure();
  if (shapeOf(grad).empty() || shapeOf(weight).size() != 2)
    return error() << "grad must have rank >= 1 and weight rank 2 ([N, K]), "
                      "got "
                   << grad.getType() << " and " << weight.getType();
  // The forward input [..., K]; the forward op maps it to `grad`'s shape.
  shape::Shape input(shapeOf(grad).drop_back());
  input.push_back(shapeOf(weight)[1]);
  std::string why;
  auto forward = shape::linear(input, shapeOf(weight), std::nullopt, why);
  if (failed(expectShape(error, grad, forward, why, "grad")))
    return failure();
  inferred.push_back(RankedTensorType::get(input, *element));
  return success();
}

LogicalResult LinearGradWeightOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ECHO_INFER_ERROR;
  Value grad = adaptor.getGrad(), input = adaptor.getInput();
  auto element = sharedFloatElement(error, {grad, input});
  if (failed(element))
    return failure();
  if (shapeOf(grad).empty() || shapeOf(input).empty())
    return error() << "grad and input must have rank >= 1, got "
                   << grad.getType() << " and " << input.getType();
  // The forward weight [N, K]; the forward op maps the input to `grad`.
  shape::Shape weight{shapeOf(grad).back(), shapeOf(input).back()};
  std::string why;
  auto forward = shape::linear(shapeOf(input), weight, std::nullopt, why);
  if (failed(expectShape(error, grad, forward, why, "grad")))
    return failure();
  inferred.push_back(RankedTensorType::get(weight, *element));
  return success();
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
  if (failed(verifyEpsilon([&] { return emitOpError(); },
                                getEpsilon().convertToDouble())))
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
