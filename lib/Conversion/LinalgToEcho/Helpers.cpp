//===- Helpers.cpp - Constants, destinations and operand alignment --------===//

#include "Raise.h"

#include "EchoDialect/EchoOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::linalg_import;

InFlightDiagnostic linalg_import::cannotRaise(Operation *op, const Twine &why) {
  return op->emitError("echo-import-linalg: cannot raise '")
         << op->getName() << "': " << why;
}

std::optional<double> linalg_import::scalarConstant(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<arith::TruncFOp, arith::ExtFOp>(def))
    return scalarConstant(def->getOperand(0));
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    if (auto f = dyn_cast<FloatAttr>(c.getValue()))
      return f.getValueAsDouble();
  return std::nullopt;
}

Init linalg_import::classifyInit(Value init) {
  if (init.getDefiningOp<tensor::EmptyOp>())
    return {Init::Empty};
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    if (std::optional<double> c = scalarConstant(fill.getInputs()[0]))
      return {Init::Fill, *c};
  return {Init::Tensor, 0, init};
}

bool linalg_import::isMaxNeutral(double v) {
  return (std::isinf(v) && v < 0) || v == -(double)FLT_MAX;
}

FailureOr<Value> linalg_import::accumulate(EchoEmitter &e, Operation *op,
                                           Value result, Value init,
                                           bool isMax) {
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
    if (Value v = e.binary(isMax ? "max" : "add", result, in.tensor))
      return v;
    return cannotRaise(op, "its destination does not broadcast to the result");
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
