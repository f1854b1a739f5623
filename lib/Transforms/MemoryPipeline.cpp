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
  if (choice.schedule != ScheduleOrder::Input) {
    EchoScheduleOptions schedule;
    schedule.order = choice.schedule;
    pm.addPass(createEchoSchedule(schedule));
  }
  // Offload decides on the final order, and what is still stashed.
  if (choice.offload != OffloadPolicy::None) {
    EchoOffloadOptions offload;
    offload.policy = choice.offload;
    offload.device = choice.device;
    pm.addNestedPass<func::FuncOp>(createEchoOffload(offload));
  }
  if (choice.simulate || choice.offload != OffloadPolicy::None) {
    EchoSimulateOptions simulate;
    simulate.device = choice.device;
    simulate.remarks = false; // the memory report prints the figures
    pm.addNestedPass<func::FuncOp>(createEchoSimulate(simulate));
  }
}
