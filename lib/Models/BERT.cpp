//===- BERT.cpp - BERT masked language model ------------------------------===//
//
// BERT-base (Devlin et al. 2019) pre-training with the masked-LM objective
// at sequence 512: word, position (learned) and token-type embeddings summed
// and layer-normed, 12 post-LN encoder blocks (h 768, 12 heads, FFN 3072
// with exact GELU), and the MLM head (dense + GELU + layer norm, then the
// output projection tied to the word embedding, with its own bias).
//
//   x = dropout(ln(word[tokens] + pos + type[segments]))
//   block:  x = ln(x + dropout(out(attn(q(x), k(x), v(x)))))
//           x = ln(x + dropout(fc2(gelu_erf(fc1(x)))))
//   rows  = x[mlm_positions]          (gathered: 15% of the positions)
//   loss  = cross_entropy(ln(gelu_erf(dense(rows))) word^T + bias, mlm_labels)
//
// The MLM loss is over a subset: ceil(15%) of each sequence's positions
// (77 of 512), as BERT predicts the masked ones only; `mlm_positions` holds
// their indices into the flattened [batch * seq] rows (the data pipeline's
// choice), gathered with echo.embedding. Omitted: the next-sentence head
// (as RoBERTa), padding masks (full-length sequences); every layer norm has
// epsilon 1e-5 (BERT: 1e-12). Dropout (BERT: 0.1) is off unless --dropout.
//
//===----------------------------------------------------------------------===//

#include "TransformerCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

LogicalResult models::buildBERT(ModelBuilder &b, const ModelOptions &o) {
  TransformerConfig c;
  c.batch = ModelOptions::get(o.batch, 8);
  c.seqLen = ModelOptions::get(o.seqLen, 512);
  c.hidden = ModelOptions::get(o.hidden, 768);
  c.layers = ModelOptions::get(o.layers, 12);
  const int64_t vocab = ModelOptions::get(o.vocab, 30522);
  if (failed(readTransformerOptions(b, o, "bert", c)))
    return failure();
  const int64_t B = c.batch, T = c.seqLen, h = c.hidden;
  const int64_t predicted = (15 * T + 99) / 100; // per sequence
  MultiHead mh{b, c};
  auto drop = [&](Value x) { return c.dropout > 0 ? b.dropout(x, c.dropout) : x; };

  Value tokens = b.tokens({B, T}, "tokens");
  Value segments = b.tokens({B, T}, "token_types");
  Value positions = b.tokens({B * predicted}, "mlm_positions");
  Value labels = b.labels({B * predicted}, "mlm_labels");
  Value word = b.param({vocab, h}, "embeddings.word");
  Value x = b.add(b.embedding(word, tokens),
                  b.param({T, h}, "embeddings.position"));
  x = b.add(x, b.embedding(b.param({2, h}, "embeddings.token_type"), segments));
  x = drop(b.layerNorm(x, "embeddings.ln"));

  for (int64_t l = 0; l < c.layers; ++l) {
    std::string n = "encoder.layer" + std::to_string(l);
    Value q = mh.split(b.linear(x, h, true, n + ".attn.query"));
    Value k = mh.split(b.linear(x, h, true, n + ".attn.key"));
    Value v = mh.split(b.linear(x, h, true, n + ".attn.value"));
    Value a = b.linear(mh.merge(mh.attend(q, k, v, /*causal=*/false)), h, true,
                       n + ".attn.output");
    x = b.layerNorm(b.add(x, drop(a)), n + ".attn.ln");
    Value f = b.geluErf(b.linear(x, 4 * h, true, n + ".ffn.intermediate"));
    x = b.layerNorm(b.add(x, drop(b.linear(f, h, true, n + ".ffn.output"))),
                    n + ".ffn.ln");
  }
  // The rows of the predicted positions: [B * predicted, h].
  Value rows = b.embedding(b.reshape(x, {B * T, h}), positions);
  Value t = b.layerNorm(b.geluErf(b.linear(rows, h, true, "mlm.dense")),
                        "mlm.ln");
  Value logits = b.linear(t, word, b.param({vocab}, "mlm.bias"));
  b.finish(b.crossEntropy(logits, labels));
  return success();
}
