//===- RematPeakModel.h - Footprint of recomputation choices ----*- C++ -*-===//
//
// Echo's estimate (RematStashEstimate.h) is local to one subgraph; this
// model answers the global question "what is the step's peak if this path
// is recomputed in these regions?" without touching the IR, so echo-remat
// can revert a decision that raises the peak, choose between trimmed and
// untrimmed paths, and place a path in one region (fewer FLOPs) where that
// costs no peak.
//
// Program points: op i of the block is point 2i+1; a region placed right
// before op i is point 2i. Each forward value is live from its producer to
// its last use, where uses through its stash count; a region's results live
// from the region to the last use of the stashes they replace, and its
// internal temporaries are charged at the region's point.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_REMATPEAKMODEL_H
#define ECHODIALECT_ANALYSIS_REMATPEAKMODEL_H

#include "EchoDialect/Core/LiveProfile.h"
#include "EchoDialect/Core/RematMilp.h"
#include "EchoDialect/Analysis/RematStep.h"
#include "EchoDialect/Analysis/StashEncodingChoice.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace echo {

/// Whether `user` may write its result over `operand` where the operand
/// dies (in place), as echo-buffer-assign decides it.
bool mayOverwrite(Operation *user, OpOperand &operand);

class RematPeakModel {
public:
  /// Sizes are rounded up to `alignment`, as the buffer planner places them.
  /// Stashed values are charged as `plan`'s encodings store them after
  /// their last forward use, when that is smaller.
  RematPeakModel(const RematStep &step, int64_t alignment,
                 const GistPlan &plan);

  /// One echo.recompute region as materialize would build it.
  struct Group {
    int64_t at = 0;                 // program point of the region
    SmallVector<Value> yielded;     // path values read later
    SmallVector<Operation *> body;  // path ops they need, program order
    SmallVector<Value> inputs;      // values read from outside the body
    /// Filled in with the body by groups(): the body ops' positions in
    /// the block and the inputs' value ids (so the model scores the group
    /// without looking ops or values up), and the FLOPs they re-execute.
    SmallVector<int32_t> positions, inputIds;
    int64_t bodyFlops = 0;
    /// What apply charges at the region's point (its temporaries' peak
    /// and the inputs decoded for it) and which inputs a body op may write
    /// over: fixed by the body, so worked out on the group's first apply
    /// (echo-remat scores each option many times).
    // No default member initializers: clang cannot default-construct a
    // nested class that has them inside std::optional before the enclosing
    // class is complete. emplace() value-initializes, so bytes starts at 0.
    struct Footprint {
      int64_t bytes;
      /// The yielded values and the inputs the model tracks (block
      /// arguments live all step anyway), by value id, and per tracked
      /// input whether a body op may write over it.
      SmallVector<int32_t> yieldedIds, trackedInputIds;
      SmallVector<bool> overwritten;
    };
    mutable std::optional<Footprint> footprint;
  };

  using Groups = SmallVector<Group, 1>;

  /// The regions for `path` (program order): one per first backward use
  /// point of its values, where a point within `window` program points of
  /// the previous region joins it (0: one region per use point; kOneRegion:
  /// a single region; kJoinShared: per-use regions that recompute a common
  /// op are joined, so no op is re-run twice).
  static constexpr int64_t kOneRegion = INT64_MAX;
  static constexpr int64_t kJoinShared = -1;
  /// Several regions that would clone more ops than this in all are
  /// joined as with kJoinShared (a compile-time guard for long chains
  /// of light ops; no shipped model comes near it).
  static constexpr int64_t kPerUseBudget = int64_t(1) << 20;
  Groups groups(ArrayRef<Operation *> path, int64_t window) const;

  /// What applying groups changed. Paths are disjoint, so changes of
  /// different paths commute and can be taken back in any order.
  struct Change {
    // By value id: stash uses a region took over (moved[i]'s are
    // movedPoints from moved[i-1]'s end to its own), and region uses added
    // (+ whether the region may write over the value).
    SmallVector<std::pair<int32_t, int32_t>> moved; // value id, end
    SmallVector<int64_t> movedPoints;
    SmallVector<std::tuple<int32_t, int64_t, bool>> addedUses;
    SmallVector<std::array<int64_t, 3>> intervals; // start, end, bytes
  };
  Change apply(ArrayRef<Group> groups);
  void revert(const Change &change);
  /// The peak apply(groups) would give, leaving the model as it is:
  /// cheaper than applying, reading the peak and reverting.
  int64_t peakWith(ArrayRef<Group> groups);
  /// Between suspend(change) and resume(change), groups() and peakWith()
  /// answer as if `change` were reverted, while the profile (and peak())
  /// keeps it: scoring a decision's alternatives then costs neither a
  /// revert nor applying the decision again. One change at a time, and no
  /// apply or revert in between.
  void suspend(const Change &change);
  void resume(const Change &change);

  int64_t peak() const { return profile.peak(); }
  /// The point where the current choices reach the peak (the first one).
  int64_t peakPoint() const;
  /// What any recomputation policy must keep live at `point`, keeping
  /// Baseline's op order, kernels and encodings and never re-running ops
  /// that `recomputable` rejects: values live there by forward or gradient
  /// uses, stashed values read there, and the fewest bytes from which every
  /// stashed value read later can still be rebuilt (a minimum vertex cut of
  /// the forward graph). A lower bound of every such policy's peak.
  /// Call it on the Baseline state (no groups applied). RematFloor.cpp.
  int64_t floorAt(int64_t point,
                  llvm::function_ref<bool(Operation *)> recomputable) const;
  int64_t points() const { return profile.size(); }

  /// The recomputation problem of `subgraphs` (each in program order) on
  /// the current choices, without IR (RematMilp.h): their values (group i
  /// for subgraphs[i]; ops with several results are kept, or with
  /// `wholeOps` decided one decision per op, RematGraph::sameOp) and the values
  /// they read, with everything else of the profile as the base. Call it
  /// with the subgraphs' own groups reverted. RematMilpGraph.cpp.
  struct MilpGraph {
    RematGraph graph;
    SmallVector<Operation *> defs; // per node, its producer
  };
  MilpGraph milpGraph(ArrayRef<SmallVector<Operation *>> subgraphs,
                      bool wholeOps = false) const;
  /// FLOPs the regions re-execute (groups() counts each region's).
  static int64_t flops(ArrayRef<Group> groups);

private:
  struct ValueState {
    int64_t def = 0, forwardEnd = 0, bytes = 0;
    /// Points reading it through the step's own stash, ascending (a
    /// multiset): a recompute region of the path that makes it takes
    /// these over.
    SmallVector<int64_t, 2> stashUses;
    /// Regions of other paths reading it as an input (stashed for them),
    /// ascending (a multiset).
    SmallVector<int64_t, 2> regionUses;
    /// Points of readers that may write their result over it (in place).
    SmallVector<int64_t, 1> overwrittenAt;
    /// Its encoded size when its stash is stored encoded (1-bit masks,
    /// gist-encode's forms); 0 when kept plain.
    int64_t maskBytes = 0;
    /// Its encoded size as other paths' region input; 0 when kept plain.
    int64_t regionBytes = 0;
    int64_t end() const {
      int64_t last = forwardEnd;
      if (!stashUses.empty() && !maskBytes)
        last = std::max(last, stashUses.back());
      if (!regionUses.empty() && !regionBytes)
        last = std::max(last, regionUses.back());
      // Dying at a reader that reuses its storage: the two never coexist.
      if (last > def && llvm::is_contained(overwrittenAt, last))
        --last;
      return last;
    }
    /// Its intervals (start, end, bytes): the value itself, its encoded
    /// stash and its encoded copy for other regions (0 bytes: none).
    using Intervals = std::array<std::array<int64_t, 3>, 3>;
    Intervals intervals() const {
      Intervals result{};
      result[0] = {def, end(), bytes};
      if (maskBytes && !stashUses.empty())
        result[1] = {forwardEnd, stashUses.back(), maskBytes};
      if (regionBytes && !regionUses.empty())
        result[2] = {forwardEnd, regionUses.back(), regionBytes};
      return result;
    }
    /// Adds (sign 1) or removes (-1) its intervals from `profile`.
    void account(LiveProfile &profile, int64_t sign) const {
      for (const auto &[start, end, size] : intervals())
        profile.add(start, end, sign * size);
    }
  };
  /// The state of `v` (null: untracked, or not a value of the block).
  const ValueState *stateOf(Value v) const;
  /// Notes value `id`'s intervals before apply or revert first changes
  /// its uses; collectTouched appends to `deltas` what moves the noted
  /// values' intervals in the profile to where their uses put them now.
  void touch(int32_t id);
  void collectTouched();
  /// Adds `deltas` to the profile and empties it.
  void addDeltas();
  /// Moves the stash uses of `groups`' yielded values to their regions and
  /// adds the regions' uses of their inputs, noting the values touched;
  /// records in `change` what was done and the regions' own intervals.
  void takeUses(ArrayRef<Group> groups, Change &change);
  /// Undoes takeUses' uses (noting the values touched when asked);
  /// retakeUses makes them again as they were, noting nothing (resume).
  void giveBackUses(const Change &change, bool noteTouched);
  void retakeUses(const Change &change);
  int64_t internalPeak(const Group &group) const;
  const Group::Footprint &footprintOf(const Group &group) const;
  /// Marks `path`'s ops (by block position) with their index on it, for
  /// fillBody and onPathIndex until the next call.
  void markPath(ArrayRef<Operation *> path) const;
  /// The index on the last marked path of the op at block position `pos`,
  /// or -1.
  int64_t onPathIndex(int64_t pos) const {
    return pathMark[pos] == pathEpoch ? pathIndex[pos] : -1;
  }
  /// The body and inputs of `group`: the marked path's ops its values need.
  void fillBody(Group &group) const;
  int64_t sizeOf(Value v) const;
  int64_t aligned(int64_t bytes) const;

  const RematStep &step;
  int64_t alignment;
  LiveProfile profile;
  /// The tracked values in block order, and their states.
  std::vector<std::pair<Value, ValueState>> values;

  /// The block's ops by position, and facts about them read over and over
  /// while options are scored, worked out once (the IR does not change
  /// while the model is in use). Per op, its operands (flattened from
  /// operandBegin[pos]): the position of their producer in the block (-1:
  /// a block argument), their value id (idOf) and whether the op may
  /// write over them; its results (from resultBegin[pos]): their aligned
  /// size and their uses (from useBegin[result]: the user's position, -1
  /// for users nested in another op, and the operand it reads).
  std::vector<Operation *> opAt;
  std::vector<int32_t> operandBegin, operandDef, operandId;
  std::vector<uint8_t> operandOverwritten;
  std::vector<int32_t> resultBegin, useBegin, useUser, useOperand;
  std::vector<int64_t> resultBytes, opFlops;
  /// A dense id of a value of the block: its result's index (from
  /// resultBegin) or, for a block argument, one past the results.
  int32_t idOf(Value v) const {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return int32_t(resultBytes.size() + arg.getArgNumber());
    auto result = cast<OpResult>(v);
    return resultBegin[positionOf(result.getOwner())] +
           int32_t(result.getResultNumber());
  }
  /// The values of the block by id.
  std::vector<Value> valueOf;
  int32_t positionOf(Operation *op) const {
    return int32_t(step.position.lookup(op));
  }
  /// Scratch of markPath, fillBody and internalPeak, by block position:
  /// an entry counts only while its mark equals the current epoch.
  mutable std::vector<uint32_t> pathMark, bodyMark;
  mutable std::vector<int32_t> pathIndex, bodyIndex;
  /// The last marked path's positions, and fillBody's worklist.
  mutable std::vector<int32_t> pathPositions;
  mutable SmallVector<int32_t> bodyWorklist;
  /// internalPeak's bytes dying before and after each body op.
  mutable std::array<SmallVector<int64_t>, 2> bodyScratch;
  mutable uint32_t pathEpoch = 0, bodyEpoch = 0;
  /// The same by value id (idOf).
  mutable std::vector<uint32_t> valueMark;
  mutable uint32_t valueEpoch = 0;
  /// Each tracked value's state by value id (null: untracked); `values`
  /// does not grow after construction, so the pointers stay valid.
  std::vector<ValueState *> stateById;
  /// touch's notes: values touched since the last flush (a mark per value
  /// id, current while equal to touchEpoch) and their intervals before.
  std::vector<uint32_t> touchMark;
  uint32_t touchEpoch = 0;
  SmallVector<std::pair<int32_t, ValueState::Intervals>> touched;
  /// Interval changes on their way to the profile, and the steps of those
  /// that would revert the suspended change.
  LiveProfile::Changes deltas;
  LiveProfile::Steps suspended;

public:
  // stateById points into `values`.
  RematPeakModel(const RematPeakModel &) = delete;
  RematPeakModel &operator=(const RematPeakModel &) = delete;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_REMATPEAKMODEL_H
