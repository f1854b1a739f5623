//===- LSTMLanguageModel.cpp - A small word-level LSTM LM -----------------===//
//
// Embedding -> L unrolled LSTM layers (unfused cells) -> per-step softmax
// over the vocabulary; predicts token t+1 from tokens <= t.

#include "ModelDefinitions.h"

llvm::LogicalResult mlir::echo::models::buildLSTMLanguageModel(ModelBuilder &b,
                                                const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 16);
  int64_t steps = ModelOptions::get(o.seqLen, 20);
  int64_t hidden = ModelOptions::get(o.hidden, 128);
  int64_t layers = ModelOptions::get(o.layers, 2);
  int64_t vocab = ModelOptions::get(o.vocab, 1000);

  Value tokens = b.tokens({batch, steps});
  Value targets = b.labels({batch, steps}, "targets");
  Value table = b.param({vocab, hidden}, "embedding");
  Value embedded = b.embedding(table, tokens); // [B, T, H]

  SmallVector<ModelBuilder::LSTMWeights> weights;
  SmallVector<ModelBuilder::LSTMState> states;
  for (int64_t l = 0; l < layers; ++l) {
    weights.push_back(b.lstmWeights(hidden, hidden, "lstm" + std::to_string(l)));
    states.push_back(b.lstmZeroState(batch, hidden));
  }
  Value outW = b.param({vocab, hidden}, "decoder.weight");
  Value outB = b.param({vocab}, "decoder.bias");

  SmallVector<Value> outputs;
  for (int64_t t = 0; t < steps; ++t) {
    Value x = b.reshape(b.slice(embedded, {0, t, 0}, {batch, 1, hidden}),
                        {batch, hidden});
    for (int64_t l = 0; l < layers; ++l) {
      states[l] = b.lstmCell(x, states[l], weights[l]);
      x = states[l].h;
    }
    outputs.push_back(b.reshape(x, {batch, 1, hidden}));
  }
  Value h = b.concat(outputs, 1); // [B, T, H]
  Value logits = b.linear(h, outW, outB);
  b.finish(b.crossEntropy(logits, targets));
  return success();
}
