//===- RaiseAttention.cpp - matmul-softmax-matmul into echo.attention -----===//
//
// Attention written op by op stashes its [.., Lq, Lk] probabilities (or
// recomputes them like any other map); echo.attention keeps only the
// per-row log-sum-exp and recomputes the scores in its gradient. This
// rewrite finds the unfused chain wherever it is exact to replace it: the
// intermediates have no other reader, the scale is a constant, the mask
// needs no gradient. Passes.td (EchoRaiseAttention) lists the chain.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/Parameters.h"
#include "EchoDialect/Transforms/Passes.h"
#include "EchoDialect/Transforms/RewriteHelpers.h"

#include "llvm/ADT/SetVector.h"

#include <cmath>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHORAISEATTENTION
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

Type elementTypeOf(Value v) {
  return cast<ShapedType>(v.getType()).getElementType();
}

/// The value every element of `v` holds, rounded to `v`'s element type
/// (what the unfused op multiplies by), when `v` is a fill or a splat
/// constant seen through any reshape.
std::optional<double> splatValue(Value v) {
  auto floatType = dyn_cast<FloatType>(elementTypeOf(v));
  if (!floatType)
    return std::nullopt;
  std::optional<APFloat> value =
      splatValueOf(v, ReshapesSeen::All, SplatSources::FillsAndSplatConstants);
  if (!value)
    return std::nullopt;
  bool lost = false;
  value->convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &lost);
  value->convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  return value->convertToDouble();
}

/// For x * c, c * x or x / c with c a positive finite splat and x of the
/// result's type: x, and the factor the op applies.
std::optional<std::pair<Value, double>> peelScale(Operation *op) {
  auto positive = [](std::optional<double> c) {
    return c && std::isfinite(*c) && *c > 0.0;
  };
  if (!op)
    return std::nullopt;
  Type type = op->getResult(0).getType();
  if (auto mul = dyn_cast<MulOp>(op)) {
    for (auto [x, c] : {std::pair{mul.getLhs(), mul.getRhs()},
                        std::pair{mul.getRhs(), mul.getLhs()}}) {
      std::optional<double> f = splatValue(c);
      if (x.getType() == type && positive(f))
        return std::pair{x, *f};
    }
  }
  if (auto div = dyn_cast<DivOp>(op)) {
    std::optional<double> f = splatValue(div.getRhs());
    if (div.getLhs().getType() == type && positive(f))
      return std::pair{div.getLhs(), 1.0 / *f};
  }
  return std::nullopt;
}

/// True for a constant [.., Lq, Lk] (leading dimensions 1) holding 0 on and
/// below the diagonal and -inf above it: exactly what `causal` adds.
bool isCausalMask(Value mask) {
  auto c = lookThroughBroadcasts(mask, ReshapesSeen::All)
               .getDefiningOp<ConstantOp>();
  if (!c)
    return false;
  auto dense = dyn_cast<DenseFPElementsAttr>(c.getValue());
  ArrayRef<int64_t> shape = shapeOf(c.getResult());
  if (!dense || shape.size() < 2 || shapeOf(mask).size() < 2 ||
      shape.take_back(2) != shapeOf(mask).take_back(2))
    return false;
  for (int64_t d : shape.drop_back(2))
    if (d != 1)
      return false;
  int64_t lk = shape.back(), index = 0;
  for (APFloat x : dense.getValues<APFloat>()) {
    int64_t i = index / lk, j = index % lk;
    ++index;
    bool hidden = x.isInfinity() && x.isNegative();
    if (j > i ? !hidden : !x.isZero())
      return false;
  }
  return true;
}

/// True when `v` reads a trainable argument or one of `chain`'s ops,
/// directly or through any op before it.
bool dependsOn(Value v, const llvm::SmallSetVector<Operation *, 8> &chain) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(x)) {
      auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
      if (!fn || isTrainableArgument(arg))
        return true;
      continue;
    }
    Operation *def = x.getDefiningOp();
    if (chain.contains(def))
      return true;
    if (!seen.insert(def).second)
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return false;
}

/// What the unfused chain computes, as echo.attention's operands.
struct Match {
  Value query, key, value, mask;
  double scale = 1.0;
  bool causal = false;
  double dropout = 0.0;
  int64_t seed = 0;
  /// In the order matched, so that a failed attempt can be taken back.
  llvm::SmallSetVector<Operation *, 8> chain;
};

/// Matches `scores` back to `batch_matmul %q, %k transpose_rhs`, through
/// scale factors and (before any scale, seen from the softmax) at most one
/// additive mask.
bool matchScores(Value scores, Match &m, bool maskAllowed) {
  Operation *def = scores.getDefiningOp();
  if (!def || !scores.hasOneUse())
    return false;
  m.chain.insert(def);
  if (std::optional<std::pair<Value, double>> peeled = peelScale(def)) {
    m.scale *= peeled->second;
    return matchScores(peeled->first, m, /*maskAllowed=*/false);
  }
  if (auto add = dyn_cast<AddOp>(def)) {
    if (!maskAllowed)
      return false;
    for (auto [s, mask] : {std::pair{add.getLhs(), add.getRhs()},
                           std::pair{add.getRhs(), add.getLhs()}}) {
      if (s.getType() != add.getType() ||
          elementTypeOf(mask) != elementTypeOf(s))
        continue;
      // Each order is tried on `m` itself; a failed one is undone before the
      // next (all that matchScores below the add changes).
      Value query = m.query, key = m.key;
      double scale = m.scale;
      size_t chainSize = m.chain.size();
      auto undo = [&] {
        m.query = query;
        m.key = key;
        m.scale = scale;
        while (m.chain.size() > chainSize)
          m.chain.pop_back();
      };
      if (!matchScores(s, m, /*maskAllowed=*/false)) {
        undo();
        continue;
      }
      Value base = lookThroughBroadcasts(mask, ReshapesSeen::None);
      if (shapeOf(base).size() > 4 || dependsOn(base, m.chain)) {
        undo();
        continue;
      }
      m.causal = isCausalMask(base);
      m.mask = m.causal ? Value() : base;
      return true;
    }
    return false;
  }
  auto qk = dyn_cast<BatchMatmulOp>(def);
  if (!qk || qk.getTransposeLhs() || !qk.getTransposeRhs())
    return false;
  Value q = qk.getLhs();
  // A scale on the query (PyTorch's q / sqrt(d)) scales the scores alike.
  while (q.hasOneUse()) {
    std::optional<std::pair<Value, double>> peeled =
        peelScale(q.getDefiningOp());
    if (!peeled)
      break;
    m.chain.insert(q.getDefiningOp());
    m.scale *= peeled->second;
    q = peeled->first;
  }
  m.query = q;
  m.key = qk.getRhs();
  return true;
}

struct RaiseAttention : OpRewritePattern<BatchMatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchMatmulOp root,
                                PatternRewriter &rewriter) const override {
    if (root.getTransposeLhs() || root.getTransposeRhs())
      return failure();
    Match m;
    m.value = root.getRhs();
    Value p = root.getLhs();
    if (auto dropout = p.getDefiningOp<DropoutOp>()) {
      if (!p.hasOneUse() || !dropout.getMask().use_empty())
        return failure();
      m.dropout = dropout.getProbability().convertToDouble();
      m.seed = dropout.getSeed();
      m.chain.insert(dropout);
      p = dropout.getInput();
    }
    auto softmax = p.getDefiningOp<SoftmaxOp>();
    if (!softmax || !p.hasOneUse())
      return failure();
    int64_t rank = shapeOf(p).size(), axis = softmax.getAxis();
    if (axis != -1 && axis != rank - 1)
      return failure();
    m.chain.insert(softmax);
    if (!matchScores(softmax.getInput(), m, /*maskAllowed=*/true))
      return failure();

    // echo.attention's operand shapes: [B, H, Lq, D], [B, H, Lk, D] twice.
    ArrayRef<int64_t> qs = shapeOf(m.query), ks = shapeOf(m.key),
                      vs = shapeOf(m.value);
    if ((rank != 3 && rank != 4) || qs.size() != size_t(rank) ||
        ks != vs || qs.drop_back(2) != ks.drop_back(2) ||
        qs.back() != ks.back() || !std::isfinite(m.scale) || m.scale <= 0.0)
      return failure();
    Type element = elementTypeOf(m.query);
    if (elementTypeOf(m.key) != element || elementTypeOf(m.value) != element)
      return failure();

    Location loc = root.getLoc();
    // Rank 3 [N, L, D]: the [B, H] split N came from when all three are
    // reshapes of [B, H, L, D] (the usual head split) and no mask of rank 3
    // would broadcast differently, else [1, N].
    SmallVector<int64_t> heads{1, qs.front()};
    std::optional<SmallVector<int64_t>> split;
    for (Value x : {m.query, m.key, m.value}) {
      auto r = x.getDefiningOp<ReshapeOp>();
      ArrayRef<int64_t> from = r ? shapeOf(r.getInput()) : ArrayRef<int64_t>();
      if (!r || from.size() != 4 || from.take_back(2) != shapeOf(x).take_back(2) ||
          (split && ArrayRef<int64_t>(*split) != from.take_front(2))) {
        split.reset();
        break;
      }
      split = SmallVector<int64_t>(from.take_front(2));
    }
    if (split && (!m.mask || shapeOf(m.mask).size() <= 2))
      heads = *split;
    auto to4 = [&](Value x) -> Value {
      if (rank == 4)
        return x;
      SmallVector<int64_t> shape(heads);
      llvm::append_range(shape, shapeOf(x).take_back(2));
      if (auto r = x.getDefiningOp<ReshapeOp>())
        x = r.getInput();
      auto type = RankedTensorType::get(shape, element);
      if (x.getType() == type)
        return x;
      return ReshapeOp::create(rewriter, loc, type, x);
    };
    double defaultScale = 1.0 / std::sqrt(static_cast<double>(qs.back()));
    FloatAttr scale = m.scale == defaultScale
                          ? FloatAttr()
                          : rewriter.getF64FloatAttr(m.scale);
    auto attention = AttentionOp::create(
        rewriter, loc, to4(m.query), to4(m.key), to4(m.value), m.mask,
        m.causal ? rewriter.getUnitAttr() : UnitAttr(), scale,
        rewriter.getF64FloatAttr(m.dropout),
        rewriter.getI64IntegerAttr(m.seed));
    Value out = attention.getOutput();
    if (rank == 3)
      out = ReshapeOp::create(rewriter, loc, root.getType(), out);
    rewriter.replaceOp(root, out);
    return success();
  }
};

struct RaiseAttentionPass
    : echo::impl::EchoRaiseAttentionBase<RaiseAttentionPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseAttentionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     rewriteConfigKeepingConstantsApart())))
      signalPassFailure();
  }
};

} // namespace

void mlir::echo::populateRaiseAttentionPatterns(RewritePatternSet &patterns) {
  patterns.add<RaiseAttention>(patterns.getContext());
}
