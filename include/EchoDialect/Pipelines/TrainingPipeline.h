//===- TrainingPipeline.h - --echo-training-pipeline -----------*- C++ -*-===//
//
// A forward function or training step -> a planned, bufferized step:
// autodiff (when needed), the memory passes (remat, Gist, offload, budget),
// bufferization and buffer assignment, from one options struct.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_PIPELINES_TRAININGPIPELINE_H
#define ECHODIALECT_PIPELINES_TRAININGPIPELINE_H

#include "EchoDialect/Core/PeakBudget.h"
#include "EchoDialect/Pipelines/LowerToCPU.h"

namespace mlir {
namespace echo {

/// The options of echo-training-pipeline, one struct for the command line
/// and C++ callers (`options.remat = RematPolicy::Echo;`).
struct TrainingPipelineOptions
    : public PassPipelineOptions<TrainingPipelineOptions> {
  PassOptions::Option<RematPolicy> remat{
      *this, "remat", llvm::cl::desc("Recomputation policy"),
      llvm::cl::init(RematPolicy::None),
      optionValues<RematPolicy>()};
  PassOptions::Option<int64_t> rematLayerStride{
      *this, "remat-layer-stride",
      llvm::cl::desc("remat=full-layer: keep every N-th layer boundary "
                     "(2: one checkpoint per transformer block)"),
      llvm::cl::init(1)};
  PassOptions::Option<PeakBudget> rematBudget{
      *this, "remat-budget",
      llvm::cl::desc("remat=optimal: peak bytes to stay within (optional "
                     "KiB/MiB/GiB suffix), or min"),
      llvm::cl::init(PeakBudget::minimum())};
  PassOptions::Option<double> rematTimeLimit{
      *this, "remat-time-limit",
      llvm::cl::desc("remat=optimal: safety stop, wall-clock seconds for "
                     "all of a function's MILP solves (Echo's plan is kept "
                     "if it stops one)"),
      llvm::cl::init(kDefaultSolverSeconds)};
  PassOptions::Option<int64_t> rematSolverNodes{
      *this, "remat-solver-nodes",
      llvm::cl::desc("remat=optimal: branch-and-bound nodes per MILP solve "
                     "(the search's limit: a count, so the plan does not "
                     "depend on the load)"),
      llvm::cl::init(kDefaultSolverNodes)};
  PassOptions::Option<PeakBudget> budget{
      *this, "budget",
      llvm::cl::desc("Peak bytes the step must fit (BYTES, with an optional "
                     "KiB/MiB/GiB suffix; NN% of the Baseline's planned "
                     "peak; or min): remat, gist and offload are then "
                     "chosen jointly by echo-budget-plan, replacing those "
                     "options"),
      llvm::cl::init(PeakBudget())};
  PassOptions::Option<DprFormat> allowLossy{
      *this, "allow-lossy",
      llvm::cl::desc("budget=: the lowest precision a stash may be stored "
                     "in (Gist's DPR); none: lossless encodings only"),
      llvm::cl::init(DprFormat::None),
      optionValues<DprFormat>()};
  PassOptions::Option<int64_t> budgetMixSteps{
      *this, "budget-mix-steps",
      llvm::cl::desc("budget=: per-value mixes tried on each plan that fits "
                     "(echo-budget-plan's mix-steps; 0: whole policies "
                     "only)"),
      llvm::cl::init(4)};
  PassOptions::Option<GistMode> gist{
      *this, "gist", llvm::cl::desc("Encodings of what stays stashed"),
      llvm::cl::init(GistMode::None),
      optionValues<GistMode>()};
  PassOptions::Option<ScheduleOrder> schedule{
      *this, "schedule",
      llvm::cl::desc("Op order of the step (echo-schedule, after remat and "
                     "gist; input: it does not run)"),
      llvm::cl::init(ScheduleOrder::Input),
      optionValues<ScheduleOrder>()};
  PassOptions::Option<OffloadPolicy> offload{
      *this, "offload",
      llvm::cl::desc("Stashes offloaded to host memory (echo-offload, after "
                     "the order is chosen); implies simulate"),
      llvm::cl::init(OffloadPolicy::None),
      optionValues<OffloadPolicy>()};
  PassOptions::Option<DeviceKind> device{
      *this, "device-profile",
      llvm::cl::desc("Device profile of echo-offload and echo-simulate"),
      llvm::cl::init(DeviceKind::Pcie4),
      optionValues<DeviceKind>()};
  PassOptions::Option<bool> simulate{
      *this, "simulate",
      llvm::cl::desc("Estimate the step's time on the device profile "
                     "(echo-simulate; the memory report prints it)"),
      llvm::cl::init(false)};
  PassOptions::Option<OptimizerKind> optimizer{
      *this, "optimizer",
      llvm::cl::desc("Update applied when differentiating a forward function"),
      llvm::cl::init(OptimizerKind::None),
      optionValues<OptimizerKind>()};
  PassOptions::Option<double> learningRate{
      *this, "lr", llvm::cl::desc("Learning rate"), llvm::cl::init(0.01)};
  PassOptions::Option<GradResults> gradResults{
      *this, "grad-results", llvm::cl::desc(kGradResultsDescription),
      llvm::cl::init(GradResults::OutParams), optionValues<GradResults>()};
  PassOptions::Option<int64_t> workspaceBudget{
      *this, "workspace-budget",
      llvm::cl::desc("Bytes of the planned workspace of each convolution "
                     "(echo-plan-workspaces; the memory report shows them); "
                     "0: none planned"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> eagerUpdates{
      *this, "eager-updates",
      llvm::cl::desc("Apply each parameter's update as soon as its gradient "
                     "is final (echo-autodiff's eager-updates)"),
      llvm::cl::init(true)};
  PassOptions::Option<AutocastType> autocast{
      *this, "autocast",
      llvm::cl::desc("Mixed precision: echo-autocast's 16-bit compute type, "
                     "run on a forward function before autodiff"),
      llvm::cl::init(AutocastType::None),
      optionValues<AutocastType>()};
  PassOptions::Option<LossScaleMode> lossScale{
      *this, "loss-scale",
      llvm::cl::desc("echo-autodiff's loss scaling (needs an optimizer); "
                     "under dynamic the updates run at the end of the step"),
      llvm::cl::init(LossScaleMode::None),
      optionValues<LossScaleMode>()};
  PassOptions::Option<double> lossScaleInit{
      *this, "loss-scale-init",
      llvm::cl::desc("loss-scale=dynamic: the first step's scale"),
      llvm::cl::init(65536.0)};
  PassOptions::Option<int64_t> lossScaleGrowthInterval{
      *this, "loss-scale-growth-interval",
      llvm::cl::desc("loss-scale=dynamic: good steps before a growth"),
      llvm::cl::init(2000)};
  PassOptions::Option<double> lossScaleGrowth{
      *this, "loss-scale-growth",
      llvm::cl::desc("loss-scale=dynamic: growth factor (above 1)"),
      llvm::cl::init(2.0)};
  PassOptions::Option<double> lossScaleBackoff{
      *this, "loss-scale-backoff",
      llvm::cl::desc("loss-scale=dynamic: factor after an inf/NaN gradient, "
                     "in (0, 1)"),
      llvm::cl::init(0.5)};
  PassOptions::Option<int64_t> ranks{
      *this, "ranks",
      llvm::cl::desc("Data-parallel processes: above 1, echo-data-parallel "
                     "averages the gradients and the loss over that many "
                     "ranks after autodiff (docs/distributed.md)"),
      llvm::cl::init(1)};
  PassOptions::Option<ShardStage> shard{
      *this, "shard",
      llvm::cl::desc("With ranks: what each rank keeps only its part of "
                     "(echo-data-parallel's ZeRO stages)"),
      llvm::cl::init(ShardStage::None),
      optionValues<ShardStage>()};
  PassOptions::Option<bool> syncBatchNorm{
      *this, "sync-batch-norm",
      llvm::cl::desc("With ranks: batch norms use the statistics of all "
                     "ranks' samples (SyncBatchNorm); false: each rank's own"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> bucketBytes{
      *this, "bucket-bytes",
      llvm::cl::desc("With ranks: largest bucket of gradients averaged by "
                     "one collective, in bytes (echo-data-parallel; 0: one "
                     "per gradient)"),
      llvm::cl::init(kDefaultBucketBytes)};
};

/// Forward function or training step -> planned, bufferized step: autodiff
/// (when needed), the memory passes, bufferization and buffer assignment.
/// With remat=none gist=none it is the Baseline.
void buildTrainingPipeline(OpPassManager &pm,
                           const TrainingPipelineOptions &options);

/// Registers the pipeline as --echo-training-pipeline
/// (TrainingPipelineOptions).
void registerTrainingPipeline();

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_PIPELINES_TRAININGPIPELINE_H
