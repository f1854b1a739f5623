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
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSet.h"
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

/// Where the windows of a convolution or pooling lie along one spatial
/// dimension: `outSize` windows of extent `window` (dilation included),
/// `stride` apart.
struct WindowDim {
  int64_t outSize, window, stride;
};

/// `x` [N, C, H, W] padded along `axis` with `low` / `high` elements of
/// `value` (echo.concat of echo.fill pieces).
Value padAxis(EchoEmitter &e, Value x, int64_t axis, int64_t low,
              int64_t high, double value) {
  if (!x || (!low && !high))
    return x;
  SmallVector<Value> parts;
  Type et = cast<ShapedType>(x.getType()).getElementType();
  auto piece = [&](int64_t n) {
    SmallVector<int64_t> shape(EchoEmitter::shapeOf(x));
    shape[axis] = n;
    return e.fill(value, shape, et);
  };
  if (low)
    parts.push_back(piece(low));
  parts.push_back(x);
  if (high)
    parts.push_back(piece(high));
  return createInferredValue<ConcatOp>(e.b, e.loc, ValueRange(parts),
                                  (uint64_t)axis);
}

/// Folds the tensor.pad feeding a convolution or pooling into the echo op's
/// symmetric `padding`. Padding no window reads (the high side of a
/// ceil-mode pooling, often) is dropped first, and input rows no window
/// reads are sliced off. What is still asymmetric after that is written as
/// explicit padding (echo.concat with echo.fill of the pad value) around
/// the input, with the common part left to the op: the same elements are
/// read, so the result is exactly the padded op's.
FailureOr<Padded> foldPad(EchoEmitter &e, Operation *consumer, Value in,
                          ArrayRef<WindowDim> windows,
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
  if (rank != 4 || windows.size() != 2)
    return cannotRaise(consumer, "its padded input is not 4-D");
  for (unsigned i = 0; i + 2 < rank; ++i)
    if (low[i] || high[i])
      return cannotRaise(consumer, "its input is padded outside the two "
                                   "spatial dimensions");
  Value padValue = pad.getConstantPaddingValue();
  std::optional<double> v = padValue ? scalarConstant(padValue) : std::nullopt;
  if (!v || !acceptsValue(*v))
    return cannotRaise(consumer, "its input is padded with a value other "
                                 "than ")
           << valueName;
  Value x = pad.getSource();
  ArrayRef<int64_t> inShape = EchoEmitter::shapeOf(x);
  SmallVector<int64_t> padding(2), lowX(2), highX(2), keep(2);
  bool trims = false;
  for (unsigned j = 0; j < 2; ++j) {
    int64_t lo = low[rank - 2 + j], hi = high[rank - 2 + j];
    int64_t size = inShape[rank - 2 + j];
    const WindowDim &w = windows[j];
    keep[j] = size;
    if (lo == hi && size + 2 * lo >= w.window &&
        (size + 2 * lo - w.window) / w.stride + 1 == w.outSize) {
      padding[j] = lo;
      continue;
    }
    // In padded coordinates the windows read [0, readEnd).
    int64_t readEnd = (w.outSize - 1) * w.stride + w.window;
    int64_t unread = lo + size + hi - readEnd;
    if (w.outSize < 1 || unread < 0 || readEnd <= lo)
      return cannotRaise(consumer, "its windows do not lie within its padded "
                                   "input");
    int64_t dropHigh = std::min(unread, hi);
    int64_t highEff = hi - dropHigh;
    keep[j] = size - (unread - dropHigh);
    trims |= keep[j] != size;
    padding[j] = std::min(lo, highEff);
    lowX[j] = lo - padding[j];
    highX[j] = highEff - padding[j];
  }
  if (trims) {
    SmallVector<int64_t> shape(inShape);
    shape[rank - 2] = keep[0];
    shape[rank - 1] = keep[1];
    x = SliceOp::create(e.b, e.loc, e.like(x, shape), x,
                        SmallVector<int64_t>(rank, 0), DenseI64ArrayAttr());
  }
  for (unsigned j = 0; j < 2; ++j)
    x = padAxis(e, x, rank - 2 + j, lowX[j], highX[j], *v);
  if (!x) // echo.concat's inference said why
    return failure();
  return Padded{x, padding};
}

/// Element types echo tensors have.
bool isEchoFloat(Type t) {
  auto shaped = dyn_cast<ShapedType>(t);
  Type et = shaped ? shaped.getElementType() : t;
  return et.isF32() || et.isF16() || et.isBF16();
}

/// Whether `use` is the destination operand of a linalg op: raising that op
/// reads the destination itself, so it needs no echo value.
bool isDestinationUse(OpOperand &use) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
  return dps && dps.isDpsInit(&use);
}

/// Ops that only feed the ops consuming them: erased once dead.
bool isDeferred(Operation *op) {
  if (isa<tensor::EmptyOp, linalg::FillOp, tensor::PadOp,
          tensor::InsertSliceOp>(op))
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
      if (((isDeferred(&op) || knownScalars.contains(&op)) && op.use_empty()) ||
          (isa<EchoDialect>(op.getDialect()) && isOpTriviallyDead(&op)))
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
      // torch-mlir repeats one assert per layer: one remark per message.
      if (droppedAsserts.insert(assertOp.getMsg()).second)
        op->emitRemark("echo-import-linalg: dropped 'cf.assert' (\"")
            << assertOp.getMsg() << "\"): echo graphs are static and checked "
            << "by their verifiers (later asserts with this message are "
            << "dropped without a remark)";
      op->erase();
      return success();
    }
    if (!hasStaticTensorTypes(op))
      return cannotRaise(op, "it operates on values that are not statically "
                             "shaped tensors");
    if (auto fill = dyn_cast<linalg::FillOp>(op))
      return raiseFill(fill);
    if (auto ins = dyn_cast<tensor::InsertSliceOp>(op))
      return raiseInsertSlice(ins);
    if (isDeferred(op))
      return success();
    // A generic computing a known non-float tensor (an i64 or f64 scalar
    // that a later body reads as a constant) has no echo value: it stays
    // until the end and is erased once nothing reads it.
    if (auto generic = dyn_cast<linalg::GenericOp>(op);
        generic && generic->getNumResults() == 1 &&
        !isEchoFloat(generic->getResult(0).getType()) &&
        splatValue(generic->getResult(0))) {
      knownScalars.insert(op);
      return success();
    }
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
            .Case<linalg::Conv2DNgchwGfchwOp>(
                [&](auto conv) { return raiseGrouped(e, conv); })
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
              return Value(createInferredValue<SoftmaxOp>(
                  e.b, e.loc, s.getInput(), (uint64_t)s.getDimension()));
            })
            .Case<linalg::GenericOp>(
                [&](auto g) { return raiseGeneric(e, g); })
            .Case<tensor::ExtractSliceOp>(
                [&](auto x) { return raiseExtractSlice(e, x); })
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
    // A null value: an echo op's type inference rejected its operands and
    // said why, at this op.
    if (failed(result) || !*result)
      return failure();
    if (op->getNumResults() != 1 || result->getType() != op->getResult(0).getType())
      return cannotRaise(op, "raising it produced ")
             << result->getType() << " instead of its result type";
    op->getResult(0).replaceAllUsesWith(*result);
    op->erase();
    return success();
  }

  /// A fill read as data (not as a destination) becomes echo.fill; the
  /// filled value may be computed, as long as it is known before the graph
  /// runs (scalarConstant). A fill of an integer or f64 tensor stays until
  /// the end: the bodies reading it take its value as a constant.
  LogicalResult raiseFill(linalg::FillOp fill) {
    if (llvm::all_of(fill->getResult(0).getUses(), isDestinationUse))
      return success();
    std::optional<double> c = scalarConstant(fill.getInputs()[0]);
    auto type = dyn_cast<RankedTensorType>(fill->getResult(0).getType());
    if (c && type && !isEchoFloat(type))
      return success();
    if (!c || !type || !type.hasStaticShape())
      return cannotRaise(fill, "it fills a value that is not known before "
                               "the graph runs (a constant, or a conversion "
                               "or arithmetic of constants)");
    builder.setInsertionPoint(fill);
    Value v = FillOp::create(builder, fill.getLoc(), type,
                             builder.getF64FloatAttr(*c));
    fill->getResult(0).replaceUsesWithIf(
        v, [](OpOperand &use) { return !isDestinationUse(use); });
    return success();
  }

  /// tensor.extract_slice with static offsets, sizes and strides:
  /// echo.slice, then a reshape when the slice drops unit dimensions.
  FailureOr<Value> raiseExtractSlice(EchoEmitter &e, tensor::ExtractSliceOp x) {
    if (ShapedType::isDynamicShape(x.getStaticOffsets()) ||
        ShapedType::isDynamicShape(x.getStaticSizes()) ||
        ShapedType::isDynamicShape(x.getStaticStrides()))
      return cannotRaise(x, "its offsets, sizes or strides are not static");
    if (!isEchoFloat(x.getType()))
      return cannotRaise(x, "it slices a tensor of element type ")
             << x.getType().getElementType() << ", which echo tensors do not "
             << "have";
    ArrayRef<int64_t> strides = x.getStaticStrides();
    bool unit = llvm::all_of(strides, [](int64_t s) { return s == 1; });
    Value sliced = SliceOp::create(
        e.b, e.loc, e.like(x.getSource(), x.getStaticSizes()), x.getSource(),
        x.getStaticOffsets(),
        unit ? DenseI64ArrayAttr() : e.b.getDenseI64ArrayAttr(strides));
    return e.reshape(sliced, x.getType().getShape());
  }

  /// One tensor.insert_slice of a chain: `source` written at `offsets`.
  struct Piece {
    Value source;
    SmallVector<int64_t> offsets, sizes;
  };

  /// A chain of tensor.insert_slice ops (each writing into the previous
  /// one's result) over a base: concatenation, as torch-mlir writes
  /// torch.cat (DenseNet, SqueezeNet's fire modules, Inception). The chain
  /// is raised where something other than the next insertion reads it: the
  /// written boxes are cut into slabs along one axis at a time (a guillotine
  /// cut, recursively), each slab an inserted source or a region of the
  /// base, and the slabs are joined by echo.concat. A base region is a fill
  /// of the base's known value or an echo.slice of it; reading a
  /// tensor.empty there is an error.
  LogicalResult raiseInsertSlice(tensor::InsertSliceOp ins) {
    auto isChainUse = [](OpOperand &use) {
      auto next = dyn_cast<tensor::InsertSliceOp>(use.getOwner());
      return next && use.get() == next.getDest();
    };
    if (llvm::all_of(ins->getUses(), isChainUse))
      return success();
    SmallVector<Piece> pieces;
    Value base = ins.getResult();
    while (auto link = base.getDefiningOp<tensor::InsertSliceOp>()) {
      if (ShapedType::isDynamicShape(link.getStaticOffsets()) ||
          ShapedType::isDynamicShape(link.getStaticSizes()) ||
          llvm::any_of(link.getStaticStrides(),
                       [](int64_t s) { return s != 1; }))
        return cannotRaise(link, "its offsets and sizes are not static with "
                                 "unit strides");
      pieces.push_back({link.getSource(), SmallVector<int64_t>(link.getStaticOffsets()),
                        SmallVector<int64_t>(link.getStaticSizes())});
      base = link.getDest();
    }
    // Later insertions overwrite earlier ones; echo has no overwrite, so
    // the boxes must be disjoint.
    for (size_t i = 0; i < pieces.size(); ++i)
      for (size_t j = i + 1; j < pieces.size(); ++j) {
        bool overlap = true;
        for (size_t d = 0; d < pieces[i].offsets.size(); ++d)
          overlap &= pieces[i].offsets[d] < pieces[j].offsets[d] + pieces[j].sizes[d] &&
                     pieces[j].offsets[d] < pieces[i].offsets[d] + pieces[i].sizes[d];
        if (overlap)
          return cannotRaise(ins, "its chain of insertions writes some "
                                  "elements twice");
      }
    builder.setInsertionPoint(ins);
    EchoEmitter e(builder, ins.getLoc());
    ArrayRef<int64_t> shape = ins.getType().getShape();
    SmallVector<unsigned> all;
    for (unsigned i = 0; i < pieces.size(); ++i)
      all.push_back(i);
    FailureOr<Value> v = buildRegion(e, ins, base, pieces,
                                     SmallVector<int64_t>(shape.size(), 0),
                                     SmallVector<int64_t>(shape), all);
    if (failed(v))
      return failure();
    ins.getResult().replaceUsesWithIf(
        *v, [&](OpOperand &use) { return !isChainUse(use); });
    return success();
  }

  FailureOr<Value> buildRegion(EchoEmitter &e, Operation *op, Value base,
                               ArrayRef<Piece> pieces,
                               SmallVector<int64_t> offsets,
                               SmallVector<int64_t> sizes,
                               ArrayRef<unsigned> inside) {
    unsigned rank = sizes.size();
    if (inside.empty()) {
      auto type = cast<RankedTensorType>(base.getType());
      Type et = type.getElementType();
      if (std::optional<double> c = splatValue(base))
        return e.fill(*c, sizes, et);
      if (base.getDefiningOp<tensor::EmptyOp>())
        return cannotRaise(op, "its insertions leave elements of the "
                               "tensor.empty they write into uninitialized");
      if (!base.getDefiningOp() || isa<EchoDialect>(base.getDefiningOp()->getDialect()))
        return Value(SliceOp::create(e.b, e.loc, e.like(base, sizes), base,
                                     offsets, DenseI64ArrayAttr()));
      return cannotRaise(op, "it inserts into a tensor that was not raised");
    }
    if (inside.size() == 1) {
      const Piece &p = pieces[inside.front()];
      if (p.offsets == offsets && p.sizes == sizes) {
        if (cast<ShapedType>(p.source.getType()).getElementType() !=
            cast<ShapedType>(base.getType()).getElementType())
          return cannotRaise(op, "it inserts a tensor of another element type");
        return e.reshape(p.source, sizes);
      }
    }
    for (unsigned d = 0; d < rank; ++d) {
      SmallVector<int64_t> cuts{offsets[d], offsets[d] + sizes[d]};
      for (unsigned i : inside) {
        cuts.push_back(pieces[i].offsets[d]);
        cuts.push_back(pieces[i].offsets[d] + pieces[i].sizes[d]);
      }
      llvm::sort(cuts);
      cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
      if (cuts.size() <= 2)
        continue;
      // Every piece must lie within one slab.
      bool guillotine = llvm::all_of(inside, [&](unsigned i) {
        int64_t lo = pieces[i].offsets[d], hi = lo + pieces[i].sizes[d];
        return llvm::none_of(cuts, [&](int64_t c) { return c > lo && c < hi; });
      });
      if (!guillotine)
        continue;
      SmallVector<Value> slabs;
      for (size_t k = 0; k + 1 < cuts.size(); ++k) {
        SmallVector<int64_t> o(offsets), sz(sizes);
        o[d] = cuts[k];
        sz[d] = cuts[k + 1] - cuts[k];
        SmallVector<unsigned> sub;
        for (unsigned i : inside)
          if (pieces[i].offsets[d] == cuts[k])
            sub.push_back(i);
        FailureOr<Value> slab = buildRegion(e, op, base, pieces, o, sz, sub);
        if (failed(slab))
          return failure();
        slabs.push_back(*slab);
      }
      return Value(createInferredValue<ConcatOp>(e.b, e.loc, ValueRange(slabs),
                                            (uint64_t)d));
    }
    return cannotRaise(op, "its insertions do not cut the tensor into slabs "
                           "along one dimension at a time, which echo.concat "
                           "needs");
  }

  FailureOr<Value> raiseConstant(EchoEmitter &e, arith::ConstantOp c) {
    auto elements = dyn_cast<ElementsAttr>(c.getValue());
    if (!elements)
      return cannotRaise(c, "it is not a tensor constant");
    return Value(createInferredValue<ConstantOp>(e.b, e.loc, elements));
  }

  FailureOr<Value> raiseConv(EchoEmitter &e, linalg::LinalgOp conv,
                             Value weight, int64_t groups, Value input = {},
                             RankedTensorType convType = {}) {
    FailureOr<SmallVector<int64_t>> strides = pairAttr(conv, "strides");
    FailureOr<SmallVector<int64_t>> dilations = pairAttr(conv, "dilations");
    if (failed(strides) || failed(dilations))
      return failure();
    if (!input)
      input = conv.getDpsInputs()[0];
    Value init = conv.getDpsInits()[0];
    if (!convType)
      convType = cast<RankedTensorType>(init.getType());
    ArrayRef<int64_t> out = convType.getShape();
    ArrayRef<int64_t> ws = EchoEmitter::shapeOf(weight);
    if (out.size() != 4 || ws.size() != 4)
      return cannotRaise(conv, "its input, weight or result is not 4-D");
    SmallVector<WindowDim> windows;
    for (unsigned j = 0; j < 2; ++j)
      windows.push_back({out[2 + j], (ws[2 + j] - 1) * (*dilations)[j] + 1,
                         (*strides)[j]});
    FailureOr<Padded> in =
        foldPad(e, conv, input, windows,
                [](double v) { return v == 0.0; }, "0");
    if (failed(in))
      return failure();
    if (convType != init.getType()) { // grouped: [N, G, F/G, OH, OW]
      Value y = createInferredValue<Conv2DOp>(e.b, e.loc, in->input, weight,
                                         Value(), *strides, in->padding,
                                         *dilations, groups);
      return accumulate(e, conv, e.reshape(y, EchoEmitter::shapeOf(init)),
                        init);
    }
    Value conv2d = createInferredValue<Conv2DOp>(e.b, e.loc, in->input, weight,
                                            Value(), *strides, in->padding,
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

  /// Grouped: input [N, G, C/G, H, W] (torch-mlir expands a padded
  /// [N, C, H, W], so the raised reshape is looked through to fold the
  /// pad), weight [G, F/G, C/G, KH, KW] = echo's grouped [F, C/G, KH, KW],
  /// result [N, G, F/G, OH, OW] = [N, F, OH, OW].
  FailureOr<Value> raiseGrouped(EchoEmitter &e, linalg::Conv2DNgchwGfchwOp conv) {
    Value x = conv.getInputs()[0], w = conv.getInputs()[1];
    ArrayRef<int64_t> xs = EchoEmitter::shapeOf(x), ws = EchoEmitter::shapeOf(w),
                      ys = EchoEmitter::shapeOf(conv.getOutputs()[0]);
    if (xs.size() != 5 || ws.size() != 5 || ys.size() != 5 || xs[1] != ws[0])
      return cannotRaise(conv, "its input, weight or result is not 5-D "
                               "with matching groups");
    int64_t g = xs[1];
    SmallVector<int64_t> in4{xs[0], g * xs[2], xs[3], xs[4]};
    if (auto r = x.getDefiningOp<ReshapeOp>();
        r && EchoEmitter::shapeOf(r.getInput()) == ArrayRef<int64_t>(in4))
      x = r.getInput();
    else
      x = e.reshape(x, in4);
    Value w4 = e.reshape(w, {ws[0] * ws[1], ws[2], ws[3], ws[4]});
    auto outType = RankedTensorType::get(
        {ys[0], ys[1] * ys[2], ys[3], ys[4]},
        cast<ShapedType>(conv.getOutputs()[0].getType()).getElementType());
    return raiseConv(e, conv, w4, g, x, outType);
  }

  FailureOr<Value> raisePool(EchoEmitter &e, linalg::LinalgOp pool,
                             bool isMax) {
    FailureOr<SmallVector<int64_t>> strides = pairAttr(pool, "strides");
    FailureOr<SmallVector<int64_t>> dilations = pairAttr(pool, "dilations");
    if (failed(strides) || failed(dilations))
      return failure();
    if ((*dilations)[0] != 1 || (*dilations)[1] != 1)
      return cannotRaise(pool, "echo pooling has no dilation");
    ArrayRef<int64_t> window = EchoEmitter::shapeOf(pool.getDpsInputs()[1]);
    ArrayRef<int64_t> out = EchoEmitter::shapeOf(pool.getDpsInits()[0]);
    if (window.size() != 2 || out.size() != 4)
      return cannotRaise(pool, "its window is not 2-D");
    SmallVector<WindowDim> windows;
    for (unsigned j = 0; j < 2; ++j)
      windows.push_back({out[2 + j], window[j], (*strides)[j]});
    FailureOr<Padded> in =
        isMax ? foldPad(e, pool, pool.getDpsInputs()[0], windows,
                        isMaxNeutral, "-inf")
              : foldPad(e, pool, pool.getDpsInputs()[0], windows,
                        [](double v) { return v == 0.0; }, "0");
    if (failed(in))
      return failure();
    if (in->padding[0] >= window[0] || in->padding[1] >= window[1])
      return cannotRaise(pool, "its padding is not smaller than its window, "
                               "which echo pooling requires");
    Value init = pool.getDpsInits()[0];
    Value y;
    if (isMax) {
      y = createInferredValue<MaxPool2DOp>(e.b, e.loc, in->input, window, *strides,
                                      in->padding);
    } else {
      // A window sum is the average times the window size; the division
      // torch-mlir writes after it cancels the factor (cleanup patterns).
      Value avg = createInferredValue<AvgPool2DOp>(e.b, e.loc, in->input, window,
                                              *strides, in->padding);
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
  /// Non-float generics with a known value, erased at the end.
  llvm::SmallPtrSet<Operation *, 8> knownScalars;
  llvm::StringSet<> droppedAsserts;
};

struct EchoImportLinalgPass
    : public echo::impl::EchoImportLinalgBase<EchoImportLinalgPass> {
  using EchoImportLinalgBase::EchoImportLinalgBase;

  void runOnOperation() override {
    if (failed(importFunctions(getOperation(), "echo-import-linalg", weightsAsArguments,
                               weightsDir, loss, raiseAttention,
                               [](func::FuncOp fn) {
                                 return Raiser(fn).run();
                               })))
      signalPassFailure();
  }
};

} // namespace
