//===- StepTasks.cpp - A step's ops as tasks of the stream simulator ------===//

#include "StepTasks.h"

#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"

#include "llvm/ADT/DenseMap.h"

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

/// Whether the runtime computes `op` in 16-bit (a matrix product with a
/// `_bf16`/`_f16` entry), which a device runs on its tensor cores; other
/// 16-bit ops compute in f32 (echo-compute-in-f32).
bool isTensorCoreProduct(CostOpInterface cost) {
  return cost.isComputeHeavy() && hasNative16BitEntry(cost);
}

/// FLOPs (FP32, and of 16-bit products) and device-memory bytes of a
/// kernel; a recompute region costs its body.
struct KernelCost {
  int64_t flops = 0, tensorFlops = 0, bytes = 0;
};
KernelCost kernelCost(Operation *op) {
  KernelCost k;
  bool costed = false;
  op->walk([&](CostOpInterface cost) {
    (isTensorCoreProduct(cost) ? k.tensorFlops : k.flops) += cost.getFlops();
    k.bytes += cost.getBytesRead() + cost.getBytesWritten();
    costed = true;
  });
  if (!costed)
    k.bytes = resultBytes(op);
  return k;
}

} // namespace

DeviceProfile mlir::echo::deviceProfileOf(DeviceKind kind) {
  // Every DeviceKind names a preset.
  return *deviceProfileNamed(presetName(kind));
}

std::vector<StreamTask> mlir::echo::stepTasks(Block &block,
                                              const DeviceProfile &profile,
                                              std::vector<Operation *> &ops) {
  std::vector<StreamTask> tasks;
  ops.clear();
  llvm::DenseMap<Value, unsigned> taskOf;
  for (Operation &op : block.without_terminator()) {
    StreamTask task;
    if (isa<StashOp>(op)) {
      task.seconds = 0; // an alias: no work
    } else if (auto offload = dyn_cast<OffloadOp>(op)) {
      task.stream = Stream::Copy;
      task.seconds = profile.transferSeconds(
          getStorageBytes(offload.getInput().getType()));
    } else if (isa<PrefetchOp>(op)) {
      task.stream = Stream::Copy;
      task.seconds = profile.transferSeconds(resultBytes(&op));
    } else if (std::optional<CollectiveCost> c = collectiveCost(&op)) {
      // On the compute stream: the step waits for its collectives.
      task.seconds = profile.collectiveSeconds(c->ringBytes);
    } else {
      KernelCost k = kernelCost(&op);
      task.seconds = profile.kernelSeconds(k.flops, k.bytes, k.tensorFlops);
    }
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        if (auto it = taskOf.find(v); it != taskOf.end())
          task.waitsFor.push_back(it->second);
    });
    unsigned index = tasks.size();
    tasks.push_back(std::move(task));
    ops.push_back(&op);
    for (Value result : op.getResults())
      taskOf[result] = index;
  }
  return tasks;
}
