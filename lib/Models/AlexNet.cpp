//===- AlexNet.cpp - AlexNet on ImageNet ----------------------------------===//
//
// Krizhevsky, Sutskever & Hinton, "ImageNet Classification with Deep
// Convolutional Neural Networks", NIPS 2012, in the single-tower form of
// Caffe's bvlc_alexnet (227x227 input): conv1 96 11x11/4 - ReLU - 3x3/2 max
// pool, conv2 256 5x5 pad 2 (2 groups) - ReLU - pool, conv3 384 3x3,
// conv4 384 3x3 (2 groups), conv5 256 3x3 (2 groups) - ReLU - pool, then
// fc 4096 - ReLU - dropout 0.5 - fc 4096 - ReLU - dropout 0.5 - fc 1000.
// The two-GPU split survives as groups=2 in conv2/4/5. Simplification: the
// local response normalization after conv1 and conv2 is omitted (the dialect
// has no LRN op; it has no parameters and its maps are the size of the
// ReLU outputs it follows).

#include "CNNCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

llvm::LogicalResult mlir::echo::models::buildAlexNet(ModelBuilder &b, const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 256);
  int64_t size = ModelOptions::get(o.imageSize, 227);
  if (failed(requireImageSize(b, "alexnet", size, 67)))
    return failure();
  Value x = b.input({batch, 3, size, size});
  Value labels = b.labels({batch});

  Value h = b.relu(b.conv2d(x, 96, {11, 11}, {4, 4}, {0, 0}, true, 1, "conv1"));
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = b.relu(b.conv2d(h, 256, {5, 5}, {1, 1}, {2, 2}, true, 2, "conv2"));
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = b.relu(b.conv2d(h, 384, {3, 3}, {1, 1}, {1, 1}, true, 1, "conv3"));
  h = b.relu(b.conv2d(h, 384, {3, 3}, {1, 1}, {1, 1}, true, 2, "conv4"));
  h = b.relu(b.conv2d(h, 256, {3, 3}, {1, 1}, {1, 1}, true, 2, "conv5"));
  h = b.maxPool(h, {3, 3}, {2, 2});
  h = flatten(b, h);
  h = b.dropout(b.relu(b.linear(h, 4096, true, "fc6")), 0.5);
  h = b.dropout(b.relu(b.linear(h, 4096, true, "fc7")), 0.5);
  b.finish(b.crossEntropy(b.linear(h, 1000, true, "fc8"), labels));
  return success();
}
