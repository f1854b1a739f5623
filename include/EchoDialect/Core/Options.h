//===- Options.h - Enumerated options of the echo passes ---*- C++ -*-===//
//
// The choices pass options and the training pipeline take, as types: the
// command line parses them (clEnumValN in Passes.td), and C++ callers set
// them without spelling strings.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_OPTIONS_H
#define ECHODIALECT_CORE_OPTIONS_H

namespace mlir {
namespace echo {

/// echo-autocast's 16-bit compute type; `None` (the training pipeline's
/// default) runs no autocast.
enum class AutocastType { None, Bf16, F16 };

/// echo-data-parallel's ZeRO stage: what each rank keeps only its part of
/// (optimizer state; and the averaged gradients; and the parameters).
enum class ShardStage { None, Optimizer, Gradients, Parameters };

/// echo-remat's policy; `None` recomputes nothing (the Baseline),
/// `Optimal` solves the peak model's problem as a MILP (RematMilp.h);
/// `Selective` and `FullLayer` are Megatron-LM's (RematMegatron.h).
enum class RematPolicy { None, Mirror, Echo, Optimal, Selective, FullLayer };

/// How the gist-encode run of a pipeline stores stashes: nothing, the
/// lossless encodings only, or those plus delayed precision reduction.
enum class GistMode { None, Lossless, Fp16, Fp10, Fp8 };

/// gist-encode's delayed precision reduction.
enum class DprFormat { None, Fp16, Fp10, Fp8 };

/// gist-encode's defaults, also what echo-remat expects it to apply: SSDC
/// maps without a measured density are planned dense (the bound that holds
/// for any data), measured ones at their density x 1.25.
constexpr double kDefaultCsrDensity = 1.0;
constexpr double kDefaultCsrMargin = 1.25;

/// echo-remat policy=optimal's defaults (and the training pipeline's):
/// branch-and-bound nodes per CBC solve, a count so that the plan is the
/// same whatever the machine's speed or load; and a wall-clock safety stop
/// for all of a function's solves (a hang's bound, not a search limit).
constexpr long long kDefaultSolverNodes = 2000;
constexpr double kDefaultSolverSeconds = 1800;

/// A failure echo-remat's solver process is made to have, to test that it
/// is contained (the hidden test-solver-fault option).
enum class SolverFault { None, Crash, Hang, Garbage };

/// The update echo-autodiff appends to a differentiated step.
enum class OptimizerKind { None, Sgd, Momentum, Adam };

/// echo-autodiff's loss scaling: none, or PyTorch GradScaler's dynamic
/// scale (grown after good steps, backed off and the update skipped on a
/// non-finite gradient).
enum class LossScaleMode { None, Dynamic };

/// The op order echo-schedule gives a step: the input order, Dymem's
/// depth-first order, the memory-aware list order, or the one of those
/// three with the lowest planned peak (the input order on ties).
enum class ScheduleOrder { Input, DepthFirst, List, Best };

/// The echo-schedule run of the training pipeline: none, or its order.
enum class ScheduleMode { None, DepthFirst, List, Best };

/// The device profile presets of echo-simulate (StreamSimulator.h).
enum class DeviceKind { Pcie4, Pcie5, NvlinkC2C };

/// echo-offload's policy (OffloadPlanner.h): Dymem's rules (conv inputs, FC
/// inputs without conv, prefetched a fixed number of layers ahead) or every stash, largest
/// first, prefetched as late as the compute before its use hides the copy.
enum class OffloadPolicy { Dymem, Greedy };

/// The echo-offload run of the training pipeline: none, or its policy.
enum class OffloadMode { None, Dymem, Greedy };

/// Where a step keeps its results that replace no argument (the gradients
/// and the loss): buffers the caller allocates for the whole step
/// (out-parameters), or the step's arena from their first write on, read
/// by the caller after the step (echo-arena-results; docs/memory.md).
enum class GradResults { OutParams, Arena };

/// echo-memory-report's output form (Graph: the tensor-level step as nodes
/// and edges, read before bufferization; Html: one self-contained page).
enum class ReportFormat { Text, Json, Trace, Svg, Graph, Html };

/// The DPR part of a gist mode.
inline DprFormat dprOf(GistMode mode) {
  switch (mode) {
  case GistMode::Fp16:
    return DprFormat::Fp16;
  case GistMode::Fp10:
    return DprFormat::Fp10;
  case GistMode::Fp8:
    return DprFormat::Fp8;
  default:
    return DprFormat::None;
  }
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_OPTIONS_H
