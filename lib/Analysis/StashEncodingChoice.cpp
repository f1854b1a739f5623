//===- StashEncodingChoice.cpp - How a stashed value is stored -------------===//

#include "EchoDialect/Analysis/StashEncodingChoice.h"

#include "EchoDialect/EncodingStorage.h"
#include "EchoDialect/SparseMaps.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::echo;

namespace {
/// Whether a max_pool2d_grad can read an argmax map instead of the pool's
/// stashed f32 input and output.
bool servedByArgmax(MaxPool2DGradOp pool) {
  Value input = pool.getInput();
  return input.getDefiningOp<StashOp>() &&
         cast<ShapedType>(input.getType()).getElementType().isF32();
}

EncodingKind reducedKind(DprFormat format) {
  switch (format) {
  case DprFormat::Fp16:
    return EncodingKind::Fp16;
  case DprFormat::Fp10:
    return EncodingKind::Fp10;
  default:
    return EncodingKind::Fp8;
  }
}

/// Bytes of the reduced-precision forms of `elements` values.
int64_t reducedBytes(EncodingKind kind, int64_t elements) {
  switch (kind) {
  case EncodingKind::Fp16:
    return fp16Bytes(elements);
  case EncodingKind::Fp10:
    return fp10Bytes(elements);
  default:
    return fp8Bytes(elements);
  }
}
} // namespace

bool mlir::echo::mayStoreAsCsr(Value v) {
  auto type = dyn_cast<ShapedType>(v.getType()); // not an encoded value
  return type && type.getElementType().isF32() && isSparseFeatureMap(v);
}

std::optional<EncodingKind>
mlir::echo::chooseStashEncoding(Value v, Operation *reader, unsigned operand,
                                const GistPlan &plan) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return std::nullopt; // already encoded: it keeps its form
  Type element = type.getElementType();
  if (!reader || isa<RecomputeOp>(reader)) {
    // Recomputation needs every bit: SSDC is exact.
    if (plan.lossless && mayStoreAsCsr(v))
      return EncodingKind::Csr;
  } else {
    // Readers that need one bit per element.
    if ((plan.masks || plan.lossless) && operand == 0) {
      if (isa<ReluGradOp>(reader) && isa<FloatType>(element))
        return EncodingKind::Binarize;
      if (isa<DropoutGradOp>(reader) && element.isInteger(1))
        return EncodingKind::Mask1;
    }
    if (plan.lossless) {
      if (auto pool = dyn_cast<MaxPool2DGradOp>(reader);
          pool && operand < 2 && servedByArgmax(pool))
        return EncodingKind::PoolArgmax;
      if (isa<Conv2DGradWeightOp>(reader) && operand == 0 && mayStoreAsCsr(v))
        return EncodingKind::Csr;
    }
  }
  // Delayed precision reduction for what stays, when it is large enough.
  if (plan.dpr != DprFormat::None && element.isF32() &&
      getStorageBytes(type) >= plan.dprMinBytes)
    return reducedKind(plan.dpr);
  return std::nullopt;
}

bool mlir::echo::isMaskEncoding(std::optional<EncodingKind> kind) {
  return kind == EncodingKind::Binarize || kind == EncodingKind::Mask1;
}

int64_t mlir::echo::encodedStashBytes(StashOp stash, const GistPlan &plan) {
  Value v = stash.getInput();
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return getStorageBytes(v.getType());
  int64_t n = type.getNumElements(), plain = getStorageBytes(type);
  // One form per encoding, shared by the readers it serves.
  int64_t mask = 0, argmax = 0, csr = 0, other = 0;
  for (OpOperand &use : stash.getResult().getUses()) {
    std::optional<EncodingKind> kind = chooseStashEncoding(v, use, plan);
    if (isMaskEncoding(kind)) {
      mask = bitmaskBytes(n);
    } else if (kind == EncodingKind::PoolArgmax) {
      // One map serves the pool's input and output: charged to the input.
      if (use.getOperandNumber() != 0)
        continue;
      auto pool = cast<MaxPool2DGradOp>(use.getOwner());
      int64_t bytes = poolArgmaxBytes(type.getShape(), pool.getKernel(),
                                      pool.getStride(), pool.getPadding());
      argmax = bytes >= 0 ? bytes : plain;
    } else if (kind == EncodingKind::Csr) {
      csr = csrBytes(n, 4, plan.csrDensity);
    } else {
      other = kind ? reducedBytes(*kind, n) : plain;
    }
  }
  return mask + argmax + csr + other;
}

int64_t mlir::echo::encodedRegionInputBytes(Value v, const GistPlan &plan) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return getStorageBytes(v.getType());
  int64_t n = type.getNumElements(), plain = getStorageBytes(type);
  std::optional<EncodingKind> kind =
      chooseStashEncoding(v, /*reader=*/nullptr, 0, plan);
  if (!kind)
    return plain;
  return std::min(plain, kind == EncodingKind::Csr
                             ? csrBytes(n, 4, plan.csrDensity)
                             : reducedBytes(*kind, n));
}
