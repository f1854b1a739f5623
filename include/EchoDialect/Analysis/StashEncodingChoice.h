//===- StashEncodingChoice.h - How a stashed value is stored ----*- C++ -*-===//
//
// The one place that decides which encoding a stashed feature map gets for
// each of its backward readers: gist-encode applies the choice, echo-remat
// applies its 1-bit masks and costs stashes and recompute-region inputs by
// it, and echo-run's sparsity profile measures the maps it may store as CSR
// (Gist, ISCA 2018, Section III; Echo's masks, Section V).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_STASHENCODINGCHOICE_H
#define ECHODIALECT_ANALYSIS_STASHENCODINGCHOICE_H

#include "EchoDialect/EchoOps.h"
#include "EchoDialect/Transforms/PassOptions.h"

#include <optional>

namespace mlir {
namespace echo {

/// The encodings a pass run applies to stashes: echo-remat's masks, or
/// gist-encode's options (what echo-remat expects it to apply after it).
struct GistPlan {
  bool masks = true;     // 1-bit ReLU / dropout masks (echo-remat's own)
  bool lossless = false; // + pool argmax and SSDC (gist-encode lossless)
  DprFormat dpr = DprFormat::None;
  double csrDensity = 0.5;
  int64_t dprMinBytes = 4096;
};

/// Whether the stashed value `v` is a map SSDC (CSR) may store exactly: an
/// f32 sparse feature map (ReLU, max-pool output).
bool mayStoreAsCsr(Value v);

/// The encoding `plan` stores the stashed value `v` in for `reader`, which
/// reads it as operand `operand` (a max_pool2d_grad reads the pool's input
/// and output: both are served by one argmax map); `reader` null or an
/// echo.recompute stands for a recompute region's input, which needs every
/// bit. std::nullopt: kept plain.
std::optional<EncodingKind> chooseStashEncoding(Value v, Operation *reader,
                                                unsigned operand,
                                                const GistPlan &plan);
/// The same for `read`, a use of `v`'s stash.
inline std::optional<EncodingKind>
chooseStashEncoding(Value v, OpOperand &read, const GistPlan &plan) {
  return chooseStashEncoding(v, read.getOwner(), read.getOperandNumber(), plan);
}

/// Whether `kind` is one of the 1-bit encodings (ReLU, dropout masks).
bool isMaskEncoding(std::optional<EncodingKind> kind);

/// Bytes `stash` costs between its value's last forward use and the
/// backward pass under `plan`: one encoded form per encoding its readers
/// get, plus the plain size if some reader gets it plain.
int64_t encodedStashBytes(StashOp stash, const GistPlan &plan);
/// Bytes a recompute region's stashed input `v` costs under `plan` (never
/// more than plain).
int64_t encodedRegionInputBytes(Value v, const GistPlan &plan);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_STASHENCODINGCHOICE_H
