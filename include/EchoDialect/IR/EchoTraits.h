//===- EchoTraits.h - Op traits of the echo dialect ------------*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHOTRAITS_H
#define ECHODIALECT_IR_ECHOTRAITS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace mlir {
namespace echo {

/// Largest tensor, in bytes, an echo op accepts (2^48 = 256 TiB): far above
/// any device, far below where int64_t byte arithmetic overflows.
constexpr int64_t kMaxTensorBytes = int64_t(1) << 48;

/// Bytes of a statically shaped tensor, or nullopt if that exceeds
/// kMaxTensorBytes (computed with overflow checks).
std::optional<int64_t> getBoundedTensorBytes(RankedTensorType type);

namespace OpTrait {
LogicalResult verifyBoundedTensorSizes(Operation *op);

/// Every operand and result tensor (also inside !echo.encoded / !echo.host)
/// has no zero-size dimension and is at most kMaxTensorBytes.
template <typename ConcreteType>
class BoundedTensorSizes
    : public mlir::OpTrait::TraitBase<ConcreteType, BoundedTensorSizes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyBoundedTensorSizes(op);
  }
};
} // namespace OpTrait
} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ECHOTRAITS_H
