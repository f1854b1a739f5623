//===- Helpers.cpp - Constants, destinations and operand alignment --------===//

#include "Raise.h"

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::linalg_import;

InFlightDiagnostic linalg_import::cannotRaise(Operation *op, const Twine &why) {
  return op->emitError("echo-import-linalg: cannot raise '")
         << op->getName() << "': " << why;
}

/// Evaluates scalar op `op` on operand values `args`; nothing when the op
/// is not a scalar op this evaluator knows or an operand is unknown.
static std::optional<double> evalScalarOp(Operation *op,
                                          ArrayRef<std::optional<double>> args) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (auto f = dyn_cast<FloatAttr>(c.getValue()))
      return f.getValueAsDouble();
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()); i && !i.getType().isInteger(1))
      return (double)i.getValue().getSExtValue();
    return std::nullopt;
  }
  if (llvm::any_of(args, [](auto a) { return !a; }))
    return std::nullopt;
  auto a = [&](unsigned i) { return *args[i]; };
  std::optional<double> r =
      llvm::TypeSwitch<Operation *, std::optional<double>>(op)
          .Case<arith::TruncFOp, arith::ExtFOp, arith::SIToFPOp>(
              [&](auto) { return a(0); })
          .Case<arith::AddFOp>([&](auto) { return a(0) + a(1); })
          .Case<arith::SubFOp>([&](auto) { return a(0) - a(1); })
          .Case<arith::MulFOp>([&](auto) { return a(0) * a(1); })
          .Case<arith::DivFOp>([&](auto) { return a(0) / a(1); })
          .Case<arith::NegFOp>([&](auto) { return -a(0); })
          .Case<arith::MaximumFOp, arith::MaxNumFOp>(
              [&](auto) { return std::max(a(0), a(1)); })
          .Case<arith::MinimumFOp, arith::MinNumFOp>(
              [&](auto) { return std::min(a(0), a(1)); })
          .Case<math::ExpOp>([&](auto) { return std::exp(a(0)); })
          .Case<math::LogOp>([&](auto) { return std::log(a(0)); })
          .Case<math::SqrtOp>([&](auto) { return std::sqrt(a(0)); })
          .Case<math::RsqrtOp>([&](auto) { return 1.0 / std::sqrt(a(0)); })
          .Case<math::TanhOp>([&](auto) { return std::tanh(a(0)); })
          .Case<math::ErfOp>([&](auto) { return std::erf(a(0)); })
          .Default([](Operation *) { return std::nullopt; });
  return r;
}

std::optional<double> linalg_import::scalarConstant(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumRegions() != 0)
    return std::nullopt;
  if (auto extract = dyn_cast<tensor::ExtractOp>(def))
    return splatValue(extract.getTensor());
  if (def->getNumOperands() > 2)
    return std::nullopt;
  SmallVector<std::optional<double>> args;
  for (Value operand : def->getOperands()) {
    if (isa<ShapedType>(operand.getType()))
      return std::nullopt;
    args.push_back(scalarConstant(operand));
  }
  return evalScalarOp(def, args);
}

std::optional<double> linalg_import::evalBody(
    Block &body, ArrayRef<std::optional<double>> argValues) {
  DenseMap<Value, double> known;
  for (auto [arg, value] : llvm::zip(body.getArguments(), argValues))
    if (value)
      known[arg] = *value;
  auto lookup = [&](Value v) -> std::optional<double> {
    auto it = known.find(v);
    if (it != known.end())
      return it->second;
    if (v.getParentBlock() != &body)
      return scalarConstant(v);
    return std::nullopt;
  };
  for (Operation &op : body.without_terminator()) {
    std::optional<double> r;
    if (auto sel = dyn_cast<arith::SelectOp>(op)) {
      auto cmp = sel.getCondition().getDefiningOp<arith::CmpFOp>();
      std::optional<double> x = cmp ? lookup(cmp.getLhs()) : std::nullopt,
                            y = cmp ? lookup(cmp.getRhs()) : std::nullopt,
                            t = lookup(sel.getTrueValue()),
                            f = lookup(sel.getFalseValue());
      if (!x || !y || !t || !f)
        return std::nullopt;
      bool c = arith::applyCmpPredicate(cmp.getPredicate(), llvm::APFloat(*x),
                                        llvm::APFloat(*y));
      r = c ? *t : *f;
    } else if (isa<arith::CmpFOp>(op)) {
      continue; // read by the select
    } else {
      SmallVector<std::optional<double>> args;
      for (Value operand : op.getOperands())
        args.push_back(lookup(operand));
      r = evalScalarOp(&op, args);
    }
    if (!r)
      return std::nullopt;
    known[op.getResult(0)] = *r;
  }
  return lookup(body.getTerminator()->getOperand(0));
}

std::optional<double> linalg_import::splatValue(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto fill = dyn_cast<FillOp>(def))
    return fill.getValue().convertToDouble();
  if (auto fill = dyn_cast<linalg::FillOp>(def))
    return scalarConstant(fill.getInputs()[0]);
  // Rank-0 tensor constants only: a splat of rank >= 1 is a weight, which
  // weights-as-arguments must be able to lift.
  if (type.getRank() == 0) {
    DenseElementsAttr attr;
    if (auto c = dyn_cast<arith::ConstantOp>(def))
      attr = dyn_cast<DenseElementsAttr>(c.getValue());
    if (attr && attr.isSplat()) {
      if (isa<FloatType>(type.getElementType()))
        return attr.getSplatValue<APFloat>().convertToDouble();
      if (type.getElementType().isSignlessInteger() &&
          !type.getElementType().isInteger(1))
        return (double)attr.getSplatValue<APInt>().getSExtValue();
    }
  }
  auto generic = dyn_cast<linalg::GenericOp>(def);
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumReductionLoops() != 0 ||
      !generic.getRegion().front().getOps<linalg::IndexOp>().empty())
    return std::nullopt;
  Block &body = generic.getRegion().front();
  SmallVector<std::optional<double>> args;
  for (OpOperand &operand : generic->getOpOperands()) {
    std::optional<double> s = splatValue(operand.get());
    if (!s && generic.isDpsInput(&operand))
      return std::nullopt;
    args.push_back(s);
  }
  return evalBody(body, args);
}

Init linalg_import::classifyInit(Value init) {
  if (init.getDefiningOp<tensor::EmptyOp>())
    return {Init::Empty};
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    if (std::optional<double> c = scalarConstant(fill.getInputs()[0]))
      return {Init::Fill, *c};
  if (auto fill = init.getDefiningOp<FillOp>())
    return {Init::Fill, fill.getValue().convertToDouble()};
  return {Init::Tensor, 0, init};
}

bool linalg_import::isMaxNeutral(double v) {
  return (std::isinf(v) && v < 0) || v == -(double)FLT_MAX;
}

FailureOr<Value> linalg_import::accumulate(EchoEmitter &e, Operation *op,
                                           Value result, Value init,
                                           bool isMax) {
  if (!result) // an echo op's type inference said why
    return failure();
  Init in = classifyInit(init);
  switch (in.kind) {
  case Init::Empty:
    return cannotRaise(op, "it accumulates into an uninitialized "
                           "tensor.empty");
  case Init::Fill: {
    if (isMax ? isMaxNeutral(in.fill) : in.fill == 0.0)
      return result;
    SmallVector<int64_t> ones(EchoEmitter::shapeOf(result).size(), 1);
    Value c = e.fill(in.fill, ones,
                     cast<ShapedType>(result.getType()).getElementType());
    return e.binary(isMax ? "max" : "add", result, c);
  }
  case Init::Tensor:
    return e.binary(isMax ? "max" : "add", result, in.tensor);
  }
  return failure();
}

FailureOr<Value> linalg_import::alignOperand(EchoEmitter &e, Value v,
                                             AffineMap map,
                                             ArrayRef<int64_t> bounds) {
  ArrayRef<int64_t> shape = EchoEmitter::shapeOf(v);
  if (map.getNumResults() != shape.size() || map.getNumDims() != bounds.size())
    return failure();
  // Drop the constant-0 (size-1) positions, then order the rest by loop dim.
  SmallVector<int64_t> dims, kept;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    if (auto d = dyn_cast<AffineDimExpr>(expr)) {
      if (shape[pos] != bounds[d.getPosition()] || llvm::is_contained(dims, d.getPosition()))
        return failure();
      dims.push_back(d.getPosition());
      kept.push_back(shape[pos]);
      continue;
    }
    auto c = dyn_cast<AffineConstantExpr>(expr);
    if (!c || c.getValue() != 0 || shape[pos] != 1)
      return failure();
  }
  Value x = e.reshape(v, kept);
  SmallVector<int64_t> perm(dims.size());
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = i;
  llvm::sort(perm, [&](int64_t a, int64_t b) { return dims[a] < dims[b]; });
  x = e.transpose(x, perm);
  SmallVector<int64_t> full(bounds.size(), 1);
  for (int64_t d : dims)
    full[d] = bounds[d];
  return e.reshape(x, full);
}
