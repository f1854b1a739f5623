//===- Schedule.cpp - Memory-aware op order of straight-line steps --------===//
//
// echo-schedule: turns each single-block function into a ScheduleGraph
// (MemorySchedule.h), computes Dymem's depth-first order and the
// memory-aware list order, and either applies one of them or, with
// order=best, plans the module under each candidate order (the planning
// passes of the training pipeline, on copies of the module) and keeps the
// order with the lowest planned peak, the input order on ties.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/MemorySchedule.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"
#include "EchoDialect/Transforms/PlanPipeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOSCHEDULE
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// A function's ops (terminator excluded) as a schedule graph; node i is
/// ops[i].
struct StepGraph {
  SmallVector<Operation *> ops;
  ScheduleGraph graph;
};

int64_t roundUp(int64_t bytes, int64_t alignment) {
  return alignment > 1 ? (bytes + alignment - 1) / alignment * alignment
                       : bytes;
}

StepGraph buildGraph(func::FuncOp fn, int64_t alignment) {
  StepGraph s;
  Block &block = fn.front();
  Operation *terminator = block.getTerminator();
  DenseMap<Operation *, unsigned> nodeOf;
  for (Operation &op : block)
    if (&op != terminator) {
      nodeOf[&op] = s.ops.size();
      s.ops.push_back(&op);
    }
  ScheduleGraph &g = s.graph;
  g.nodes.resize(s.ops.size());

  // Buffers: one per result; a stash is its operand's buffer (it
  // bufferizes to an alias). Returned buffers leave the arena (they become
  // out-parameters): they cost nothing here.
  DenseMap<Value, unsigned> bufferOf;
  for (auto [n, op] : llvm::enumerate(s.ops)) {
    if (auto stash = dyn_cast<StashOp>(op)) {
      auto it = bufferOf.find(stash.getInput());
      if (it != bufferOf.end())
        bufferOf[stash.getResult()] = it->second;
      continue;
    }
    for (Value result : op->getResults()) {
      unsigned b = g.bufferBytes.size();
      g.bufferBytes.push_back(
          roundUp(getStorageBytes(result.getType()), alignment));
      bufferOf[result] = b;
      g.nodes[n].defines.push_back(b);
    }
  }
  for (Value v : terminator->getOperands())
    if (auto it = bufferOf.find(v); it != bufferOf.end())
      g.bufferBytes[it->second] = 0;

  int64_t lastEffect = -1, seed = -1;
  for (auto [n, op] : llvm::enumerate(s.ops)) {
    ScheduleGraph::Node &node = g.nodes[n];
    // Values read by the op or by ops nested in its regions.
    op->walk([&](Operation *inner) {
      for (Value v : inner->getOperands()) {
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != &block)
          continue;
        node.preds.push_back(nodeOf.lookup(def));
        if (auto it = bufferOf.find(v); it != bufferOf.end())
          node.reads.push_back(it->second);
      }
    });
    // Ops with side effects keep their relative order.
    if (!isMemoryEffectFree(op)) {
      if (lastEffect >= 0)
        node.preds.push_back(lastEffect);
      lastEffect = n;
    }
    if (auto inPlace = dyn_cast<InPlaceOpInterface>(op))
      for (auto [operand, result] : inPlace.getInPlacePairs()) {
        Value in = op->getOperand(operand);
        auto a = bufferOf.find(in);
        auto b = bufferOf.find(op->getResult(result));
        if (a != bufferOf.end() && b != bufferOf.end())
          node.inPlace.push_back({a->second, b->second});
      }
    if (op->hasAttr(kLossSeedAttr) && seed < 0)
      seed = n;
  }
  // The forward/backward split stays: echo-annotate-memory counts FLOPs
  // and categories from the loss seed on.
  if (seed >= 0)
    for (unsigned n = 0; n < s.ops.size(); ++n) {
      if (int64_t(n) < seed)
        g.nodes[seed].preds.push_back(n);
      else if (int64_t(n) > seed)
        g.nodes[n].preds.push_back(seed);
    }
  return s;
}

/// Moves the ops of `fn` into `order` (indices into `ops`).
void applyOrder(func::FuncOp fn, ArrayRef<Operation *> ops,
                ArrayRef<unsigned> order) {
  Operation *terminator = fn.front().getTerminator();
  for (unsigned n : order)
    ops[n]->moveBefore(terminator);
}

struct Candidate {
  ScheduleKind kind;
  std::vector<unsigned> order;
  int64_t peak = -1;
};

struct FunctionSchedule {
  func::FuncOp fn;
  StepGraph step;
  SmallVector<Candidate> candidates; // input first
};

struct SchedulePass : echo::impl::EchoScheduleBase<SchedulePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Plans a copy of the module with candidate `k` of every function
  /// applied and records each function's planned peak.
  LogicalResult evaluate(MutableArrayRef<FunctionSchedule> functions,
                         size_t k);
};

LogicalResult
SchedulePass::evaluate(MutableArrayRef<FunctionSchedule> functions, size_t k) {
  ModuleOp module = getOperation();
  // The copy is nested in the module for the duration of the dynamic
  // pipeline (runPipeline runs on the current op or ops under it).
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto copy = ModuleOp::create(b, module.getLoc());
  IRMapping mapping;
  for (Operation &op : module.getBody()->without_terminator())
    if (&op != copy)
      copy.getBody()->push_back(op.clone(mapping));
  for (FunctionSchedule &f : functions) {
    auto fnCopy = cast<func::FuncOp>(mapping.lookup(f.fn.getOperation()));
    SmallVector<Operation *> opsCopy;
    for (Operation *op : f.step.ops)
      opsCopy.push_back(mapping.lookup(op));
    applyOrder(fnCopy, opsCopy, f.candidates[k].order);
  }
  OpPassManager pm(ModuleOp::getOperationName());
  buildPlanPipeline(pm, /*assignBuffers=*/true);
  LogicalResult planned = runPipeline(pm, copy);
  if (succeeded(planned))
    for (FunctionSchedule &f : functions) {
      auto fnCopy = cast<func::FuncOp>(mapping.lookup(f.fn.getOperation()));
      f.candidates[k].peak = plannedPeakBytes(fnCopy);
    }
  copy.erase();
  if (failed(planned))
    return module.emitError("echo-schedule: planning the ")
           << scheduleKindName(functions.front().candidates[k].kind)
           << " order failed";
  return success();
}

void SchedulePass::runOnOperation() {
  if (order == ScheduleOrder::Input)
    return;
  if (alignment < 1) {
    getOperation().emitError("echo-schedule: alignment must be positive");
    return signalPassFailure();
  }
  SmallVector<FunctionSchedule> functions;
  for (auto fn : getOperation().getOps<func::FuncOp>()) {
    if (fn.isExternal() || !fn.getBody().hasOneBlock())
      continue; // straight-line steps only
    FunctionSchedule f{fn, buildGraph(fn, alignment), {}};
    std::string problem = verifyScheduleGraph(f.step.graph);
    if (!problem.empty()) {
      fn.emitError("echo-schedule: invalid dependence graph: ") << problem;
      return signalPassFailure();
    }
    SmallVector<ScheduleKind> kinds{ScheduleKind::Input};
    if (order == ScheduleOrder::DepthFirst || order == ScheduleOrder::Best)
      kinds.push_back(ScheduleKind::DepthFirst);
    if (order == ScheduleOrder::List || order == ScheduleOrder::Best)
      kinds.push_back(ScheduleKind::List);
    for (ScheduleKind kind : kinds)
      f.candidates.push_back({kind, orderOf(f.step.graph, kind)});
    functions.push_back(std::move(f));
  }
  if (functions.empty())
    return;

  if (order != ScheduleOrder::Best) {
    for (FunctionSchedule &f : functions) {
      Candidate &chosen = f.candidates.back();
      applyOrder(f.fn, f.step.ops, chosen.order);
      if (remarks)
        f.fn.emitRemark() << "echo-schedule: @" << f.fn.getSymName()
                          << " in " << scheduleKindName(chosen.kind)
                          << " order";
    }
    return;
  }

  // Plan every candidate; a candidate equal to the input order for every
  // function costs no planning run.
  size_t kinds = functions.front().candidates.size();
  for (size_t k = 0; k < kinds; ++k) {
    bool differs = k == 0;
    for (FunctionSchedule &f : functions)
      differs |= f.candidates[k].order != f.candidates[0].order;
    if (!differs) {
      for (FunctionSchedule &f : functions)
        f.candidates[k].peak = f.candidates[0].peak;
      continue;
    }
    if (failed(evaluate(functions, k)))
      return signalPassFailure();
  }
  for (FunctionSchedule &f : functions) {
    size_t best = 0;
    for (size_t k = 1; k < f.candidates.size(); ++k)
      if (f.candidates[k].peak < f.candidates[best].peak)
        best = k;
    if (remarks) {
      std::string peaks;
      for (const Candidate &c : f.candidates)
        peaks += llvm::formatv("{0}{1} {2}", peaks.empty() ? "" : ", ",
                               scheduleKindName(c.kind), c.peak);
      f.fn.emitRemark() << "echo-schedule: planned peak of @"
                        << f.fn.getSymName() << " (bytes): " << peaks
                        << "; kept " << scheduleKindName(f.candidates[best].kind)
                        << " order";
    }
    if (best != 0)
      applyOrder(f.fn, f.step.ops, f.candidates[best].order);
  }
}

} // namespace
