//===- RaiseGeneric.cpp - linalg.generic into echo ops --------------------===//
//
// A generic is classified by its iterators and indexing maps:
//  - with a reduction loop: a contraction (body `out + a * b`) or a sum /
//    max reduction (body `out + in`, `max(out, in)`);
//  - all parallel, identity output: inference batch norm (matched as a
//    whole, so it becomes one echo.batch_norm), otherwise an elementwise
//    body translated scalar op by scalar op into tensor ops on the operands
//    aligned through their indexing maps (which is how broadcasts and
//    transposes are expressed). The cleanup patterns then fold compositions
//    such as max(x, 0) into echo.relu.
//
//===----------------------------------------------------------------------===//

#include "Raise.h"

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::linalg_import;

namespace {

/// The block argument index of `v` in `body`, if it is one.
std::optional<unsigned> argIndex(Value v, Block &body) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != &body)
    return std::nullopt;
  return arg.getArgNumber();
}

/// `v` as `op(a, b)` in either operand order; the operands in `a`, `b`.
template <typename OpT>
bool matchCommutative(Value v, function_ref<bool(Value, Value)> pred) {
  auto op = v.getDefiningOp<OpT>();
  if (!op)
    return false;
  return pred(op.getLhs(), op.getRhs()) || pred(op.getRhs(), op.getLhs());
}

/// Flattens a tree of mulf into its factors.
void factors(Value v, SmallVectorImpl<Value> &out) {
  if (auto mul = v.getDefiningOp<arith::MulFOp>()) {
    factors(mul.getLhs(), out);
    factors(mul.getRhs(), out);
    return;
  }
  out.push_back(v);
}

/// torch-mlir's inference batch norm:
///   ((x - mean) * rsqrt(var + eps)) * gamma + beta
/// with gamma, beta, mean, var per channel (indexing map (d1)). Becomes a
/// training-mode echo.batch_norm with the same parameters and statistics.
FailureOr<Value> matchBatchNorm(EchoEmitter &e, linalg::GenericOp op,
                                ArrayRef<int64_t> bounds) {
  Block &body = op.getRegion().front();
  unsigned numIns = op.getNumDpsInputs();
  if (numIns != 5 || bounds.size() < 2)
    return Value();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  std::optional<unsigned> x, mean, var, gamma, beta;
  std::optional<double> eps;
  auto arg = [&](Value v) { return argIndex(v, body); };
  bool matched = matchCommutative<arith::AddFOp>(
      yield.getOperand(0), [&](Value product, Value b) {
        beta = arg(b);
        SmallVector<Value> fs;
        factors(product, fs);
        if (!beta || fs.size() != 3)
          return false;
        for (Value f : fs) {
          if (auto sub = f.getDefiningOp<arith::SubFOp>()) {
            x = arg(sub.getLhs());
            mean = arg(sub.getRhs());
          } else if (auto rs = f.getDefiningOp<math::RsqrtOp>()) {
            matchCommutative<arith::AddFOp>(rs.getOperand(), [&](Value v, Value c) {
              var = arg(v);
              eps = scalarConstant(c);
              return var && eps;
            });
          } else {
            gamma = arg(f);
          }
        }
        return x && mean && var && eps && gamma;
      });
  if (!matched)
    return Value();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  int64_t c = bounds[1];
  auto channelMap = AffineMap::get(bounds.size(), 0,
                                   getAffineDimExpr(1, op.getContext()));
  for (unsigned i : {*mean, *var, *gamma, *beta})
    if (i >= numIns || maps[i] != channelMap ||
        EchoEmitter::shapeOf(op.getDpsInputs()[i]) != ArrayRef<int64_t>{c})
      return Value();
  if (*x >= numIns || !maps[*x].isIdentity())
    return Value();
  auto in = [&](unsigned i) { return op.getDpsInputs()[i]; };
  // Batch statistics need two values per channel (PyTorch refuses to train
  // batch norm on one: batch 1 over a 1x1 map). There the exported
  // inference form is kept as it is, the running statistics constants that
  // stay untrained (marked for weights-as-arguments).
  int64_t perChannel = 1;
  for (auto [i, b] : llvm::enumerate(bounds))
    if (i != 1)
      perChannel *= b;
  if (perChannel < 2) {
    // The maps were checked above, so aligning cannot fail; a null value
    // is passed on by the emitter all the same.
    auto statistic = [&](unsigned i) -> Value {
      Value v = in(i);
      if (auto c = v.getDefiningOp<ConstantOp>()) {
        auto copy = createInferred<ConstantOp>(e.b, e.loc, c.getValue());
        if (!copy)
          return Value();
        copy->setAttr(kRunningStatisticAttr, e.b.getUnitAttr());
        v = copy;
      }
      FailureOr<Value> aligned = alignOperand(e, v, channelMap, bounds);
      return succeeded(aligned) ? *aligned : Value();
    };
    auto channel = [&](unsigned i) -> Value {
      FailureOr<Value> aligned = alignOperand(e, in(i), channelMap, bounds);
      return succeeded(aligned) ? *aligned : Value();
    };
    Type et = cast<ShapedType>(op.getResultTypes()[0]).getElementType();
    SmallVector<int64_t> ones(bounds.size(), 1);
    Value inv = e.unary("rsqrt", e.binary("add", statistic(*var),
                                          e.fill(*eps, ones, et)));
    Value y = e.binary("mul", e.binary("sub", in(*x), statistic(*mean)), inv);
    y = e.binary("add", e.binary("mul", y, channel(*gamma)), channel(*beta));
    if (!y)
      return cannotRaise(op, "its batch normalization could not be raised");
    return e.broadcastTo(y, bounds);
  }
  auto bn = createInferred<BatchNormOp>(
      e.b, e.loc, in(*x), in(*gamma), in(*beta), in(*mean), in(*var),
      e.b.getF64FloatAttr(*eps), e.b.getF64FloatAttr(0.1));
  if (!bn) // its type inference said why
    return failure();
  return bn.getOutput();
}

/// Translates an all-parallel generic's body into tensor ops.
class BodyTranslator {
public:
  BodyTranslator(EchoEmitter &e, linalg::GenericOp op, ArrayRef<int64_t> bounds)
      : e(e), op(op), bounds(bounds), body(op.getRegion().front()),
        maps(op.getIndexingMapsArray()),
        elementType(cast<ShapedType>(op.getResultTypes()[0]).getElementType()) {}

  FailureOr<Value> run() {
    body.walk([&](math::ErfOp erf) { matchExactGelu(erf); });
    for (Operation &inner : body.without_terminator())
      if (failed(translate(inner)))
        return failure();
    FailureOr<Value> y = get(body.getTerminator()->getOperand(0));
    if (failed(y))
      return failure();
    return e.broadcastTo(*y, bounds);
  }

private:
  FailureOr<Value> get(Value scalar) {
    if (Value v = env.lookup(scalar))
      return v;
    if (std::optional<unsigned> i = argIndex(scalar, body)) {
      Value operand = op->getOperand(*i);
      // A tensor whose every element is known (a clamp bound computed from
      // an i64 fill) is read as that constant.
      if (*i < op.getNumDpsInputs())
        if (std::optional<double> c = splatValue(operand))
          return constant(*c);
      if (cast<ShapedType>(operand.getType()).getElementType() != elementType)
        return cannotRaise(op, "operand #")
               << *i << " has element type "
               << cast<ShapedType>(operand.getType()).getElementType()
               << ", not the result's " << elementType;
      if (*i >= op.getNumDpsInputs()) {
        Init init = classifyInit(operand);
        if (init.kind == Init::Empty)
          return cannotRaise(op, "its body reads the uninitialized output");
        if (init.kind == Init::Fill)
          return constant(init.fill);
      }
      FailureOr<Value> aligned = alignOperand(e, operand, maps[*i], bounds);
      if (failed(aligned))
        return cannotRaise(op, "indexing map #")
               << *i << " " << AffineMapAttr::get(maps[*i])
               << " is not a projected permutation of the loops";
      env[scalar] = *aligned;
      return *aligned;
    }
    if (std::optional<double> c = scalarConstant(scalar))
      return constant(*c);
    return cannotRaise(op, "its body reads a value defined outside it that "
                           "is not a constant");
  }

  Value constant(double c) {
    SmallVector<int64_t> ones(bounds.size(), 1);
    return e.fill(c, ones, elementType);
  }

  LogicalResult set(Operation &inner, Value v) {
    if (!v) // the echo op's type inference said why, at the generic
      return failure();
    env[inner.getResult(0)] = v;
    return success();
  }

  LogicalResult binary(Operation &inner, StringRef kind) {
    FailureOr<Value> a = get(inner.getOperand(0)), b = get(inner.getOperand(1));
    if (failed(a) || failed(b))
      return failure();
    return set(inner, e.binary(kind, *a, *b));
  }

  LogicalResult unary(Operation &inner, StringRef kind) {
    FailureOr<Value> a = get(inner.getOperand(0));
    if (failed(a))
      return failure();
    return set(inner, e.unary(kind, *a));
  }

  /// min(a, b) = -max(-a, -b).
  LogicalResult minimum(Operation &inner, Value a, Value b) {
    FailureOr<Value> x = get(a), y = get(b);
    if (failed(x) || failed(y))
      return failure();
    Value m = e.binary("max", e.unary("neg", *x), e.unary("neg", *y));
    return set(inner, m ? e.unary("neg", m) : Value());
  }

  LogicalResult maximum(Operation &inner, Value a, Value b) {
    FailureOr<Value> x = get(a), y = get(b);
    if (failed(x) || failed(y))
      return failure();
    return set(inner, e.binary("max", *x, *y));
  }

  /// select(a > b, a, b) is max, select(a > b, b, a) is min (and mirrored
  /// for <): how torch-mlir writes ReLU, clamp and hardtanh.
  LogicalResult select(arith::SelectOp sel) {
    auto cmp = sel.getCondition().getDefiningOp<arith::CmpFOp>();
    if (!cmp)
      return cannotRaise(op, "its body selects on something other than a "
                             "float comparison");
    using P = arith::CmpFPredicate;
    P p = cmp.getPredicate();
    bool greater = p == P::OGT || p == P::UGT || p == P::OGE || p == P::UGE;
    bool less = p == P::OLT || p == P::ULT || p == P::OLE || p == P::ULE;
    Value a = cmp.getLhs(), b = cmp.getRhs();
    Value t = sel.getTrueValue(), f = sel.getFalseValue();
    if ((greater || less) && t == a && f == b)
      return greater ? maximum(*sel, a, b) : minimum(*sel, a, b);
    if ((greater || less) && t == b && f == a)
      return greater ? minimum(*sel, a, b) : maximum(*sel, a, b);
    return cannotRaise(op, "its body selects between values other than the "
                           "two it compares (only max / min selects are "
                           "raised)");
  }

  /// x ** 2 and x ** 3 (GELU's cube) as products; the exponent is a float
  /// (math.powf) or integer (math.fpowi) constant.
  LogicalResult power(Operation &inner) {
    std::optional<double> n = scalarConstant(inner.getOperand(1));
    if (auto c = inner.getOperand(1).getDefiningOp<arith::ConstantOp>())
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        n = (double)i.getInt();
    if (!n || (*n != 2.0 && *n != 3.0))
      return cannotRaise(op, "'")
             << inner.getName()
             << "' is raised only with a constant exponent of 2 or 3";
    FailureOr<Value> x = get(inner.getOperand(0));
    if (failed(x))
      return failure();
    Value v = e.binary("mul", *x, *x);
    if (*n == 3.0 && v)
      v = e.binary("mul", v, *x);
    return set(inner, v);
  }

  /// Exact GELU, x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt 2)), around
  /// `erf`: its argument is x * (1 / sqrt 2) or x / sqrt 2 (either operand
  /// order, the constants computed or not), its one user adds 1, and a tree
  /// of single-use products multiplies that sum by x once and by constants
  /// whose product is 0.5, in any order and association (torch-mlir writes
  /// x * (0.5 * (1 + erf(x * M_SQRT1_2)))). The tree's root becomes
  /// echo.gelu_erf(x); the ops inside it are not translated. No match
  /// leaves the body as it is (a lone math.erf is then an error).
  void matchExactGelu(math::ErfOp erf) {
    auto near = [](std::optional<double> c, double want) {
      return c && std::abs(*c - want) <= 1e-6 * std::abs(want);
    };
    Value x;
    Operation *argOp = erf.getOperand().getDefiningOp();
    if (auto mul = dyn_cast_or_null<arith::MulFOp>(argOp)) {
      matchCommutative<arith::MulFOp>(mul.getResult(), [&](Value a, Value c) {
        if (near(scalarConstant(c), M_SQRT1_2) && !scalarConstant(a))
          x = a;
        return bool(x);
      });
    } else if (auto div = dyn_cast_or_null<arith::DivFOp>(argOp)) {
      if (near(scalarConstant(div.getRhs()), M_SQRT2) &&
          !scalarConstant(div.getLhs()))
        x = div.getLhs();
    }
    if (!x || !erf->hasOneUse())
      return;
    auto plusOne = dyn_cast<arith::AddFOp>(*erf->user_begin());
    if (!plusOne || !plusOne->hasOneUse() ||
        !matchCommutative<arith::AddFOp>(plusOne.getResult(), [&](Value a,
                                                                  Value c) {
          return a == erf.getResult() && near(scalarConstant(c), 1.0);
        }))
      return;
    // Climb the products above 1 + erf until one is 0.5 * x * (1 + erf).
    Operation *root = *plusOne->user_begin();
    while (auto mul = dyn_cast<arith::MulFOp>(root)) {
      SmallVector<Operation *> inner;
      SmallVector<Value> leaves;
      std::function<void(Value)> flatten = [&](Value v) {
        auto m = v.getDefiningOp<arith::MulFOp>();
        if (v != x && m && (m == mul || m->hasOneUse())) {
          if (m != mul)
            inner.push_back(m);
          flatten(m.getLhs());
          flatten(m.getRhs());
          return;
        }
        leaves.push_back(v);
      };
      flatten(mul.getResult());
      int xs = 0, sums = 0;
      double scale = 1.0;
      bool other = false;
      for (Value v : leaves) {
        if (v == x)
          ++xs;
        else if (v == plusOne.getResult())
          ++sums;
        else if (std::optional<double> c = scalarConstant(v))
          scale *= *c;
        else
          other = true;
      }
      if (!other && xs == 1 && sums == 1 && near(scale, 0.5)) {
        geluRoots[mul.getOperation()] = x;
        skipped.insert(inner.begin(), inner.end());
        skipped.insert(erf.getOperation());
        skipped.insert(plusOne.getOperation());
        if (argOp->hasOneUse())
          skipped.insert(argOp);
        return;
      }
      if (!mul->hasOneUse())
        return;
      root = *mul->user_begin();
    }
  }

  LogicalResult translate(Operation &inner) {
    if (skipped.contains(&inner))
      return success(); // inside an exact GELU (matchExactGelu)
    if (auto it = geluRoots.find(&inner); it != geluRoots.end()) {
      FailureOr<Value> x = get(it->second);
      if (failed(x))
        return failure();
      return set(inner, e.unary("gelu_erf", *x));
    }
    if (isa<arith::CmpFOp>(inner))
      return success(); // read by the select that uses it
    if (auto c = dyn_cast<arith::ConstantOp>(inner)) {
      if (auto f = dyn_cast<FloatAttr>(c.getValue())) {
        env[c.getResult()] = constant(f.getValueAsDouble());
        return success();
      }
    }
    if (isa<arith::TruncFOp, arith::ExtFOp, arith::SIToFPOp>(inner)) {
      if (std::optional<double> c = scalarConstant(inner.getResult(0))) {
        env[inner.getResult(0)] = constant(*c);
        return success();
      }
      // Widening to compute in more precision and narrowing back (what
      // torch-mlir writes for f64 scalars): the tensors raised from the
      // body all have the result's element type, so a float conversion of
      // a computed value is that value, computed at the result's precision.
      if (isa<arith::SIToFPOp>(inner))
        return cannotRaise(op, "its body converts a computed integer to "
                               "float");
      FailureOr<Value> x = get(inner.getOperand(0));
      if (failed(x))
        return failure();
      env[inner.getResult(0)] = *x;
      return success();
    }
    return llvm::TypeSwitch<Operation *, LogicalResult>(&inner)
        .Case<arith::AddFOp>([&](auto) { return binary(inner, "add"); })
        .Case<arith::SubFOp>([&](auto) { return binary(inner, "sub"); })
        .Case<arith::MulFOp>([&](auto) { return binary(inner, "mul"); })
        .Case<arith::DivFOp>([&](auto) { return binary(inner, "div"); })
        .Case<arith::MaximumFOp, arith::MaxNumFOp>([&](auto) {
          return maximum(inner, inner.getOperand(0), inner.getOperand(1));
        })
        .Case<arith::MinimumFOp, arith::MinNumFOp>([&](auto) {
          return minimum(inner, inner.getOperand(0), inner.getOperand(1));
        })
        .Case<arith::NegFOp>([&](auto) { return unary(inner, "neg"); })
        .Case<math::ExpOp>([&](auto) { return unary(inner, "exp"); })
        .Case<math::LogOp>([&](auto) { return unary(inner, "log"); })
        .Case<math::TanhOp>([&](auto) { return unary(inner, "tanh"); })
        .Case<math::SqrtOp>([&](auto) { return unary(inner, "sqrt"); })
        .Case<math::RsqrtOp>([&](auto) { return unary(inner, "rsqrt"); })
        .Case<math::PowFOp, math::FPowIOp>([&](auto) { return power(inner); })
        .Case<arith::SelectOp>([&](arith::SelectOp s) { return select(s); })
        .Case<math::ErfOp>([&](auto) {
          return cannotRaise(op, "its body op 'math.erf' is raised only in "
                                 "exact GELU, x * 0.5 * (1 + erf(x / "
                                 "sqrt 2)) (echo.gelu_erf)");
        })
        .Default([&](Operation *) {
          return cannotRaise(op, "its body op '")
                 << inner.getName() << "' has no echo equivalent";
        });
  }

  EchoEmitter &e;
  linalg::GenericOp op;
  ArrayRef<int64_t> bounds;
  Block &body;
  SmallVector<AffineMap> maps;
  Type elementType;
  DenseMap<Value, Value> env;
  /// matchExactGelu's results: products that are gelu_erf(x), and the ops
  /// inside them.
  DenseMap<Operation *, Value> geluRoots;
  llvm::SmallPtrSet<Operation *, 8> skipped;
};

/// Sum or max over some loops: one input read by the identity map, the
/// output indexed by the kept loops (dropped, or constant 0 for keepdims).
FailureOr<Value> raiseReduction(EchoEmitter &e, linalg::GenericOp op,
                                ArrayRef<int64_t> bounds) {
  Block &body = op.getRegion().front();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  Value yielded = body.getTerminator()->getOperand(0);
  Operation *combine = yielded.getDefiningOp();
  if (!combine || combine->getNumOperands() != 2 ||
      !isa<arith::AddFOp, arith::MaximumFOp, arith::MaxNumFOp>(combine))
    return cannotRaise(op, "its reduction body is not a sum or a max");
  std::optional<unsigned> a = argIndex(combine->getOperand(0), body),
                          b = argIndex(combine->getOperand(1), body);
  if (!a || !b || !((*a == 0 && *b == 1) || (*a == 1 && *b == 0)))
    return cannotRaise(op, "its reduction body does not combine the input "
                           "with the accumulator");
  if (!maps[0].isIdentity())
    return cannotRaise(op, "its reduction input map is not the identity");
  SmallVector<int64_t> dims;
  for (auto [i, it] : llvm::enumerate(op.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction)
      dims.push_back(i);
  AffineMap out = maps[1];
  bool keepdims = out.getNumResults() == bounds.size();
  unsigned next = 0;
  for (auto [pos, expr] : llvm::enumerate(out.getResults())) {
    if (auto d = dyn_cast<AffineDimExpr>(expr)) {
      if (llvm::is_contained(dims, d.getPosition()) ||
          (keepdims ? d.getPosition() != pos : d.getPosition() < next))
        return cannotRaise(op, "its output map ") << AffineMapAttr::get(out) << " is not a reduction's";
      next = d.getPosition() + 1;
      continue;
    }
    auto c = dyn_cast<AffineConstantExpr>(expr);
    if (!keepdims || !c || c.getValue() != 0 || !llvm::is_contained(dims, pos))
      return cannotRaise(op, "its output map ") << AffineMapAttr::get(out) << " is not a reduction's";
  }
  if (!keepdims && out.getNumResults() + dims.size() != bounds.size())
    return cannotRaise(op, "its output map ") << AffineMapAttr::get(out) << " is not a reduction's";
  bool isMax = !isa<arith::AddFOp>(combine);
  Value init = op.getDpsInits()[0];
  Value red = createInferredValue<ReduceOp>(
      e.b, e.loc, isMax ? ReduceKind::Max : ReduceKind::Sum,
      op.getDpsInputs()[0], ArrayRef<int64_t>(dims), keepdims);
  return accumulate(e, op, red, init, isMax);
}

/// A generic contraction: body `out + a * b` (either order).
bool isContractionBody(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (op.getNumDpsInputs() != 2)
    return false;
  auto arg = [&](Value v, unsigned i) { return argIndex(v, body) == i; };
  return matchCommutative<arith::AddFOp>(
      body.getTerminator()->getOperand(0), [&](Value out, Value prod) {
        return arg(out, 2) &&
               matchCommutative<arith::MulFOp>(prod, [&](Value a, Value b) {
                 return arg(a, 0) && arg(b, 1);
               });
      });
}

} // namespace

FailureOr<Value> linalg_import::raiseGeneric(EchoEmitter &e,
                                             linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return cannotRaise(op, "it has ") << op.getNumDpsInits() << " outputs; "
                                      << "only single-output generics are raised";
  for (Value v : op->getOperands())
    if (!isa<RankedTensorType>(v.getType()) ||
        !cast<RankedTensorType>(v.getType()).hasStaticShape())
      return cannotRaise(op, "an operand is not a statically shaped tensor");
  if (!op.getRegion().front().getOps<linalg::IndexOp>().empty())
    return cannotRaise(op, "its body reads loop indices (linalg.index)");
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  if (llvm::any_of(bounds, ShapedType::isDynamic))
    return cannotRaise(op, "its loop bounds are not static");
  Type resultElement = cast<ShapedType>(op.getResultTypes()[0]).getElementType();
  if (!resultElement.isF32() && !resultElement.isF16() && !resultElement.isBF16())
    return cannotRaise(op, "its result has element type ")
           << resultElement << ", which echo tensors do not have";
  bool reduces = llvm::any_of(op.getIteratorTypesArray(), [](auto it) {
    return it == utils::IteratorType::reduction;
  });
  if (reduces) {
    if (isContractionBody(op))
      return raiseContraction(e, op, op.getDpsInputs()[0],
                              op.getDpsInputs()[1], op.getDpsInits()[0],
                              op.getIndexingMapsArray());
    if (op.getNumDpsInputs() == 1)
      return raiseReduction(e, op, bounds);
    return cannotRaise(op, "its reduction is neither a contraction nor a "
                           "sum / max of one input");
  }
  // Every element known (clamp bounds computed from constants): a fill.
  if (std::optional<double> c = splatValue(op->getResult(0)))
    return e.fill(*c, EchoEmitter::shapeOf(op->getResult(0)), resultElement);
  AffineMap outMap = op.getIndexingMapsArray().back();
  if (outMap.isIdentity()) {
    FailureOr<Value> bn = matchBatchNorm(e, op, bounds);
    if (failed(bn) || *bn)
      return bn;
    return BodyTranslator(e, op, bounds).run();
  }
  // A permuted output map writes the loop nest's result transposed: the
  // body is computed in loop order, then result dim i is loop dim
  // outMap(i) (torch-mlir's transpose of a linear weight, alone or fused
  // with elementwise work).
  if (!outMap.isPermutation())
    return cannotRaise(op, "its output indexing map ")
           << AffineMapAttr::get(outMap) << " is not a permutation of the loops";
  FailureOr<Value> y = BodyTranslator(e, op, bounds).run();
  if (failed(y))
    return failure();
  SmallVector<int64_t> perm;
  for (unsigned i = 0; i < outMap.getNumResults(); ++i)
    perm.push_back(outMap.getDimPosition(i));
  return e.transpose(*y, perm);
}
