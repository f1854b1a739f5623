//===- Llama.cpp - A Llama-style decoder stack ----------------------------===//
//
// The Llama architecture (Touvron et al. 2023) at Llama-2 7B's sizes: h
// 4096, 32 layers, 32 heads, vocabulary 32000, sequence 4096; pre-norm
// blocks with RMSNorm, rotary position embeddings on q and k, causal
// attention, a SwiGLU MLP, no biases anywhere, an untied LM head.
//
//   rms(x)   = x * rsqrt(mean(x^2, last) + 1e-5) * g
//   rope(x)  = x * cos + concat(-x[.., d/2:], x[.., :d/2]) * sin
//   block:  x += o(attn(rope(q(rms(x))), rope(k(rms(x))), v(rms(x))))
//           x += down(silu(gate(rms(x))) * up(rms(x)))
//   loss = cross_entropy(lm_head(rms(x)), targets)
//
// RMSNorm, SiLU (x * sigmoid(x)) and rotary embeddings are built from
// existing ops; cos and sin are [seq, head_dim] constants with Llama's
// frequencies 10000^(-2i/head_dim), each repeated for both halves (the
// rotate-half form). The MLP width is 8h/3 rounded up to a multiple of
// min(256, h) (11008 at h 4096). Targets are the next tokens, supplied with
// the batch.
//
//===----------------------------------------------------------------------===//

#include "TransformerCommon.h"

#include <cmath>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

namespace {
struct LlamaNet {
  ModelBuilder &b;
  const TransformerConfig &c;
  Value cos, sin, minusOne;

  Value rmsNorm(Value x, const std::string &name) {
    int64_t h = ModelBuilder::shapeOf(x).back();
    Value ms = b.reduce(b.mul(x, x), "mean", {2}, /*keepDims=*/true);
    Value r = b.rsqrt(b.add(ms, b.fill({}, 1e-5)));
    return b.mul(b.mul(x, r), b.param({h}, name + ".weight"));
  }

  /// Rotary embedding of [B*heads, T, dk] queries or keys.
  Value rope(Value x) {
    auto s = ModelBuilder::shapeOf(x);
    int64_t n = s[0], T = s[1], half = s[2] / 2;
    Value x1 = b.slice(x, {0, 0, 0}, {n, T, half});
    Value x2 = b.slice(x, {0, 0, half}, {n, T, half});
    Value rotated = b.concat({b.mul(x2, minusOne), x1}, 2);
    return b.add(b.mul(x, cos), b.mul(rotated, sin));
  }
};
} // namespace

LogicalResult models::buildLlama(ModelBuilder &b, const ModelOptions &o) {
  TransformerConfig c;
  c.batch = ModelOptions::get(o.batch, 1);
  c.seqLen = ModelOptions::get(o.seqLen, 4096);
  c.hidden = ModelOptions::get(o.hidden, 4096);
  c.layers = ModelOptions::get(o.layers, 32);
  const int64_t vocab = ModelOptions::get(o.vocab, 32000);
  if (failed(readTransformerOptions(b, o, "llama", c)))
    return failure();
  if (c.headDim() % 2 != 0)
    return b.optionError("llama: rotary embeddings need an even head width "
                         "(--hidden / --heads = " + Twine(c.headDim()) + ")");
  const int64_t T = c.seqLen, h = c.hidden, dk = c.headDim();
  const int64_t multiple = std::min<int64_t>(256, h);
  const int64_t ffn = (8 * h / 3 + multiple - 1) / multiple * multiple;
  MultiHead mh{b, c};

  Value tokens = b.tokens({c.batch, T}, "tokens");
  Value targets = b.labels({c.batch, T}, "targets");
  Value embed = b.param({vocab, h}, "embed_tokens.weight");

  std::vector<float> cosTable(T * dk), sinTable(T * dk);
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 0; i < dk; ++i) {
      double freq = std::pow(10000.0, -2.0 * double(i % (dk / 2)) / double(dk));
      cosTable[t * dk + i] = float(std::cos(double(t) * freq));
      sinTable[t * dk + i] = float(std::sin(double(t) * freq));
    }
  LlamaNet net{b, c, b.constant({T, dk}, cosTable, "rope_cos"),
               b.constant({T, dk}, sinTable, "rope_sin"), b.fill({}, -1.0)};

  Value x = b.embedding(embed, tokens);
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string n = "layers." + std::to_string(l);
    Value y = net.rmsNorm(x, n + ".input_layernorm");
    Value q = net.rope(mh.split(b.linear(y, h, false, n + ".attn.q_proj")));
    Value k = net.rope(mh.split(b.linear(y, h, false, n + ".attn.k_proj")));
    Value v = mh.split(b.linear(y, h, false, n + ".attn.v_proj"));
    x = b.add(x, b.linear(mh.merge(mh.attend(q, k, v, /*causal=*/true)), h, false,
                          n + ".attn.o_proj"));
    y = net.rmsNorm(x, n + ".post_attention_layernorm");
    Value gate = b.linear(y, ffn, false, n + ".mlp.gate_proj");
    Value up = b.linear(y, ffn, false, n + ".mlp.up_proj");
    Value act = b.mul(b.mul(gate, b.sigmoid(gate)), up); // silu(gate) * up
    x = b.add(x, b.linear(act, h, false, n + ".mlp.down_proj"));
  }
  x = net.rmsNorm(x, "norm");
  b.finish(b.crossEntropy(b.linear(x, vocab, false, "lm_head"), targets));
  return success();
}
