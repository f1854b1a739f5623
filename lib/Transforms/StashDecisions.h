//===- StashDecisions.h - Per-value memory decisions taken back -*- C++ -*-===//
//
// The decisions a memory plan made about single stashed values that can be
// taken back, leaving the value plainly stashed: a precision reduction (its
// echo.encode, the echo.decode ops of it, and any offload of the encoded
// form), the offload of an encoded form alone (the encoded form then stays
// on the device), an offload (of a plain or losslessly encoded value) and a
// recomputation (an echo.recompute region, whose results become stashes of
// the forward values its body clones). Lossless encodings themselves stay:
// they change which backward ops run.
// echo-budget-plan takes back prefixes of them in two orders (most time
// saved per byte kept, or per byte added to the step's peak) and the sets
// a MILP chooses (Core/StashMixMilp.h), so one plan mixes encoded,
// offloaded and plain stashes.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_TRANSFORMS_STASHDECISIONS_H
#define ECHO_TRANSFORMS_STASHDECISIONS_H

#include "EchoDialect/Core/StashMixMilp.h"
#include "EchoDialect/Core/StreamSimulator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

namespace mlir {
namespace echo {

struct StashDecision {
  unsigned function = 0; // index into the functions given
  /// The ops taking it back erases (echo.encode, echo.offload or
  /// echo.recompute first; for a region, then the stashes, decodes and
  /// prefetches that only it read).
  SmallVector<Operation *> removed;
  /// A region's: the forward value each of its results recomputes, which
  /// its readers read a stash of once it is taken back.
  SmallVector<Value> kept;
  /// Device bytes the value keeps across the gap once taken back.
  int64_t bytes = 0;
  /// Simulated step seconds saved when it alone is taken back.
  double seconds = 0;
  /// For the offload of an encoded form: the echo.encode whose decision
  /// (the precision reduction) takes this one back too. Taking this one
  /// back alone keeps the encoded form on the device.
  Operation *within = nullptr;
  /// Its place in findStashDecisions' list: a copy of the functions has
  /// the same list, so a plan names the decisions it takes back by index.
  unsigned index = 0;

  bool isRegion() const;
};

/// Every decision in `functions` (single-block steps), in function and
/// program order, an encoded form's offloads right after their precision
/// reduction, with `bytes` and `index` set and `seconds` left 0.
std::vector<StashDecision> findStashDecisions(ArrayRef<func::FuncOp> functions);

/// Sets each decision's `seconds`: what the simulated step saves when it
/// alone is taken back. One simulation per decision, from its first task
/// on (the step before it is the same), spread over the context's threads.
void measureSavings(ArrayRef<func::FuncOp> functions,
                    MutableArrayRef<StashDecision> decisions,
                    const DeviceProfile &profile);

/// Those of `all` (findStashDecisions' list, measured) that a set holds:
/// recompute regions only with `regions`, an encoded form's offloads on
/// their own only with `offloadsApart`; most seconds saved per byte first,
/// ties in the list's order.
std::vector<StashDecision> decisionSet(ArrayRef<StashDecision> all,
                                       bool regions, bool offloadsApart);

/// The decisions in `functions`, measured, as decisionSet orders them.
std::vector<StashDecision> stashDecisions(ArrayRef<func::FuncOp> functions,
                                          const DeviceProfile &profile,
                                          bool regions = false,
                                          bool offloadsApart = false);

/// `decisions` (stashDecisions of `functions`) in the peak order: most
/// seconds saved per byte the step's peak live bytes grow first, greedily,
/// with the live bytes updated after each decision taken back (a value
/// live across no peak costs none; those that save no time come last).
/// An encoded form's offload taken back before its precision reduction
/// leaves the reduction the rest of its effect (and saving); taken back
/// after, it changes nothing. Each decision's `seconds` in the order is
/// what it saves where it stands.
/// `peaks` (size + 1 entries) gets the largest function's peak live bytes
/// with the first k taken back. The live bytes are the tensor values'
/// (each from its producer to its last use in the block, a stash being its
/// operand's buffer; block arguments, host values and tokens left out),
/// the bound the buffer planner reaches on the shipped steps; the planned
/// peak of a mix is still the planner's.
std::vector<StashDecision> peakOrder(ArrayRef<func::FuncOp> functions,
                                     std::vector<StashDecision> decisions,
                                     std::vector<int64_t> &peaks);

/// The per-value mix problem (Core/StashMixMilp.h) of `decisions` in
/// `functions`: each function's live bytes at each op, as peakOrder counts
/// them, and what taking each decision back changes in them. Its decisions
/// are `decisions`, in that order; a precision reduction whose encoded
/// form's offload is among them requires it, and counts only the rest of
/// its effect.
StashMixProblem stashMixProblem(ArrayRef<func::FuncOp> functions,
                                ArrayRef<StashDecision> decisions);

/// The simulated step, summed over `functions`, with the first `count` of
/// `decisions` taken back, without changing the IR: the tasks they would
/// erase are dropped and their readers wait for the value's producer, as
/// after takeBack.
double simulateTakenBack(ArrayRef<func::FuncOp> functions,
                         ArrayRef<StashDecision> decisions, unsigned count,
                         const DeviceProfile &profile);

/// Takes back the first `count` of `decisions` in the IR: the backward
/// readers read an echo.stash of the value instead. A decision already
/// taken back within an earlier one (an encoded form's offload within its
/// precision reduction) is skipped, in either order.
void takeBack(ArrayRef<StashDecision> decisions, unsigned count);

} // namespace echo
} // namespace mlir

#endif // ECHO_TRANSFORMS_STASHDECISIONS_H
