//===- EchoTraits.cpp - Op traits of the echo dialect ---------------------===//

#include "EchoDialect/IR/EchoTraits.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::echo;

/// The tensor type a value stands for, looking through encoded/host types.
static RankedTensorType underlyingTensor(Type type) {
  if (auto encoded = dyn_cast<EncodedType>(type))
    return encoded.getTensorType();
  if (auto host = dyn_cast<HostType>(type))
    return underlyingTensor(host.getDeviceType());
  return dyn_cast<RankedTensorType>(type);
}

std::optional<int64_t>
mlir::echo::getBoundedTensorBytes(RankedTensorType tensor) {
  // The common element types first: FloatType is an interface, slower to
  // ask than a type's identity, and the verifier asks for every operand.
  Type element = tensor.getElementType();
  int64_t bytes = 8;
  if (element.isF32())
    bytes = 4;
  else if (auto integer = dyn_cast<IntegerType>(element))
    bytes = std::max<int64_t>(1, (integer.getWidth() + 7) / 8);
  else if (auto fp = dyn_cast<FloatType>(element))
    bytes = std::max<int64_t>(1, (fp.getWidth() + 7) / 8);
  for (int64_t dim : tensor.getShape())
    if (dim < 0 || llvm::MulOverflow(bytes, dim, bytes) ||
        bytes > kMaxTensorBytes)
      return std::nullopt;
  return bytes;
}

LogicalResult mlir::echo::OpTrait::verifyBoundedTensorSizes(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    RankedTensorType tensor = underlyingTensor(type);
    if (!tensor || !tensor.hasStaticShape())
      return success();
    // Degenerate shapes are rejected here, once, rather than handled by
    // every cost function, pass and kernel (a zero batch would train on
    // nothing and report a NaN loss).
    for (auto [d, size] : llvm::enumerate(tensor.getShape()))
      if (size == 0)
        return op->emitOpError("tensor type ")
               << type << " has size 0 in dimension " << d
               << "; echo tensors have at least one element per dimension";
    if (!getBoundedTensorBytes(tensor))
        return op->emitOpError("tensor type ")
               << type << " exceeds the " << kMaxTensorBytes
               << "-byte size limit";
    return success();
  };
  for (Type t : op->getOperandTypes())
    if (failed(check(t)))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(check(t)))
      return failure();
  return success();
}
