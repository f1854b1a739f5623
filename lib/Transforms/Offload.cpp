//===- Offload.cpp - Stashes to host memory and back (Dymem) --------------===//
//
// echo-offload: finds the stashes of a tensor-level step that may live in
// host memory between their last forward and first backward use, lets the
// offload planner core (OffloadPlanner.h) choose among them on the
// simulated two-stream timeline, and materializes its decisions as
// echo.offload / echo.prefetch pairs joined by tokens.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/OffloadPlanner.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"
#include "StepTasks.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOOFFLOAD
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

/// An element type the runtime's offload entries copy (offload_types.def).
static bool isCopiedElementType(Type element) {
  return element.isF32() || element.isF16() || element.isBF16() ||
         element.isInteger(1) || element.isInteger(8) ||
         element.isInteger(32) || element.isInteger(64);
}

namespace {

/// The stashed value a candidate stands for (an echo.stash result, or a
/// Gist encoding the backward pass reads), with its backward uses.
struct StashUse {
  Value value;
  SmallVector<OpOperand *> backwardUses;
};

/// The layers of Dymem's rules: the weight layers whose compute hides a
/// copy. Dymem's are convolutions; a step without any (an RNN, which Dymem
/// leaves to future work) has fully-connected layers in that role.
struct DymemLayers {
  bool convolutions;

  explicit DymemLayers(Block &block)
      : convolutions(llvm::any_of(block, [](Operation &op) {
          return isa<Conv2DOp>(op);
        })) {}
  bool isLayer(Operation *op) const {
    return convolutions ? isa<Conv2DOp>(op) : isa<LinearOp>(op);
  }
  /// The layer's weight gradient: what the prefetch distance counts.
  bool isWeightGradient(Operation *op) const {
    return convolutions ? isa<Conv2DGradWeightOp>(op)
                        : isa<LinearGradWeightOp>(op);
  }
  /// Whether `value` (or, for an encoding, the tensor it encodes) is read by
  /// a layer: Dymem offloads the layers' inputs.
  bool feedsLayer(Value value) const {
    if (auto encode = value.getDefiningOp<EncodeOp>())
      value = encode.getInput();
    return llvm::any_of(value.getUsers(),
                        [&](Operation *user) { return isLayer(user); });
  }
};

struct OffloadPass : echo::impl::EchoOffloadBase<OffloadPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || !fn.getBody().hasOneBlock())
      return;
    if (layersAhead < 1 || !(maxSlowdown >= 0)) {
      fn.emitError("echo-offload: ")
          << (layersAhead < 1 ? "layers-ahead must be at least 1"
                              : "max-slowdown must be a percentage >= 0");
      return signalPassFailure();
    }
    if (policy == OffloadPolicy::None)
      return; // every stash stays on the device
    Block &block = fn.front();
    OffloadOptions options;
    options.policy = policy == OffloadPolicy::Dymem ? OffloadPolicyKind::Dymem
                                                    : OffloadPolicyKind::Greedy;
    options.profile = deviceProfileOf(device);
    options.layersAhead = layersAhead;
    options.maxSlowdown = maxSlowdown / 100.0;

    OffloadStep step;
    std::vector<Operation *> ops;
    step.tasks = stepTasks(block, options.profile, ops);
    DenseMap<Operation *, unsigned> position;
    for (auto [i, op] : llvm::enumerate(ops))
      position[op] = i;
    auto seed = llvm::find_if(
        ops, [](Operation *op) { return op->hasAttr(kLossSeedAttr); });
    if (seed == ops.end()) {
      if (remarks)
        fn.emitRemark("echo-offload: @")
            << fn.getSymName() << " has no backward pass (no "
            << kLossSeedAttr << "): nothing to offload";
      return;
    }
    step.backwardStart = seed - ops.begin();
    DymemLayers layers(block);
    step.layerBoundary.resize(ops.size());
    for (auto [i, op] : llvm::enumerate(ops))
      step.layerBoundary[i] =
          i >= step.backwardStart && layers.isWeightGradient(op);

    // The position of the op of the block holding `user`; none for the
    // terminator.
    auto positionOf = [&](Operation *user) -> std::optional<unsigned> {
      Operation *top = block.findAncestorOpInBlock(*user);
      auto it = top ? position.find(top) : position.end();
      if (it == position.end())
        return std::nullopt;
      return it->second;
    };

    std::vector<StashUse> stashes;
    for (Operation *op : ops) {
      if (position[op] >= step.backwardStart)
        continue;
      // What is stashed: an echo.stash result (an alias of its input), or
      // an encoding Gist made for the backward pass (a buffer of its own).
      Value value, input;
      if (auto stash = dyn_cast<StashOp>(op)) {
        value = stash.getResult();
        input = stash.getInput();
      } else if (auto encode = dyn_cast<EncodeOp>(op)) {
        value = encode.getResult();
      } else {
        continue;
      }
      // The runtime copies the element types of echo/offload_types.def
      // (f32, bytes, masks, indices; test/Dymem/offload-types.mlir checks
      // each lowers); a stash of another type stays on the device.
      auto tensor = dyn_cast<RankedTensorType>(value.getType());
      if (!isa<EncodedType>(value.getType()) &&
          !(tensor && isCopiedElementType(tensor.getElementType())))
        continue;
      // An argument stays on the device whatever happens to the stash; so
      // does a value stashed twice or read by the backward pass directly.
      if (input && (isa<BlockArgument>(input) ||
                    llvm::count_if(input.getUsers(), [](Operation *u) {
                      return isa<StashOp>(u);
                    }) != 1))
        continue;
      OffloadCandidate c;
      c.producer = position[op];
      c.lastForwardUse = c.producer;
      c.firstBackwardUse = ops.size();
      c.bytes = getStorageBytes(value.getType());
      c.layerInput = layers.feedsLayer(input ? input : value);
      bool offloadable = true;
      StashUse use{value, {}};
      auto visit = [&](OpOperand &operand, bool throughValue) {
        std::optional<unsigned> at = positionOf(operand.getOwner());
        if (!at) { // returned
          offloadable = false;
          return;
        }
        if (*at < step.backwardStart) {
          c.lastForwardUse = std::max(c.lastForwardUse, *at);
        } else if (!throughValue) {
          offloadable = false;
        } else {
          c.firstBackwardUse = std::min(c.firstBackwardUse, *at);
          use.backwardUses.push_back(&operand);
        }
      };
      if (input)
        for (OpOperand &operand : input.getUses())
          if (operand.getOwner() != op)
            visit(operand, /*throughValue=*/false);
      for (OpOperand &operand : value.getUses())
        visit(operand, /*throughValue=*/true);
      if (!offloadable || use.backwardUses.empty() || c.bytes == 0)
        continue;
      step.candidates.push_back(c);
      stashes.push_back(std::move(use));
    }

    OffloadPlan plan;
    if (std::string problem = planOffloads(step, options, plan);
        !problem.empty()) {
      fn.emitError("echo-offload: ") << problem;
      return signalPassFailure();
    }

    // Materialize: offloads right after their positions (in decision
    // order), prefetches right before theirs.
    OpBuilder b(&getContext());
    DenseMap<Operation *, Operation *> lastAfter;
    for (const OffloadDecision &d : plan.decisions) {
      StashUse &use = stashes[d.candidate];
      Operation *anchor = ops[d.offloadAfter];
      Operation *&last = lastAfter[anchor];
      b.setInsertionPointAfter(last ? last : anchor);
      Location loc = use.value.getLoc();
      auto offload = OffloadOp::create(b, loc, use.value);
      last = offload;
      b.setInsertionPoint(ops[d.prefetchBefore]);
      auto prefetch = PrefetchOp::create(b, loc, offload.getResult(),
                                         offload.getToken());
      for (OpOperand *operand : use.backwardUses)
        operand->set(prefetch.getResult());
    }

    if (remarks) {
      auto us = [](double seconds) {
        return llvm::formatv("{0:f3}", seconds * 1e6).str();
      };
      double slowdown =
          plan.baseSeconds > 0
              ? (plan.timeline.stepSeconds / plan.baseSeconds - 1) * 100
              : 0;
      fn.emitRemark() << "echo-offload: @" << fn.getSymName() << " on "
                      << options.profile.name << " ("
                      << optionSpelling(policy)
                      << "): " << plan.decisions.size() << " of "
                      << step.candidates.size() << " stashes offloaded, "
                      << plan.offloadedBytes << " bytes; step "
                      << us(plan.timeline.stepSeconds) << " us, no offload "
                      << us(plan.baseSeconds) << " us ("
                      << (slowdown >= 0 ? "+" : "")
                      << llvm::formatv("{0:f2}", slowdown) << "%)";
    }
  }
};

} // namespace
