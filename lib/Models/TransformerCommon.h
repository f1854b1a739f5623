//===- TransformerCommon.h - Pieces of the transformer models --*- C++ -*-===//
//
// What GPT-2, ViT, BERT and the Llama-style stack share: option checks,
// splitting d_model into heads, and scaled dot-product attention.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_MODELS_TRANSFORMERCOMMON_H
#define ECHO_MODELS_TRANSFORMERCOMMON_H

#include "ModelDefinitions.h"

namespace mlir {
namespace echo {
namespace models {

/// The sizes and choices every transformer model reads from its options.
struct TransformerConfig {
  int64_t batch, seqLen, hidden, layers, heads;
  double dropout;
  /// echo.attention (fused) or batch_matmul, softmax, batch_matmul.
  bool fused;

  int64_t headDim() const { return hidden / heads; }
};

/// Reads heads (default: hidden / 64 where that divides, else 1: the
/// published models all use 64-wide heads), attention (default: fused)
/// and dropout (default 0) and checks them against `hidden`; `model` names
/// the model in errors.
LogicalResult readTransformerOptions(ModelBuilder &b, const ModelOptions &o,
                                     StringRef model, TransformerConfig &c);

/// Multi-head attention on [B, T, d] activations of one config.
struct MultiHead {
  ModelBuilder &b;
  const TransformerConfig &c;

  /// [B, T, d] -> [B*heads, T, d/heads]
  Value split(Value x);
  /// [B*heads, T, d/heads] -> [B, T, d]
  Value merge(Value x);
  /// softmax(q k^T / sqrt(dk) (+ causal mask)) v on [B*heads, T, dk]
  /// operands, with dropout on the probabilities when the config has
  /// dropout: echo.attention when the config is fused, else batch_matmul,
  /// scale, the additive mask of causalMask(), softmax, batch_matmul. The
  /// one place a model's attention core is written.
  Value attend(Value q, Value k, Value v, bool causal);

  /// The causal mask constant, built at the first unfused causal use.
  Value mask = {};
};

/// The additive causal mask: a [T, T] constant, 0 on and below the
/// diagonal, -1e9 above (exp underflows to exactly 0 after the softmax's
/// max subtraction).
Value causalMask(ModelBuilder &b, int64_t T);

} // namespace models
} // namespace echo
} // namespace mlir

#endif // ECHO_MODELS_TRANSFORMERCOMMON_H
