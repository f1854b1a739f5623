//===- EncodingStorage.cpp - Storage size of encoded tensors --------------===//

#include "EchoDialect/EncodingStorage.h"
#include "EchoDialect/ShapeFunctions.h"

#include <cmath>
#include <string>

using namespace mlir::echo;

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t mlir::echo::poolArgmaxBits(int64_t positions) {
  return positions <= 16 ? 4 : 8;
}

int64_t mlir::echo::bitmaskBytes(int64_t elements) {
  return ceilDiv(elements, 8);
}

int64_t mlir::echo::fp16Bytes(int64_t elements) { return 2 * elements; }

int64_t mlir::echo::fp10Bytes(int64_t elements) {
  return 4 * ceilDiv(elements, 3);
}

int64_t mlir::echo::fp8Bytes(int64_t elements) {
  return 4 * ceilDiv(elements, 4);
}

int64_t mlir::echo::csrCapacity(int64_t elements, double density) {
  return (int64_t)std::ceil(density * (double)elements);
}

int64_t mlir::echo::csrBytes(int64_t elements, int64_t elementBytes,
                             double density) {
  int64_t capacity = csrCapacity(elements, density);
  int64_t rows = ceilDiv(elements, kCsrRowWidth);
  return kCsrHeaderBytes + capacity * (elementBytes + 1) + 4 * (rows + 1);
}

int64_t mlir::echo::poolArgmaxBytes(llvm::ArrayRef<int64_t> inputShape,
                                    llvm::ArrayRef<int64_t> kernel,
                                    llvm::ArrayRef<int64_t> stride,
                                    llvm::ArrayRef<int64_t> padding) {
  std::string why;
  auto pooled = shape::pool2d(inputShape, kernel, stride, padding, why);
  if (failed(pooled))
    return -1;
  int64_t bits = poolArgmaxBits(kernel[0] * kernel[1]);
  return ceilDiv(shape::numElements(*pooled) * bits, 8);
}
