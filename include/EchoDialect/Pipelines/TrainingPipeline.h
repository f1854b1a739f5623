//===- TrainingPipeline.h - --echo-training-pipeline -----------*- C++ -*-===//
//
// A forward function or training step -> a planned, bufferized step:
// autodiff (when needed), the memory passes (remat, Gist, offload, budget),
// bufferization and buffer assignment, from one options struct.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_PIPELINES_TRAININGPIPELINE_H
#define ECHODIALECT_PIPELINES_TRAININGPIPELINE_H

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
      llvm::cl::values(
          clEnumValN(RematPolicy::None, "none", "recompute nothing"),
          clEnumValN(RematPolicy::Mirror, "mirror", "recompute all light ops"),
          clEnumValN(RematPolicy::Echo, "echo", "Echo's selective policy"),
          clEnumValN(RematPolicy::Optimal, "optimal",
                     "the MILP's plan, never worse than Echo's"),
          clEnumValN(RematPolicy::Selective, "selective",
                     "Megatron's: recompute the attention core"),
          clEnumValN(RematPolicy::FullLayer, "full-layer",
                     "Megatron's: keep layer inputs, recompute layers"))};
  PassOptions::Option<int64_t> rematLayerStride{
      *this, "remat-layer-stride",
      llvm::cl::desc("remat=full-layer: keep every N-th layer boundary "
                     "(2: one checkpoint per transformer block)"),
      llvm::cl::init(1)};
  PassOptions::Option<std::string> rematBudget{
      *this, "remat-budget",
      llvm::cl::desc("remat=optimal: peak bytes to stay within, or min"),
      llvm::cl::init("min")};
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
  PassOptions::Option<std::string> budget{
      *this, "budget",
      llvm::cl::desc("Peak bytes the step must fit (BYTES, with an optional "
                     "KiB/MiB/GiB suffix; NN% of the Baseline's planned "
                     "peak; or min): remat, gist and offload are then "
                     "chosen jointly by echo-budget-plan, replacing those "
                     "options"),
      llvm::cl::init("")};
  PassOptions::Option<DprFormat> allowLossy{
      *this, "allow-lossy",
      llvm::cl::desc("budget=: the lowest precision a stash may be stored "
                     "in (Gist's DPR); none: lossless encodings only"),
      llvm::cl::init(DprFormat::None),
      llvm::cl::values(
          clEnumValN(DprFormat::None, "none", "lossless encodings only"),
          clEnumValN(DprFormat::Fp16, "fp16", "down to IEEE half"),
          clEnumValN(DprFormat::Fp10, "fp10", "down to fp10 (1-5-4)"),
          clEnumValN(DprFormat::Fp8, "fp8", "down to fp8 (1-4-3)"))};
  PassOptions::Option<GistMode> gist{
      *this, "gist", llvm::cl::desc("Encodings of what stays stashed"),
      llvm::cl::init(GistMode::None),
      llvm::cl::values(
          clEnumValN(GistMode::None, "none", "none"),
          clEnumValN(GistMode::Lossless, "lossless", "lossless encodings"),
          clEnumValN(GistMode::Fp16, "fp16", "lossless and fp16 DPR"),
          clEnumValN(GistMode::Fp10, "fp10", "lossless and fp10 DPR"),
          clEnumValN(GistMode::Fp8, "fp8", "lossless and fp8 DPR"))};
  PassOptions::Option<ScheduleMode> schedule{
      *this, "schedule",
      llvm::cl::desc("Op order of the step (echo-schedule, after remat and gist)"),
      llvm::cl::init(ScheduleMode::None),
      llvm::cl::values(
          clEnumValN(ScheduleMode::None, "none", "keep the order"),
          clEnumValN(ScheduleMode::DepthFirst, "dfs",
                     "Dymem's depth-first branch order"),
          clEnumValN(ScheduleMode::List, "list",
                     "the memory-aware list order"),
          clEnumValN(ScheduleMode::Best, "best",
                     "the lowest planned peak of input, dfs and list"))};
  PassOptions::Option<OffloadMode> offload{
      *this, "offload",
      llvm::cl::desc("Stashes offloaded to host memory (echo-offload, after "
                     "the order is chosen); implies simulate"),
      llvm::cl::init(OffloadMode::None),
      llvm::cl::values(
          clEnumValN(OffloadMode::None, "none", "keep every stash on the device"),
          clEnumValN(OffloadMode::Dymem, "dymem",
                     "Dymem's rules: conv (else FC) inputs, two layers ahead"),
          clEnumValN(OffloadMode::Greedy, "greedy",
                     "every stash, largest first, prefetched just in time"))};
  PassOptions::Option<DeviceKind> device{
      *this, "device-profile",
      llvm::cl::desc("Device profile of echo-offload and echo-simulate"),
      llvm::cl::init(DeviceKind::Pcie4),
      llvm::cl::values(
          clEnumValN(DeviceKind::Pcie4, "pcie4", "A100-class GPU, PCIe 4.0 x16"),
          clEnumValN(DeviceKind::Pcie5, "pcie5", "H100-class GPU, PCIe 5.0 x16"),
          clEnumValN(DeviceKind::NvlinkC2C, "nvlink-c2c", "GH200, NVLink-C2C"))};
  PassOptions::Option<bool> simulate{
      *this, "simulate",
      llvm::cl::desc("Estimate the step's time on the device profile "
                     "(echo-simulate; the memory report prints it)"),
      llvm::cl::init(false)};
  PassOptions::Option<OptimizerKind> optimizer{
      *this, "optimizer",
      llvm::cl::desc("Update applied when differentiating a forward function"),
      llvm::cl::init(OptimizerKind::None),
      llvm::cl::values(
          clEnumValN(OptimizerKind::None, "none", "gradients only"),
          clEnumValN(OptimizerKind::Sgd, "sgd", "SGD"),
          clEnumValN(OptimizerKind::Momentum, "momentum", "SGD with momentum"),
          clEnumValN(OptimizerKind::Adam, "adam", "Adam"))};
  PassOptions::Option<double> learningRate{
      *this, "lr", llvm::cl::desc("Learning rate"), llvm::cl::init(0.01)};
  PassOptions::Option<GradResults> gradResults{
      *this, "grad-results", llvm::cl::desc(kGradResultsDescription),
      llvm::cl::init(GradResults::OutParams), gradResultsValues()};
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
      llvm::cl::values(
          clEnumValN(AutocastType::None, "none", "every op in its own type"),
          clEnumValN(AutocastType::Bf16, "bf16", "heavy ops in bfloat16"),
          clEnumValN(AutocastType::F16, "f16", "heavy ops in IEEE half"))};
  PassOptions::Option<LossScaleMode> lossScale{
      *this, "loss-scale",
      llvm::cl::desc("echo-autodiff's loss scaling (needs an optimizer); "
                     "under dynamic the updates run at the end of the step"),
      llvm::cl::init(LossScaleMode::None),
      llvm::cl::values(
          clEnumValN(LossScaleMode::None, "none", "no loss scaling"),
          clEnumValN(LossScaleMode::Dynamic, "dynamic",
                     "PyTorch GradScaler's dynamic scale"))};
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
      llvm::cl::values(
          clEnumValN(ShardStage::None, "none", "everything whole"),
          clEnumValN(ShardStage::Optimizer, "optimizer",
                     "optimizer state (ZeRO-1)"),
          clEnumValN(ShardStage::Gradients, "gradients",
                     "and averaged gradients (ZeRO-2)"),
          clEnumValN(ShardStage::Parameters, "parameters",
                     "and parameters (ZeRO-3)"))};
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
