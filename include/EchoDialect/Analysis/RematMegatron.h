//===- RematMegatron.h - Megatron-LM's recomputation policies ---*- C++ -*-===//
//
// The two fixed recomputation policies of Megatron-LM (Korthikanti et al.,
// "Reducing Activation Recomputation in Large Transformer Models", 2022),
// as recomputation paths over a training step's forward ops, so that
// echo-remat builds them with the same regions, peak model and planner as
// its own policies and they are measured on the same step:
//
//  * full-layer: keep each layer's input, re-run the whole layer (its
//    compute-heavy ops too) before its backward;
//  * selective: re-run only the attention core (QK^T, its scaling and
//    masking, softmax, dropout), whose stashes are quadratic in the
//    sequence length and cheap to recompute.
//
// Reads the IR, rewrites nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_REMATMEGATRON_H
#define ECHODIALECT_ANALYSIS_REMATMEGATRON_H

#include "EchoDialect/Analysis/RematPartition.h"

#include <vector>

namespace mlir {
namespace echo {

/// The forward ops (program order) after which exactly one value computed
/// by a forward op at or before them is read by a later forward op: every
/// forward path to the loss passes through that value (a transformer's
/// residual stream between sublayers, a CNN's activation between blocks).
/// Values computed from the step's arguments and constants alone
/// (constants, fills, autocast's 16-bit copies of the weights) do not
/// count: they are no layer's data.
SmallVector<Operation *> forwardCuts(const RematStep &step);

/// Layer boundaries: of the cuts, the last one before each compute-heavy
/// forward op (`partition`'s notion), so that every layer holds heavy work;
/// then every `stride`-th of them, from the first. A transformer block is
/// two layers at stride 1 (attention, MLP) and one at stride 2, Megatron's
/// granularity.
SmallVector<Operation *> layerBoundaries(const RematStep &step,
                                         const RematPartition &partition,
                                         int64_t stride);

/// full-layer: per layer, the clonable forward ops after its boundary op up
/// to (not including) the next boundary op, program order; the ops after
/// the last boundary (whose backward comes right after them) and the
/// boundary ops themselves (their results stay stashed as checkpoints) are
/// not recomputed. Empty when the forward has no boundary.
std::vector<SmallVector<Operation *>>
fullLayerPaths(const RematStep &step, const RematPartition &partition,
               int64_t stride);

/// selective: per forward `echo.softmax` computed (through light ops whose
/// other operands come from arguments and constants: scale, mask) from an
/// `echo.batch_matmul`,
/// that batch_matmul, the light ops, the softmax and the light ops that
/// consume it alone up to the next heavy op (dropout), program order.
std::vector<SmallVector<Operation *>>
selectivePaths(const RematStep &step, const RematPartition &partition);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_REMATMEGATRON_H
