//===- ResNetCIFAR.cpp - ResNet-(6n+2) on CIFAR-10 ------------------------===//
//
// He et al., CVPR 2016, Section 4.2: a 3x3 convolution (16 filters), three
// stages of n basic blocks (two 3x3 convolutions each, 16/32/64 filters on
// 32x32/16x16/8x8 maps), global average pool, fc 10; depth = 6n + 2
// (ResNet-20/32/44/56/110/1202). Every convolution is followed by batch
// norm; shortcuts are identities, and the two down-sampling ones use the
// paper's option A: stride-2 subsampling (a 1x1 average pool of stride 2)
// with the new channels zero-padded (concat with zeros), so there are no
// projection parameters.

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

static Value basicBlock(ModelBuilder &b, Value x, int64_t out, int64_t stride,
                        const std::string &name) {
  Value y = convBnRelu(b, x, out, {3, 3}, {stride, stride}, {1, 1},
                       name + ".1");
  y = convBnRelu(b, y, out, {3, 3}, {1, 1}, {1, 1}, name + ".2",
                 /*relu=*/false);
  Value shortcut = x;
  ArrayRef<int64_t> in = ModelBuilder::shapeOf(x);
  if (stride != 1 || in[1] != out) {
    shortcut = b.avgPool(x, {1, 1}, {stride, stride});
    ArrayRef<int64_t> s = ModelBuilder::shapeOf(shortcut);
    Value pad = b.zeros({s[0], out - s[1], s[2], s[3]});
    shortcut = b.concat({shortcut, pad}, 1);
  }
  return b.relu(b.add(y, shortcut));
}

llvm::LogicalResult mlir::echo::models::buildResNetCIFAR(ModelBuilder &b,
                                          const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 100);
  int64_t size = ModelOptions::get(o.imageSize, 32);
  int64_t depth = ModelOptions::get(o.depth, 32);
  if (depth < 8 || (depth - 2) % 6 != 0)
    return b.optionError("resnet-cifar needs --depth = 6n+2 with n >= 1 "
                "(8, 14, 20, 32, 44, 56, 110, 1202, ...), got " +
                llvm::Twine(depth));
  if (failed(requireImageSize(b, "resnet-cifar", size, 4)))
    return failure();
  int64_t n = (depth - 2) / 6;
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = convBnRelu(b, x, 16, {3, 3}, {1, 1}, {1, 1}, "conv1");
  const int64_t widths[] = {16, 32, 64};
  for (int64_t stage = 0; stage < 3; ++stage)
    for (int64_t i = 0; i < n; ++i) {
      int64_t stride = (stage > 0 && i == 0) ? 2 : 1;
      h = basicBlock(b, h, widths[stage], stride,
                     "layer" + std::to_string(stage + 1) + "." +
                         std::to_string(i));
    }
  Value logits = b.linear(globalAvgPool(b, h), 10, true, "fc");
  b.finish(b.crossEntropy(logits, labels));
  return success();
}
