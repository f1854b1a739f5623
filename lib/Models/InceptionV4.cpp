//===- InceptionV4.cpp - Inception-v4 on ImageNet -------------------------===//
//
// Szegedy, Ioffe, Vanhoucke & Alemi, "Inception-v4, Inception-ResNet and the
// Impact of Residual Connections on Learning", AAAI 2017, Figures 3-9:
// stem (299x299x3 -> 35x35x384), 4 x Inception-A, Reduction-A (k, l, m, n =
// 192, 224, 256, 384), 7 x Inception-B, Reduction-B, 3 x Inception-C,
// 8x8 average pool, dropout (keep 0.8), fc 1000. Every convolution is
// conv (no bias) + batch norm + ReLU as in the authors' TF-slim release;
// "V" convolutions are unpadded, the others "same"-padded. The 1x7/7x1 and
// 1x3/3x1 factorized convolutions use rectangular kernels and padding.
// The 3x3 average pools in the blocks are stride 1, padding 1.

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

namespace {
/// Shorthand: conv + BN + ReLU with rectangular kernel, "same" padding unless
/// `valid`, and stride.
struct Convs {
  ModelBuilder &b;
  Value operator()(Value x, int64_t out, int64_t kh, int64_t kw,
                   const std::string &name, int64_t stride = 1,
                   bool valid = false) {
    int64_t ph = valid ? 0 : kh / 2, pw = valid ? 0 : kw / 2;
    return convBnRelu(b, x, out, {kh, kw}, {stride, stride}, {ph, pw}, name);
  }
};
} // namespace

static Value stem(ModelBuilder &b, Value x) {
  Convs conv{b};
  Value h = conv(x, 32, 3, 3, "stem.1", 2, true);  // 149x149x32
  h = conv(h, 32, 3, 3, "stem.2", 1, true);        // 147x147x32
  h = conv(h, 64, 3, 3, "stem.3");                  // 147x147x64
  h = b.concat({b.maxPool(h, {3, 3}, {2, 2}),
                conv(h, 96, 3, 3, "stem.4", 2, true)},
               1);                                   // 73x73x160
  Value a = conv(h, 64, 1, 1, "stem.5a.1");
  a = conv(a, 96, 3, 3, "stem.5a.2", 1, true);
  Value c = conv(h, 64, 1, 1, "stem.5b.1");
  c = conv(c, 64, 7, 1, "stem.5b.2");
  c = conv(c, 64, 1, 7, "stem.5b.3");
  c = conv(c, 96, 3, 3, "stem.5b.4", 1, true);
  h = b.concat({a, c}, 1);                          // 71x71x192
  return b.concat({conv(h, 192, 3, 3, "stem.6", 2, true),
                   b.maxPool(h, {3, 3}, {2, 2})},
                  1);                               // 35x35x384
}

static Value inceptionA(ModelBuilder &b, Value x, const std::string &n) {
  Convs conv{b};
  Value b0 = conv(x, 96, 1, 1, n + ".b0");
  Value b1 = conv(conv(x, 64, 1, 1, n + ".b1.1"), 96, 3, 3, n + ".b1.2");
  Value b2 = conv(x, 64, 1, 1, n + ".b2.1");
  b2 = conv(conv(b2, 96, 3, 3, n + ".b2.2"), 96, 3, 3, n + ".b2.3");
  Value b3 = conv(b.avgPool(x, {3, 3}, {1, 1}, {1, 1}), 96, 1, 1, n + ".b3");
  return b.concat({b0, b1, b2, b3}, 1); // 384
}

static Value reductionA(ModelBuilder &b, Value x) {
  Convs conv{b};
  Value b0 = conv(x, 384, 3, 3, "reduction_a.b0", 2, true);
  Value b1 = conv(x, 192, 1, 1, "reduction_a.b1.1");
  b1 = conv(b1, 224, 3, 3, "reduction_a.b1.2");
  b1 = conv(b1, 256, 3, 3, "reduction_a.b1.3", 2, true);
  Value b2 = b.maxPool(x, {3, 3}, {2, 2});
  return b.concat({b0, b1, b2}, 1); // 384 + 256 + 384 = 1024
}

static Value inceptionB(ModelBuilder &b, Value x, const std::string &n) {
  Convs conv{b};
  Value b0 = conv(x, 384, 1, 1, n + ".b0");
  Value b1 = conv(x, 192, 1, 1, n + ".b1.1");
  b1 = conv(b1, 224, 1, 7, n + ".b1.2");
  b1 = conv(b1, 256, 7, 1, n + ".b1.3");
  Value b2 = conv(x, 192, 1, 1, n + ".b2.1");
  b2 = conv(b2, 192, 7, 1, n + ".b2.2");
  b2 = conv(b2, 224, 1, 7, n + ".b2.3");
  b2 = conv(b2, 224, 7, 1, n + ".b2.4");
  b2 = conv(b2, 256, 1, 7, n + ".b2.5");
  Value b3 = conv(b.avgPool(x, {3, 3}, {1, 1}, {1, 1}), 128, 1, 1, n + ".b3");
  return b.concat({b0, b1, b2, b3}, 1); // 384 + 256 + 256 + 128 = 1024
}

static Value reductionB(ModelBuilder &b, Value x) {
  Convs conv{b};
  Value b0 = conv(x, 192, 1, 1, "reduction_b.b0.1");
  b0 = conv(b0, 192, 3, 3, "reduction_b.b0.2", 2, true);
  Value b1 = conv(x, 256, 1, 1, "reduction_b.b1.1");
  b1 = conv(b1, 256, 1, 7, "reduction_b.b1.2");
  b1 = conv(b1, 320, 7, 1, "reduction_b.b1.3");
  b1 = conv(b1, 320, 3, 3, "reduction_b.b1.4", 2, true);
  Value b2 = b.maxPool(x, {3, 3}, {2, 2});
  return b.concat({b0, b1, b2}, 1); // 192 + 320 + 1024 = 1536
}

static Value inceptionC(ModelBuilder &b, Value x, const std::string &n) {
  Convs conv{b};
  Value b0 = conv(x, 256, 1, 1, n + ".b0");
  Value b1 = conv(x, 384, 1, 1, n + ".b1");
  Value b1a = conv(b1, 256, 1, 3, n + ".b1a");
  Value b1b = conv(b1, 256, 3, 1, n + ".b1b");
  Value b2 = conv(x, 384, 1, 1, n + ".b2.1");
  b2 = conv(b2, 448, 3, 1, n + ".b2.2");
  b2 = conv(b2, 512, 1, 3, n + ".b2.3");
  Value b2a = conv(b2, 256, 1, 3, n + ".b2a");
  Value b2b = conv(b2, 256, 3, 1, n + ".b2b");
  Value b3 = conv(b.avgPool(x, {3, 3}, {1, 1}, {1, 1}), 256, 1, 1, n + ".b3");
  return b.concat({b0, b1a, b1b, b2a, b2b, b3}, 1); // 1536
}

llvm::LogicalResult mlir::echo::models::buildInceptionV4(ModelBuilder &b,
                                          const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 128);
  int64_t size = ModelOptions::get(o.imageSize, 299);
  if (failed(requireImageSize(b, "inception-v4", size, 75)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = stem(b, x);
  for (int i = 0; i < 4; ++i)
    h = inceptionA(b, h, "inception_a" + std::to_string(i));
  h = reductionA(b, h);
  for (int i = 0; i < 7; ++i)
    h = inceptionB(b, h, "inception_b" + std::to_string(i));
  h = reductionB(b, h);
  for (int i = 0; i < 3; ++i)
    h = inceptionC(b, h, "inception_c" + std::to_string(i));
  h = b.dropout(globalAvgPool(b, h), 0.2);
  b.finish(b.crossEntropy(b.linear(h, 1000, true, "fc"), labels));
  return success();
}
