//===- EntrySignature.cpp - What echo-run must feed an entry function ---===//

#include "EntrySignature.h"

#include "EchoDialect/IR/EchoAttrNames.h"

#include "EchoDialect/IR/EchoOps.h"
#include "echo/allocator.h"

using namespace mlir;

namespace echo_run {

static FailureOr<TensorSpec> specOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return failure();
  TensorSpec spec;
  spec.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
  Type e = tensor.getElementType();
  if (e.isF32())
    spec = TensorSpec{spec.shape, "f32", 4};
  else if (e.isF16())
    spec = TensorSpec{spec.shape, "f16", 2};
  else if (e.isBF16())
    spec = TensorSpec{spec.shape, "bf16", 2};
  else if (e.isInteger(1))
    spec = TensorSpec{spec.shape, "i1", 1};
  else if (e.isInteger(32))
    spec = TensorSpec{spec.shape, "i32", 4};
  else if (e.isInteger(64))
    spec = TensorSpec{spec.shape, "i64", 8};
  else
    return failure();
  return spec;
}

/// Every use of `v`, looking through stashes (which are the same value).
static void collectUses(Value v, SmallVectorImpl<OpOperand *> &uses) {
  for (OpOperand &use : v.getUses()) {
    if (auto stash = dyn_cast<echo::StashOp>(use.getOwner()))
      collectUses(stash.getResult(), uses);
    else
      uses.push_back(&use);
  }
}

/// How to initialize argument `arg`, from what uses it.
static void inferInit(BlockArgument arg, func::FuncOp fn, ArgumentSpec &spec) {
  SmallVector<OpOperand *> uses;
  collectUses(arg, uses);
  if (spec.tensor.dtype == "i32" || spec.tensor.dtype == "i64") {
    spec.init = Init::IntegerBelow;
    spec.bound = 2;
    for (OpOperand *use : uses) {
      Operation *op = use->getOwner();
      if (auto ce = dyn_cast<echo::CrossEntropyOp>(op))
        spec.bound = cast<ShapedType>(ce.getLogits().getType()).getShape().back();
      else if (auto ceg = dyn_cast<echo::CrossEntropyGradOp>(op))
        spec.bound = cast<ShapedType>(ceg.getLogits().getType()).getShape().back();
      else if (auto emb = dyn_cast<echo::EmbeddingOp>(op))
        spec.bound = cast<ShapedType>(emb.getTable().getType()).getShape()[0];
      else if (auto embg = dyn_cast<echo::EmbeddingGradOp>(op))
        spec.bound = cast<ShapedType>(embg.getResult().getType()).getShape()[0];
    }
    return;
  }
  // Normalization parameters and statistics by operand position.
  for (OpOperand *use : uses) {
    Operation *op = use->getOwner();
    unsigned i = use->getOperandNumber();
    if (isa<echo::BatchNormOp>(op)) {
      spec.init = (i == 1 || i == 4) ? Init::Ones : Init::Zeros; // gamma, var
      return;
    }
    if (isa<echo::LayerNormOp>(op) && i > 0) {
      spec.init = i == 1 ? Init::Ones : Init::Zeros;
      return;
    }
  }
  // A loss-scale state: [init, 0], the init of the op that updates it.
  for (OpOperand *use : uses)
    if (auto update = dyn_cast<echo::LossScaleUpdateOp>(use->getOwner()))
      if (use->getOperandNumber() ==
          update.getStateMutable().getOperandNumber()) {
        spec.init = Init::First;
        spec.value = update.getInit().convertToDouble();
        spec.category = ECHO_MEM_OPTIMIZER_STATE;
        return;
      }
  if (fn.getArgAttr(arg.getArgNumber(), echo::kOptimizerStateAttr)) {
    spec.init = Init::Zeros;
    spec.category = ECHO_MEM_OPTIMIZER_STATE;
    return;
  }
  if (fn.getArgAttr(arg.getArgNumber(), echo::kTrainableAttr)) {
    spec.category = ECHO_MEM_WEIGHTS;
    if (spec.tensor.shape.size() <= 1) {
      spec.init = Init::Zeros; // biases
      return;
    }
    spec.init = Init::FanIn;
    spec.fanIn = spec.tensor.numElements() / spec.tensor.shape[0];
    return;
  }
  spec.init = Init::Uniform;
}

FailureOr<EntrySignature> analyzeEntry(func::FuncOp fn) {
  EntrySignature sig;
  for (BlockArgument arg : fn.getArguments()) {
    FailureOr<TensorSpec> tensor = specOf(arg.getType());
    if (failed(tensor))
      return fn.emitError("echo-run: argument #")
             << arg.getArgNumber() << " has type " << arg.getType()
             << "; entry arguments must be static tensors of f32, i1, i32 or "
                "i64";
    ArgumentSpec spec;
    spec.tensor = *tensor;
    spec.category = ECHO_MEM_INPUTS;
    spec.name = "argument #" + std::to_string(arg.getArgNumber());
    spec.trainable = bool(fn.getArgAttr(arg.getArgNumber(), echo::kTrainableAttr));
    inferInit(arg, fn, spec);
    sig.arguments.push_back(std::move(spec));
  }
  for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i) {
    FailureOr<TensorSpec> tensor = specOf(fn.getResultTypes()[i]);
    if (failed(tensor))
      return fn.emitError("echo-run: result #")
             << i << " has type " << fn.getResultTypes()[i]
             << "; entry results must be static tensors of f32, i1, i32 or "
                "i64";
    ResultSpec spec;
    spec.tensor = *tensor;
    spec.category = ECHO_MEM_WEIGHT_GRADIENTS;
    if (auto attr = fn.getResultAttrOfType<IntegerAttr>(i, echo::kUpdateOfAttr)) {
      spec.updateOf = attr.getInt();
      if (spec.updateOf < 0 || spec.updateOf >= (int64_t)sig.arguments.size() ||
          sig.arguments[spec.updateOf].tensor.shape != spec.tensor.shape ||
          sig.arguments[spec.updateOf].tensor.dtype != spec.tensor.dtype)
        return fn.emitError("echo-run: result #")
               << i << " has echo.update_of = " << spec.updateOf
               << ", which is not an argument of the same type";
      spec.category = sig.arguments[spec.updateOf].category;
    }
    sig.results.push_back(std::move(spec));
  }
  return sig;
}

func::FuncOp findEntryFunction(ModuleOp module, llvm::StringRef name,
                               std::string &error) {
  if (!name.empty()) {
    auto fn = module.lookupSymbol<func::FuncOp>(name);
    if (!fn || fn.isExternal()) {
      error = "no function @" + name.str() + " with a body";
      return nullptr;
    }
    return fn;
  }
  if (auto fn = module.lookupSymbol<func::FuncOp>("train_step"))
    return fn;
  func::FuncOp only;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal() || fn.isPrivate())
      continue;
    if (only) {
      error = "several functions could be the entry; choose one with --entry";
      return nullptr;
    }
    only = fn;
  }
  if (!only)
    error = "the module has no function to run";
  return only;
}

} // namespace echo_run
