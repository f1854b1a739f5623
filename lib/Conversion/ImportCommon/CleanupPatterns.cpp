//===- CleanupPatterns.cpp - Fold raised compositions into echo layers ----===//
//
// Raising translates frontend IR one op (or one scalar body op) at a time,
// so a convolution with bias arrives as conv2d + add, a sigmoid as
// 1 / (1 + exp(-x)), a softmax as five ops. These patterns fold such
// compositions into the echo op a model builder would have written, which
// is what gives autodiff, the recompute policies and Gist the layer
// structure they reason about (a fused bias, a ReLU they can binarize).
// Each rewrite is exact: the folded op computes the same function.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"
#include "EchoDialect/Transforms/RewriteHelpers.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;

namespace {

ArrayRef<int64_t> shapeOf(Value v) { return EchoEmitter::shapeOf(v); }

/// The value of an echo.fill, seen through broadcasts. Not of a splat
/// echo.constant: that is a weight liftWeightsToArguments makes trainable
/// (a fresh batch norm's all-ones scale), which no fold may drop. Through
/// unit-dim reshapes only, like channelVector and reductionAxis: any
/// reshape keeps a fill's value, so this is narrower than it need be, not
/// wrong.
std::optional<double> fillValue(Value v) {
  if (std::optional<APFloat> value =
          splatValueOf(v, ReshapesSeen::UnitDims, SplatSources::Fills))
    return value->convertToDouble();
  return std::nullopt;
}

/// True when `v` is available at `op` (conv or linear being given a bias).
bool availableAt(Value v, Operation *op) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == op->getBlock();
  Operation *def = v.getDefiningOp();
  return def->getBlock() == op->getBlock() && def->isBeforeInBlock(op);
}

/// The vector `[C]` behind `v`, when `v` (seen through broadcast_to, which
/// the add it feeds does anyway) places `C` on `channelAxis` of a
/// rank-`rank` result and 1 elsewhere, numpy-aligned.
Value channelVector(Value v, int64_t rank, int64_t channelAxis, int64_t c) {
  v = lookThroughBroadcasts(v, ReshapesSeen::None);
  ArrayRef<int64_t> s = shapeOf(v);
  int64_t offset = rank - (int64_t)s.size();
  if (offset < 0)
    return {};
  for (int64_t i = 0; i < (int64_t)s.size(); ++i) {
    int64_t axis = i + offset;
    if (axis == channelAxis ? s[i] != c : s[i] != 1)
      return {};
  }
  Value base = lookThroughBroadcasts(v, ReshapesSeen::UnitDims);
  if (shapeOf(base) != ArrayRef<int64_t>{c})
    return {};
  return base;
}

struct FoldReshapeChain : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInput().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getInput());
      return success();
    }
    auto inner = op.getInput().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getInput());
    return success();
  }
};

/// -c -> a fill of -c (min(x, c) is raised as -max(-x, -c)).
struct NegateFill : OpRewritePattern<NegOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NegOp op,
                                PatternRewriter &rewriter) const override {
    auto fill = op.getInput().getDefiningOp<FillOp>();
    if (!fill)
      return failure();
    rewriter.replaceOpWithNewOp<FillOp>(
        op, op.getType(), rewriter.getF64FloatAttr(-fill.getValue().convertToDouble()));
    return success();
  }
};

/// transpose(transpose(x)) -> one transpose (none when they cancel, as
/// between consecutive NHWC layers raised to NCHW ones).
struct FoldTransposeChain : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    SmallVector<int64_t> perm;
    for (int64_t p : op.getPermutation())
      perm.push_back(inner.getPermutation()[p]);
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size()))) {
      rewriter.replaceOp(op, inner.getInput());
      return success();
    }
    rewriter.replaceOpWithNewOp<TransposeOp>(op, inner.getInput(), perm);
    return success();
  }
};

/// Whether `v` is `1 + exp(-x)` (either order).
bool isSigmoidDenominator(Value v) {
  auto add = v.getDefiningOp<AddOp>();
  if (!add)
    return false;
  for (auto [e, one] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
    auto exp = e.getDefiningOp<ExpOp>();
    if (exp && fillValue(one) == 1.0 && exp.getInput().getDefiningOp<NegOp>())
      return true;
  }
  return false;
}

/// a * (1 / b) -> a / b (TOSA writes division as a reciprocal and a mul).
struct DivFromReciprocal : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [a, r] : {std::pair(op.getLhs(), op.getRhs()),
                        std::pair(op.getRhs(), op.getLhs())}) {
      auto div = r.getDefiningOp<DivOp>();
      if (!div || fillValue(div.getLhs()) != 1.0 || a.getType() != op.getType())
        continue;
      // 1 / (1 + exp(-x)) is a sigmoid (SigmoidFromExp): x * sigmoid(s) is
      // kept as that layer (SiLU, squeeze-and-excitation gating).
      if (isSigmoidDenominator(div.getRhs()))
        continue;
      Value b = div.getRhs();
      rewriter.replaceOpWithNewOp<DivOp>(op, a, b);
      return success();
    }
    return failure();
  }
};

/// x * 1 -> x (a 1x1 window sum raised as its average times 1).
struct MulByOne : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [x, one] : {std::pair(op.getLhs(), op.getRhs()),
                          std::pair(op.getRhs(), op.getLhs())}) {
      if (x.getType() != op.getType() || fillValue(one) != 1.0)
        continue;
      rewriter.replaceOp(op, x);
      return success();
    }
    return failure();
  }
};

/// A 1x1 average pooling with stride 1 and no padding is its input
/// (adaptive average pooling of a 1x1 map).
struct IdentityAvgPool : OpRewritePattern<AvgPool2DOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AvgPool2DOp op,
                                PatternRewriter &rewriter) const override {
    auto ones = [](ArrayRef<int64_t> a) {
      return llvm::all_of(a, [](int64_t v) { return v == 1; });
    };
    auto zeros = [](ArrayRef<int64_t> a) {
      return llvm::all_of(a, [](int64_t v) { return v == 0; });
    };
    if (!ones(op.getKernel()) || !ones(op.getStride()) ||
        !zeros(op.getPadding()) || op.getInput().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
};

/// max(x, 0) -> relu(x).
struct ReluFromMax : OpRewritePattern<MaxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MaxOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [x, zero] : {std::pair(op.getLhs(), op.getRhs()),
                           std::pair(op.getRhs(), op.getLhs())}) {
      if (x.getType() != op.getType() || fillValue(zero) != 0.0)
        continue;
      rewriter.replaceOpWithNewOp<ReluOp>(op, x);
      return success();
    }
    return failure();
  }
};

/// 1 / (1 + exp(-x)) -> sigmoid(x).
struct SigmoidFromExp : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    if (fillValue(op.getLhs()) != 1.0)
      return failure();
    auto add = op.getRhs().getDefiningOp<AddOp>();
    if (!add)
      return failure();
    for (auto [e, one] : {std::pair(add.getLhs(), add.getRhs()),
                          std::pair(add.getRhs(), add.getLhs())}) {
      auto exp = e.getDefiningOp<ExpOp>();
      if (!exp || fillValue(one) != 1.0)
        continue;
      auto neg = exp.getInput().getDefiningOp<NegOp>();
      if (!neg || neg.getInput().getType() != op.getType())
        continue;
      rewriter.replaceOpWithNewOp<SigmoidOp>(op, neg.getInput());
      return success();
    }
    return failure();
  }
};

/// (x * c) / c -> x: a window sum over its element count is the average
/// pooling it was raised from.
struct CancelScale : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<double> c = fillValue(op.getRhs());
    auto mul = op.getLhs().getDefiningOp<MulOp>();
    if (!c || !mul || mul.getLhs().getType() != op.getType() ||
        fillValue(mul.getRhs()) != *c)
      return failure();
    rewriter.replaceOp(op, mul.getLhs());
    return success();
  }
};

/// sum(x, dims) / count(dims) -> mean(x, dims).
struct MeanFromSum : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<double> c = fillValue(op.getRhs());
    auto sum = op.getLhs().getDefiningOp<ReduceOp>();
    if (!c || !sum || sum.getKind() != ReduceKind::Sum ||
        sum.getType() != op.getType() || !sum->hasOneUse())
      return failure();
    double count = 1;
    for (int64_t d : sum.getDims())
      count *= shapeOf(sum.getInput())[d];
    if (count != *c)
      return failure();
    rewriter.replaceOpWithNewOp<ReduceOp>(op, ReduceKind::Mean, sum.getInput(),
                                          sum.getDims(), sum.getKeepdims());
    return success();
  }
};

/// conv2d(x, w) + b[C] -> conv2d(x, w, b).
struct ConvBias : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [y, b] : {std::pair(op.getLhs(), op.getRhs()),
                        std::pair(op.getRhs(), op.getLhs())}) {
      auto conv = y.getDefiningOp<Conv2DOp>();
      if (!conv || conv.getBias() || !conv->hasOneUse() ||
          conv.getType() != op.getType())
        continue;
      int64_t c = shapeOf(conv.getResult())[1];
      Value bias = channelVector(b, 4, 1, c);
      if (!bias || !availableAt(bias, conv))
        continue;
      rewriter.modifyOpInPlace(conv, [&] { conv.getBiasMutable().assign(bias); });
      rewriter.replaceOp(op, conv.getResult());
      return success();
    }
    return failure();
  }
};

/// matmul(a, transpose(w)) -> matmul(a, w) with the transpose flag flipped.
template <typename MatmulT>
struct FoldMatmulTranspose : OpRewritePattern<MatmulT> {
  using OpRewritePattern<MatmulT>::OpRewritePattern;
  static bool swapsLastTwo(TransposeOp t) {
    ArrayRef<int64_t> p = t.getPermutation();
    int64_t r = p.size();
    if (r < 2)
      return false;
    for (int64_t i = 0; i < r - 2; ++i)
      if (p[i] != i)
        return false;
    return p[r - 2] == r - 1 && p[r - 1] == r - 2;
  }
  LogicalResult matchAndRewrite(MatmulT op,
                                PatternRewriter &rewriter) const override {
    auto tl = op.getLhs().template getDefiningOp<TransposeOp>();
    auto tr = op.getRhs().template getDefiningOp<TransposeOp>();
    bool foldL = tl && swapsLastTwo(tl), foldR = tr && swapsLastTwo(tr);
    if (!foldL && !foldR)
      return failure();
    Value lhs = foldL ? tl.getInput() : op.getLhs();
    Value rhs = foldR ? tr.getInput() : op.getRhs();
    bool ta = op.getTransposeLhs() != foldL, tb = op.getTransposeRhs() != foldR;
    rewriter.replaceOpWithNewOp<MatmulT>(op, op.getType(), lhs, rhs, ta, tb);
    return success();
  }
};

/// matmul(x, w^T) -> linear(x, w): the same product, as the layer whose
/// gradient Echo knows reads only x and w.
struct LinearFromMatmul : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getTransposeLhs() || !op.getTransposeRhs())
      return failure();
    rewriter.replaceOpWithNewOp<LinearOp>(op, op.getLhs(), op.getRhs(),
                                          Value());
    return success();
  }
};

/// linear(x, w) + b[N] -> linear(x, w, b).
struct LinearBias : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [y, b] : {std::pair(op.getLhs(), op.getRhs()),
                        std::pair(op.getRhs(), op.getLhs())}) {
      auto linear = y.getDefiningOp<LinearOp>();
      if (!linear || linear.getBias() || !linear->hasOneUse() ||
          linear.getType() != op.getType())
        continue;
      int64_t rank = shapeOf(linear.getResult()).size();
      int64_t n = shapeOf(linear.getResult()).back();
      Value bias = channelVector(b, rank, rank - 1, n);
      if (!bias || !availableAt(bias, linear))
        continue;
      rewriter.modifyOpInPlace(linear,
                               [&] { linear.getBiasMutable().assign(bias); });
      rewriter.replaceOp(op, linear.getResult());
      return success();
    }
    return failure();
  }
};

/// Whether `v` is `a op b` for some order of the operands, binding them.
template <typename OpT>
bool commuted(Value v, function_ref<bool(Value, Value)> pred) {
  auto op = v.getDefiningOp<OpT>();
  return op && (pred(op.getLhs(), op.getRhs()) || pred(op.getRhs(), op.getLhs()));
}

bool isFill(Value v, double c) {
  std::optional<double> f = fillValue(v);
  return f && std::abs(*f - c) <= 1e-6 * std::max(1.0, std::abs(c));
}

/// x * x * x in either association.
bool isCube(Value v, Value x) {
  return commuted<MulOp>(v, [&](Value a, Value b) {
    return a == x && commuted<MulOp>(b, [&](Value p, Value q) {
             return p == x && q == x;
           });
  });
}

/// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) -> gelu(x), the tanh
/// approximation echo.gelu computes (torch's gelu(approximate='tanh')).
struct GeluFromTanh : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    Value x;
    auto isInner = [&](Value v) { // sqrt(2/pi) (x + 0.044715 x^3)
      return commuted<MulOp>(v, [&](Value sum, Value c) {
        return isFill(c, 0.7978845608028654) &&
               commuted<AddOp>(sum, [&](Value x0, Value t) {
                 return commuted<MulOp>(t, [&](Value cube, Value a) {
                   return isFill(a, 0.044715) && isCube(cube, x0) && (x = x0);
                 });
               });
      });
    };
    auto isOnePlusTanh = [&](Value v) {
      return commuted<AddOp>(v, [&](Value t, Value one) {
        auto tanh = t.getDefiningOp<TanhOp>();
        return isFill(one, 1.0) && tanh && isInner(tanh.getInput());
      });
    };
    bool matched = commuted<MulOp>(op.getResult(), [&](Value half, Value rest) {
      Value hx;
      bool isHalfX = commuted<MulOp>(half, [&](Value a, Value c) {
        return isFill(c, 0.5) && (hx = a);
      });
      return isHalfX && isOnePlusTanh(rest) && hx == x;
    });
    if (!matched || x.getType() != op.getType())
      return failure();
    rewriter.replaceOpWithNewOp<GeluOp>(op, x);
    return success();
  }
};

/// The single axis of a keepdims reduction of `x` of kind `kind`, seen
/// through the reshape that restores dropped dimensions.
std::optional<int64_t> reductionAxis(Value v, Value x, ReduceKind kind) {
  Value base = lookThroughBroadcasts(v, ReshapesSeen::UnitDims);
  auto red = base.getDefiningOp<ReduceOp>();
  if (!red || red.getKind() != kind || red.getInput() != x ||
      red.getDims().size() != 1)
    return std::nullopt;
  int64_t axis = red.getDims()[0];
  // The value as used must keep the reduced axis as size 1 in place.
  SmallVector<int64_t> keep(shapeOf(x));
  keep[axis] = 1;
  if (shapeOf(v) != ArrayRef<int64_t>(keep))
    return std::nullopt;
  return axis;
}

/// exp(x - max(x)) / sum(exp(x - max(x))) -> softmax(x).
struct SoftmaxFromPieces : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    auto exp = op.getLhs().getDefiningOp<ExpOp>();
    if (!exp || exp.getType() != op.getType())
      return failure();
    auto sub = exp.getInput().getDefiningOp<SubOp>();
    if (!sub || sub.getLhs().getType() != op.getType())
      return failure();
    Value x = sub.getLhs();
    std::optional<int64_t> maxAxis = reductionAxis(sub.getRhs(), x, ReduceKind::Max);
    std::optional<int64_t> sumAxis =
        reductionAxis(op.getRhs(), exp.getResult(), ReduceKind::Sum);
    if (!maxAxis || maxAxis != sumAxis)
      return failure();
    rewriter.replaceOpWithNewOp<SoftmaxOp>(op, x, *maxAxis);
    return success();
  }
};

} // namespace

void mlir::echo::populateImportCleanupPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldReshapeChain, FoldTransposeChain, DivFromReciprocal, NegateFill, MulByOne, IdentityAvgPool, ReluFromMax, GeluFromTanh, SigmoidFromExp, CancelScale,
               MeanFromSum, ConvBias, FoldMatmulTranspose<MatmulOp>,
               FoldMatmulTranspose<BatchMatmulOp>, LinearFromMatmul, LinearBias,
               SoftmaxFromPieces>(patterns.getContext());
}

LogicalResult mlir::echo::cleanUpImportedFunction(func::FuncOp fn,
                                                  bool raiseAttention) {
  RewritePatternSet patterns(fn.getContext());
  populateImportCleanupPatterns(patterns);
  if (raiseAttention)
    populateRaiseAttentionPatterns(patterns);
  if (failed(applyPatternsGreedily(fn, std::move(patterns),
                                   rewriteConfigKeepingConstantsApart())))
    return fn.emitError("import cleanup did not converge");
  return success();
}
