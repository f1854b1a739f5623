//===- Simulate.cpp - A step's time on a compute and a copy stream --------===//
//
// echo-simulate: turns the ops of a tensor-level step into tasks of the
// two-stream simulator (StreamSimulator.h) under a device profile, and
// records the estimated step time and its overlap split on the function.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/StreamSimulator.h"
#include "EchoDialect/EchoAttrNames.h"
#include "EchoDialect/EchoInterfaces.h"
#include "EchoDialect/EchoOps.h"
#include "EchoDialect/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOSIMULATE
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

const char *presetName(DeviceKind kind) {
  switch (kind) {
  case DeviceKind::Pcie4:
    return "pcie4";
  case DeviceKind::Pcie5:
    return "pcie5";
  case DeviceKind::NvlinkC2C:
    return "nvlink-c2c";
  }
  return "pcie4";
}

int64_t resultBytes(Operation *op) {
  int64_t bytes = 0;
  for (Type type : op->getResultTypes())
    bytes += getStorageBytes(type);
  return bytes;
}

/// FLOPs and device-memory bytes of a kernel; a recompute region costs its
/// body.
std::pair<int64_t, int64_t> kernelCost(Operation *op) {
  int64_t flops = 0, bytes = 0;
  bool costed = false;
  op->walk([&](CostOpInterface cost) {
    flops += cost.getFlops();
    bytes += cost.getBytesRead() + cost.getBytesWritten();
    costed = true;
  });
  if (!costed)
    bytes = resultBytes(op);
  return {flops, bytes};
}

struct SimulatePass : echo::impl::EchoSimulateBase<SimulatePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || !fn.getBody().hasOneBlock())
      return;
    std::optional<DeviceProfile> profile =
        deviceProfileNamed(presetName(device));
    if (!profile) {
      fn.emitError("echo-simulate: unknown device profile");
      return signalPassFailure();
    }
    std::vector<StreamTask> tasks;
    DenseMap<Value, unsigned> taskOf;
    Block &block = fn.front();
    for (Operation &op : block.without_terminator()) {
      if (auto stash = dyn_cast<StashOp>(op)) { // an alias, no work
        if (auto it = taskOf.find(stash.getInput()); it != taskOf.end())
          taskOf[stash.getResult()] = it->second;
        continue;
      }
      StreamTask task;
      if (auto offload = dyn_cast<OffloadOp>(op)) {
        task.stream = Stream::Copy;
        task.seconds = profile->transferSeconds(
            getStorageBytes(offload.getInput().getType()));
      } else if (isa<PrefetchOp>(op)) {
        task.stream = Stream::Copy;
        task.seconds = profile->transferSeconds(resultBytes(&op));
      } else {
        auto [flops, bytes] = kernelCost(&op);
        task.seconds = profile->kernelSeconds(flops, bytes);
      }
      op.walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (auto it = taskOf.find(v); it != taskOf.end())
            task.waitsFor.push_back(it->second);
      });
      unsigned index = tasks.size();
      tasks.push_back(std::move(task));
      for (Value result : op.getResults())
        taskOf[result] = index;
    }

    StreamTimeline t;
    std::string problem = simulateStreams(tasks, t);
    if (!problem.empty()) {
      fn.emitError("echo-simulate: ") << problem;
      return signalPassFailure();
    }
    Builder b(&getContext());
    NamedAttribute entries[] = {
        b.getNamedAttr("device", b.getStringAttr(profile->name)),
        b.getNamedAttr("step", b.getF64FloatAttr(t.stepSeconds)),
        b.getNamedAttr("compute", b.getF64FloatAttr(t.computeBusy)),
        b.getNamedAttr("transfer", b.getF64FloatAttr(t.copyBusy)),
        b.getNamedAttr("overlapped", b.getF64FloatAttr(t.overlapped)),
        b.getNamedAttr("transfer_only", b.getF64FloatAttr(t.transferOnly)),
        b.getNamedAttr("compute_only", b.getF64FloatAttr(t.computeOnly)),
    };
    fn->setAttr(kSimulatedStepAttr, b.getDictionaryAttr(entries));
    auto us = [](double seconds) {
      return llvm::formatv("{0:f3}", seconds * 1e6).str();
    };
    fn.emitRemark() << "echo-simulate: @" << fn.getSymName() << " on "
                    << profile->name << ": step " << us(t.stepSeconds)
                    << " us; overlapped " << us(t.overlapped)
                    << ", transfer only " << us(t.transferOnly)
                    << ", compute only " << us(t.computeOnly) << " us";
  }
};

} // namespace
