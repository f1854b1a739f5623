//===- MemoryPipeline.cpp - The memory passes of a training step ----------===//

#include "EchoDialect/Transforms/MemoryPipeline.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

void mlir::echo::buildMemoryPasses(OpPassManager &pm,
                                   const MemoryChoice &choice) {
  if (choice.remat != RematPolicy::None) {
    EchoRematOptions remat;
    remat.policy = choice.remat;
    remat.gist = choice.gist;
    remat.budget = choice.rematBudget;
    remat.timeLimit = choice.rematTimeLimit;
    remat.layerStride = choice.rematLayerStride;
    remat.solverNodes = choice.rematSolverNodes;
    pm.addNestedPass<func::FuncOp>(createEchoRemat(remat));
  }
  // Gist encodes what recomputation leaves stashed.
  if (choice.gist != GistMode::None) {
    EchoGistEncodeOptions gist;
    gist.dpr = dprOf(choice.gist);
    pm.addNestedPass<func::FuncOp>(createEchoGistEncode(gist));
  }
  // The order is chosen last, on what the planner will see.
  if (choice.schedule != ScheduleMode::None) {
    EchoScheduleOptions schedule;
    switch (choice.schedule) {
    case ScheduleMode::DepthFirst:
      schedule.order = ScheduleOrder::DepthFirst;
      break;
    case ScheduleMode::List:
      schedule.order = ScheduleOrder::List;
      break;
    default:
      schedule.order = ScheduleOrder::Best;
      break;
    }
    pm.addPass(createEchoSchedule(schedule));
  }
  // Offload decides on the final order, and what is still stashed.
  if (choice.offload != OffloadMode::None) {
    EchoOffloadOptions offload;
    offload.policy = choice.offload == OffloadMode::Dymem
                         ? OffloadPolicy::Dymem
                         : OffloadPolicy::Greedy;
    offload.device = choice.device;
    pm.addNestedPass<func::FuncOp>(createEchoOffload(offload));
  }
  if (choice.simulate || choice.offload != OffloadMode::None) {
    EchoSimulateOptions simulate;
    simulate.device = choice.device;
    simulate.remarks = false; // the memory report prints the figures
    pm.addNestedPass<func::FuncOp>(createEchoSimulate(simulate));
  }
}

const char *mlir::echo::rematPolicyName(RematPolicy policy) {
  switch (policy) {
  case RematPolicy::None:
    return "none";
  case RematPolicy::Mirror:
    return "mirror";
  case RematPolicy::Echo:
    return "echo";
  case RematPolicy::Optimal:
    return "optimal";
  case RematPolicy::Selective:
    return "selective";
  case RematPolicy::FullLayer:
    return "full-layer";
  }
  return "none";
}

const char *mlir::echo::gistModeName(GistMode mode) {
  switch (mode) {
  case GistMode::None:
    return "none";
  case GistMode::Lossless:
    return "lossless";
  case GistMode::Fp16:
    return "fp16";
  case GistMode::Fp10:
    return "fp10";
  case GistMode::Fp8:
    return "fp8";
  }
  return "none";
}

const char *mlir::echo::offloadModeName(OffloadMode mode) {
  switch (mode) {
  case OffloadMode::None:
    return "none";
  case OffloadMode::Dymem:
    return "dymem";
  case OffloadMode::Greedy:
    return "greedy";
  }
  return "none";
}
