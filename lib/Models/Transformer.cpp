//===- Transformer.cpp - Transformer base encoder-decoder ------------------===//
//
// Vaswani et al. 2017 "base" as Sockeye trains it (the Transformer of Echo
// ISCA'20, WMT16 en-de): 6 encoder + 6 decoder layers, d_model 512, FFN
// 2048 (ReLU), 8 heads, dropout 0.1, one embedding table shared by source,
// target and the output projection (plus an output bias).
//
//   x = dropout(embed(tokens) * sqrt(d) + positions)
//   encoder layer:  x += dropout(selfattn(ln(x)));  x += dropout(ffn(ln(x)))
//   decoder layer:  y += dropout(causal selfattn(ln(y)));
//                   y += dropout(crossattn(ln(y), enc));  y += dropout(ffn(ln(y)))
//   final layer norms on both stacks (pre-norm, Sockeye's "n"/"dr").
//
// Multi-head attention reshapes [B, T, d] -> [B, T, h, dk] -> transpose ->
// [B*h, T, dk] and uses batch_matmul; scores are scaled by 1/sqrt(dk); the
// causal mask is an additive [T, T] non-trainable input (0 on and below
// the diagonal, -1e9 above), and so are the sinusoidal position encodings
// ([T, d]); the data pipeline supplies both. Padding masks are omitted
// (all sentences have the full length).
//
//===----------------------------------------------------------------------===//

#include "ModelDefinitions.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;

namespace {
struct TransformerNet {
  ModelBuilder &b;
  int64_t B, d, heads, ffn;
  double dropout;

  Value drop(Value x) { return dropout > 0 ? b.dropout(x, dropout) : x; }

  /// [B, T, d] -> [B*h, T, dk]
  Value splitHeads(Value x, int64_t T) {
    int64_t dk = d / heads;
    Value r = b.reshape(x, {B, T, heads, dk});
    return b.reshape(b.transpose(r, {0, 2, 1, 3}), {B * heads, T, dk});
  }
  /// [B*h, T, dk] -> [B, T, d]
  Value mergeHeads(Value x, int64_t T) {
    int64_t dk = d / heads;
    Value r = b.reshape(x, {B, heads, T, dk});
    return b.reshape(b.transpose(r, {0, 2, 1, 3}), {B, T, d});
  }

  Value attention(Value query, int64_t Tq, Value memory, int64_t Tk,
                  Value mask, const std::string &name) {
    Value q = splitHeads(b.linear(query, d, true, name + ".q"), Tq);
    Value k = splitHeads(b.linear(memory, d, true, name + ".k"), Tk);
    Value v = splitHeads(b.linear(memory, d, true, name + ".v"), Tk);
    Value scores = b.batchMatmul(q, k, false, true); // [B*h, Tq, Tk]
    double scale = 1.0 / std::sqrt(double(d / heads));
    scores = b.mul(scores, b.fill({}, scale));
    if (mask)
      scores = b.add(scores, mask);
    Value p = drop(b.softmax(scores, -1));
    Value ctx = mergeHeads(b.batchMatmul(p, v), Tq);
    return b.linear(ctx, d, true, name + ".out");
  }

  Value feedForward(Value x, const std::string &name) {
    Value h = b.relu(b.linear(x, ffn, true, name + ".fc1"));
    return b.linear(h, d, true, name + ".fc2");
  }
};
} // namespace

llvm::LogicalResult mlir::echo::models::buildTransformer(ModelBuilder &b,
                                          const ModelOptions &o) {
  const int64_t B = ModelOptions::get(o.batch, 32);
  const int64_t T = ModelOptions::get(o.seqLen, 50);
  const int64_t d = ModelOptions::get(o.hidden, 512);
  const int64_t layers = ModelOptions::get(o.layers, 6);
  const int64_t vocab = ModelOptions::get(o.vocab, 37000);
  const int64_t heads = d % 8 == 0 ? 8 : 1;
  TransformerNet net{b, B, d, heads, 4 * d, 0.1};

  Value src = b.tokens({B, T}, "source");
  Value tgtIn = b.tokens({B, T}, "target_input");
  Value tgtOut = b.labels({B, T}, "target_labels");
  Value positions = b.input({T, d}, "positions");
  Value table = b.param({vocab, d}, "shared_embed.weight");
  Value embScale = b.fill({}, std::sqrt(double(d)));

  auto embed = [&](Value ids) {
    return net.drop(b.add(b.mul(b.embedding(table, ids), embScale), positions));
  };

  //--- Encoder -----------------------------------------------------------//
  Value x = embed(src);
  for (int64_t l = 0; l < layers; ++l) {
    std::string n = "encoder.l" + std::to_string(l);
    Value nx = b.layerNorm(x, n + ".ln1");
    Value a = net.attention(nx, T, nx, T, Value(), n + ".self");
    x = b.add(x, net.drop(a));
    x = b.add(x, net.drop(net.feedForward(b.layerNorm(x, n + ".ln2"),
                                          n + ".ffn")));
  }
  Value enc = b.layerNorm(x, "encoder.ln_final");

  //--- Causal mask ---------------------------------------------------------//
  // An additive [T, T] input (0 on and below the diagonal, -1e9 above),
  // supplied with the batch like the position encodings. (An echo.constant
  // would be the natural form, but the CPU backend's bufferization of
  // echo.constant cannot yet hold two constants in one module.)
  Value mask = b.input({T, T}, "causal_mask");

  //--- Decoder -----------------------------------------------------------//
  Value y = embed(tgtIn);
  for (int64_t l = 0; l < layers; ++l) {
    std::string n = "decoder.l" + std::to_string(l);
    Value ny = b.layerNorm(y, n + ".ln1");
    y = b.add(y, net.drop(net.attention(ny, T, ny, T, mask, n + ".self")));
    y = b.add(y, net.drop(net.attention(b.layerNorm(y, n + ".ln2"), T, enc, T,
                                        Value(), n + ".cross")));
    y = b.add(y, net.drop(net.feedForward(b.layerNorm(y, n + ".ln3"),
                                          n + ".ffn")));
  }
  y = b.layerNorm(y, "decoder.ln_final");
  Value outBias = b.param({vocab}, "output.bias");
  Value logits = b.linear(y, table, outBias); // tied with the embedding
  b.finish(b.crossEntropy(logits, tgtOut));
  return success();
}
