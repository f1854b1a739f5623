//===- ResNet.cpp - ResNet-50 / ResNet-152 on ImageNet --------------------===//
//
// He et al., "Deep Residual Learning for Image Recognition", CVPR 2016,
// Table 1: conv1 7x7/2 (64) + BN + ReLU, 3x3/2 max pool, four stages of
// bottleneck blocks (1x1 w, 3x3 w, 1x1 4w; widths 64/128/256/512), global
// average pool, fc 1000. Stage depths [3, 4, 6, 3] (50 layers) and
// [3, 8, 36, 3] (152 layers). Convolutions have no bias (each is followed by
// batch norm); a shape-changing shortcut is a 1x1 projection + BN (option
// B); the stride of a down-sampling block sits on its 3x3 convolution (the
// "v1.5" placement of torchvision and MXNet's model zoo).

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

static Value bottleneck(ModelBuilder &b, Value x, int64_t width,
                        int64_t stride, const std::string &name) {
  int64_t in = ModelBuilder::shapeOf(x)[1];
  int64_t out = 4 * width;
  Value y = convBnRelu(b, x, width, {1, 1}, {1, 1}, {0, 0}, name + ".1");
  y = convBnRelu(b, y, width, {3, 3}, {stride, stride}, {1, 1}, name + ".2");
  y = convBnRelu(b, y, out, {1, 1}, {1, 1}, {0, 0}, name + ".3",
                 /*relu=*/false);
  Value shortcut = x;
  if (stride != 1 || in != out)
    shortcut = convBnRelu(b, x, out, {1, 1}, {stride, stride}, {0, 0},
                          name + ".downsample", /*relu=*/false);
  return b.relu(b.add(y, shortcut));
}

static llvm::LogicalResult buildResNet(ModelBuilder &b, const ModelOptions &o,
                        ArrayRef<int64_t> blocks, StringRef model) {
  int64_t batch = ModelOptions::get(o.batch, 32);
  int64_t size = ModelOptions::get(o.imageSize, 224);
  if (failed(requireImageSize(b, model, size, 32)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = convBnRelu(b, x, 64, {7, 7}, {2, 2}, {3, 3}, "conv1");
  h = b.maxPool(h, {3, 3}, {2, 2}, {1, 1});
  const int64_t widths[] = {64, 128, 256, 512};
  for (size_t stage = 0; stage < blocks.size(); ++stage)
    for (int64_t i = 0; i < blocks[stage]; ++i) {
      int64_t stride = (stage > 0 && i == 0) ? 2 : 1;
      h = bottleneck(b, h, widths[stage], stride,
                     "layer" + std::to_string(stage + 1) + "." +
                         std::to_string(i));
    }
  Value logits = b.linear(globalAvgPool(b, h), 1000, true, "fc");
  b.finish(b.crossEntropy(logits, labels));
  return success();
}

llvm::LogicalResult mlir::echo::models::buildResNet50(ModelBuilder &b, const ModelOptions &o) {
  return buildResNet(b, o, {3, 4, 6, 3}, "resnet50");
}

llvm::LogicalResult mlir::echo::models::buildResNet152(ModelBuilder &b,
                                        const ModelOptions &o) {
  return buildResNet(b, o, {3, 8, 36, 3}, "resnet152");
}
