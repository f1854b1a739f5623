//===- NiN.cpp - Network in Network on ImageNet ---------------------------===//
//
// Lin, Chen & Yan, "Network In Network", ICLR 2014, in the ImageNet form of
// the Caffe model zoo (nin_imagenet): four mlpconv blocks, each a spatial
// convolution followed by two 1x1 convolutions ("cccp"), all with bias and
// ReLU: 96 11x11/4, 256 5x5 pad 2, 384 3x3 pad 1, 1024 3x3 pad 1, the last
// block's final 1x1 convolution producing the 1000 class maps; 3x3/2 max
// pools after the first three blocks, dropout 0.5 before the last, global
// average pooling instead of fully connected layers. Pools round down
// (Caffe rounds up), so a 224 input gives 54 -> 26 -> 12 -> 5 maps.

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

static Value mlpconv(ModelBuilder &b, Value x, int64_t out, int64_t kernel,
                     int64_t stride, int64_t pad, int64_t last,
                     const std::string &name, bool finalRelu = true) {
  Value h = b.relu(b.conv2d(x, out, {kernel, kernel}, {stride, stride},
                            {pad, pad}, true, 1, name));
  h = b.relu(b.conv2d(h, out, {1, 1}, {1, 1}, {0, 0}, true, 1,
                      name + ".cccp1"));
  h = b.conv2d(h, last, {1, 1}, {1, 1}, {0, 0}, true, 1, name + ".cccp2");
  return finalRelu ? b.relu(h) : h;
}

llvm::LogicalResult mlir::echo::models::buildNiN(ModelBuilder &b, const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 64);
  int64_t size = ModelOptions::get(o.imageSize, 224);
  if (failed(requireImageSize(b, "nin", size, 67)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = mlpconv(b, x, 96, 11, 4, 0, 96, "conv1");
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = mlpconv(b, h, 256, 5, 1, 2, 256, "conv2");
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = mlpconv(b, h, 384, 3, 1, 1, 384, "conv3");
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = b.dropout(h, 0.5);
  h = mlpconv(b, h, 1024, 3, 1, 1, 1000, "conv4");
  b.finish(b.crossEntropy(globalAvgPool(b, h), labels));
  return success();
}
