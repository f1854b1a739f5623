//===- NMT.cpp - Sockeye 1.5 RNN attention NMT -----------------------------===//
//
// The LSTM encoder-decoder with MLP attention that Echo (ISCA'20) measures
// most: Sockeye 1.5 as configured by the TBD suite for IWSLT15 en-vi.
//
//   encoder: embedding(src, 512), source reversed; layer 1 bidirectional
//            LSTM (256 per direction, concatenated to 512); layers 2..L
//            unidirectional LSTM 512 (L = 2 for nmt).
//   decoder: embedding(tgt, 512); L LSTM layers of 512 with input feeding
//            (the previous step's attentional hidden state concatenated to
//            the embedding); initial states tanh(FC(last encoder state));
//            MLP attention score_s = v^T tanh(W_q h_t + W_k enc_s) (the key
//            projection W_k enc computed once for all source positions),
//            softmax over the source, context = batch_matmul(alpha, enc);
//            attentional hidden a_t = tanh(W [h_t; ctx] + b) (1024 -> 512);
//            logits = linear(a, target vocabulary), cross-entropy.
//
// Unfused LSTM cells (ModelBuilder::lstmCell), no dropout. nmt-large is the
// same network with 4 layers on each side (Sockeye's WMT16 en-de setup has
// twice the layers of en-vi) at sentence length 37, chosen so that the
// differentiated step (echo-opt --echo-autodiff, @train_step) has about
// 15.9K ops, the graph size Echo quotes for large NMT models.
//
//===----------------------------------------------------------------------===//

#include "ModelDefinitions.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
struct NMTConfig {
  int64_t batch, srcLen, tgtLen, hidden, layers, srcVocab, tgtVocab, embed;
};
} // namespace

static void buildNMTNetwork(ModelBuilder &b, const NMTConfig &c) {
  const int64_t B = c.batch, S = c.srcLen, T = c.tgtLen, H = c.hidden,
                E = c.embed;
  const int64_t half = H / 2;

  Value src = b.tokens({B, S}, "source");
  Value tgtIn = b.tokens({B, T}, "target_input");
  Value tgtOut = b.labels({B, T}, "target_labels");

  //--- Encoder -----------------------------------------------------------//
  Value srcTable = b.param({c.srcVocab, E}, "source_embed.weight");
  Value srcEmb = b.embedding(srcTable, src); // [B, S, E]
  auto stepOf = [&](Value seq, int64_t t, int64_t width) {
    return b.reshape(b.slice(seq, {0, t, 0}, {B, 1, width}), {B, width});
  };
  // Source reversed: position p of the encoder reads token S-1-p.
  SmallVector<Value> x(S);
  for (int64_t p = 0; p < S; ++p)
    x[p] = stepOf(srcEmb, S - 1 - p, E);

  // Layer 1: bidirectional, 256 per direction.
  auto fwdW = b.lstmWeights(E, half, "encoder.l0.fwd");
  auto bwdW = b.lstmWeights(E, half, "encoder.l0.bwd");
  SmallVector<Value> fwdH(S), bwdH(S);
  auto fs = b.lstmZeroState(B, half);
  for (int64_t p = 0; p < S; ++p) {
    fs = b.lstmCell(x[p], fs, fwdW);
    fwdH[p] = fs.h;
  }
  auto bs = b.lstmZeroState(B, half);
  for (int64_t p = S - 1; p >= 0; --p) {
    bs = b.lstmCell(x[p], bs, bwdW);
    bwdH[p] = bs.h;
  }
  for (int64_t p = 0; p < S; ++p)
    x[p] = b.concat({fwdH[p], bwdH[p]}, 1); // [B, H]

  // Layers 2..L: unidirectional.
  for (int64_t l = 1; l < c.layers; ++l) {
    auto w = b.lstmWeights(H, H, "encoder.l" + std::to_string(l));
    auto s = b.lstmZeroState(B, H);
    for (int64_t p = 0; p < S; ++p) {
      s = b.lstmCell(x[p], s, w);
      x[p] = s.h;
    }
  }
  Value lastEnc = x[S - 1];
  SmallVector<Value> encSteps;
  for (int64_t p = 0; p < S; ++p)
    encSteps.push_back(b.reshape(x[p], {B, 1, H}));
  Value enc = b.concat(encSteps, 1); // [B, S, H]

  //--- Attention (MLP / Bahdanau) ----------------------------------------//
  const int64_t A = H; // attention hidden units
  Value keysW = b.param({A, H}, "attention.key.weight");
  Value queryW = b.param({A, H}, "attention.query.weight");
  Value scoreW = b.param({1, A}, "attention.score.weight");
  Value keys = b.linear(enc, keysW, Value()); // [B, S, A], once

  //--- Decoder -----------------------------------------------------------//
  // Initial states: tanh(FC(last encoder state)) for every h and c.
  SmallVector<ModelBuilder::LSTMWeights> decW;
  SmallVector<ModelBuilder::LSTMState> dec;
  for (int64_t l = 0; l < c.layers; ++l) {
    int64_t in = l == 0 ? E + H : H; // input feeding on the first layer
    decW.push_back(b.lstmWeights(in, H, "decoder.l" + std::to_string(l)));
    std::string n = "decoder.init.l" + std::to_string(l);
    Value h = b.tanh(b.linear(lastEnc, H, true, n + ".h"));
    Value cc = b.tanh(b.linear(lastEnc, H, true, n + ".c"));
    dec.push_back({h, cc});
  }
  Value hiddenW = b.param({H, 2 * H}, "decoder.hidden.weight");
  Value hiddenB = b.param({H}, "decoder.hidden.bias");
  Value tgtTable = b.param({c.tgtVocab, E}, "target_embed.weight");
  Value tgtEmb = b.embedding(tgtTable, tgtIn); // [B, T, E]

  Value attnHidden = b.zeros({B, H});
  SmallVector<Value> outputs;
  for (int64_t t = 0; t < T; ++t) {
    Value in = b.concat({stepOf(tgtEmb, t, E), attnHidden}, 1);
    for (int64_t l = 0; l < c.layers; ++l) {
      dec[l] = b.lstmCell(in, dec[l], decW[l]);
      in = dec[l].h;
    }
    Value query = in; // [B, H]
    Value q = b.reshape(b.linear(query, queryW, Value()), {B, 1, A});
    Value energy = b.tanh(b.add(keys, q));                  // [B, S, A]
    Value scores = b.reshape(b.linear(energy, scoreW, Value()), {B, S});
    Value alpha = b.reshape(b.softmax(scores, -1), {B, 1, S});
    Value context = b.reshape(b.batchMatmul(alpha, enc), {B, H}); // [B, H]
    attnHidden =
        b.tanh(b.linear(b.concat({query, context}, 1), hiddenW, hiddenB));
    outputs.push_back(b.reshape(attnHidden, {B, 1, H}));
  }
  Value hs = b.concat(outputs, 1); // [B, T, H]
  Value logits = b.linear(hs, c.tgtVocab, true, "output");
  b.finish(b.crossEntropy(logits, tgtOut));
}

llvm::LogicalResult mlir::echo::models::buildNMT(ModelBuilder &b, const ModelOptions &o) {
  NMTConfig c;
  c.batch = ModelOptions::get(o.batch, 128);
  c.srcLen = ModelOptions::get(o.srcLen, 100);
  c.tgtLen = ModelOptions::get(o.tgtLen, 100);
  c.hidden = ModelOptions::get(o.hidden, 512);
  c.embed = c.hidden;
  c.layers = 2;
  c.srcVocab = 17192;
  c.tgtVocab = 7710;
  if (o.vocab)
    c.srcVocab = c.tgtVocab = *o.vocab;
  if (c.hidden % 2)
    return b.optionError("nmt: --hidden must be even (bidirectional encoder "
                         "layer)");
  buildNMTNetwork(b, c);
  return success();
}

llvm::LogicalResult mlir::echo::models::buildNMTLarge(ModelBuilder &b,
                                       const ModelOptions &o) {
  NMTConfig c;
  c.batch = ModelOptions::get(o.batch, 128);
  c.srcLen = ModelOptions::get(o.srcLen, 37);
  c.tgtLen = ModelOptions::get(o.tgtLen, 37);
  c.hidden = ModelOptions::get(o.hidden, 512);
  c.embed = c.hidden;
  c.layers = ModelOptions::get(o.layers, 4);
  c.srcVocab = 17192;
  c.tgtVocab = 7710;
  if (o.vocab)
    c.srcVocab = c.tgtVocab = *o.vocab;
  if (c.hidden % 2)
    return b.optionError("nmt-large: --hidden must be even (bidirectional "
                         "encoder layer)");
  buildNMTNetwork(b, c);
  return success();
}
