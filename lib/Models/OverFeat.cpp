//===- OverFeat.cpp - OverFeat (fast model) on ImageNet -------------------===//
//
// Sermanet et al., "OverFeat: Integrated Recognition, Localization and
// Detection using Convolutional Networks", ICLR 2014, Table 1 (fast model,
// 231x231 input): conv1 96 11x11/4 - ReLU - 2x2/2 max pool, conv2 256 5x5 -
// ReLU - 2x2/2 pool, conv3 512 3x3, conv4 1024 3x3, conv5 1024 3x3 (pad 1,
// ReLU) - 2x2/2 pool, fc6 3072, fc7 4096 (ReLU, dropout 0.5 each), fc8 1000.
// No local response normalization (the paper uses none).

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

llvm::LogicalResult mlir::echo::models::buildOverFeat(ModelBuilder &b, const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 64);
  int64_t size = ModelOptions::get(o.imageSize, 231);
  if (failed(requireImageSize(b, "overfeat", size, 71)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = b.relu(b.conv2d(x, 96, {11, 11}, {4, 4}, {0, 0}, true, 1, "conv1"));
  h = b.maxPool(h, {2, 2}, {2, 2});
  h = b.relu(b.conv2d(h, 256, {5, 5}, {1, 1}, {0, 0}, true, 1, "conv2"));
  h = b.maxPool(h, {2, 2}, {2, 2});
  h = b.relu(b.conv2d(h, 512, {3, 3}, {1, 1}, {1, 1}, true, 1, "conv3"));
  h = b.relu(b.conv2d(h, 1024, {3, 3}, {1, 1}, {1, 1}, true, 1, "conv4"));
  h = b.relu(b.conv2d(h, 1024, {3, 3}, {1, 1}, {1, 1}, true, 1, "conv5"));
  h = b.maxPool(h, {2, 2}, {2, 2});
  h = flatten(b, h);
  h = b.dropout(b.relu(b.linear(h, 3072, true, "fc6")), 0.5);
  h = b.dropout(b.relu(b.linear(h, 4096, true, "fc7")), 0.5);
  b.finish(b.crossEntropy(b.linear(h, 1000, true, "fc8"), labels));
  return success();
}
