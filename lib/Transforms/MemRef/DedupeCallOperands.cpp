//===- DedupeCallOperands.cpp - One op per distinct call operand -----------===//
//
// echo-dedupe-call-operands (Passes.td): within each block, replaces each
// constant, memref.cast and memref.get_global by the first identical one.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHODEDUPECALLOPERANDS
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

/// Ops equal up to their location (upstream CSE's equivalence). The hash
/// reads only what tells such ops apart cheaply: name, result type,
/// operands, a constant's value and a global's name; hashing the whole
/// attribute dictionary would rebuild it from each op's properties.
struct SameOp : llvm::DenseMapInfo<Operation *> {
  static unsigned getHashValue(const Operation *cop) {
    auto *op = const_cast<Operation *>(cop);
    llvm::hash_code hash = llvm::hash_combine(
        op->getName().getAsOpaquePointer(), op->getResultTypes().front());
    for (Value operand : op->getOperands())
      hash = llvm::hash_combine(hash, operand);
    Attribute value;
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      value = constant.getValue();
    else
      matchPattern(op, m_Constant(&value));
    if (value)
      hash = llvm::hash_combine(hash, value);
    if (auto global = dyn_cast<memref::GetGlobalOp>(op))
      hash = llvm::hash_combine(hash, global.getNameAttr());
    return hash;
  }
  static bool isEqual(const Operation *lhs, const Operation *rhs) {
    if (lhs == rhs)
      return true;
    if (lhs == getEmptyKey() || lhs == getTombstoneKey() ||
        rhs == getEmptyKey() || rhs == getTombstoneKey())
      return false;
    auto *x = const_cast<Operation *>(lhs), *y = const_cast<Operation *>(rhs);
    // The kinds the lowering makes carry nothing but their operands, result
    // type, value or global name, and discardable attributes: compared as
    // they are, without the generic walk over both ops.
    if (x->getName() == y->getName() &&
        isa<arith::ConstantOp, memref::CastOp, memref::GetGlobalOp>(x)) {
      if (x->getResultTypes() != y->getResultTypes() ||
          x->getOperands() != y->getOperands() ||
          x->getDiscardableAttrDictionary() !=
              y->getDiscardableAttrDictionary())
        return false;
      if (auto constant = dyn_cast<arith::ConstantOp>(x))
        return constant.getValue() == cast<arith::ConstantOp>(y).getValue();
      if (auto global = dyn_cast<memref::GetGlobalOp>(x))
        return global.getNameAttr() ==
               cast<memref::GetGlobalOp>(y).getNameAttr();
      return true;
    }
    return OperationEquivalence::isEquivalentTo(
        const_cast<Operation *>(lhs), const_cast<Operation *>(rhs),
        OperationEquivalence::IgnoreLocations);
  }
};

bool isCallOperandKind(Operation &op) {
  // The kinds the lowering makes are pure by definition: asked first, by
  // type, before the traits and side effects of any other op.
  if (isa<arith::ConstantOp, memref::CastOp, memref::GetGlobalOp>(op))
    return true;
  return op.hasTrait<OpTrait::ConstantLike>() && op.getNumResults() == 1 &&
         op.getNumRegions() == 0 && isMemoryEffectFree(&op);
}

struct DedupeCallOperandsPass
    : echo::impl::EchoDedupeCallOperandsBase<DedupeCallOperandsPass> {
  void runOnOperation() override {
    getOperation().walk([](Block *block) {
      llvm::DenseMap<Operation *, Operation *, SameOp> first;
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        if (!isCallOperandKind(op))
          continue;
        auto [it, inserted] = first.try_emplace(&op, &op);
        if (inserted)
          continue;
        // The first one is earlier in the same block: it dominates `op`.
        op.replaceAllUsesWith(it->second);
        op.erase();
      }
    });
  }
};

} // namespace
