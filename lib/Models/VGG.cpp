//===- VGG.cpp - VGG-16 on ImageNet ---------------------------------------===//
//
// Simonyan & Zisserman, "Very Deep Convolutional Networks for Large-Scale
// Image Recognition", ICLR 2015, configuration D: thirteen 3x3 convolutions
// (stride 1, padding 1, with bias, ReLU) in five blocks of 64/128/256/512/512
// filters, each block closed by a 2x2/2 max pool; then fc 4096 - ReLU -
// dropout 0.5 - fc 4096 - ReLU - dropout 0.5 - fc 1000. No batch norm.

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

llvm::LogicalResult mlir::echo::models::buildVGG16(ModelBuilder &b, const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 64);
  int64_t size = ModelOptions::get(o.imageSize, 224);
  if (failed(requireImageSize(b, "vgg16", size, 32)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  const int64_t blocks[][2] = {{64, 2}, {128, 2}, {256, 3}, {512, 3}, {512, 3}};
  Value h = x;
  int block = 1;
  for (auto [channels, convs] : blocks) {
    for (int64_t i = 1; i <= convs; ++i)
      h = b.relu(b.conv2d(h, channels, {3, 3}, {1, 1}, {1, 1}, true, 1,
                          "conv" + std::to_string(block) + "_" +
                              std::to_string(i)));
    h = b.maxPool(h, {2, 2}, {2, 2});
    ++block;
  }
  h = flatten(b, h);
  h = b.dropout(b.relu(b.linear(h, 4096, true, "fc6")), 0.5);
  h = b.dropout(b.relu(b.linear(h, 4096, true, "fc7")), 0.5);
  b.finish(b.crossEntropy(b.linear(h, 1000, true, "fc8"), labels));
  return success();
}
