//===- TosaToEcho.cpp - The echo-import-tosa pass -------------------------===//
//
// Raises current-syntax TOSA (MLIR 22: TOSA 1.0, zero points as operands,
// shapes as !tosa.shape values) into echo ops. TOSA is NHWC with OHWI
// weights; echo is NCHW with OIHW weights, so convolutions and poolings are
// wrapped in echo.transpose ops (the cleanup patterns cancel the pairs that
// meet between consecutive layers). An op without a rule, or an attribute
// echo cannot express (asymmetric padding, non-zero zero points, average
// pooling that excludes padding), is a located error naming the op.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/Conversion/ImportPasses.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/InferredBuild.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cfloat>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOIMPORTTOSA
#include "EchoDialect/Conversion/ImportPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

InFlightDiagnostic cannotRaise(Operation *op, const Twine &why) {
  return op->emitError("echo-import-tosa: cannot raise '")
         << op->getName() << "': " << why;
}

ArrayRef<int64_t> shapeOf(Value v) { return EchoEmitter::shapeOf(v); }

/// Whether `v` is a float constant equal to 0 everywhere (a zero point).
/// Zero points and shifts are constants, raised or not yet.
bool isZero(Value v) {
  DenseElementsAttr values;
  if (auto c = v.getDefiningOp<tosa::ConstOp>())
    values = dyn_cast<DenseElementsAttr>(c.getValues());
  else if (auto c = v.getDefiningOp<ConstantOp>())
    values = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!values)
    return false;
  if (isa<FloatType>(values.getElementType()))
    return llvm::all_of(values.getValues<APFloat>(),
                        [](const APFloat &f) { return f.isZero(); });
  return llvm::all_of(values.getValues<APInt>(),
                      [](const APInt &i) { return i.isZero(); });
}

/// pad = [top, bottom, left, right] as echo's symmetric [h, w].
FailureOr<SmallVector<int64_t>> symmetricPad(Operation *op) {
  auto pad = op->getAttrOfType<DenseI64ArrayAttr>("pad");
  if (!pad || pad.size() != 4)
    return cannotRaise(op, "it has no 4-entry 'pad'");
  ArrayRef<int64_t> p = pad.asArrayRef();
  if (p[0] != p[1] || p[2] != p[3])
    return cannotRaise(op, "its padding is asymmetric; echo pads both sides "
                           "alike");
  return SmallVector<int64_t>{p[0], p[2]};
}

SmallVector<int64_t> pairOr(Operation *op, StringRef name, int64_t dflt) {
  if (auto a = op->getAttrOfType<DenseI64ArrayAttr>(name))
    return SmallVector<int64_t>(a.asArrayRef());
  return {dflt, dflt};
}

/// Shapes and integer constants (a mul's shift) only feed other ops: they
/// are erased once dead, and reported if something raised still reads them.
bool isDeferred(Operation *op) {
  if (isa<tosa::ConstShapeOp>(op))
    return true;
  auto c = dyn_cast<tosa::ConstOp>(op);
  return c && !isa<FloatType>(c.getValues().getElementType());
}

constexpr int64_t kToNCHW[] = {0, 3, 1, 2};
constexpr int64_t kToNHWC[] = {0, 2, 3, 1};

class Raiser {
public:
  explicit Raiser(func::FuncOp fn) : fn(fn), builder(fn.getContext()) {}

  LogicalResult run() {
    if (!fn.getBody().hasOneBlock())
      return fn.emitError("echo-import-tosa: @")
             << fn.getSymName() << " has control flow; only straight-line "
             << "forward graphs are raised";
    SmallVector<Operation *> ops;
    for (Operation &op : fn.getBody().front())
      ops.push_back(&op);
    bool ok = true;
    for (Operation *op : ops) {
      if (isa<EchoDialect>(op->getDialect()) || isa<func::ReturnOp>(op) ||
          isDeferred(op))
        continue;
      if (failed(raise(op)))
        ok = false;
    }
    if (!ok)
      return failure();
    for (Operation &op : llvm::make_early_inc_range(
             llvm::reverse(fn.getBody().front())))
      if (isDeferred(&op) && op.use_empty())
        op.erase();
    for (Operation &op : fn.getBody().front())
      if (isDeferred(&op)) {
        cannotRaise(&op, "it is used by an op that was raised without it");
        ok = false;
      }
    return success(ok);
  }

private:
  LogicalResult raise(Operation *op) {
    builder.setInsertionPoint(op);
    EchoEmitter e(builder, op->getLoc());
    auto staticOrNotTensor = [](Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      return tensor ? tensor.hasStaticShape() : !isa<ShapedType>(t);
    };
    if (!llvm::all_of(op->getOperandTypes(), staticOrNotTensor) ||
        !llvm::all_of(op->getResultTypes(), staticOrNotTensor))
      return cannotRaise(op, "it operates on values that are not statically "
                             "shaped tensors");
    FailureOr<Value> result =
        llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
            .Case<tosa::ConstOp>([&](tosa::ConstOp c) -> FailureOr<Value> {
              return Value(
                  createInferredValue<ConstantOp>(e.b, e.loc, c.getValues()));
            })
            .Case<tosa::Conv2DOp>([&](auto c) { return conv(e, c, false); })
            .Case<tosa::DepthwiseConv2DOp>(
                [&](auto c) { return conv(e, c, true); })
            .Case<tosa::MatMulOp>([&](tosa::MatMulOp m) -> FailureOr<Value> {
              if (!isZero(m->getOperand(2)) || !isZero(m->getOperand(3)))
                return cannotRaise(m, "its zero points are not 0");
              return Value(createInferredValue<BatchMatmulOp>(
                  e.b, e.loc, m->getOperand(0), m->getOperand(1), false,
                  false));
            })
            .Case<tosa::MaxPool2dOp>([&](auto p) { return pool(e, p, true); })
            .Case<tosa::AvgPool2dOp>([&](auto p) { return pool(e, p, false); })
            .Case<tosa::ClampOp>([&](tosa::ClampOp c) { return clamp(e, c); })
            .Case<tosa::ReshapeOp>([&](Operation *r) -> FailureOr<Value> {
              return e.reshape(r->getOperand(0),
                               shapeOf(r->getResult(0)));
            })
            .Case<tosa::TransposeOp>([&](tosa::TransposeOp t) -> FailureOr<Value> {
              SmallVector<int64_t> perm;
              for (int32_t p : t.getPerms())
                perm.push_back(p);
              return e.transpose(t->getOperand(0), perm);
            })
            .Case<tosa::AddOp>([&](Operation *o) { return binary(e, o, "add"); })
            .Case<tosa::SubOp>([&](Operation *o) { return binary(e, o, "sub"); })
            .Case<tosa::MaximumOp>([&](Operation *o) { return binary(e, o, "max"); })
            .Case<tosa::MulOp>([&](Operation *o) -> FailureOr<Value> {
              if (o->getNumOperands() > 2 && !isZero(o->getOperand(2)))
                return cannotRaise(o, "its shift is not 0");
              return binary(e, o, "mul");
            })
            .Case<tosa::MinimumOp>([&](Operation *o) -> FailureOr<Value> {
              Value m = e.binary("max", e.unary("neg", o->getOperand(0)),
                                 e.unary("neg", o->getOperand(1)));
              return e.unary("neg", m);
            })
            .Case<tosa::NegateOp>([&](Operation *o) -> FailureOr<Value> {
              if (!isZero(o->getOperand(1)) || !isZero(o->getOperand(2)))
                return cannotRaise(o, "its zero points are not 0");
              return e.unary("neg", o->getOperand(0));
            })
            .Case<tosa::ReciprocalOp>([&](Operation *o) -> FailureOr<Value> {
              Value x = o->getOperand(0);
              SmallVector<int64_t> ones(shapeOf(x).size(), 1);
              Type et = cast<ShapedType>(x.getType()).getElementType();
              return e.binary("div", e.fill(1.0, ones, et), x);
            })
            .Case<tosa::SigmoidOp>([&](Operation *o) { return unary(e, o, "sigmoid"); })
            .Case<tosa::TanhOp>([&](Operation *o) { return unary(e, o, "tanh"); })
            .Case<tosa::ExpOp>([&](Operation *o) { return unary(e, o, "exp"); })
            .Case<tosa::LogOp>([&](Operation *o) { return unary(e, o, "log"); })
            .Case<tosa::RsqrtOp>([&](Operation *o) { return unary(e, o, "rsqrt"); })
            .Case<tosa::ReduceSumOp>([&](Operation *o) { return reduce(e, o, ReduceKind::Sum); })
            .Case<tosa::ReduceMaxOp>([&](Operation *o) { return reduce(e, o, ReduceKind::Max); })
            .Default([&](Operation *) {
              return cannotRaise(op, "no rule raises it into echo ops");
            });
    // A null value: an echo op's type inference rejected its operands and
    // said why, at this op.
    if (failed(result) || !*result)
      return failure();
    if (op->getNumResults() != 1 ||
        result->getType() != op->getResult(0).getType())
      return cannotRaise(op, "raising it does not give its result type");
    op->getResult(0).replaceAllUsesWith(*result);
    op->erase();
    return success();
  }

  FailureOr<Value> unary(EchoEmitter &e, Operation *o, StringRef kind) {
    return e.unary(kind, o->getOperand(0));
  }

  FailureOr<Value> binary(EchoEmitter &e, Operation *o, StringRef kind) {
    return e.binary(kind, o->getOperand(0), o->getOperand(1));
  }

  FailureOr<Value> reduce(EchoEmitter &e, Operation *o, ReduceKind kind) {
    int64_t axis = o->getAttrOfType<IntegerAttr>("axis").getInt();
    return Value(createInferredValue<ReduceOp>(e.b, e.loc, kind, o->getOperand(0),
                                          ArrayRef<int64_t>(axis), true));
  }

  /// NHWC conv2d (weight OHWI) or depthwise conv2d (weight [KH, KW, C, M]).
  FailureOr<Value> conv(EchoEmitter &e, Operation *c, bool depthwise) {
    if (!isZero(c->getOperand(3)) || !isZero(c->getOperand(4)))
      return cannotRaise(c, "its zero points are not 0");
    FailureOr<SmallVector<int64_t>> pad = symmetricPad(c);
    if (failed(pad))
      return failure();
    Value x = e.transpose(c->getOperand(0), kToNCHW);
    Value w = c->getOperand(1);
    int64_t groups = 1;
    if (depthwise) {
      ArrayRef<int64_t> s = shapeOf(w); // KH, KW, C, M
      w = e.transpose(w, {2, 3, 0, 1});
      w = e.reshape(w, {s[2] * s[3], 1, s[0], s[1]});
      groups = s[2];
    } else {
      w = e.transpose(w, kToNCHW);
    }
    Value bias = c->getOperand(2);
    ArrayRef<int64_t> out = shapeOf(c->getResult(0)); // N, H, W, O
    if (shapeOf(bias) != ArrayRef<int64_t>{out[3]}) {
      if (shapeOf(bias) != ArrayRef<int64_t>{1})
        return cannotRaise(c, "its bias is neither [O] nor [1]");
      bias = e.broadcastTo(bias, {out[3]});
    }
    Value y = createInferredValue<Conv2DOp>(e.b, e.loc, x, w, bias,
                                       pairOr(c, "stride", 1), *pad,
                                       pairOr(c, "dilation", 1), groups);
    return e.transpose(y, kToNHWC);
  }

  FailureOr<Value> pool(EchoEmitter &e, Operation *p, bool isMax) {
    FailureOr<SmallVector<int64_t>> pad = symmetricPad(p);
    if (failed(pad))
      return failure();
    SmallVector<int64_t> kernel = pairOr(p, "kernel", 1);
    if (!isMax) {
      if (!isZero(p->getOperand(1)) || !isZero(p->getOperand(2)))
        return cannotRaise(p, "its zero points are not 0");
      if ((*pad)[0] || (*pad)[1])
        return cannotRaise(p, "TOSA average pooling leaves padding out of "
                              "the count; echo counts it as zeros");
    }
    if ((*pad)[0] >= kernel[0] || (*pad)[1] >= kernel[1])
      return cannotRaise(p, "its padding is not smaller than its kernel");
    Value x = e.transpose(p->getOperand(0), kToNCHW);
    SmallVector<int64_t> stride = pairOr(p, "stride", 1);
    Value y = isMax ? Value(createInferredValue<MaxPool2DOp>(e.b, e.loc, x, kernel,
                                                        stride, *pad))
                    : Value(createInferredValue<AvgPool2DOp>(e.b, e.loc, x, kernel,
                                                        stride, *pad));
    return e.transpose(y, kToNHWC);
  }

  /// clamp(x, lo, hi) = min(max(x, lo), hi); ReLU when lo = 0 and hi is
  /// the largest float.
  FailureOr<Value> clamp(EchoEmitter &e, tosa::ClampOp c) {
    auto lo = dyn_cast<FloatAttr>(c->getAttr("min_val"));
    auto hi = dyn_cast<FloatAttr>(c->getAttr("max_val"));
    if (!lo || !hi)
      return cannotRaise(c, "its bounds are not float");
    Value x = c->getOperand(0);
    SmallVector<int64_t> ones(shapeOf(x).size(), 1);
    Type et = cast<ShapedType>(x.getType()).getElementType();
    double l = lo.getValueAsDouble(), h = hi.getValueAsDouble();
    Value y = l == 0.0 ? e.unary("relu", x)
                       : (l > -(double)FLT_MAX ? e.binary("max", x, e.fill(l, ones, et)) : x);
    if (h < (double)FLT_MAX)
      y = e.unary("neg", e.binary("max", e.unary("neg", y), e.fill(-h, ones, et)));
    return y;
  }

  func::FuncOp fn;
  OpBuilder builder;
};

struct EchoImportTosaPass
    : public echo::impl::EchoImportTosaBase<EchoImportTosaPass> {
  using EchoImportTosaBase::EchoImportTosaBase;

  void runOnOperation() override {
    if (failed(importFunctions(getOperation(), "echo-import-tosa", weightsAsArguments,
                               weightsDir, loss, raiseAttention,
                               [](func::FuncOp fn) {
                                 return Raiser(fn).run();
                               })))
      signalPassFailure();
  }
};

} // namespace
