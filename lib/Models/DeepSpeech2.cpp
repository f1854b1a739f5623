//===- DeepSpeech2.cpp - DeepSpeech2 speech recognition -------------------===//
//
// Amodei et al. 2016 (the DS2 of Echo ISCA'20 / the TBD suite, LibriSpeech):
//
//   spectrogram [B, 1, T, 161] (time x frequency)
//   conv 32 ch, 11x41, stride 2x2, padding 5x20, batch norm, ReLU
//   conv 32 ch, 11x21, stride 1x2, padding 5x10, batch norm, ReLU
//     -> [B, 32, T/2, 41] -> [B, T/2, 1312]
//   7 bidirectional GRU layers of 1760 (unfused cells, ModelBuilder::
//     gruCell) arranged as in the MXNet DS2 example that the TBD suite and
//     Echo ran: a forward and a backward stack of 7 layers each, their top
//     outputs concatenated per frame -> [B, T/2, 3520]
//   FC 1760 + ReLU, FC to 29 characters, frame-wise cross-entropy.
//
// Simplifications: the CTC loss is replaced by a frame-wise cross-entropy
// against one label per output frame (same logits shape, no alignment);
// ReLU instead of DS2's clipped ReLU; no batch norm inside the recurrent
// layers (the MXNet example normalizes the input projections per step);
// one bias per GRU gate instead of separate input and hidden biases.
//
//===----------------------------------------------------------------------===//

#include "ModelDefinitions.h"

using namespace mlir;
using namespace mlir::echo;

llvm::LogicalResult mlir::echo::models::buildDeepSpeech2(ModelBuilder &b,
                                          const ModelOptions &o) {
  const int64_t B = ModelOptions::get(o.batch, 8);
  const int64_t T = ModelOptions::get(o.seqLen, 300);
  const int64_t H = ModelOptions::get(o.hidden, 1760);
  const int64_t layers = ModelOptions::get(o.layers, 7);
  const int64_t chars = ModelOptions::get(o.vocab, 29);
  const int64_t freq = 161;

  Value x = b.input({B, 1, T, freq}, "spectrogram");
  x = b.relu(b.batchNorm(
      b.conv2d(x, 32, {11, 41}, {2, 2}, {5, 20}, /*bias=*/false, 1, "conv1"),
      "conv1.bn"));
  x = b.relu(b.batchNorm(
      b.conv2d(x, 32, {11, 21}, {1, 2}, {5, 10}, /*bias=*/false, 1, "conv2"),
      "conv2.bn"));
  ArrayRef<int64_t> s = ModelBuilder::shapeOf(x); // [B, 32, T', F']
  const int64_t steps = s[2], features = s[1] * s[3];
  Value seq = b.reshape(b.transpose(x, {0, 2, 1, 3}), {B, steps, features});
  Value labels = b.labels({B, steps}, "labels");

  SmallVector<Value> in(steps);
  for (int64_t t = 0; t < steps; ++t)
    in[t] = b.reshape(b.slice(seq, {0, t, 0}, {B, 1, features}),
                      {B, features});

  // A forward and a backward stack of `layers` GRU layers each, joined
  // per frame at the top (as the MXNet DS2 example's bi_gru_unroll).
  auto stack = [&](bool backward) {
    SmallVector<Value> seqIn(in);
    int64_t inSize = features;
    for (int64_t l = 0; l < layers; ++l) {
      auto w = b.gruWeights(inSize, H, (backward ? "gru.bwd.l" : "gru.fwd.l") +
                                           std::to_string(l));
      Value h = b.zeros({B, H});
      for (int64_t i = 0; i < steps; ++i) {
        int64_t t = backward ? steps - 1 - i : i;
        seqIn[t] = h = b.gruCell(seqIn[t], h, w);
      }
      inSize = H;
    }
    return seqIn;
  };
  SmallVector<Value> fwd = stack(false), bwd = stack(true);
  SmallVector<Value> outs;
  for (int64_t t = 0; t < steps; ++t)
    outs.push_back(b.reshape(b.concat({fwd[t], bwd[t]}, 1), {B, 1, 2 * H}));
  Value y = b.concat(outs, 1); // [B, T', 2H]
  y = b.relu(b.linear(y, H, true, "fc"));
  Value logits = b.linear(y, chars, true, "output");
  b.finish(b.crossEntropy(logits, labels));
  return success();
}
