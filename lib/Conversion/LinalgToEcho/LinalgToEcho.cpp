//===- LinalgToEcho.cpp - The echo-import-linalg pass ---------------------===//
//
// Walks each function in order and replaces every op by echo ops computing
// the same tensor: named linalg ops here, linalg.generic in
// RaiseGeneric.cpp. Ops that only feed others (tensor.empty, linalg.fill
// destinations, tensor.pad folded into a convolution or pooling, scalar
// constants) are left until the end and erased once dead; any op still
// there afterwards, like any op no rule covers, is a located error naming
// it, and the pass fails.
//
//===----------------------------------------------------------------------===//

#include "Raise.h"

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/Conversion/ImportPasses.h"
#include "EchoDialect/EchoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOIMPORTLINALG
#include "EchoDialect/Conversion/ImportPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::linalg_import;

namespace {

/// Two-entry attribute of a named convolution or pooling (strides,
/// dilations); 1s when absent.
FailureOr<SmallVector<int64_t>> pairAttr(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<DenseIntElementsAttr>(name);
  if (!attr)
    return SmallVector<int64_t>{1, 1};
  SmallVector<int64_t> values;
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(v.getSExtValue());
  if (values.size() != 2)
    return cannotRaise(op, "'") << name << "' does not have two entries";
  return values;
}

/// A 4-D input with the padding of the tensor.pad that produced it folded
/// out: torch-mlir pads convolution and pooling inputs explicitly.
struct Padded {
  Value input;
  SmallVector<int64_t> padding{0, 0};
};

FailureOr<Padded> foldPad(Operation *consumer, Value in,
                          function_ref<bool(double)> acceptsValue,
                          StringRef valueName) {
  auto pad = in.getDefiningOp<tensor::PadOp>();
  if (!pad)
    return Padded{in};
  if (ShapedType::isDynamicShape(pad.getStaticLow()) ||
      ShapedType::isDynamicShape(pad.getStaticHigh()))
    return cannotRaise(consumer, "its input is padded by a dynamic amount");
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  unsigned rank = low.size();
  if (rank < 2)
    return cannotRaise(consumer, "its padded input has rank < 2");
  for (unsigned i = 0; i + 2 < rank; ++i)
    if (low[i] || high[i])
      return cannotRaise(consumer, "its input is padded outside the two "
                                   "spatial dimensions");
  if (low[rank - 2] != high[rank - 2] || low[rank - 1] != high[rank - 1])
    return cannotRaise(consumer, "its input is padded asymmetrically; echo "
                                 "pads both sides alike");
  Value padValue = pad.getConstantPaddingValue();
  std::optional<double> v = padValue ? scalarConstant(padValue) : std::nullopt;
  if (!v || !acceptsValue(*v))
    return cannotRaise(consumer, "its input is padded with a value other "
                                 "than ")
           << valueName;
  return Padded{pad.getSource(), {low[rank - 2], low[rank - 1]}};
}

/// Whether `use` is the destination operand of a linalg op: raising that op
/// reads the destination itself, so it needs no echo value.
bool isDestinationUse(OpOperand &use) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
  return dps && dps.isDpsInit(&use);
}

/// Ops that only feed the ops consuming them: erased once dead.
bool isDeferred(Operation *op) {
  if (isa<tensor::EmptyOp, linalg::FillOp, tensor::PadOp>(op))
    return true;
  auto isShaped = [](Type t) { return isa<ShapedType>(t); };
  return llvm::none_of(op->getOperandTypes(), isShaped) &&
         llvm::none_of(op->getResultTypes(), isShaped) &&
         op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// echo ops take statically shaped tensors; memrefs, vectors and dynamic
/// shapes have no echo form.
bool hasStaticTensorTypes(Operation *op) {
  auto ok = [](Type t) {
    if (!isa<ShapedType>(t))
      return true;
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.hasStaticShape();
  };
  return llvm::all_of(op->getOperandTypes(), ok) &&
         llvm::all_of(op->getResultTypes(), ok);
}

class Raiser {
public:
  explicit Raiser(func::FuncOp fn) : fn(fn), builder(fn.getContext()) {}

  LogicalResult run() {
    if (!fn.getBody().hasOneBlock())
      return fn.emitError("echo-import-linalg: @")
             << fn.getSymName() << " has control flow (" << fn.getBody().getBlocks().size()
             << " blocks); only straight-line forward graphs are raised";
    SmallVector<Operation *> ops;
    for (Operation &op : fn.getBody().front())
      ops.push_back(&op);
    bool ok = true;
    for (Operation *op : ops) {
      if (isa<EchoDialect>(op->getDialect()) || isa<func::ReturnOp>(op))
        continue;
      if (failed(raise(op)))
        ok = false;
    }
    if (!ok)
      return failure();
    // Erase what is dead, users first, then report whatever is left.
    for (Operation &op : llvm::make_early_inc_range(
             llvm::reverse(fn.getBody().front())))
      if (isDeferred(&op) && op.use_empty())
        op.erase();
    auto isRaised = [](Operation *op) {
      return isa<EchoDialect>(op->getDialect()) || isa<func::ReturnOp>(op);
    };
    for (Operation &op : fn.getBody().front()) {
      // Report what the raised graph reads; an op read only by another
      // leftover (the constant a tensor.pad yields) is part of that report.
      if (isRaised(&op) || llvm::none_of(op.getUsers(), isRaised))
        continue;
      if (isa<tensor::PadOp>(op))
        cannotRaise(&op, "its padding was not folded into a convolution or "
                         "pooling");
      else if (isa<tensor::EmptyOp>(op))
        cannotRaise(&op, "its uninitialized contents are read");
      else
        cannotRaise(&op, "it is used by an op that was raised without it");
      ok = false;
    }
    return success(ok);
  }

private:
  LogicalResult raise(Operation *op) {
    if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
      op->emitRemark("echo-import-linalg: dropped 'cf.assert' (\"")
          << assertOp.getMsg() << "\"): echo graphs are static and checked "
          << "by their verifiers";
      op->erase();
      return success();
    }
    if (!hasStaticTensorTypes(op))
      return cannotRaise(op, "it operates on values that are not statically "
                             "shaped tensors");
    if (auto fill = dyn_cast<linalg::FillOp>(op))
      return raiseFill(fill);
    if (isDeferred(op))
      return success();
    builder.setInsertionPoint(op);
    EchoEmitter e(builder, op->getLoc());
    FailureOr<Value> result =
        llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
            .Case<arith::ConstantOp>([&](auto c) { return raiseConstant(e, c); })
            .Case<linalg::Conv2DNchwFchwOp>([&](auto conv) {
              return raiseConv(e, conv, conv.getInputs()[1], /*groups=*/1);
            })
            .Case<linalg::DepthwiseConv2DNchwChwOp>(
                [&](auto conv) { return raiseDepthwise(e, conv); })
            .Case<linalg::PoolingNchwMaxOp>(
                [&](auto pool) { return raisePool(e, pool, /*isMax=*/true); })
            .Case<linalg::PoolingNchwSumOp>(
                [&](auto pool) { return raisePool(e, pool, /*isMax=*/false); })
            .Case<linalg::MatmulOp, linalg::BatchMatmulOp>([&](auto mm) {
              return raiseContraction(e, mm, mm.getInputs()[0],
                                      mm.getInputs()[1], mm.getOutputs()[0],
                                      mm.getIndexingMapsArray());
            })
            .Case<linalg::TransposeOp>([&](linalg::TransposeOp t) -> FailureOr<Value> {
              return e.transpose(t.getInput(), t.getPermutation());
            })
            .Case<linalg::BroadcastOp>([&](linalg::BroadcastOp bc) {
              return raiseBroadcast(e, bc);
            })
            .Case<linalg::SoftmaxOp>([&](linalg::SoftmaxOp s) -> FailureOr<Value> {
              return Value(SoftmaxOp::create(e.b, e.loc, s.getInput(),
                                             (int64_t)s.getDimension()));
            })
            .Case<linalg::GenericOp>(
                [&](auto g) { return raiseGeneric(e, g); })
            .Case<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
                [&](Operation *r) -> FailureOr<Value> {
                  auto type = cast<RankedTensorType>(r->getResult(0).getType());
                  if (!type.hasStaticShape())
                    return cannotRaise(r, "its result shape is not static");
                  return e.reshape(r->getOperand(0), type.getShape());
                })
            .Default([&](Operation *) {
              return cannotRaise(op, "no rule raises it into echo ops");
            });
    if (failed(result))
      return failure();
    if (op->getNumResults() != 1 || result->getType() != op->getResult(0).getType())
      return cannotRaise(op, "raising it produced ")
             << result->getType() << " instead of its result type";
    op->getResult(0).replaceAllUsesWith(*result);
    op->erase();
    return success();
  }

  /// A fill read as data (not as a destination) becomes echo.fill.
  LogicalResult raiseFill(linalg::FillOp fill) {
    if (llvm::all_of(fill->getResult(0).getUses(), isDestinationUse))
      return success();
    std::optional<double> c = scalarConstant(fill.getInputs()[0]);
    auto type = dyn_cast<RankedTensorType>(fill->getResult(0).getType());
    if (!c || !type || !type.hasStaticShape() ||
        !isa<FloatType>(type.getElementType()))
      return cannotRaise(fill, "it fills a value that is not a float constant "
                               "into a static float tensor");
    builder.setInsertionPoint(fill);
    Value v = FillOp::create(builder, fill.getLoc(), type,
                             builder.getF64FloatAttr(*c));
    fill->getResult(0).replaceUsesWithIf(
        v, [](OpOperand &use) { return !isDestinationUse(use); });
    return success();
  }

  FailureOr<Value> raiseConstant(EchoEmitter &e, arith::ConstantOp c) {
    auto elements = dyn_cast<ElementsAttr>(c.getValue());
    if (!elements)
      return cannotRaise(c, "it is not a tensor constant");
    return Value(ConstantOp::create(e.b, e.loc, elements));
  }

  FailureOr<Value> raiseConv(EchoEmitter &e, linalg::LinalgOp conv,
                             Value weight, int64_t groups) {
    FailureOr<SmallVector<int64_t>> strides = pairAttr(conv, "strides");
    FailureOr<SmallVector<int64_t>> dilations = pairAttr(conv, "dilations");
    if (failed(strides) || failed(dilations))
      return failure();
    FailureOr<Padded> in = foldPad(
        conv, conv.getDpsInputs()[0], [](double v) { return v == 0.0; }, "0");
    if (failed(in))
      return failure();
    Value init = conv.getDpsInits()[0];
    auto conv2d = Conv2DOp::create(e.b, e.loc, init.getType(), in->input,
                                   weight, Value(), *strides, in->padding,
                                   *dilations, groups);
    return accumulate(e, conv, conv2d, init);
  }

  /// Depthwise: weight [C, KH, KW] is echo's grouped weight [C, 1, KH, KW]
  /// with groups = C.
  FailureOr<Value> raiseDepthwise(EchoEmitter &e,
                                  linalg::DepthwiseConv2DNchwChwOp conv) {
    Value w = conv.getInputs()[1];
    ArrayRef<int64_t> ws = EchoEmitter::shapeOf(w);
    if (ws.size() != 3)
      return cannotRaise(conv, "its weight is not [C, KH, KW]");
    Value w4 = e.reshape(w, {ws[0], 1, ws[1], ws[2]});
    return raiseConv(e, conv, w4, ws[0]);
  }

  FailureOr<Value> raisePool(EchoEmitter &e, linalg::LinalgOp pool,
                             bool isMax) {
    FailureOr<SmallVector<int64_t>> strides = pairAttr(pool, "strides");
    FailureOr<SmallVector<int64_t>> dilations = pairAttr(pool, "dilations");
    if (failed(strides) || failed(dilations))
      return failure();
    if ((*dilations)[0] != 1 || (*dilations)[1] != 1)
      return cannotRaise(pool, "echo pooling has no dilation");
    FailureOr<Padded> in =
        isMax ? foldPad(pool, pool.getDpsInputs()[0], isMaxNeutral, "-inf")
              : foldPad(pool, pool.getDpsInputs()[0],
                        [](double v) { return v == 0.0; }, "0");
    if (failed(in))
      return failure();
    ArrayRef<int64_t> window = EchoEmitter::shapeOf(pool.getDpsInputs()[1]);
    if (window.size() != 2)
      return cannotRaise(pool, "its window is not 2-D");
    if (in->padding[0] >= window[0] || in->padding[1] >= window[1])
      return cannotRaise(pool, "its padding is not smaller than its window, "
                               "which echo pooling requires");
    Value init = pool.getDpsInits()[0];
    Value y;
    if (isMax) {
      y = MaxPool2DOp::create(e.b, e.loc, init.getType(), in->input, window,
                              *strides, in->padding);
    } else {
      // A window sum is the average times the window size; the division
      // torch-mlir writes after it cancels the factor (cleanup patterns).
      Value avg = AvgPool2DOp::create(e.b, e.loc, init.getType(), in->input,
                                      window, *strides, in->padding);
      Type et = cast<ShapedType>(init.getType()).getElementType();
      y = e.binary("mul", avg,
                   e.fill((double)(window[0] * window[1]), {1, 1, 1, 1}, et));
    }
    return accumulate(e, pool, y, init, isMax);
  }

  /// linalg.broadcast: the input's dims are the result's minus `dimensions`.
  FailureOr<Value> raiseBroadcast(EchoEmitter &e, linalg::BroadcastOp bc) {
    ArrayRef<int64_t> out = EchoEmitter::shapeOf(bc.getInit());
    SmallVector<int64_t> shape(out);
    for (int64_t d : bc.getDimensions())
      shape[d] = 1;
    return e.broadcastTo(e.reshape(bc.getInput(), shape), out);
  }

  func::FuncOp fn;
  OpBuilder builder;
};

struct EchoImportLinalgPass
    : public echo::impl::EchoImportLinalgBase<EchoImportLinalgPass> {
  using EchoImportLinalgBase::EchoImportLinalgBase;

  void runOnOperation() override {
    if (failed(importFunctions(getOperation(), "echo-import-linalg", weightsAsArguments,
                               weightsDir, loss, [](func::FuncOp fn) {
                                 return Raiser(fn).run();
                               })))
      signalPassFailure();
  }
};

} // namespace
