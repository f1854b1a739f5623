//===- MemoryPipeline.h - The memory passes of a training step -*- C++ -*-===//
//
// The passes between autodiff and planning that decide what a step keeps,
// recomputes, encodes or offloads, in their one order. Declared once: the
// training pipeline runs them with the user's choice, echo-budget-plan with
// each candidate choice on copies of the module.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_TRANSFORMS_MEMORYPIPELINE_H
#define ECHODIALECT_TRANSFORMS_MEMORYPIPELINE_H

#include "EchoDialect/Core/Options.h"
#include "EchoDialect/Core/PeakBudget.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace mlir {
class OpPassManager;
class Pass;
namespace echo {
struct EchoBudgetPlanOptions;

/// One choice of the memory techniques and their settings.
struct MemoryChoice {
  RematPolicy remat = RematPolicy::None;
  GistMode gist = GistMode::None;
  /// Input: no echo-schedule.
  ScheduleOrder schedule = ScheduleOrder::Input;
  OffloadPolicy offload = OffloadPolicy::None;
  DeviceKind device = DeviceKind::Pcie4;
  /// Run echo-simulate even without offload.
  bool simulate = false;
  /// echo-remat's sub-options (remat=optimal, remat=full-layer).
  PeakBudget rematBudget = PeakBudget::minimum();
  double rematTimeLimit = kDefaultSolverSeconds;
  int64_t rematLayerStride = 1;
  long long rematSolverNodes = kDefaultSolverNodes;
};

/// Adds to `pm` (anchored on builtin.module), in this order: echo-remat,
/// gist-encode (on what recomputation leaves stashed), echo-schedule (on
/// what the planner will see), echo-offload (on the final order and the
/// remaining stashes), echo-simulate (with offload or `simulate`). A
/// technique set to none adds no pass.
void buildMemoryPasses(OpPassManager &pm, const MemoryChoice &choice);

/// echo-budget-plan planning each candidate with `plan` (passes anchored
/// on builtin.module) instead of buildPlanPipeline: the training pipeline
/// gives the planning passes it runs next, workspaces included, so each
/// candidate's peak is the one its step will have.
std::unique_ptr<Pass>
createEchoBudgetPlan(const EchoBudgetPlanOptions &options,
                     std::function<void(OpPassManager &)> plan);

/// How echo-budget-plan's error for a budget no candidate fits begins, so a
/// driver (echo-fit) tells "does not fit" from a failure.
inline constexpr llvm::StringLiteral kNoPlanFitsMessage =
    "echo-budget-plan: no plan fits the budget of ";

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_MEMORYPIPELINE_H
