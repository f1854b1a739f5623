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

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Core/Options.h"

#include <optional>

namespace mlir {
namespace echo {

/// The encodings a pass run applies to stashes: echo-remat's masks, or
/// gist-encode's options (what echo-remat expects it to apply after it).
struct GistPlan {
  bool masks = true;     // 1-bit ReLU / dropout masks (echo-remat's own)
  bool lossless = false; // + pool argmax and SSDC (gist-encode lossless)
  DprFormat dpr = DprFormat::None;
  /// Non-zero fraction planned for an SSDC map without a measured density
  /// (gist-encode's csr-density), and the factor on a measured one.
  double csrDensity = kDefaultCsrDensity;
  double csrMargin = kDefaultCsrMargin;
  int64_t dprMinBytes = 4096;
};

/// What an SSDC capacity relies on. The map's storage depends on its data;
/// the plan holds only where the density is bounded.
enum class CsrBound {
  Dense,    // no density known: the dense size, which always holds
  Profiled, // the producer's measured echo.density x csr-margin
  Asserted, // the csr-density option below 1: the user's claim
};
/// The non-zero fraction an SSDC map of `v` is planned at, and its source.
struct CsrDensity {
  double density;
  CsrBound bound;
};
CsrDensity plannedCsrDensity(Value v, const GistPlan &plan);
/// The name of `bound` in the IR and the memory report.
llvm::StringRef stringifyCsrBound(CsrBound bound);

/// Whether the stashed value `v` is a map SSDC (CSR) may store exactly: an
/// f32 sparse feature map (ReLU, max-pool output).
bool mayStoreAsCsr(Value v);
/// Whether SSDC at `v`'s planned density is smaller than `v` plain: never
/// under the dense bound (values and column indices cost 5 bytes per
/// element), so an unprofiled map stays plain, which is also exact.
bool csrPays(Value v, const GistPlan &plan);
/// Whether `reader`, reading the stashed `v` as operand `operand` (null or
/// an echo.recompute: a recompute region's input), is one SSDC serves under
/// `plan` when it pays.
bool servedBySsdc(Value v, Operation *reader, unsigned operand,
                  const GistPlan &plan);

/// The encoding `plan` stores the stashed value `v` in for `reader`, which
/// reads it as operand `operand` (a max_pool2d_grad reads the pool's input
/// and output: both are served by one argmax map); `reader` null or an
/// echo.recompute stands for a recompute region's input, which needs every
/// bit. SSDC only where it pays (csrPays). std::nullopt: kept plain.
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
