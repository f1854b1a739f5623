//===- GPT2.cpp - GPT-2 language models -----------------------------------===//
//
// GPT-2 (Radford et al. 2019) as its released code builds it: learned token
// and position embeddings, pre-LN decoder blocks, GELU (tanh form) MLP of
// width 4h, causal self-attention, a final layer norm, and the LM head tied
// to the token embedding (the same [vocab, h] argument is the embedding
// table and the output projection, so its gradient sums both uses).
//
//   x = dropout(wte[tokens] + wpe)
//   block:  x += dropout(c_proj(attn(split(c_attn(ln_1(x))))))
//           x += dropout(c_proj(gelu(c_fc(ln_2(x)))))
//   loss = cross_entropy(ln_f(x) wte^T, targets)
//
// gpt2 is the 124M model (12 layers, h 768, 12 heads), gpt2-medium the 355M
// one (24 layers, h 1024, 16 heads); both at vocabulary 50257 and sequence
// 1024. The position table has seq-len rows (the first seq-len of GPT-2's
// 1024). Targets are the tokens shifted by one, supplied with the batch as
// in lstm-lm. Dropout (GPT-2: 0.1 on embeddings, attention probabilities and
// residual branches) is off unless --dropout is given. Attention is
// echo.attention (causal) unless --attention=unfused (TransformerCommon).
//
//===----------------------------------------------------------------------===//

#include "TransformerCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

static LogicalResult buildGPT2(ModelBuilder &b, const ModelOptions &o,
                               StringRef model, int64_t layers,
                               int64_t hidden) {
  TransformerConfig c;
  c.batch = ModelOptions::get(o.batch, 1);
  c.seqLen = ModelOptions::get(o.seqLen, 1024);
  c.hidden = ModelOptions::get(o.hidden, hidden);
  c.layers = ModelOptions::get(o.layers, layers);
  const int64_t vocab = ModelOptions::get(o.vocab, 50257);
  if (failed(readTransformerOptions(b, o, model, c)))
    return failure();
  const int64_t B = c.batch, T = c.seqLen, h = c.hidden;
  MultiHead mh{b, c};
  auto drop = [&](Value x) { return c.dropout > 0 ? b.dropout(x, c.dropout) : x; };

  Value tokens = b.tokens({B, T}, "tokens");
  Value targets = b.labels({B, T}, "targets");
  Value wte = b.param({vocab, h}, "wte.weight");
  Value wpe = b.param({T, h}, "wpe.weight");

  Value x = drop(b.add(b.embedding(wte, tokens), wpe));
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string n = "h" + std::to_string(l);
    // Attention: one projection to q, k, v (GPT-2's c_attn).
    Value qkv = b.linear(b.layerNorm(x, n + ".ln_1"), 3 * h, true,
                         n + ".attn.c_attn");
    SmallVector<Value> parts = b.split(qkv, 2, 3);
    Value a = mh.merge(mh.attend(mh.split(parts[0]), mh.split(parts[1]),
                                 mh.split(parts[2]), /*causal=*/true));
    x = b.add(x, drop(b.linear(a, h, true, n + ".attn.c_proj")));
    // MLP.
    Value f = b.gelu(b.linear(b.layerNorm(x, n + ".ln_2"), 4 * h, true,
                              n + ".mlp.c_fc"));
    x = b.add(x, drop(b.linear(f, h, true, n + ".mlp.c_proj")));
  }
  x = b.layerNorm(x, "ln_f");
  Value logits = b.linear(x, wte, Value()); // tied LM head, no bias
  b.finish(b.crossEntropy(logits, targets));
  return success();
}

LogicalResult models::buildGPT2Small(ModelBuilder &b, const ModelOptions &o) {
  return buildGPT2(b, o, "gpt2", /*layers=*/12, /*hidden=*/768);
}

LogicalResult models::buildGPT2Medium(ModelBuilder &b, const ModelOptions &o) {
  return buildGPT2(b, o, "gpt2-medium", /*layers=*/24, /*hidden=*/1024);
}
