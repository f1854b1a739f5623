//===- StashEncodingChoice.cpp - How a stashed value is stored -------------===//

#include "EchoDialect/Analysis/StashEncodingChoice.h"

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EncodingStorage.h"
#include "EchoDialect/IR/Parameters.h"
#include "EchoDialect/IR/SparseMaps.h"

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

CsrDensity mlir::echo::plannedCsrDensity(Value v, const GistPlan &plan) {
  Operation *producer = v.getDefiningOp();
  auto measured =
      producer ? producer->getAttrOfType<FloatAttr>(kDensityAttr) : FloatAttr();
  if (!measured)
    return {plan.csrDensity,
            plan.csrDensity < 1.0 ? CsrBound::Asserted : CsrBound::Dense};
  // At least one element (a map measured all-zero), at most dense.
  int64_t n = cast<ShapedType>(v.getType()).getNumElements();
  double oneElement = 1.0 / (double)std::max<int64_t>(n, 1);
  return {std::clamp(measured.getValueAsDouble() * plan.csrMargin, oneElement,
                     1.0),
          CsrBound::Profiled};
}

llvm::StringRef mlir::echo::stringifyCsrBound(CsrBound bound) {
  switch (bound) {
  case CsrBound::Dense:
    return "dense";
  case CsrBound::Profiled:
    return "profiled";
  default:
    return "asserted";
  }
}

bool mlir::echo::csrPays(Value v, const GistPlan &plan) {
  auto type = cast<ShapedType>(v.getType());
  return csrBytes(type.getNumElements(), 4,
                  plannedCsrDensity(v, plan).density) <
         getStorageBytes(type);
}

bool mlir::echo::servedBySsdc(Value v, Operation *reader, unsigned operand,
                              const GistPlan &plan) {
  if (!plan.lossless || !isa<RankedTensorType>(v.getType()) ||
      !mayStoreAsCsr(v))
    return false;
  // Recomputation needs every bit; a weight gradient reads the whole map.
  return !reader || isa<RecomputeOp>(reader) ||
         (isa<Conv2DGradWeightOp>(reader) && operand == 0);
}

std::optional<EncodingKind>
mlir::echo::chooseStashEncoding(Value v, Operation *reader, unsigned operand,
                                const GistPlan &plan) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return std::nullopt; // already encoded: it keeps its form
  // Exact either way: CSR where a density bound makes it smaller; else the
  // map is stored like any other (DPR when lossy formats are allowed).
  if (servedBySsdc(v, reader, operand, plan) && csrPays(v, plan))
    return EncodingKind::Csr;
  Type element = type.getElementType();
  if (reader && !isa<RecomputeOp>(reader)) {
    // Readers that need one bit per element.
    if ((plan.masks || plan.lossless) && operand == 0) {
      if (isa<ReluGradOp>(reader) && isa<FloatType>(element))
        return EncodingKind::Binarize;
      if (isa<DropoutGradOp>(reader) && element.isInteger(1))
        return EncodingKind::Mask1;
    }
    if (auto pool = dyn_cast<MaxPool2DGradOp>(reader);
        plan.lossless && pool && operand < 2 && servedByArgmax(pool))
      return EncodingKind::PoolArgmax;
  }
  // Delayed precision reduction for what stays, when it is large enough:
  // of an f32, or of a 16-bit float in a format of fewer bits (fp10, fp8),
  // and only where the packed form is smaller than the value. Feature maps
  // only: a weight (autocast's 16-bit copy) stays exact for the gradients.
  if (plan.dpr == DprFormat::None || !isa<FloatType>(element) ||
      isComputedFromParameters(v))
    return std::nullopt;
  EncodingKind kind = reducedKind(plan.dpr);
  int64_t plain = getStorageBytes(type);
  if (reducesPrecisionOf(kind, element) && plain >= plan.dprMinBytes &&
      reducedBytes(kind, type.getNumElements()) < plain)
    return kind;
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
      csr = csrBytes(n, 4, plannedCsrDensity(v, plan).density);
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
                             ? csrBytes(n, 4, plannedCsrDensity(v, plan).density)
                             : reducedBytes(*kind, n));
}
