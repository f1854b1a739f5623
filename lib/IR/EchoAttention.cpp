//===- EchoAttention.cpp - echo.attention and echo.attention_grad ---------===//
//
// Everything of the fused attention ops in one place: type inference,
// verifiers, the gradient rule and the costs. The gradient reads query, key,
// value, the output and the per-row log-sum-exp, so what autodiff stashes for
// it is O(B*H*L*D) and no [B, H, Lq, Lk] tensor exists anywhere
// (FlashAttention's recomputation; docs/runtime.md, "Fused attention").
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;

namespace {

ArrayRef<int64_t> dims(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

double scaleValue(std::optional<APFloat> scale, Value query) {
  if (scale)
    return scale->convertToDouble();
  return 1.0 / std::sqrt(static_cast<double>(dims(query).back()));
}

/// The operand checks both ops share: q [B, H, Lq, D], k and v
/// [B, H, Lk, D] of one element type, a mask broadcasting to
/// [B, H, Lq, Lk], a finite positive scale, a dropout in [0, 1).
LogicalResult verifyOperands(Operation *op, Value q, Value k, Value v,
                             Value mask, std::optional<APFloat> scale,
                             double dropout) {
  if (!(dropout >= 0.0 && dropout < 1.0))
    return op->emitOpError("dropout must be in [0, 1), got ") << dropout;
  for (auto [value, name, lname] :
       {std::tuple<Value, StringRef, StringRef>{q, "query", "Lq"},
        {k, "key", "Lk"},
        {v, "value", "Lk"}})
    if (dims(value).size() != 4)
      return op->emitOpError()
             << name << " must be [B, H, " << lname << ", D], got "
             << value.getType();
  ArrayRef<int64_t> qs = dims(q), ks = dims(k);
  if (dims(v) != ks)
    return op->emitOpError("key shape ")
           << shape::format(ks) << " and value shape " << shape::format(dims(v)) << " differ";
  if (qs[0] != ks[0] || qs[1] != ks[1])
    return op->emitOpError("query [B, H] = ")
           << shape::format(qs.take_front(2)) << " and key [B, H] = "
           << shape::format(ks.take_front(2)) << " differ";
  if (qs[3] != ks[3])
    return op->emitOpError("head dimension D of query (")
           << qs[3] << ") and key (" << ks[3] << ") differ";
  if (qs[3] < 1)
    return op->emitOpError("head dimension D must be at least 1");
  Type element = cast<ShapedType>(q.getType()).getElementType();
  for (Value other : {k, v, mask})
    if (other && cast<ShapedType>(other.getType()).getElementType() != element)
      return op->emitOpError("query, key, value and mask must share one "
                             "element type, got ")
             << element << " and "
             << cast<ShapedType>(other.getType()).getElementType();
  if (mask) {
    SmallVector<int64_t, 4> scores{qs[0], qs[1], qs[2], ks[2]};
    if (dims(mask).size() > 4 || !shape::broadcastsTo(dims(mask), scores))
      return op->emitOpError("mask shape ")
             << shape::format(dims(mask)) << " does not broadcast to the scores' "
             << "[B, H, Lq, Lk] = " << shape::format(scores);
  }
  if (scale) {
    double s = scale->convertToDouble();
    if (!(s > 0.0) || std::isinf(s))
      return op->emitOpError("scale must be finite and positive, got ") << s;
  }
  return success();
}

/// Query-key pairs whose score is computed: all, or with `causal` those
/// with j <= i.
int64_t visiblePairs(int64_t lq, int64_t lk, bool causal) {
  if (!causal)
    return lq * lk;
  int64_t full = std::min(lq, lk); // rows 0..full-1 see i + 1 keys
  return full * (full + 1) / 2 + (lq - full) * lk;
}

} // namespace

//===----------------------------------------------------------------------===//
// echo.attention
//===----------------------------------------------------------------------===//

LogicalResult AttentionOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location> location,
                                            AttentionOp::Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  // Runs while parsing, before the verifier: only what the result types need.
  auto query = dyn_cast<RankedTensorType>(adaptor.getQuery().getType());
  if (!query || query.getRank() != 4)
    return emitOptionalError(location, "'", getOperationName(),
                             "' query must be a [B, H, Lq, D] tensor, got ",
                             adaptor.getQuery().getType());
  inferred.push_back(query);
  inferred.push_back(RankedTensorType::get(query.getShape().drop_back(),
                                           Float32Type::get(context)));
  return success();
}

LogicalResult AttentionOp::verify() {
  return verifyOperands(*this, getQuery(), getKey(), getValue(), getMask(),
                        getScale(), getDropout().convertToDouble());
}

double AttentionOp::getScaleValue() {
  return scaleValue(getScale(), getQuery());
}

bool AttentionOp::isOperandDifferentiable(unsigned index) {
  return index < 3; // query, key, value; not the additive mask
}

LogicalResult AttentionOp::buildGradient(OpBuilder &b, ValueRange rg,
                                         SmallVectorImpl<Value> &grads) {
  if (rg[1])
    return emitOpError("cannot be differentiated through its lse result: only "
                       "the output carries a gradient");
  Value dout = rg[0];
  if (!dout) {
    grads.append(getNumOperands(), Value());
    return success();
  }
  auto grad = AttentionGradOp::create(b, getLoc(), getQuery(), getKey(),
                                      getValue(), getOutput(), getLse(), dout,
                                      getMask(), getCausalAttr(),
                                      getScaleAttr(), getDropoutAttr(),
                                      getSeedAttr());
  grads.append({grad.getDquery(), grad.getDkey(), grad.getDvalue()});
  if (getMask())
    grads.push_back(Value());
  return success();
}

bool AttentionOp::isComputeHeavy() { return true; }

// Per visible pair: q.k (2D), p * v (2D); scale, mask, max, exp, sum (5).
int64_t AttentionOp::getFlops() {
  ArrayRef<int64_t> q = dims(getQuery()), k = dims(getKey());
  return q[0] * q[1] * visiblePairs(q[2], k[2], getCausal()) * (4 * q[3] + 5);
}

//===----------------------------------------------------------------------===//
// echo.attention_grad
//===----------------------------------------------------------------------===//

LogicalResult AttentionGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, AttentionGradOp::Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  inferred.push_back(adaptor.getQuery().getType());
  inferred.push_back(adaptor.getKey().getType());
  inferred.push_back(adaptor.getValue().getType());
  return success();
}

LogicalResult AttentionGradOp::verify() {
  if (failed(verifyOperands(*this, getQuery(), getKey(), getValue(), getMask(),
                            getScale(), getDropout().convertToDouble())))
    return failure();
  for (auto [value, name] : {std::pair<Value, StringRef>{getOutput(), "output"},
                             {getOutputGrad(), "output_grad"}})
    if (value.getType() != getQuery().getType())
      return emitOpError() << name << " type " << value.getType()
                           << " must be the query type "
                           << getQuery().getType();
  ArrayRef<int64_t> rows = dims(getQuery()).drop_back();
  if (dims(getLse()) != rows)
    return emitOpError("lse must be ")
           << shape::format(rows) << " ([B, H, Lq]), got " << shape::format(dims(getLse()));
  return success();
}

double AttentionGradOp::getScaleValue() {
  return scaleValue(getScale(), getQuery());
}

bool AttentionGradOp::isComputeHeavy() { return true; }

// The runtime's two passes (docs/runtime.md): per visible pair, keys first
// q.k, dO.v, dV += p dO, dK += dS q (8D), then rows q.k, dO.v, dQ += dS k
// (6D), and about 10 scalar operations.
int64_t AttentionGradOp::getFlops() {
  ArrayRef<int64_t> q = dims(getQuery()), k = dims(getKey());
  return q[0] * q[1] * visiblePairs(q[2], k[2], getCausal()) *
         (14 * q[3] + 10);
}
