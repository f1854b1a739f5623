//===- TransformerCommon.cpp - Pieces of the transformer models -----------===//

#include "TransformerCommon.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

LogicalResult models::readTransformerOptions(ModelBuilder &b,
                                             const ModelOptions &o,
                                             StringRef model,
                                             TransformerConfig &c) {
  c.heads = ModelOptions::get(o.heads, c.hidden % 64 == 0 ? c.hidden / 64 : 1);
  if (c.hidden % c.heads != 0)
    return b.optionError(model + ": --hidden " + Twine(c.hidden) +
                         " is not a multiple of --heads " + Twine(c.heads));
  c.dropout = o.dropout.value_or(0.0);
  std::string attention = o.attention.value_or("fused");
  if (attention == "unfused") {
    c.fused = false;
  } else if (attention == "fused") {
    c.fused = true;
    if (c.dropout > 0 && !ModelBuilder::attentionHasDropout())
      return b.optionError(model + ": --dropout with --attention=fused needs "
                                   "echo.attention's dropout, which this "
                                   "build lacks (use --attention=unfused)");
  } else {
    return b.optionError(model + ": --attention must be fused or unfused (got '" +
                         attention + "')");
  }
  return success();
}

Value MultiHead::split(Value x) {
  int64_t B = ModelBuilder::shapeOf(x)[0], T = ModelBuilder::shapeOf(x)[1];
  Value r = b.reshape(x, {B, T, c.heads, c.headDim()});
  return b.reshape(b.transpose(r, {0, 2, 1, 3}), {B * c.heads, T, c.headDim()});
}

Value MultiHead::merge(Value x) {
  int64_t BH = ModelBuilder::shapeOf(x)[0], T = ModelBuilder::shapeOf(x)[1];
  int64_t B = BH / c.heads;
  Value r = b.reshape(x, {B, c.heads, T, c.headDim()});
  return b.reshape(b.transpose(r, {0, 2, 1, 3}), {B, T, c.hidden});
}

Value MultiHead::attend(Value q, Value k, Value v, bool causal) {
  auto shape = ModelBuilder::shapeOf(q);
  int64_t BH = shape[0], T = shape[1], dk = shape[2], B = BH / c.heads;
  if (c.fused) {
    auto heads4 = [&](Value x) { return b.reshape(x, {B, c.heads, T, dk}); };
    Value o = b.attention(heads4(q), heads4(k), heads4(v), causal, c.dropout);
    return b.reshape(o, {BH, T, dk});
  }
  if (causal && !mask)
    mask = causalMask(b, T);
  Value scores = b.batchMatmul(q, k, false, true); // [B*h, T, T]
  scores = b.mul(scores, b.fill({}, 1.0 / std::sqrt(double(c.headDim()))));
  if (causal)
    scores = b.add(scores, mask);
  Value p = b.softmax(scores, -1);
  if (c.dropout > 0)
    p = b.dropout(p, c.dropout);
  return b.batchMatmul(p, v);
}

Value models::causalMask(ModelBuilder &b, int64_t T) {
  std::vector<float> mask(T * T, 0.0f);
  for (int64_t i = 0; i < T; ++i)
    for (int64_t j = i + 1; j < T; ++j)
      mask[i * T + j] = -1e9f;
  return b.constant({T, T}, mask, "causal_mask");
}
