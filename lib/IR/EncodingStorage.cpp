//===- EncodingStorage.cpp - Storage size of encoded tensors --------------===//

#include "EchoDialect/IR/EncodingStorage.h"
#include "EchoDialect/IR/ShapeFunctions.h"

#include <string>

using namespace mlir::echo;

// The formulas live in echo/codecs.h, shared with the runtime.

int64_t mlir::echo::poolArgmaxBits(int64_t positions) {
  return echo_codecs::poolArgmaxBits(positions);
}

int64_t mlir::echo::bitmaskBytes(int64_t elements) {
  return echo_codecs::bitmaskBytes(elements);
}

int64_t mlir::echo::fp16Bytes(int64_t elements) {
  return echo_codecs::fp16Bytes(elements);
}

int64_t mlir::echo::fp10Bytes(int64_t elements) {
  return echo_codecs::fp10Bytes(elements);
}

int64_t mlir::echo::fp8Bytes(int64_t elements) {
  return echo_codecs::fp8Bytes(elements);
}

int64_t mlir::echo::csrCapacity(int64_t elements, double density) {
  return echo_codecs::csrCapacity(elements, density);
}

int64_t mlir::echo::csrBytes(int64_t elements, int64_t elementBytes,
                             double density) {
  return echo_codecs::csrBytesWithValues(
      elements, echo_codecs::csrCapacity(elements, density), elementBytes);
}

int64_t mlir::echo::poolArgmaxBytes(llvm::ArrayRef<int64_t> inputShape,
                                    llvm::ArrayRef<int64_t> kernel,
                                    llvm::ArrayRef<int64_t> stride,
                                    llvm::ArrayRef<int64_t> padding) {
  std::string why;
  auto pooled = shape::pool2d(inputShape, kernel, stride, padding, why);
  if (failed(pooled))
    return -1;
  return echo_codecs::poolArgmaxBytes(shape::numElements(*pooled),
                                      kernel[0] * kernel[1]);
}
