//===- RematPeakModel.cpp - Footprint of recomputation choices -------------===//

#include "EchoDialect/Analysis/RematPeakModel.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::echo;

/// Whether `user` may write a result over `operand`'s storage when the
/// operand dies there: an InPlaceOpInterface pair whose result has the
/// operand's size, the condition echo-buffer-assign applies to the call.
bool mlir::echo::mayOverwrite(Operation *user, OpOperand &operand) {
  auto inPlace = dyn_cast<InPlaceOpInterface>(user);
  if (!inPlace)
    return false;
  unsigned index = operand.getOperandNumber();
  int64_t bytes = getStorageBytes(operand.get().getType());
  return llvm::any_of(inPlace.getInPlacePairs(), [&](auto pair) {
    return pair.first == index &&
           getStorageBytes(user->getResult(pair.second).getType()) == bytes;
  });
}

namespace {
/// Sorted small vectors as multisets of points: uses arrive mostly in
/// ascending order and are taken back mostly from the end, so inserting
/// and erasing rarely shift more than a few entries.
void insertPoint(SmallVectorImpl<int64_t> &points, int64_t point) {
  points.insert(std::upper_bound(points.begin(), points.end(), point),
                point);
}
void erasePoint(SmallVectorImpl<int64_t> &points, int64_t point) {
  points.erase(std::lower_bound(points.begin(), points.end(), point));
}

/// Starts a new epoch of `marks`: every entry is unmarked.
uint32_t nextEpoch(std::vector<uint32_t> &marks, uint32_t &epoch) {
  if (++epoch == 0) {
    std::fill(marks.begin(), marks.end(), 0);
    epoch = 1;
  }
  return epoch;
}
} // namespace

namespace {
int64_t pointOf(const RematStep &step, Operation *op) {
  Operation *top = step.block->findAncestorOpInBlock(*op);
  return 2 * step.position.lookup(top) + 1;
}
} // namespace

RematPeakModel::RematPeakModel(const RematStep &step, int64_t alignment,
                               const GistPlan &plan)
    : step(step), alignment(std::max<int64_t>(1, alignment)),
      profile(2 * step.position.size() + 1) {
  size_t ops = step.position.size();
  opAt.reserve(ops);
  operandBegin.reserve(ops + 1);
  resultBegin.reserve(ops + 1);
  for (Operation &op : *step.block) {
    opAt.push_back(&op);
    auto cost = dyn_cast<CostOpInterface>(op);
    opFlops.push_back(cost ? cost.getFlops() : 0);
    operandBegin.push_back(int32_t(operandDef.size()));
    for (OpOperand &operand : op.getOpOperands()) {
      Operation *def = operand.get().getDefiningOp();
      operandDef.push_back(def ? positionOf(def) : -1);
      operandOverwritten.push_back(mayOverwrite(&op, operand));
    }
    resultBegin.push_back(int32_t(resultBytes.size()));
    for (Value result : op.getResults()) {
      resultBytes.push_back(sizeOf(result));
      useBegin.push_back(int32_t(useUser.size()));
      for (OpOperand &use : result.getUses()) {
        Operation *user = use.getOwner();
        useUser.push_back(user->getBlock() == step.block ? positionOf(user)
                                                         : -1);
        useOperand.push_back(int32_t(use.getOperandNumber()));
      }
    }
  }
  operandBegin.push_back(int32_t(operandDef.size()));
  resultBegin.push_back(int32_t(resultBytes.size()));
  useBegin.push_back(int32_t(useUser.size()));
  // Value ids, once every result has its index.
  valueOf.reserve(resultBytes.size() + step.block->getNumArguments());
  for (Operation *op : opAt)
    llvm::append_range(valueOf, op->getResults());
  llvm::append_range(valueOf, step.block->getArguments());
  operandId.reserve(operandDef.size());
  for (Operation *op : opAt)
    for (Value operand : op->getOperands())
      operandId.push_back(idOf(operand));
  pathMark.assign(ops, 0);
  bodyMark.assign(ops, 0);
  pathIndex.assign(ops, 0);
  bodyIndex.assign(ops, 0);
  valueMark.assign(valueOf.size(), 0);
  // At most one state per result (std::vector would copy them on growth).
  values.reserve(resultBytes.size());

  for (Operation &op : *step.block) {
    if (isa<StashOp>(op))
      continue; // a stash names its input's storage, it has none of its own
    for (Value result : op.getResults()) {
      // Returned values (weight gradients, updates) are persistent outputs,
      // outside the arena the planner packs.
      if (llvm::any_of(result.getUsers(), [](Operation *user) {
            return user->hasTrait<mlir::OpTrait::IsTerminator>();
          }))
        continue;
      ValueState state;
      state.def = state.forwardEnd = pointOf(step, &op);
      state.bytes = resultBytes[idOf(result)];
      auto noteReader = [&](OpOperand &use) {
        Operation *user = use.getOwner();
        bool overwrites =
            user->getBlock() == step.block
                ? bool(operandOverwritten[operandBegin[positionOf(user)] +
                                          use.getOperandNumber()])
                : mayOverwrite(user, use);
        if (overwrites)
          state.overwrittenAt.push_back(pointOf(step, user));
      };
      for (OpOperand &use : result.getUses()) {
        Operation *user = use.getOwner();
        if (auto stash = dyn_cast<StashOp>(user)) {
          for (OpOperand &later : stash.getResult().getUses()) {
            state.stashUses.push_back(pointOf(step, later.getOwner()));
            noteReader(later);
          }
          continue;
        }
        state.forwardEnd = std::max(state.forwardEnd, pointOf(step, user));
        noteReader(use);
      }
      // Stored encoded after the last forward use when that is smaller.
      for (Operation *user : result.getUsers())
        if (auto stash = dyn_cast<StashOp>(user)) {
          int64_t encoded = aligned(encodedStashBytes(stash, plan));
          if (encoded < state.bytes)
            state.maskBytes = encoded;
        }
      if (int64_t encoded =
              aligned(encodedRegionInputBytes(result, plan));
          encoded < state.bytes)
        state.regionBytes = encoded;
      llvm::sort(state.stashUses);
      state.account(profile, 1);
      values.push_back({result, std::move(state)});
    }
  }
  touchMark.assign(valueMark.size(), 0);
  nextEpoch(touchMark, touchEpoch);
  stateById.assign(valueMark.size(), nullptr);
  for (auto &[value, state] : values)
    stateById[idOf(value)] = &state;
}

const RematPeakModel::ValueState *RematPeakModel::stateOf(Value v) const {
  // Only results of the block's ops are tracked.
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != step.block)
    return nullptr;
  return stateById[idOf(v)];
}

void RematPeakModel::touch(int32_t id) {
  if (touchMark[id] == touchEpoch)
    return;
  touchMark[id] = touchEpoch;
  touched.push_back({id, stateById[id]->intervals()});
}

void RematPeakModel::collectTouched() {
  // Only the intervals that change move in the profile (most updates
  // leave a value's end where it was), each once however many regions
  // of the change read the value.
  for (const auto &[id, was] : touched) {
    ValueState::Intervals now = stateById[id]->intervals();
    for (size_t k = 0; k < was.size(); ++k) {
      const auto &[start, end, bytes] = was[k];
      if (was[k] == now[k])
        continue;
      if (now[k][0] != start || now[k][2] != bytes) {
        deltas.push_back({start, end, -bytes});
        deltas.push_back(now[k]);
        continue;
      }
      // Same start and size: only the points between the two ends change
      // (an end before the start is an empty interval).
      int64_t before = std::max(end, start - 1),
              after = std::max(now[k][1], start - 1);
      if (after > before)
        deltas.push_back({before + 1, after, bytes});
      else
        deltas.push_back({after + 1, before, -bytes});
    }
  }
  touched.clear();
  nextEpoch(touchMark, touchEpoch);
}

void RematPeakModel::addDeltas() {
  for (const auto &[start, end, bytes] : deltas)
    profile.add(start, end, bytes);
  deltas.clear();
}

RematPeakModel::Groups
RematPeakModel::groups(ArrayRef<Operation *> path, int64_t window) const {
  // Path values read later (through a stash), grouped by their first
  // reader: by point, then in path order.
  SmallVector<std::pair<int64_t, Value>> readLater;
  for (Operation *op : path) {
    int32_t pos = positionOf(op);
    for (int32_t r = resultBegin[pos]; r < resultBegin[pos + 1]; ++r) {
      const ValueState *state = stateById[r];
      if (!state || state->stashUses.empty())
        continue;
      int64_t first = state->stashUses.front();
      int64_t at = first % 2 ? first - 1 : first; // just before that op
      readLater.push_back({at, valueOf[r]});
    }
  }
  llvm::stable_sort(readLater, [](const auto &a, const auto &b) {
    return a.first < b.first;
  });
  Groups byPoint;
  // Groups grow by moving (SmallVector's move is not noexcept): sized once.
  size_t points = 0;
  for (size_t i = 0; i < readLater.size(); ++i)
    points += i == 0 || readLater[i].first != readLater[i - 1].first;
  byPoint.reserve(points);
  for (auto [at, v] : readLater) {
    if (byPoint.empty() || byPoint.back().at != at)
      byPoint.emplace_back().at = at;
    byPoint.back().yielded.push_back(v);
  }
  // A group within `window` points of the previous one joins it: values
  // live a little longer, shared ancestors are recomputed once.
  if (window > 0 && byPoint.size() > 1) {
    Groups merged;
    merged.reserve(byPoint.size());
    for (Group &group : byPoint) {
      if (!merged.empty() && group.at - merged.back().at <= window) {
        merged.back().yielded.append(group.yielded.begin(),
                                     group.yielded.end());
        continue;
      }
      merged.push_back(std::move(group));
    }
    byPoint = std::move(merged);
  }

  markPath(path);
  auto withBodies = [&](Groups &groups) {
    for (Group &group : groups)
      fillBody(group);
    return std::move(groups);
  };

  // Regions that recompute a common op become one, at the earliest point:
  // every path op is then re-run at most once, yet regions that share
  // nothing (a chain cut by stashed links) stay apart. One walk over the
  // path: each group claims the ancestors no earlier group claimed and
  // joins the groups whose claimed ops it reaches (their bodies meet).
  auto joinShared = [&](const Groups &inOrder) {
    SmallVector<size_t> leader(inOrder.size());
    std::iota(leader.begin(), leader.end(), 0);
    auto find = [&](size_t i) {
      while (leader[i] != i)
        i = leader[i] = leader[leader[i]];
      return i;
    };
    // Claims by block position (bodyMark/bodyIndex: fillBody starts its
    // own epoch afterwards).
    uint32_t epoch = nextEpoch(bodyMark, bodyEpoch);
    SmallVector<int32_t> worklist;
    for (auto [i, group] : llvm::enumerate(inOrder)) {
      for (Value v : group.yielded)
        worklist.push_back(positionOf(v.getDefiningOp()));
      while (!worklist.empty()) {
        int32_t pos = worklist.pop_back_val();
        if (pos < 0 || onPathIndex(pos) < 0)
          continue;
        if (bodyMark[pos] == epoch) {
          leader[find(i)] = find(size_t(bodyIndex[pos]));
          continue;
        }
        bodyMark[pos] = epoch;
        bodyIndex[pos] = int32_t(i);
        for (int32_t k = operandBegin[pos]; k < operandBegin[pos + 1]; ++k)
          worklist.push_back(operandDef[k]);
      }
    }
    // Each set of joined groups at its first (earliest) member's point.
    Groups joined;
    joined.reserve(inOrder.size());
    SmallVector<int32_t> joinedAt(inOrder.size(), -1);
    for (auto [i, group] : llvm::enumerate(inOrder)) {
      int32_t &slot = joinedAt[find(i)];
      if (slot < 0) {
        slot = int32_t(joined.size());
        joined.emplace_back().at = group.at;
      }
      Group &into = joined[slot];
      into.yielded.append(group.yielded.begin(), group.yielded.end());
    }
    return withBodies(joined);
  };
  if (window == kJoinShared)
    return byPoint.size() < 2 ? withBodies(byPoint) : joinShared(byPoint);
  if (byPoint.size() > 1) {
    // Per-use regions (or those joined within a window) re-run the path up
    // to each use: on a long chain of light ops that is quadratic in its
    // length (the regions alone would clone n^2/2 ops). Past
    // kPerUseBudget cloned ops they are joined where they share ops
    // instead, as kJoinShared does.
    int64_t cloned = 0;
    for (Group &group : byPoint) {
      fillBody(group);
      cloned += group.body.size();
      if (cloned > kPerUseBudget)
        return joinShared(byPoint);
    }
    return byPoint;
  }
  return withBodies(byPoint);
}


void RematPeakModel::markPath(ArrayRef<Operation *> path) const {
  nextEpoch(pathMark, pathEpoch);
  pathPositions.clear();
  for (auto [i, op] : llvm::enumerate(path)) {
    int32_t pos = positionOf(op);
    pathMark[pos] = pathEpoch;
    pathIndex[pos] = int32_t(i);
    pathPositions.push_back(pos);
  }
}

void RematPeakModel::fillBody(Group &group) const {
  // The path ops the yielded values depend on, in path order.
  uint32_t epoch = nextEpoch(bodyMark, bodyEpoch);
  SmallVector<int32_t> &worklist = bodyWorklist;
  SmallVector<int32_t> body;
  worklist.clear();
  for (Value v : group.yielded)
    if (Operation *def = v.getDefiningOp())
      worklist.push_back(positionOf(def));
  group.body.clear();
  group.footprint.reset();
  int32_t first = INT32_MAX, last = -1; // path indices the body spans
  while (!worklist.empty()) {
    int32_t pos = worklist.pop_back_val();
    int32_t index = int32_t(onPathIndex(pos));
    if (index < 0 || bodyMark[pos] == epoch)
      continue;
    bodyMark[pos] = epoch;
    body.push_back(pos);
    first = std::min(first, index);
    last = std::max(last, index);
    for (int32_t k = operandBegin[pos]; k < operandBegin[pos + 1]; ++k)
      if (operandDef[k] >= 0)
        worklist.push_back(operandDef[k]);
  }
  // In path order: read off the path where the body fills most of its
  // span (a chain's prefix), else sorted by index on the path (the work
  // stays the body's, not the path's).
  if (int64_t(last) - first < 4 * int64_t(body.size())) {
    body.clear();
    for (int32_t i = first; i <= last; ++i) {
      int32_t pos = pathPositions[i];
      if (bodyMark[pos] == epoch && pathIndex[pos] == i)
        body.push_back(pos);
    }
  } else {
    llvm::sort(body, [&](int32_t a, int32_t b) {
      return pathIndex[a] < pathIndex[b];
    });
  }
  group.body.reserve(body.size());
  group.inputs.clear();
  group.inputIds.clear();
  group.bodyFlops = 0;
  uint32_t inputEpoch = nextEpoch(valueMark, valueEpoch);
  for (int32_t pos : body) {
    group.body.push_back(opAt[pos]);
    group.bodyFlops += opFlops[pos];
    for (int32_t k = operandBegin[pos]; k < operandBegin[pos + 1]; ++k) {
      int32_t def = operandDef[k];
      if (def >= 0 && bodyMark[def] == epoch)
        continue;
      // Each input once, in order of first read.
      int32_t id = operandId[k];
      if (valueMark[id] != inputEpoch) {
        valueMark[id] = inputEpoch;
        group.inputIds.push_back(id);
      }
    }
  }
  group.inputs.reserve(group.inputIds.size());
  for (int32_t id : group.inputIds)
    group.inputs.push_back(valueOf[id]);
  group.positions = std::move(body);
}

int64_t RematPeakModel::aligned(int64_t bytes) const {
  return (bytes + alignment - 1) / alignment * alignment;
}

int64_t RematPeakModel::sizeOf(Value v) const {
  return aligned(getStorageBytes(v.getType()));
}

int64_t RematPeakModel::internalPeak(const Group &group) const {
  // Temporaries of the body live from their op to their last reader inside
  // it (ending just before it when that reader writes over them); yielded
  // values are charged by their own intervals.
  uint32_t yieldedEpoch = nextEpoch(valueMark, valueEpoch);
  for (Value v : group.yielded)
    valueMark[idOf(v)] = yieldedEpoch;
  uint32_t epoch = nextEpoch(bodyMark, bodyEpoch);
  for (auto [i, pos] : llvm::enumerate(group.positions)) {
    bodyMark[pos] = epoch;
    bodyIndex[pos] = int32_t(i);
  }
  SmallVector<int64_t> &diesBefore = bodyScratch[0],
                       &diesAfter = bodyScratch[1];
  diesBefore.assign(group.positions.size(), 0);
  diesAfter.assign(group.positions.size(), 0);
  int64_t live = 0, peak = 0;
  for (auto [i, pos] : llvm::enumerate(group.positions)) {
    live -= diesBefore[i];
    for (int32_t r = resultBegin[pos]; r < resultBegin[pos + 1]; ++r) {
      if (valueMark[r] == yieldedEpoch)
        continue;
      size_t last = i;
      int32_t lastUse = -1;
      for (int32_t u = useBegin[r]; u < useBegin[r + 1]; ++u) {
        int32_t user = useUser[u];
        if (user >= 0 && bodyMark[user] == epoch &&
            size_t(bodyIndex[user]) >= last) {
          last = bodyIndex[user];
          lastUse = u;
        }
      }
      int64_t bytes = resultBytes[r];
      live += bytes;
      if (lastUse >= 0 &&
          operandOverwritten[operandBegin[useUser[lastUse]] +
                             useOperand[lastUse]])
        diesBefore[last] += bytes;
      else
        diesAfter[last] += bytes;
    }
    peak = std::max(peak, live);
    live -= diesAfter[i];
  }
  return peak;
}

int64_t RematPeakModel::flops(ArrayRef<Group> groups) {
  int64_t total = 0;
  for (const Group &group : groups)
    total += group.bodyFlops;
  return total;
}

void RematPeakModel::takeUses(ArrayRef<Group> groups, Change &change) {
  for (const Group &group : groups) {
    const Group::Footprint &footprint = footprintOf(group);
    for (int32_t id : footprint.yieldedIds) {
      ValueState &state = *stateById[id];
      if (state.stashUses.empty())
        continue;
      touch(id);
      // The recomputed value replaces the stash for all of its readers.
      if (state.bytes)
        change.intervals.push_back(
            {group.at, state.stashUses.back(), state.bytes});
      change.movedPoints.append(state.stashUses.begin(),
                                state.stashUses.end());
      change.moved.push_back({id, int32_t(change.movedPoints.size())});
      state.stashUses.clear();
    }
    for (auto [id, overwritten] :
         llvm::zip_equal(footprint.trackedInputIds, footprint.overwritten)) {
      touch(id);
      ValueState &state = *stateById[id];
      insertPoint(state.regionUses, group.at);
      if (overwritten)
        state.overwrittenAt.push_back(group.at);
      change.addedUses.push_back({id, group.at, bool(overwritten)});
    }
    if (footprint.bytes)
      change.intervals.push_back({group.at, group.at, footprint.bytes});
  }
}

void RematPeakModel::giveBackUses(const Change &change, bool noteTouched) {
  for (const auto &[id, at, overwritten] : change.addedUses) {
    if (noteTouched)
      touch(id);
    ValueState &state = *stateById[id];
    erasePoint(state.regionUses, at);
    if (overwritten)
      state.overwrittenAt.erase(llvm::find(state.overwrittenAt, at));
  }
  int32_t begin = 0;
  for (auto [id, end] : change.moved) {
    if (noteTouched)
      touch(id);
    auto &uses = stateById[id]->stashUses;
    size_t was = uses.size();
    uses.append(change.movedPoints.begin() + begin,
                change.movedPoints.begin() + end);
    std::inplace_merge(uses.begin(), uses.begin() + was, uses.end());
    begin = end;
  }
}

RematPeakModel::Change RematPeakModel::apply(ArrayRef<Group> groups) {
  // Values' intervals move in the profile once, after all their uses moved.
  Change change;
  takeUses(groups, change);
  deltas.assign(change.intervals.begin(), change.intervals.end());
  collectTouched();
  addDeltas();
  return change;
}

int64_t RematPeakModel::peakWith(ArrayRef<Group> groups) {
  // apply's changes (and the suspended change taken out), read off the
  // profile without making them; then the uses as they were.
  Change change;
  takeUses(groups, change);
  deltas.assign(change.intervals.begin(), change.intervals.end());
  collectTouched();
  int64_t peak = profile.peakWith(deltas, &suspended);
  deltas.clear();
  giveBackUses(change, /*noteTouched=*/false);
  return peak;
}

void RematPeakModel::suspend(const Change &change) {
  // What revert would add to the profile, kept aside.
  for (const auto &[start, end, bytes] : change.intervals)
    deltas.push_back({start, end, -bytes});
  giveBackUses(change, /*noteTouched=*/true);
  collectTouched();
  profile.stepsOf(deltas, suspended);
  deltas.clear();
}

void RematPeakModel::resume(const Change &change) {
  retakeUses(change);
  suspended.clear();
}

void RematPeakModel::retakeUses(const Change &change) {
  // takeUses' effect, as giveBackUses found it.
  for (const auto &[id, at, overwritten] : change.addedUses) {
    ValueState &state = *stateById[id];
    insertPoint(state.regionUses, at);
    if (overwritten)
      state.overwrittenAt.push_back(at);
  }
  int32_t begin = 0;
  for (auto [id, end] : change.moved) {
    auto &uses = stateById[id]->stashUses;
    for (int32_t k = begin; k < end; ++k)
      erasePoint(uses, change.movedPoints[k]);
    begin = end;
  }
}

const RematPeakModel::Group::Footprint &
RematPeakModel::footprintOf(const Group &group) const {
  if (group.footprint)
    return *group.footprint;
  Group::Footprint &footprint = group.footprint.emplace();
  // A body op may write over an input where the region is its last use.
  uint32_t overwrittenEpoch = nextEpoch(valueMark, valueEpoch);
  for (int32_t pos : group.positions)
    for (int32_t k = operandBegin[pos]; k < operandBegin[pos + 1]; ++k)
      if (operandOverwritten[k])
        valueMark[operandId[k]] = overwrittenEpoch;
  // An input kept encoded is decoded for the region: that copy is live
  // while the region runs.
  int64_t decoded = 0;
  for (int32_t id : group.inputIds) {
    const ValueState *state = stateById[id];
    if (!state)
      continue;
    footprint.trackedInputIds.push_back(id);
    footprint.overwritten.push_back(valueMark[id] == overwrittenEpoch);
    if (state->regionBytes)
      decoded += state->bytes;
  }
  // Yielded values are path results: the model tracks each, unless it is
  // returned (then it has no stash to take over).
  for (Value v : group.yielded)
    if (int32_t id = idOf(v); stateById[id])
      footprint.yieldedIds.push_back(id);
  footprint.bytes = internalPeak(group) + decoded;
  return footprint;
}

void RematPeakModel::revert(const Change &change) {
  for (const auto &[start, end, bytes] : change.intervals)
    deltas.push_back({start, end, -bytes});
  giveBackUses(change, /*noteTouched=*/true);
  collectTouched();
  addDeltas();
}
