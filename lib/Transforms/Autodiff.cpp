//===- Autodiff.cpp - Reverse-mode differentiation of a forward function --===//
//
// Builds the Baseline training step: forward, explicit stashes of every
// forward value a backward op reads, backward in reverse order, optional
// optimizer update. See Passes.td for the contract and docs/autodiff.md.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/Passes.h"
#include "echo/loss_scale.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOAUTODIFF
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

static constexpr llvm::StringLiteral kTrainable = kTrainableAttr;
static constexpr llvm::StringLiteral kUpdateOf = kUpdateOfAttr;
static constexpr llvm::StringLiteral kOptimizerState = kOptimizerStateAttr;
static constexpr llvm::StringLiteral kLossSeed = kLossSeedAttr;

namespace {

bool isScalarF32Tensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 && tensor.getElementType().isF32();
}

/// Reverse sweep over one block of forward ops.
class GradientBuilder {
public:
  GradientBuilder(func::FuncOp fn, ArrayRef<unsigned> trainable)
      : fn(fn), trainable(trainable) {}

  /// Builds the backward pass before the terminator; on success `gradOf`
  /// maps each active value to its accumulated gradient. With a loss-scale
  /// state ([scale, good steps]) the pass starts from the scale, not 1.0.
  LogicalResult build(Value loss, Value lossScaleState = Value());

  /// Routes every forward value read by a backward op through one stash
  /// placed right after its definition.
  void insertStashes();

  /// Erases backward ops whose results nobody uses (e.g. the input gradient
  /// of a first layer whose input is data).
  void eraseDeadBackwardOps();

  Value gradient(Value v) const { return gradOf.lookup(v); }
  /// The backward pass's seed: 1.0, or the loss scale.
  Value seed() const { return seedValue; }

private:
  void accumulate(OpBuilder &b, Value v, Value grad);

  func::FuncOp fn;
  ArrayRef<unsigned> trainable;
  llvm::DenseSet<Value> active;
  llvm::DenseMap<Value, Value> gradOf;
  /// Ops of the forward pass, and the first op of the backward pass.
  llvm::DenseSet<Operation *> forwardOps;
  Operation *firstBackward = nullptr;
  Value seedValue;
};

void GradientBuilder::accumulate(OpBuilder &b, Value v, Value grad) {
  auto [it, inserted] = gradOf.try_emplace(v, grad);
  if (inserted)
    return;
  it->second = AddOp::create(b, grad.getLoc(), it->second, grad);
}

LogicalResult GradientBuilder::build(Value loss, Value lossScaleState) {
  Block &body = fn.getBody().front();
  Operation *terminator = body.getTerminator();

  // Forward activity: which values depend on a trainable argument.
  for (unsigned i : trainable)
    active.insert(body.getArgument(i));
  SmallVector<Operation *> order;
  for (Operation &op : body.without_terminator()) {
    forwardOps.insert(&op);
    order.push_back(&op);
    if (llvm::any_of(op.getOperands(),
                     [&](Value v) { return active.contains(v); }))
      active.insert(op.getResults().begin(), op.getResults().end());
  }

  OpBuilder b(terminator);
  Value seed;
  if (lossScaleState) {
    // The scale, state[0], as the loss's tensor<f32>.
    auto one = RankedTensorType::get({1}, b.getF32Type());
    auto slice = SliceOp::create(b, loss.getLoc(), one, lossScaleState,
                                 b.getDenseI64ArrayAttr({0}),
                                 DenseI64ArrayAttr());
    seed = ReshapeOp::create(b, loss.getLoc(), loss.getType(), slice);
    firstBackward = slice;
  } else {
    seed = FillOp::create(b, loss.getLoc(), loss.getType(),
                          b.getF64FloatAttr(1.0));
    firstBackward = seed.getDefiningOp();
  }
  seedValue = seed;
  // Marks where the backward pass starts, for the memory analyses.
  firstBackward->setAttr(kLossSeed, b.getUnitAttr());
  gradOf[loss] = seed;

  for (Operation *op : llvm::reverse(order)) {
    if (op->getNumResults() == 0 || !active.contains(op->getResult(0)))
      continue;
    SmallVector<Value> resultGrads;
    bool any = false;
    for (Value r : op->getResults()) {
      resultGrads.push_back(gradOf.lookup(r));
      any |= bool(resultGrads.back());
    }
    if (!any)
      continue;
    auto differentiable = dyn_cast<DifferentiableOpInterface>(op);
    if (!differentiable)
      return op->emitOpError("has no gradient rule (DifferentiableOpInterface) "
                             "but lies between a trainable argument and the "
                             "loss");
    SmallVector<Value> operandGrads;
    if (failed(differentiable.buildGradient(b, resultGrads, operandGrads)) ||
        operandGrads.size() != op->getNumOperands())
      return op->emitOpError("gradient rule failed");
    for (auto [i, grad] : llvm::enumerate(operandGrads)) {
      Value operand = op->getOperand(i);
      if (grad && active.contains(operand) &&
          differentiable.isOperandDifferentiable(i))
        accumulate(b, operand, grad);
    }
  }
  return success();
}

void GradientBuilder::insertStashes() {
  llvm::DenseMap<Value, Value> stashOf;
  Block &body = fn.getBody().front();
  bool inBackward = false;
  for (Operation &op : body.without_terminator()) {
    inBackward |= &op == firstBackward;
    if (!inBackward)
      continue;
    for (OpOperand &use : op.getOpOperands()) {
      Operation *def = use.get().getDefiningOp();
      if (!def || !forwardOps.contains(def))
        continue; // arguments live for the whole step; backward values
      Value &stash = stashOf[use.get()];
      if (!stash) {
        OpBuilder b = OpBuilder::atBlockBegin(&body);
        b.setInsertionPointAfter(def);
        stash = StashOp::create(b, def->getLoc(), use.get());
      }
      use.set(stash);
    }
  }
}

void GradientBuilder::eraseDeadBackwardOps() {
  Block &body = fn.getBody().front();
  SmallVector<Operation *> backward;
  bool inBackward = false;
  for (Operation &op : body.without_terminator()) {
    inBackward |= &op == firstBackward;
    if (inBackward)
      backward.push_back(&op);
  }
  for (Operation *op : llvm::reverse(backward))
    if (op->use_empty() && isMemoryEffectFree(op)) {
      if (op == firstBackward)
        firstBackward = op->getNextNode();
      op->erase();
    }
}

/// Moves each optimizer update right after the last op defining one of its
/// operands (the final accumulation of its gradient), so the gradient dies
/// there. Adam's step count `t` (a fill and an add shared by every update)
/// moves right before the first update. Only positions change: every op
/// still sees the same operand values, so every result is bit-identical.
void applyUpdatesEagerly(func::FuncOp step) {
  Block &body = step.getBody().front();
  llvm::DenseMap<Operation *, int64_t> position;
  for (auto [i, op] : llvm::enumerate(body))
    position[&op] = i;

  SmallVector<Operation *> updates;
  for (Operation &op : body)
    if (isa<SgdUpdateOp, AdamUpdateOp>(op))
      updates.push_back(&op);
  if (updates.empty())
    return;
  // Adam's shared step count, moved separately.
  llvm::SmallPtrSet<Operation *, 2> stepCount;
  if (auto adam = dyn_cast<AdamUpdateOp>(updates.front()))
    if (Operation *add = adam.getStep().getDefiningOp()) {
      stepCount.insert(add);
      for (Value operand : add->getOperands())
        if (Operation *def = operand.getDefiningOp())
          stepCount.insert(def);
    }

  // The op each update follows: the latest definition among its operands
  // (arguments and the step count excluded); one with none stays put.
  struct Target {
    int64_t position;
    Operation *after, *update;
  };
  SmallVector<Target> targets;
  for (Operation *update : updates) {
    Operation *after = nullptr;
    for (Value operand : update->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && !stepCount.contains(def) &&
          (!after || position[def] > position[after]))
        after = def;
    }
    if (after)
      targets.push_back({position[after], after, update});
  }
  // Updates that follow the same op keep their relative order: moving the
  // last one first, each one lands right after the op, before the others.
  llvm::stable_sort(targets, [](const Target &a, const Target &b) {
    return a.position < b.position;
  });
  for (const Target &t : llvm::reverse(targets))
    t.update->moveAfter(t.after);
  if (stepCount.empty())
    return;
  Operation *first = nullptr;
  for (Operation &op : body)
    if (isa<AdamUpdateOp>(op)) {
      first = &op;
      break;
    }
  // Definitions first (the fill), then the add.
  SmallVector<Operation *> ordered(stepCount.begin(), stepCount.end());
  llvm::sort(ordered, [&](Operation *a, Operation *b) {
    return position[a] < position[b];
  });
  for (Operation *op : ordered)
    op->moveBefore(first);
}

/// Batch norm's running statistics as a training step updates them: for
/// every non-trainable argument read as the running mean or variance of
/// `echo.batch_norm`, the statistic the step leaves behind (the last of the
/// chain when a new statistic is itself the running statistic of a later
/// batch norm). An argument read by several batch norms (which one's
/// update wins?) or by other ops besides is left alone: the warning says so.
/// Appends each to `results` with the argument it replaces in `updateOf`,
/// in argument order.
void appendRunningStatistics(func::FuncOp step, SmallVectorImpl<Value> &results,
                             SmallVectorImpl<int64_t> &updateOf) {
  // The use of `v` as a running statistic, if it has exactly one such use
  // and no other; null and `ambiguous` when it is read otherwise too.
  auto nextStatistic = [](Value v, bool &ambiguous) -> Value {
    Value next;
    unsigned statUses = 0;
    for (OpOperand &use : v.getUses()) {
      auto bn = dyn_cast<BatchNormOp>(use.getOwner());
      if (!bn)
        continue;
      if (&use == &bn.getRunningMeanMutable()) {
        next = bn.getNewRunningMean();
        ++statUses;
      } else if (&use == &bn.getRunningVarMutable()) {
        next = bn.getNewRunningVar();
        ++statUses;
      }
    }
    if (statUses == 0)
      return Value();
    if (statUses > 1 || !v.hasNUses(statUses)) {
      ambiguous = true;
      return Value();
    }
    return next;
  };
  Block &body = step.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    if (step.getArgAttr(arg.getArgNumber(), kTrainable))
      continue;
    Value last = arg;
    bool ambiguous = false;
    while (Value next = nextStatistic(last, ambiguous))
      last = next;
    if (ambiguous) {
      // At the first op that reads it.
      Operation *first = nullptr;
      for (Operation *user : arg.getUsers())
        if (!first || user->isBeforeInBlock(first))
          first = user;
      mlir::emitWarning(first->getLoc(), "echo-autodiff: argument #")
          << arg.getArgNumber()
          << " is a batch-norm running statistic read by several ops; the "
             "step does not update it";
      continue;
    }
    if (last == arg || last.getType() != arg.getType())
      continue;
    results.push_back(last);
    updateOf.push_back(arg.getArgNumber());
  }
}

struct AutodiffPass : echo::impl::EchoAutodiffBase<AutodiffPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  FailureOr<func::FuncOp> findForward(ModuleOp module);
  LogicalResult finishWithOptimizer(func::FuncOp step, Value loss,
                                    ArrayRef<unsigned> trainable,
                                    const GradientBuilder &grads,
                                    BlockArgument lossScaleState);
  LogicalResult checkLossScaleOptions(func::FuncOp fn,
                                      ArrayRef<unsigned> trainable);
};

FailureOr<func::FuncOp> AutodiffPass::findForward(ModuleOp module) {
  if (!function.empty()) {
    auto fn = module.lookupSymbol<func::FuncOp>(function);
    if (!fn) {
      module.emitError("echo-autodiff: no function named '") << function << "'";
      return failure();
    }
    return fn;
  }
  func::FuncOp found;
  for (auto fn : module.getOps<func::FuncOp>()) {
    bool hasTrainable = false;
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
      hasTrainable |= bool(fn.getArgAttr(i, kTrainable));
    if (!hasTrainable)
      continue;
    if (found) {
      fn.emitError("echo-autodiff: several functions have echo.trainable "
                   "arguments; choose one with function=NAME");
      return failure();
    }
    found = fn;
  }
  if (!found) {
    module.emitError("echo-autodiff: no function has an argument marked "
                     "{echo.trainable}");
    return failure();
  }
  return found;
}

/// Appends an argument of `type` carrying `attrs` to `fn`.
static BlockArgument appendArgument(func::FuncOp fn, Type type,
                                    DictionaryAttr attrs) {
  unsigned index = fn.getNumArguments();
  if (failed(fn.insertArgument(index, type, attrs, fn.getLoc())))
    return BlockArgument();
  return fn.getArgument(index);
}

/// Located errors for loss-scale options a step cannot use.
LogicalResult AutodiffPass::checkLossScaleOptions(func::FuncOp fn,
                                                  ArrayRef<unsigned> trainable) {
  if (lossScale == LossScaleMode::None)
    return success();
  auto error = [&]() {
    return fn.emitError("echo-autodiff: loss-scale=dynamic: ");
  };
  if (optimizer == OptimizerKind::None)
    return error() << "needs an optimizer (optimizer=sgd|momentum|adam): the "
                      "step skips updates on a non-finite gradient";
  double init = lossScaleInit;
  if (!echo_loss_scale::validInitScale(init))
    return error() << "loss-scale-init must be positive and finite in f32, got "
                   << init;
  if (!echo_loss_scale::validGrowthInterval(lossScaleGrowthInterval))
    return error() << "loss-scale-growth-interval must be at least 1, got "
                   << int64_t(lossScaleGrowthInterval);
  double growth = lossScaleGrowth;
  if (!echo_loss_scale::validGrowth(growth))
    return error() << "loss-scale-growth must be a finite factor above 1, got "
                   << growth;
  double backoff = lossScaleBackoff;
  if (!echo_loss_scale::validBackoff(backoff))
    return error() << "loss-scale-backoff must lie in (0, 1), got " << backoff;
  for (unsigned i : trainable) {
    auto type = cast<RankedTensorType>(fn.getArgument(i).getType());
    if (!type.getElementType().isF32())
      return error() << "trainable argument #" << i
                     << " must be an f32 tensor (master weights), got "
                     << type;
  }
  return success();
}

LogicalResult AutodiffPass::finishWithOptimizer(func::FuncOp step, Value loss,
                                                ArrayRef<unsigned> trainable,
                                                const GradientBuilder &grads,
                                                BlockArgument lossScaleState) {
  Block &body = step.getBody().front();
  Operation *terminator = body.getTerminator();
  OpBuilder b(terminator);
  Location loc = step.getLoc();
  MLIRContext *ctx = &getContext();

  // Gradient of each trainable argument (zeros when it does not reach the loss).
  SmallVector<Value> params, paramGrads;
  for (unsigned i : trainable) {
    Value param = body.getArgument(i);
    Value grad = grads.gradient(param);
    if (!grad)
      grad = ZerosOp::create(b, loc, param.getType());
    params.push_back(param);
    paramGrads.push_back(grad);
  }

  // Dynamic loss scaling: unscale each gradient (times 1/scale) and count
  // the non-finite elements of all of them.
  auto scalar = RankedTensorType::get({}, b.getF32Type());
  Value nonfinite;
  if (lossScaleState) {
    Value one = FillOp::create(b, loc, scalar, b.getF64FloatAttr(1.0));
    Value inverse = DivOp::create(b, loc, one, grads.seed());
    for (Value &grad : paramGrads) {
      grad = MulOp::create(b, loc, grad, inverse);
      Value count = NonfiniteCountOp::create(b, loc, grad);
      nonfinite = nonfinite ? AddOp::create(b, loc, nonfinite, count)
                            : count;
    }
  }
  // The value a state result takes: the update's, or the old one when a
  // gradient is not finite.
  auto keepOnOverflow = [&](Value old, Value updated) -> Value {
    if (!nonfinite)
      return updated;
    return SelectOp::create(b, loc, nonfinite, old, updated);
  };

  SmallVector<Value> results{loss};
  SmallVector<int64_t> updateOf{-1};
  auto stateAttrs = DictionaryAttr::get(
      ctx, {NamedAttribute(StringAttr::get(ctx, kOptimizerState),
                           UnitAttr::get(ctx))});
  auto f64 = [&](double v) { return b.getF64FloatAttr(v); };

  if (optimizer == OptimizerKind::None) {
    results.append(paramGrads.begin(), paramGrads.end());
    updateOf.append(paramGrads.size(), -1);
  } else if (optimizer == OptimizerKind::Sgd ||
             optimizer == OptimizerKind::Momentum) {
    bool withMomentum = optimizer == OptimizerKind::Momentum;
    SmallVector<Value> newParams, newVelocities;
    SmallVector<int64_t> velocityArgs;
    for (auto [param, grad] : llvm::zip(params, paramGrads)) {
      Value velocity;
      if (withMomentum) {
        BlockArgument arg = appendArgument(step, param.getType(), stateAttrs);
        velocity = arg;
        velocityArgs.push_back(arg.getArgNumber());
      }
      Type type = param.getType();
      auto update = SgdUpdateOp::create(
          b, loc, type, withMomentum ? type : Type(), param, grad, velocity,
          f64(learningRate), f64(withMomentum ? double(momentum) : 0.0),
          f64(weightDecay));
      newParams.push_back(keepOnOverflow(param, update.getNewParam()));
      if (withMomentum)
        newVelocities.push_back(keepOnOverflow(velocity, update.getNewVelocity()));
    }
    results.append(newParams.begin(), newParams.end());
    updateOf.append(trainable.begin(), trainable.end());
    results.append(newVelocities.begin(), newVelocities.end());
    updateOf.append(velocityArgs.begin(), velocityArgs.end());
  } else { // Adam
    SmallVector<Value> ms, vs;
    SmallVector<int64_t> mArgs, vArgs;
    for (Value param : params) {
      BlockArgument m = appendArgument(step, param.getType(), stateAttrs);
      ms.push_back(m);
      mArgs.push_back(m.getArgNumber());
    }
    for (Value param : params) {
      BlockArgument v = appendArgument(step, param.getType(), stateAttrs);
      vs.push_back(v);
      vArgs.push_back(v.getArgNumber());
    }
    // The step count holds completed steps (initially 0); Adam's bias
    // correction uses the 1-based number of the step being taken.
    BlockArgument stepArg = appendArgument(step, scalar, stateAttrs);
    Value one = FillOp::create(b, loc, scalar, f64(1.0));
    Value t = AddOp::create(b, loc, stepArg, one);
    SmallVector<Value> newParams, newMs, newVs;
    for (auto [param, grad, m, v] : llvm::zip(params, paramGrads, ms, vs)) {
      Type type = param.getType();
      auto update = AdamUpdateOp::create(b, loc, type, type, type, param, grad,
                                         m, v, t, f64(learningRate), f64(beta1),
                                         f64(beta2), f64(epsilon));
      newParams.push_back(keepOnOverflow(param, update.getNewParam()));
      newMs.push_back(keepOnOverflow(m, update.getNewM()));
      newVs.push_back(keepOnOverflow(v, update.getNewV()));
    }
    results.append(newParams.begin(), newParams.end());
    updateOf.append(trainable.begin(), trainable.end());
    results.append(newMs.begin(), newMs.end());
    updateOf.append(mArgs.begin(), mArgs.end());
    results.append(newVs.begin(), newVs.end());
    updateOf.append(vArgs.begin(), vArgs.end());
    results.push_back(keepOnOverflow(stepArg, t));
    updateOf.push_back(stepArg.getArgNumber());
  }

  if (lossScaleState) {
    Value newState = LossScaleUpdateOp::create(
        b, loc, lossScaleState, nonfinite,
        b.getI64IntegerAttr(lossScaleGrowthInterval), f64(lossScaleGrowth),
        f64(lossScaleBackoff), f64(lossScaleInit));
    results.push_back(newState);
    updateOf.push_back(lossScaleState.getArgNumber());
  }

  // A step that is iterated also carries batch norm's running statistics
  // from one step to the next, as PyTorch's training mode does.
  if (optimizer != OptimizerKind::None)
    appendRunningStatistics(step, results, updateOf);

  b.setInsertionPoint(terminator);
  func::ReturnOp::create(b, terminator->getLoc(), results);
  terminator->erase();

  SmallVector<Type> resultTypes;
  for (Value r : results)
    resultTypes.push_back(r.getType());
  step.setFunctionType(
      FunctionType::get(ctx, body.getArgumentTypes(), resultTypes));
  for (auto [i, index] : llvm::enumerate(updateOf))
    if (index >= 0)
      step.setResultAttr(i, kUpdateOf,
                         IntegerAttr::get(IntegerType::get(ctx, 64), index));
  return success();
}

void AutodiffPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (skipExisting && module.lookupSymbol(output))
    return;
  FailureOr<func::FuncOp> forward = findForward(module);
  if (failed(forward))
    return signalPassFailure();
  func::FuncOp fn = *forward;

  if (fn.isExternal() || !fn.getBody().hasOneBlock()) {
    fn.emitError("echo-autodiff: the forward function must have a body of "
                 "one block (unroll loops and recurrences first)");
    return signalPassFailure();
  }
  if (fn.getNumResults() != 1 || !isScalarF32Tensor(fn.getResultTypes()[0])) {
    fn.emitError("echo-autodiff: the forward function must return one scalar "
                 "loss of type tensor<f32>, got ")
        << fn.getFunctionType();
    return signalPassFailure();
  }
  SmallVector<unsigned> trainable;
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
    if (fn.getArgAttr(i, kTrainable)) {
      auto type = dyn_cast<RankedTensorType>(fn.getArgument(i).getType());
      if (!type || !isa<FloatType>(type.getElementType())) {
        fn.emitError("echo-autodiff: trainable argument #")
            << i << " must be a float tensor, got " << fn.getArgument(i).getType();
        return signalPassFailure();
      }
      trainable.push_back(i);
    }
  if (trainable.empty()) {
    fn.emitError("echo-autodiff: no argument of @")
        << fn.getSymName() << " is marked {echo.trainable}";
    return signalPassFailure();
  }
  // An empty symbol name verifies but prints as text no parser reads back.
  if (output.empty()) {
    fn.emitError("echo-autodiff: output= must name the training step, got an "
                 "empty name");
    return signalPassFailure();
  }
  if (module.lookupSymbol(output)) {
    fn.emitError("echo-autodiff: a symbol named '")
        << output << "' already exists; choose another with output=NAME";
    return signalPassFailure();
  }
  for (Operation &op : fn.getBody().front().without_terminator())
    if (op.getNumRegions() != 0 && !isa<RecomputeOp>(op)) {
      op.emitOpError("has regions; echo-autodiff handles straight-line code "
                     "only");
      return signalPassFailure();
    }
  if (failed(checkLossScaleOptions(fn, trainable)))
    return signalPassFailure();

  // Differentiate a clone, so the forward function stays as it was.
  func::FuncOp step = fn.clone();
  step.setSymName(output);
  SymbolTable(module).insert(step, std::next(Block::iterator(fn)));

  Value loss = step.getBody().front().getTerminator()->getOperand(0);
  // [scale, good steps], the first optimizer-state argument.
  BlockArgument lossScaleState;
  if (lossScale == LossScaleMode::Dynamic) {
    MLIRContext *ctx = &getContext();
    lossScaleState = appendArgument(
        step, RankedTensorType::get({2}, Float32Type::get(ctx)),
        DictionaryAttr::get(
            ctx, {NamedAttribute(StringAttr::get(ctx, kOptimizerState),
                                 UnitAttr::get(ctx))}));
  }
  GradientBuilder grads(step, trainable);
  if (failed(grads.build(loss, lossScaleState))) {
    step.erase();
    return signalPassFailure();
  }
  if (failed(finishWithOptimizer(step, loss, trainable, grads,
                                 lossScaleState))) {
    step.erase();
    return signalPassFailure();
  }
  // Only now are the results in place, so unused backward ops are known.
  grads.eraseDeadBackwardOps();
  grads.insertStashes();
  // Under loss scaling every update waits for the check of all gradients.
  if (eagerUpdates && lossScale == LossScaleMode::None)
    applyUpdatesEagerly(step);
}

} // namespace
