//===- EchoTypes.cpp - Types of the echo dialect --------------------------===//

#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoTraits.h"
#include "EchoDialect/IR/EncodingStorage.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::echo;

#define GET_TYPEDEF_CLASSES
#include "EchoDialect/IR/EchoTypes.cpp.inc"

void EchoDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "EchoDialect/IR/EchoTypes.cpp.inc"
      >();
}

int64_t mlir::echo::getElementBytes(Type elementType) {
  // f32 first: the passes ask for the bytes of every value, over and over.
  if (elementType.isF32())
    return 4;
  return std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
}

/// Bytes of a statically shaped tensor or memref of integers or floats.
template <typename ShapedT>
static int64_t staticBytes(ShapedT type) {
  Type element = type.getElementType();
  if (!type.hasStaticShape() || (!element.isF32() && !element.isIntOrFloat()))
    return 0;
  return type.getNumElements() * getElementBytes(element);
}

int64_t mlir::echo::getStorageBytes(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return staticBytes(tensor);
  if (auto memref = dyn_cast<MemRefType>(type))
    return staticBytes(memref);
  if (auto encoded = dyn_cast<EncodedType>(type))
    return encoded.getStorageBytes();
  if (auto host = dyn_cast<HostType>(type))
    return getStorageBytes(host.getDeviceType());
  return 0;
}

int64_t mlir::echo::getTotalTensorBytes(TypeRange types) {
  int64_t total = 0;
  for (Type t : types)
    total += getStorageBytes(t);
  return total;
}

/// The element types an echo tensor may have (see Echo_AnyTensor in ODS).
static bool isEchoElementType(Type t) {
  return t.isF32() || t.isF16() || t.isBF16() || t.isInteger(1) ||
         t.isInteger(32) || t.isInteger(64);
}

//===----------------------------------------------------------------------===//
// EncodedType
//===----------------------------------------------------------------------===//

LogicalResult EncodedType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  RankedTensorType tensorType,
                                  EncodingAttr encoding) {
  if (!tensorType.hasStaticShape())
    return emitError() << "encoded tensor must have a static shape, got "
                       << tensorType;
  // Size checks first: the storage computations below assume no overflow.
  if (!getBoundedTensorBytes(tensorType))
    return emitError() << "encoded tensor " << tensorType << " exceeds the "
                       << kMaxTensorBytes << "-byte size limit";
  Type element = tensorType.getElementType();
  if (!isEchoElementType(element))
    return emitError() << "encoded tensor must have an f32, f16, bf16, i1, "
                          "i32 or i64 element type, got "
                       << tensorType;
  EncodingKind kind = encoding.getKind();
  switch (kind) {
  case EncodingKind::Mask1:
    if (!element.isInteger(1))
      return emitError() << "'mask1' encodes i1 masks, got " << tensorType;
    break;
  case EncodingKind::Fp16:
  case EncodingKind::Fp10:
  case EncodingKind::Fp8:
    if (!reducesPrecisionOf(kind, element))
      return emitError() << "'" << stringifyEncodingKind(kind) << "' reduces "
                         << (kind == EncodingKind::Fp16 ? "f32"
                                                        : "f32, f16 or bf16")
                         << " tensors, got " << tensorType;
    break;
  case EncodingKind::Binarize:
  case EncodingKind::Csr:
  case EncodingKind::PoolArgmax:
    if (!isa<FloatType>(element))
      return emitError() << "'" << stringifyEncodingKind(kind)
                         << "' encodes float tensors, got " << tensorType;
    break;
  }
  if (kind == EncodingKind::PoolArgmax) {
    if (tensorType.getRank() != 4)
      return emitError() << "'pool_argmax' encodes the NCHW input of a max "
                            "pooling, got "
                         << tensorType;
    SmallVector<int64_t, 2> padding{0, 0};
    if (encoding.getPadding())
      padding.assign(encoding.getPadding().asArrayRef().begin(),
                     encoding.getPadding().asArrayRef().end());
    if (poolArgmaxBytes(tensorType.getShape(), encoding.getKernel().asArrayRef(),
                        encoding.getStride().asArrayRef(), padding) < 0)
      return emitError() << "pool window does not fit " << tensorType;
  }
  return success();
}

bool mlir::echo::isPrecisionReduction(EncodingKind kind) {
  return kind == EncodingKind::Fp16 || kind == EncodingKind::Fp10 ||
         kind == EncodingKind::Fp8;
}

bool mlir::echo::reducesPrecisionOf(EncodingKind kind, Type element) {
  if (!isPrecisionReduction(kind))
    return false;
  // fp16 has as many bits as a 16-bit element: it reduces only f32.
  return element.isF32() ||
         (kind != EncodingKind::Fp16 && (element.isF16() || element.isBF16()));
}

int64_t EncodedType::getStorageBytes() const {
  RankedTensorType tensor = getTensorType();
  int64_t n = tensor.getNumElements();
  EncodingAttr encoding = getEncoding();
  switch (encoding.getKind()) {
  case EncodingKind::Binarize:
  case EncodingKind::Mask1:
    return bitmaskBytes(n);
  case EncodingKind::Fp16:
    return fp16Bytes(n);
  case EncodingKind::Fp10:
    return fp10Bytes(n);
  case EncodingKind::Fp8:
    return fp8Bytes(n);
  case EncodingKind::Csr:
    return csrBytes(n, getElementBytes(tensor.getElementType()),
                    encoding.getDensity().getValueAsDouble());
  case EncodingKind::PoolArgmax: {
    SmallVector<int64_t, 2> padding{0, 0};
    if (encoding.getPadding())
      padding.assign(encoding.getPadding().asArrayRef().begin(),
                     encoding.getPadding().asArrayRef().end());
    return poolArgmaxBytes(tensor.getShape(), encoding.getKernel().asArrayRef(),
                           encoding.getStride().asArrayRef(), padding);
  }
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// HostType
//===----------------------------------------------------------------------===//

LogicalResult HostType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type deviceType) {
  if (isa<EncodedType>(deviceType))
    return success(); // verified as an encoded type
  auto tensorType = dyn_cast<RankedTensorType>(deviceType);
  if (!tensorType)
    return emitError() << "host value must be a ranked tensor or an encoded "
                          "tensor, got "
                       << deviceType;
  if (!tensorType.hasStaticShape())
    return emitError() << "host tensor must have a static shape, got "
                       << tensorType;
  if (!getBoundedTensorBytes(tensorType))
    return emitError() << "host tensor " << tensorType << " exceeds the "
                       << kMaxTensorBytes << "-byte size limit";
  if (!isEchoElementType(tensorType.getElementType()))
    return emitError() << "host tensor must have an f32, f16, bf16, i1, i32 "
                          "or i64 element type, got "
                       << tensorType;
  return success();
}
