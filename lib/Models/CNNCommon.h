//===- CNNCommon.h - Layer blocks shared by the CNN models ------*- C++ -*-===//
//
// Small helpers over ModelBuilder used by the convolutional models of the
// zoo (ResNet, VGG, AlexNet, Inception-v4, NiN, OverFeat).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_MODELS_CNNCOMMON_H
#define ECHO_MODELS_CNNCOMMON_H

#include "ModelDefinitions.h"

#include "llvm/Support/ErrorHandling.h"

#include <string>

namespace mlir {
namespace echo {
namespace models {

/// Rejects images smaller than the network's smallest input.
inline LogicalResult requireImageSize(ModelBuilder &b, llvm::StringRef model,
                                      int64_t size, int64_t minimum) {
  if (size < minimum)
    return b.optionError(llvm::Twine(model) + " needs --image-size >= " +
                         llvm::Twine(minimum) + " (got " + llvm::Twine(size) +
                         ")");
  return success();
}

/// conv (no bias) -> batch norm -> relu, the basic unit of ResNet and
/// Inception-v4.
inline Value convBnRelu(ModelBuilder &b, Value x, int64_t out,
                        ArrayRef<int64_t> kernel, ArrayRef<int64_t> stride,
                        ArrayRef<int64_t> padding, const std::string &name,
                        bool relu = true) {
  Value y = b.conv2d(x, out, kernel, stride, padding, /*bias=*/false,
                     /*groups=*/1, name + ".conv");
  y = b.batchNorm(y, name + ".bn");
  return relu ? b.relu(y) : y;
}

/// Global average pooling [N, C, H, W] -> [N, C].
inline Value globalAvgPool(ModelBuilder &b, Value x) {
  ArrayRef<int64_t> s = ModelBuilder::shapeOf(x);
  int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  Value pooled = b.avgPool(x, {h, w}, {h, w});
  return b.reshape(pooled, {n, c});
}

/// [N, C, H, W] -> [N, C * H * W].
inline Value flatten(ModelBuilder &b, Value x) {
  ArrayRef<int64_t> s = ModelBuilder::shapeOf(x);
  return b.reshape(x, {s[0], s[1] * s[2] * s[3]});
}

} // namespace models
} // namespace echo
} // namespace mlir

#endif // ECHO_MODELS_CNNCOMMON_H
