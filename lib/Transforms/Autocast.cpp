//===- Autocast.cpp - Mixed precision of a forward function ---------------===//
//
// Heavy ops in 16-bit, numerically sensitive ops in f32, the rest following
// their operands; arguments and results keep their types. Types are rewritten
// in place, in program order, so each op sees its operands' final types.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOAUTOCAST
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

bool isFloatTensor(Type t) {
  auto tensor = dyn_cast<RankedTensorType>(t);
  return tensor && isa<FloatType>(tensor.getElementType());
}

Type elementOf(Value v) { return cast<ShapedType>(v.getType()).getElementType(); }

enum class Rule { Low, F32, Follow };

Rule ruleOf(Operation *op) {
  if (isa<LinearOp, MatmulOp, BatchMatmulOp, Conv2DOp, AttentionOp>(op))
    return Rule::Low;
  // Softmax is not here: the runtime computes every 16-bit op in f32
  // (echo-compute-in-f32), so a 16-bit softmax accumulates in f32 and only
  // stores its output in 16-bit, which its gradient and the next matmul
  // both read (one stash instead of an f32 and a 16-bit copy).
  if (isa<ReduceOp, BatchNormOp, LayerNormOp, CrossEntropyOp>(op))
    return Rule::F32;
  return Rule::Follow;
}

struct AutocastPass : echo::impl::EchoAutocastBase<AutocastPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || compute == AutocastType::None)
      return; // compute=none: every op keeps its own type
    bool isStep = false;
    fn.walk([&](Operation *op) {
      if (op->hasAttr(kLossSeedAttr))
        isStep = true;
    });
    if (isStep)
      return;
    MLIRContext *ctx = &getContext();
    Type low = compute == AutocastType::F16 ? Type(Float16Type::get(ctx))
                                            : Type(BFloat16Type::get(ctx));
    Type f32 = Float32Type::get(ctx);

    // One cast per (value, type), right after the value's definition, shared
    // by every use: a weight is converted once per step.
    DenseMap<std::pair<Value, Type>, Value> casts;
    auto castOf = [&](Value v, Type element) -> Value {
      auto key = std::make_pair(v, element);
      if (Value c = casts.lookup(key))
        return c;
      OpBuilder b(ctx);
      if (Operation *def = v.getDefiningOp())
        b.setInsertionPointAfter(def);
      else
        b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
      auto type = cast<RankedTensorType>(v.getType()).clone(element);
      Value c = CastOp::create(b, v.getLoc(), type, v);
      casts[key] = c;
      return c;
    };
    auto setOperandsTo = [&](Operation *op, Type element) {
      for (OpOperand &operand : op->getOpOperands())
        if (isFloatTensor(operand.get().getType()) &&
            elementOf(operand.get()) != element)
          operand.set(castOf(operand.get(), element));
    };
    // Float results take `element`, all together where the op verifies so
    // (a split's results share one type), else one by one: a result the op
    // requires in f32 (the log-sum-exp of echo.attention) keeps it.
    auto setResultsTo = [&](Operation *op, Type element) {
      ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
      SmallVector<std::pair<Value, Type>> changed;
      for (Value r : op->getResults())
        if (isFloatTensor(r.getType()) && elementOf(r) != element) {
          changed.push_back({r, r.getType()});
          r.setType(cast<RankedTensorType>(r.getType()).clone(element));
        }
      if (changed.size() < 2 ||
          succeeded(mlir::verify(op, /*verifyRecursively=*/false)))
        return;
      for (auto [r, before] : changed)
        r.setType(before);
      for (auto [r, before] : changed) {
        r.setType(cast<RankedTensorType>(before).clone(element));
        if (failed(mlir::verify(op, /*verifyRecursively=*/false)))
          r.setType(before);
      }
    };

    SmallVector<Operation *> ops;
    for (Operation &op : fn.getBody().front())
      if (isa<EchoDialect>(op.getDialect()) && !isa<CastOp>(op))
        ops.push_back(&op);
    for (Operation *op : ops) {
      if (op->getNumRegions() != 0)
        continue;
      switch (ruleOf(op)) {
      case Rule::Low:
        setOperandsTo(op, low);
        setResultsTo(op, low);
        break;
      case Rule::F32:
        setOperandsTo(op, f32);
        break;
      case Rule::Follow: {
        // Constants (a scale factor, a mask) take the others' type, as a
        // Python scalar does under PyTorch's autocast.
        bool any = false, allLow = true;
        for (Value v : op->getOperands())
          if (isFloatTensor(v.getType()) &&
              !isa_and_nonnull<ConstantOp, FillOp, ZerosOp>(v.getDefiningOp())) {
            any = true;
            allLow &= elementOf(v) == low;
          }
        if (!any)
          break;
        if (allLow) {
          setOperandsTo(op, low);
          setResultsTo(op, low);
        } else {
          setOperandsTo(op, f32);
        }
        break;
      }
      }
    }
    // Results keep the function's types.
    auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
    for (auto [operand, type] :
         llvm::zip(ret->getOpOperands(), fn.getResultTypes()))
      if (operand.get().getType() != type && isFloatTensor(type))
        operand.set(castOf(operand.get(), cast<ShapedType>(type).getElementType()));
    if (failed(verify(fn)))
      return signalPassFailure();
  }
};

} // namespace
