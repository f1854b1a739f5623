//===- ModelBuilder.cpp - Build forward functions layer by layer ----------===//

#include "EchoDialect/Models/ModelBuilder.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::echo;

ModelBuilder::ModelBuilder(ModuleOp module, StringRef name)
    : module(module), builder(module.getContext()) {
  builder.setInsertionPointToEnd(module.getBody());
  function = func::FuncOp::create(builder, module.getLoc(), name,
                                  builder.getFunctionType({}, {}));
  body = function.addEntryBlock();
  builder.setInsertionPointToStart(body);
}

ArrayRef<int64_t> ModelBuilder::shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

RankedTensorType ModelBuilder::f32(ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, builder.getF32Type());
}

std::string ModelBuilder::unique(StringRef name) {
  int count = nameCounts[name]++;
  return count == 0 ? name.str() : (name + Twine(count)).str();
}

Location ModelBuilder::loc(StringRef name) {
  return NameLoc::get(builder.getStringAttr(unique(name)));
}

Value ModelBuilder::addArgument(RankedTensorType type, StringRef name,
                                bool trainable) {
  Location argLoc = loc(name);
  Value arg = body->addArgument(type, argLoc);
  SmallVector<NamedAttribute> attrs;
  if (trainable)
    attrs.push_back(builder.getNamedAttr(kTrainableAttr, builder.getUnitAttr()));
  argAttrs.push_back(builder.getDictionaryAttr(attrs));
  return arg;
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

Value ModelBuilder::input(ArrayRef<int64_t> shape, StringRef name) {
  return addArgument(f32(shape), name, false);
}

Value ModelBuilder::labels(ArrayRef<int64_t> shape, StringRef name) {
  return addArgument(RankedTensorType::get(shape, builder.getI32Type()), name,
                     false);
}

Value ModelBuilder::tokens(ArrayRef<int64_t> shape, StringRef name) {
  return addArgument(RankedTensorType::get(shape, builder.getI32Type()), name,
                     false);
}

Value ModelBuilder::param(ArrayRef<int64_t> shape, StringRef name) {
  return addArgument(f32(shape), name, true);
}

Value ModelBuilder::state(ArrayRef<int64_t> shape, StringRef name) {
  return addArgument(f32(shape), name, false);
}

//===----------------------------------------------------------------------===//
// Layers
//===----------------------------------------------------------------------===//

Value ModelBuilder::linear(Value x, int64_t outFeatures, bool bias,
                           StringRef name) {
  int64_t in = shapeOf(x).back();
  Value w = param({outFeatures, in}, (name + ".weight").str());
  Value b = bias ? param({outFeatures}, (name + ".bias").str()) : Value();
  return linear(x, w, b);
}

// The ops infer their result types from the shape functions. A shape error is
// a bug in a model definition: inference reports it at the layer's location
// and the builder stops.
Value ModelBuilder::linear(Value x, Value weight, Value bias) {
  return LinearOp::create(builder, loc("linear"), x, weight, bias);
}

Value ModelBuilder::matmul(Value a, Value b, bool ta, bool tb) {
  return MatmulOp::create(builder, loc("matmul"), a, b, ta, tb);
}

Value ModelBuilder::batchMatmul(Value a, Value b, bool ta, bool tb) {
  return BatchMatmulOp::create(builder, loc("batch_matmul"), a, b, ta, tb);
}

Value ModelBuilder::conv2d(Value x, int64_t outChannels,
                           ArrayRef<int64_t> kernel, ArrayRef<int64_t> stride,
                           ArrayRef<int64_t> padding, bool bias, int64_t groups,
                           StringRef name) {
  int64_t in = shapeOf(x)[1];
  Value w = param({outChannels, in / groups, kernel[0], kernel[1]},
                  (name + ".weight").str());
  Value b = bias ? param({outChannels}, (name + ".bias").str()) : Value();
  return Conv2DOp::create(builder, loc(name), x, w, b, stride, padding,
                          ArrayRef<int64_t>{1, 1}, groups);
}

Value ModelBuilder::embedding(Value table, Value ids) {
  return EmbeddingOp::create(builder, loc("embedding"), table, ids);
}

#define ECHO_UNARY(method, Op, label)                                          \
  Value ModelBuilder::method(Value x) {                                        \
    return Op::create(builder, loc(label), x);                                 \
  }
ECHO_UNARY(relu, ReluOp, "relu")
ECHO_UNARY(tanh, TanhOp, "tanh")
ECHO_UNARY(sigmoid, SigmoidOp, "sigmoid")
ECHO_UNARY(gelu, GeluOp, "gelu")
ECHO_UNARY(geluErf, GeluErfOp, "gelu_erf")
ECHO_UNARY(exp, ExpOp, "exp")
ECHO_UNARY(rsqrt, RsqrtOp, "rsqrt")
#undef ECHO_UNARY

#define ECHO_BINARY(method, Op, label)                                         \
  Value ModelBuilder::method(Value a, Value b) {                               \
    return Op::create(builder, loc(label), a, b);                              \
  }
ECHO_BINARY(add, AddOp, "add")
ECHO_BINARY(sub, SubOp, "sub")
ECHO_BINARY(mul, MulOp, "mul")
ECHO_BINARY(div, DivOp, "div")
ECHO_BINARY(max, MaxOp, "max")
#undef ECHO_BINARY

Value ModelBuilder::maxPool(Value x, ArrayRef<int64_t> kernel,
                            ArrayRef<int64_t> stride,
                            ArrayRef<int64_t> padding) {
  return MaxPool2DOp::create(builder, loc("max_pool"), x, kernel, stride,
                             padding);
}

Value ModelBuilder::avgPool(Value x, ArrayRef<int64_t> kernel,
                            ArrayRef<int64_t> stride,
                            ArrayRef<int64_t> padding) {
  return AvgPool2DOp::create(builder, loc("avg_pool"), x, kernel, stride,
                             padding);
}

Value ModelBuilder::batchNorm(Value x, StringRef name) {
  int64_t c = shapeOf(x)[1];
  Value gamma = param({c}, (name + ".gamma").str());
  Value beta = param({c}, (name + ".beta").str());
  Value mean = state({c}, (name + ".running_mean").str());
  Value var = state({c}, (name + ".running_var").str());
  auto bn = BatchNormOp::create(builder, loc(name), x, gamma, beta, mean, var,
                                builder.getF64FloatAttr(1e-5),
                                builder.getF64FloatAttr(0.1));
  return bn.getOutput();
}

Value ModelBuilder::layerNorm(Value x, StringRef name) {
  int64_t d = shapeOf(x).back();
  Value gamma = param({d}, (name + ".gamma").str());
  Value beta = param({d}, (name + ".beta").str());
  auto ln = LayerNormOp::create(builder, loc(name), x, gamma, beta,
                                builder.getF64FloatAttr(1e-5));
  return ln.getOutput();
}

Value ModelBuilder::dropout(Value x, double probability) {
  auto op = DropoutOp::create(builder, loc("dropout"), x,
                              builder.getF64FloatAttr(probability),
                              builder.getI64IntegerAttr(dropoutSeed++));
  return op.getOutput();
}

Value ModelBuilder::softmax(Value x, int64_t axis) {
  return SoftmaxOp::create(builder, loc("softmax"), x,
                           builder.getI64IntegerAttr(axis));
}

bool ModelBuilder::attentionHasDropout() {
  return llvm::is_contained(AttentionOp::getAttributeNames(), "dropout");
}

Value ModelBuilder::attention(Value query, Value key, Value value, bool causal,
                              double dropout) {
  if (dropout > 0 && !attentionHasDropout())
    return Value();
  // Built generically: the op's optional attributes are set by name.
  OperationState state(loc("attention"), AttentionOp::getOperationName());
  state.addOperands({query, key, value});
  state.addTypes({query.getType(), f32(shapeOf(query).drop_back())});
  if (causal)
    state.addAttribute("causal", builder.getUnitAttr());
  if (dropout > 0) {
    state.addAttribute("dropout", builder.getF64FloatAttr(dropout));
    state.addAttribute("seed", builder.getI64IntegerAttr(dropoutSeed++));
  }
  return builder.create(state)->getResult(0);
}

Value ModelBuilder::logSoftmax(Value x, int64_t axis) {
  return LogSoftmaxOp::create(builder, loc("log_softmax"), x,
                              builder.getI64IntegerAttr(axis));
}

Value ModelBuilder::reduce(Value x, StringRef kind, ArrayRef<int64_t> dims,
                           bool keepDims) {
  std::optional<ReduceKind> k = symbolizeReduceKind(kind);
  if (!k)
    llvm::report_fatal_error("echo model builder: unknown reduction");
  return ReduceOp::create(builder, loc("reduce"), *k, x, dims, keepDims);
}

Value ModelBuilder::crossEntropy(Value logits, Value labels) {
  return CrossEntropyOp::create(builder, loc("cross_entropy"), logits, labels);
}

Value ModelBuilder::reshape(Value x, ArrayRef<int64_t> shape) {
  if (shape::numElements(shape) != shape::numElements(shapeOf(x)))
    llvm::report_fatal_error("echo model builder: reshape changes the "
                             "element count");
  return ReshapeOp::create(builder, loc("reshape"), f32(shape), x);
}

Value ModelBuilder::transpose(Value x, ArrayRef<int64_t> permutation) {
  return TransposeOp::create(builder, loc("transpose"), x, permutation);
}

Value ModelBuilder::broadcastTo(Value x, ArrayRef<int64_t> shape) {
  if (!shape::broadcastsTo(shapeOf(x), shape))
    llvm::report_fatal_error("echo model builder: invalid broadcast");
  return BroadcastToOp::create(builder, loc("broadcast"), f32(shape), x);
}

Value ModelBuilder::concat(ArrayRef<Value> values, int64_t axis) {
  return ConcatOp::create(builder, loc("concat"), values, axis);
}

SmallVector<Value> ModelBuilder::split(Value x, int64_t axis, int64_t pieces) {
  shape::Shape piece(shapeOf(x));
  int64_t normalized = axis < 0 ? axis + piece.size() : axis;
  if (piece[normalized] % pieces != 0)
    llvm::report_fatal_error("echo model builder: uneven split");
  piece[normalized] /= pieces;
  SmallVector<Type> types(pieces, f32(piece));
  auto op = SplitOp::create(builder, loc("split"), types, x, axis);
  return SmallVector<Value>(op.getResults());
}

Value ModelBuilder::slice(Value x, ArrayRef<int64_t> offsets,
                          ArrayRef<int64_t> sizes) {
  std::string why;
  if (failed(shape::slice(shapeOf(x), sizes, offsets, {}, why)))
    llvm::report_fatal_error(llvm::Twine("echo model builder: slice: ") + why);
  return SliceOp::create(builder, loc("slice"), f32(sizes), x, offsets,
                         /*strides=*/nullptr);
}

Value ModelBuilder::zeros(ArrayRef<int64_t> shape) {
  return ZerosOp::create(builder, loc("zeros"), f32(shape));
}

Value ModelBuilder::fill(ArrayRef<int64_t> shape, double value) {
  return FillOp::create(builder, loc("fill"), f32(shape),
                        builder.getF64FloatAttr(value));
}

Value ModelBuilder::constant(ArrayRef<int64_t> shape, ArrayRef<float> values,
                             StringRef name) {
  if (int64_t(values.size()) != shape::numElements(shape))
    llvm::report_fatal_error("echo model builder: constant has the wrong "
                             "number of values");
  auto type = f32(shape);
  return ConstantOp::create(builder, loc(name),
                            DenseElementsAttr::get(type, values));
}

//===----------------------------------------------------------------------===//
// Recurrent cells
//===----------------------------------------------------------------------===//

ModelBuilder::LSTMWeights ModelBuilder::lstmWeights(int64_t inputSize,
                                                    int64_t hidden,
                                                    StringRef name) {
  return {param({4 * hidden, inputSize + hidden}, (name + ".weight").str()),
          param({4 * hidden}, (name + ".bias").str())};
}

ModelBuilder::LSTMState ModelBuilder::lstmZeroState(int64_t batch,
                                                    int64_t hidden) {
  return {zeros({batch, hidden}), zeros({batch, hidden})};
}

ModelBuilder::LSTMState ModelBuilder::lstmCell(Value x, LSTMState s,
                                               const LSTMWeights &w) {
  Value gates = linear(concat({x, s.h}, 1), w.weight, w.bias);
  SmallVector<Value> g = split(gates, 1, 4);
  Value i = sigmoid(g[0]), f = sigmoid(g[1]), cand = tanh(g[2]),
        o = sigmoid(g[3]);
  Value c = add(mul(f, s.c), mul(i, cand));
  Value h = mul(o, tanh(c));
  return {h, c};
}

ModelBuilder::GRUWeights ModelBuilder::gruWeights(int64_t inputSize,
                                                  int64_t hidden,
                                                  StringRef name) {
  return {param({3 * hidden, inputSize}, (name + ".weight_ih").str()),
          param({3 * hidden, hidden}, (name + ".weight_hh").str()),
          param({3 * hidden}, (name + ".bias").str())};
}

Value ModelBuilder::gruCell(Value x, Value h, const GRUWeights &w) {
  SmallVector<Value> xi = split(linear(x, w.inputWeight, w.bias), 1, 3);
  SmallVector<Value> hh = split(linear(h, w.hiddenWeight, Value()), 1, 3);
  Value r = sigmoid(add(xi[0], hh[0]));
  Value z = sigmoid(add(xi[1], hh[1]));
  Value n = tanh(add(xi[2], mul(r, hh[2])));
  // h' = (1 - z) * n + z * h = n + z * (h - n)
  return add(n, mul(z, sub(h, n)));
}

//===----------------------------------------------------------------------===//
// Finishing
//===----------------------------------------------------------------------===//

func::FuncOp ModelBuilder::finish(Value loss) {
  func::ReturnOp::create(builder, loc("return"), loss);
  function.setFunctionType(builder.getFunctionType(body->getArgumentTypes(),
                                                   {loss.getType()}));
  function.setAllArgAttrs(argAttrs);
  return function;
}
