//===- BudgetPlan.cpp - The fastest memory plan within a byte budget ------===//
//
// echo-budget-plan: tries every combination of the memory techniques on
// copies of the module, plans and simulates each with the pipeline's own
// passes, and keeps the fastest whose planned peak fits the budget. The
// candidates do not depend on the budget, so the choice is monotonic in it,
// and each peak is the planner's, not a model's.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Transforms/MemoryPipeline.h"
#include "EchoDialect/Transforms/Passes.h"
#include "EchoDialect/Transforms/PlanPipeline.h"
#include "StashDecisions.h"
#include "StepTasks.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MD5.h"

#include <cmath>
#include <set>
#include <optional>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOBUDGETPLAN
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {


/// The stashes' storage precisions allowed at or above `floor`, lossless
/// first, then from the most precise down.
SmallVector<GistMode> gistModesAllowed(DprFormat floor) {
  SmallVector<GistMode> modes{GistMode::None, GistMode::Lossless};
  if (floor == DprFormat::None)
    return modes;
  modes.push_back(GistMode::Fp16);
  if (floor == DprFormat::Fp16)
    return modes;
  modes.push_back(GistMode::Fp10);
  if (floor == DprFormat::Fp10)
    return modes;
  modes.push_back(GistMode::Fp8);
  return modes;
}

/// A step time no candidate can beat, from the Baseline's simulated module:
/// the compute stream's kernels, summed over `functions`. Every technique
/// only adds work to that stream (recomputation, encoding, decoding) or to
/// the copy stream (offload), and a step lasts at least its compute
/// stream's busy time, except where an encoding swaps a backward kernel for
/// another form (ReLU's gradient from a bit mask, max pooling's from the
/// argmax): those kernels count as free.
double stepLowerBound(ModuleOp baseline, ArrayRef<StringRef> functions,
                      const DeviceProfile &profile) {
  double seconds = 0;
  for (StringRef name : functions) {
    auto fn = baseline.lookupSymbol<func::FuncOp>(name);
    if (!fn || !fn.getBody().hasOneBlock())
      continue;
    std::vector<Operation *> ops;
    std::vector<StreamTask> tasks = stepTasks(fn.front(), profile, ops);
    for (auto [task, op] : llvm::zip_equal(tasks, ops))
      if (task.stream == Stream::Compute &&
          !isa<ReluGradOp, MaxPool2DGradOp>(op))
        seconds += task.seconds;
  }
  return seconds;
}

/// How a mix picks the stash decisions it takes back.
enum class MixFamily {
  TimePerByte, // a prefix of stashDecisions' order
  Peak,        // a prefix of peakOrder's
  Milp,        // the set solveStashMix chooses within a live-bytes limit
};

/// Which of a candidate's decisions a mix may take back. Each family is
/// made over each set, so a candidate keeps every mix the first set gives.
enum class DecisionSet {
  Stashes,       // precision reductions (with their offloads) and offloads
  WithRegions,   // and recompute regions
  OffloadsApart, // and each encoded form's offload on its own
};
constexpr DecisionSet kDecisionSets[] = {
    DecisionSet::Stashes, DecisionSet::WithRegions, DecisionSet::OffloadsApart};

/// The decisions of `set` in `fns` (a copy of a candidate as simulated),
/// with `savings` (by findStashDecisions' index) as measured on the
/// candidate: every copy of it has the same decisions, so they are
/// simulated once per candidate, not once per set and mix.
std::vector<StashDecision> decisionsOf(ArrayRef<func::FuncOp> fns,
                                       ArrayRef<double> savings,
                                       const DeviceProfile &profile,
                                       DecisionSet set) {
  std::vector<StashDecision> all = findStashDecisions(fns);
  if (all.size() == savings.size())
    for (StashDecision &d : all)
      d.seconds = savings[d.index];
  else // not the candidate's copy (a bug in staging): measured afresh
    measureSavings(fns, all, profile);
  return decisionSet(all, set == DecisionSet::WithRegions,
                     set == DecisionSet::OffloadsApart);
}

/// A candidate with `count` of the decisions of `set` taken back.
struct Mix {
  MixFamily family = MixFamily::TimePerByte;
  DecisionSet set = DecisionSet::Stashes;
  unsigned count = 0;
  std::vector<unsigned> chosen; // Milp: indices into stashDecisions' order
  double seconds = 0;   // simulated on the candidate's tasks
  bool planned = false; // and planned, which simulates its IR
  int64_t peak = 0;
  double planSeconds = 0; // the planned IR's simulated step
};

struct Outcome {
  MemoryChoice choice;
  unsigned staged = 0;     // index of its (remat, gist) copy
  bool simulated = false;  // its passes ran and the step was simulated
  bool planned = false;    // and it was planned
  int64_t peak = 0;        // of the largest function
  int64_t persistent = 0;  // the most persistent bytes of a function
  double seconds = 0;      // all functions' simulated steps
  unsigned decisions = 0;  // stash decisions a mix may take back
  unsigned regions = 0;    // and recompute regions, in mixes with regions
  unsigned offloads = 0;   // and encoded forms' offloads, taken apart
  std::vector<double> savings; // measureSavings, by findStashDecisions' index
  SmallVector<Mix> mixes;  // by family, then count; none without decisions
  bool milpMixes = false;  // the Milp family was made (only for a fit)
};

std::string describe(const MemoryChoice &c) {
  return llvm::formatv("remat={0} gist={1} offload={2}",
                       optionSpelling(c.remat), optionSpelling(c.gist),
                       optionSpelling(c.offload))
      .str();
}

std::string familySpelling(const Mix &m) {
  StringRef family = "?";
  switch (m.family) {
  case MixFamily::TimePerByte:
    family = "time-per-byte";
    break;
  case MixFamily::Peak:
    family = "peak";
    break;
  case MixFamily::Milp:
    family = "milp";
    break;
  }
  switch (m.set) {
  case DecisionSet::Stashes:
    break;
  case DecisionSet::WithRegions:
    return (family + "-with-regions").str();
  case DecisionSet::OffloadsApart:
    return (family + "-offloads-apart").str();
  }
  return family.str();
}

/// The limits on the live bytes that the peak and Milp families' mixes
/// keep within: the peak with every decision kept (what taking back
/// grows no peak), then j/steps of the growth taking back every decision
/// that saves time adds, j = 1 ... steps. `peaks` as peakOrder gives
/// them; `useful`: how many of its decisions save time.
SmallVector<int64_t> mixLimits(const std::vector<int64_t> &peaks,
                               unsigned useful, uint64_t steps) {
  SmallVector<int64_t> limits{peaks[0]};
  int64_t growth = peaks[useful] - peaks[0];
  for (uint64_t j = 1; j <= steps && growth > 0; ++j)
    limits.push_back(peaks[0] +
                     int64_t((j * uint64_t(growth) + steps - 1) / steps));
  return limits;
}

/// The points of a fixed grid of byte counts strictly between `from` and
/// `to`: 2^(k/8) rounded, about 9% apart, in integer arithmetic so that
/// every machine gives the same. The peak family's mixes take these limits
/// too: j/steps of the growth is coarse where one stash decision is a small
/// share of it, and a grid that does not depend on the budget keeps the
/// choice monotonic.
SmallVector<int64_t> gridLimits(int64_t from, int64_t to) {
  // round(256 * 2^(j/8)), j = 0 ... 7.
  static constexpr int64_t kMantissa[] = {256, 279, 304, 332,
                                          362, 395, 431, 470};
  SmallVector<int64_t> limits;
  for (int shift = 0; shift < 62 - 9; ++shift)
    for (int64_t m : kMantissa) {
      int64_t g = (m << shift) >> 8;
      if (g >= to)
        return limits;
      if (g > from && (limits.empty() || g > limits.back()))
        limits.push_back(g);
    }
  return limits;
}

/// How many of the first `useful` decisions of the peak order the largest
/// prefix whose live bytes stay within `limit` takes back.
unsigned mostWithin(const std::vector<int64_t> &peaks, unsigned useful,
                    int64_t limit) {
  unsigned count = 0;
  for (unsigned k = 1; k <= useful; ++k)
    if (peaks[k] <= limit)
      count = k;
  return count;
}

/// Takes back `m`'s decisions in `fns`, a copy of its candidate `o` as
/// simulated.
void applyMix(ArrayRef<func::FuncOp> fns, const Outcome &o, const Mix &m,
              const DeviceProfile &profile) {
  std::vector<StashDecision> decisions =
      decisionsOf(fns, o.savings, profile, m.set);
  switch (m.family) {
  case MixFamily::TimePerByte:
    takeBack(decisions, m.count);
    return;
  case MixFamily::Peak: {
    std::vector<int64_t> peaks;
    takeBack(peakOrder(fns, std::move(decisions), peaks), m.count);
    return;
  }
  case MixFamily::Milp: {
    std::vector<StashDecision> chosen;
    for (unsigned i : m.chosen)
      chosen.push_back(decisions[i]);
    takeBack(chosen, chosen.size());
    return;
  }
  }
}

std::string microseconds(double seconds) {
  return llvm::formatv("{0:f3}", seconds * 1e6).str();
}

struct BudgetPlanPass : echo::impl::EchoBudgetPlanBase<BudgetPlanPass> {
  using Base::Base;
  BudgetPlanPass(const EchoBudgetPlanOptions &options,
                 std::function<void(OpPassManager &)> plan)
      : Base(options), planBuilder(std::move(plan)) {}

  void runOnOperation() override;

  /// What the candidates' dynamic pipelines load: those of every pass they
  /// may run.
  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    MemoryChoice every = baseChoice();
    every.remat = RematPolicy::Echo;
    every.gist = GistMode::Fp8;
    every.schedule = ScheduleOrder::Best;
    every.offload = OffloadPolicy::Greedy;
    buildMemoryPasses(pm, every);
    buildPlanPipeline(pm, /*assignBuffers=*/true, GradResults::Arena);
    if (planBuilder)
      planBuilder(pm);
    pm.getDependentDialects(registry);
  }

private:
  MemoryChoice baseChoice() const {
    MemoryChoice c;
    c.schedule = schedule;
    c.device = device;
    c.rematLayerStride = rematLayerStride;
    c.rematSolverNodes = rematSolverNodes;
    c.rematTimeLimit = rematTimeLimit;
    return c;
  }

  /// A copy of `from` (the module or an earlier copy) nested at the end of
  /// the module, where a dynamic pipeline may run on it.
  ModuleOp copyOf(ModuleOp from);

  /// Runs `pm` on `target` with every diagnostic swallowed: a candidate
  /// that fails (a policy that does not apply to the model) is skipped.
  LogicalResult runQuietly(OpPassManager &pm, ModuleOp target);

  /// Applies remat, gist and the order of every candidate to a copy of
  /// the module (kept in `staged`), then simulates each offload variant.
  std::vector<Outcome> simulateAll(ArrayRef<StringRef> functions);

  /// stepLowerBound of the Baseline, set by simulateAll.
  double lowerBound = 0;

  /// The step functions' names and where the first is (the place of
  /// warnings about candidates); whether simulateAll makes mixes.
  SmallVector<StringRef> stepNames;
  std::optional<Location> stepLoc;
  bool mixing = false;

  /// Plans `o` on a copy of its staged module; false if that failed.
  bool plan(Outcome &o, ArrayRef<StringRef> functions);

  /// Plans the Baseline on a copy of the module, before any candidate is
  /// staged; false if that failed.
  bool planBaseline(Outcome &o, ArrayRef<StringRef> functions);

  /// Runs offload and echo-simulate of `o` on a copy of its staged module,
  /// takes back the stash decisions of `mix` if given (and simulates
  /// again), then, with `planStep`, runs the planning passes; returns the
  /// copy.
  ModuleOp finish(const Outcome &o, const Mix *mix, bool planStep, bool &ok);

  /// The mixes of `o`, from its simulated module `simulated`.
  void addMixes(Outcome &o, ModuleOp simulated, ArrayRef<StringRef> functions);

  /// The Milp family of `o`'s mixes: one MILP per limit of mixLimits,
  /// each started from the peak order's mix within that limit. A solve
  /// that fails or stops is reported and leaves the greedy orders.
  void addMilpMixes(Outcome &o, ArrayRef<StringRef> functions);

  /// Plans mix `m` of `o`; false if that failed.
  bool planMix(const Outcome &o, Mix &m, ArrayRef<StringRef> functions);

  /// The planning passes each candidate gets; null: buildPlanPipeline.
  std::function<void(OpPassManager &)> planBuilder;

  SmallVector<ModuleOp> copies; // nested copies, erased when done
  SmallVector<ModuleOp> staged; // one per (remat, gist); null if it failed
                                // or repeats an earlier one
  /// The digest of each staged module's generic form, as staged: finds
  /// repeats without keeping every candidate's text.
  std::set<llvm::MD5::MD5Result> stagedDigests;
};

/// The generic form of `module`, as the repeat check compares it.
std::string genericText(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  return text;
}

/// The simulated seconds summed over `functions` of `copy`, and the
/// largest planned peak when `planned`; false if one lacks them.
static bool readOutcome(ModuleOp copy, ArrayRef<StringRef> functions,
                        bool planned, Outcome &o) {
  o.seconds = 0;
  o.peak = 0;
  o.persistent = 0;
  for (StringRef name : functions) {
    auto fn = copy.lookupSymbol<func::FuncOp>(name);
    auto sim =
        fn ? fn->getAttrOfType<DictionaryAttr>(kSimulatedStepAttr) : nullptr;
    auto step = sim ? sim.getAs<FloatAttr>("step") : nullptr;
    if (!step || (planned && !getArenaPlanAttr(fn)))
      return false;
    o.seconds += step.getValueAsDouble();
    if (planned) {
      o.peak = std::max(o.peak, plannedPeakBytes(fn));
      o.persistent = std::max(o.persistent, persistentBytes(fn));
    }
  }
  return true;
}

ModuleOp BudgetPlanPass::copyOf(ModuleOp from) {
  ModuleOp module = getOperation();
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto copy = ModuleOp::create(b, module.getLoc());
  IRMapping mapping;
  for (Operation &op : from.getBody()->without_terminator()) {
    auto nested = dyn_cast<ModuleOp>(&op);
    if (nested && llvm::is_contained(copies, nested))
      continue;
    copy.getBody()->push_back(op.clone(mapping));
  }
  copies.push_back(copy);
  return copy;
}

LogicalResult BudgetPlanPass::runQuietly(OpPassManager &pm, ModuleOp target) {
  ScopedDiagnosticHandler quiet(&getContext(),
                                [](Diagnostic &) { return success(); });
  return runPipeline(pm, target);
}

/// The functions `names` of `module`, in that order.
static SmallVector<func::FuncOp> functionsOf(ModuleOp module,
                                             ArrayRef<StringRef> names) {
  SmallVector<func::FuncOp> fns;
  for (StringRef name : names)
    fns.push_back(module.lookupSymbol<func::FuncOp>(name));
  return fns;
}

/// echo-simulate alone, on `device`.
static void addSimulate(OpPassManager &pm, DeviceKind device) {
  MemoryChoice simulateOnly;
  simulateOnly.device = device;
  simulateOnly.simulate = true;
  buildMemoryPasses(pm, simulateOnly);
}

ModuleOp BudgetPlanPass::finish(const Outcome &o, const Mix *mix, bool planStep,
                                bool &ok) {
  ModuleOp copy = copyOf(staged[o.staged]);
  OpPassManager pm(ModuleOp::getOperationName());
  MemoryChoice rest = o.choice; // remat, gist and order are applied
  rest.remat = RematPolicy::None;
  rest.gist = GistMode::None;
  rest.schedule = ScheduleOrder::Input;
  rest.simulate = true;
  buildMemoryPasses(pm, rest);
  if (mix) {
    ok = succeeded(runQuietly(pm, copy));
    if (!ok)
      return copy;
    applyMix(functionsOf(copy, stepNames), o, *mix, deviceProfileOf(device));
    pm.clear();
    addSimulate(pm, device);
  }
  if (planStep && planBuilder)
    planBuilder(pm);
  else if (planStep)
    buildPlanPipeline(pm, /*assignBuffers=*/true, gradResults);
  ok = succeeded(runQuietly(pm, copy));
  return copy;
}

void BudgetPlanPass::addMixes(Outcome &o, ModuleOp simulated,
                              ArrayRef<StringRef> functions) {
  SmallVector<func::FuncOp> fns = functionsOf(simulated, functions);
  DeviceProfile profile = deviceProfileOf(device);
  std::vector<StashDecision> all = findStashDecisions(fns);
  measureSavings(fns, all, profile);
  o.savings.clear();
  for (const StashDecision &d : all)
    o.savings.push_back(d.seconds);
  for (DecisionSet set : kDecisionSets) {
    std::vector<StashDecision> decisions =
        decisionSet(all, set == DecisionSet::WithRegions,
                    set == DecisionSet::OffloadsApart);
    switch (set) {
    case DecisionSet::Stashes:
      o.decisions = decisions.size();
      break;
    case DecisionSet::WithRegions:
      o.regions = decisions.size() - o.decisions;
      break;
    case DecisionSet::OffloadsApart:
      o.offloads = decisions.size() - o.decisions;
      break;
    }
    if (set != DecisionSet::Stashes && decisions.size() == o.decisions)
      continue; // the same decisions: the same mixes
    auto add = [&](MixFamily family, ArrayRef<StashDecision> ordered,
                   unsigned count) {
      if (count == 0 ||
          (!o.mixes.empty() && o.mixes.back().family == family &&
           o.mixes.back().set == set && o.mixes.back().count >= count))
        return;
      Mix m;
      m.family = family;
      m.set = set;
      m.count = count;
      m.seconds = simulateTakenBack(fns, ordered, count, profile);
      o.mixes.push_back(m);
    };
    // Time per byte: the first j/steps of them. More steps than decisions
    // give one mix per decision.
    uint64_t n = decisions.size();
    uint64_t steps = std::min<uint64_t>(mixSteps, n);
    for (uint64_t j = 1; j <= steps; ++j)
      add(MixFamily::TimePerByte, decisions,
          unsigned((j * n + steps - 1) / steps));
    // Peak: those that grow the live bytes' peak not at all, then the most
    // taken back within j/steps of the growth all that save time would add.
    std::vector<int64_t> peaks;
    decisions = peakOrder(fns, std::move(decisions), peaks);
    unsigned useful = 0;
    while (useful < decisions.size() && decisions[useful].seconds > 0)
      ++useful;
    SmallVector<int64_t> limits = mixLimits(peaks, useful, steps);
    if (useful)
      llvm::append_range(limits, gridLimits(peaks[0], peaks[useful]));
    llvm::sort(limits);
    for (int64_t limit : limits)
      add(MixFamily::Peak, decisions, mostWithin(peaks, useful, limit));
  }
}

void BudgetPlanPass::addMilpMixes(Outcome &o, ArrayRef<StringRef> functions) {
  o.milpMixes = true;
  bool ok = false;
  ModuleOp simulated = finish(o, nullptr, /*planStep=*/false, ok);
  auto erase = [&] { copies.pop_back_val().erase(); };
  if (!ok)
    return erase();
  SmallVector<func::FuncOp> fns = functionsOf(simulated, functions);
  DeviceProfile profile = deviceProfileOf(device);
  for (DecisionSet set : kDecisionSets) {
    if ((set == DecisionSet::WithRegions && !o.regions) ||
        (set == DecisionSet::OffloadsApart && !o.offloads))
      continue;
    std::vector<StashDecision> decisions =
        decisionsOf(fns, o.savings, profile, set);
    if (decisions.empty())
      continue;
    StashMixProblem problem = stashMixProblem(fns, decisions);
    // The peak order, as indices into `decisions`, for the starts.
    llvm::DenseMap<Operation *, unsigned> indexOf;
    for (auto [i, d] : llvm::enumerate(decisions))
      indexOf[d.removed.front()] = i;
    std::vector<int64_t> peaks;
    std::vector<StashDecision> byPeak = peakOrder(fns, decisions, peaks);
    unsigned useful = 0;
    while (useful < byPeak.size() && byPeak[useful].seconds > 0)
      ++useful;
    uint64_t steps = std::min<uint64_t>(mixSteps, decisions.size());
    for (int64_t limit : mixLimits(peaks, useful, steps)) {
      StashMixOptions options;
      options.limit = limit;
      options.nodes = rematSolverNodes;
      options.timeLimit = rematTimeLimit;
      options.fault = mixSolverFault;
      options.start.assign(decisions.size(), false);
      for (const StashDecision &d :
           ArrayRef(byPeak).take_front(mostWithin(peaks, useful, limit)))
        options.start[indexOf.lookup(d.removed.front())] = true;
      // A precision reduction taken back takes its offloads back too.
      for (auto [i, decision] : llvm::enumerate(problem.decisions))
        if (options.start[i])
          for (unsigned r : decision.requirements)
            options.start[r] = true;
      StashMixResult r = solveStashMix(problem, options);
      if (r.status == StashMixResult::Status::Failed ||
          r.status == StashMixResult::Status::Stopped) {
        mlir::emitWarning(*stepLoc, "echo-budget-plan: ")
            << "the stash mix MILP of " << describe(o.choice) << " at " << limit
            << " live bytes: " << r.failure
            << "; the greedy orders' mixes stand";
        continue;
      }
      if (r.status != StashMixResult::Status::Optimal &&
          r.status != StashMixResult::Status::Feasible)
        continue; // too large to solve: the greedy orders stand
      Mix m;
      m.family = MixFamily::Milp;
      m.set = set;
      for (unsigned i = 0; i < r.takeBack.size(); ++i)
        if (r.takeBack[i])
          m.chosen.push_back(i);
      m.count = m.chosen.size();
      bool repeat = llvm::any_of(o.mixes, [&](const Mix &other) {
        return other.family == MixFamily::Milp && other.set == set &&
               other.chosen == m.chosen;
      });
      if (m.count == 0 || repeat)
        continue;
      std::vector<StashDecision> chosen;
      for (unsigned i : m.chosen)
        chosen.push_back(decisions[i]);
      m.seconds = simulateTakenBack(fns, chosen, chosen.size(), profile);
      o.mixes.push_back(std::move(m));
    }
  }
  erase();
}

bool BudgetPlanPass::planMix(const Outcome &o, Mix &m,
                             ArrayRef<StringRef> functions) {
  bool ok = false;
  ModuleOp copy = finish(o, &m, /*planStep=*/true, ok);
  Outcome read;
  m.planned = ok && readOutcome(copy, functions, true, read);
  m.peak = read.peak;
  m.planSeconds = read.seconds;
  copies.pop_back_val().erase();
  // The mix was ranked by its tasks' simulation; the IR's must agree.
  if (m.planned &&
      std::llround(m.planSeconds * 1e12) != std::llround(m.seconds * 1e12))
    mlir::emitWarning(*stepLoc, "echo-budget-plan: ")
        << describe(o.choice) << " taking back " << m.count
        << " stash decisions (" << familySpelling(m) << " mix) simulates "
        << microseconds(m.planSeconds) << " us as IR and "
        << microseconds(m.seconds) << " us as tasks";
  return m.planned;
}

std::vector<Outcome>
BudgetPlanPass::simulateAll(ArrayRef<StringRef> functions) {
  std::vector<Outcome> outcomes;
  const RematPolicy remats[] = {RematPolicy::None,    RematPolicy::Mirror,
                                RematPolicy::Echo,    RematPolicy::Optimal,
                                RematPolicy::Selective,
                                RematPolicy::FullLayer};
  const OffloadPolicy offloads[] = {OffloadPolicy::None, OffloadPolicy::Dymem,
                                  OffloadPolicy::Greedy};
  for (RematPolicy remat : remats) {
    for (GistMode gist : gistModesAllowed(allowLossy)) {
      MemoryChoice choice = baseChoice();
      choice.remat = remat;
      choice.gist = gist;
      ModuleOp copy = copyOf(getOperation());
      OpPassManager pm(ModuleOp::getOperationName());
      buildMemoryPasses(pm, choice);
      bool fresh = succeeded(runQuietly(pm, copy));
      // A policy that changes nothing here (selective without attention
      // cores) repeats an earlier candidate: the earlier one stands.
      if (fresh) {
        // One text at a time, only its digest kept. The staged modules
        // themselves cannot be compared later: simulation annotates them.
        // Among at most 6 x 5 candidates, two different texts with one
        // 128-bit digest are not a practical concern.
        fresh = stagedDigests
                    .insert(llvm::MD5::hash(
                        llvm::arrayRefFromStringRef(genericText(copy))))
                    .second;
      }
      if (!fresh) {
        copies.pop_back_val().erase();
        copy = nullptr;
      }
      staged.push_back(copy);
      for (OffloadPolicy offload : offloads) {
        Outcome o;
        o.choice = choice;
        o.choice.offload = offload;
        o.choice.simulate = true;
        o.staged = staged.size() - 1;
        if (copy) {
          bool ok = false;
          ModuleOp simulated = finish(o, nullptr, /*planStep=*/false, ok);
          // An offload policy that moves nothing repeats offload=none.
          bool moves = false;
          simulated.walk([&](OffloadOp) {
            moves = true;
            return WalkResult::interrupt();
          });
          o.simulated = ok && (offload == OffloadPolicy::None || moves) &&
                        readOutcome(simulated, functions, false, o);
          if (outcomes.empty() && o.simulated) // the Baseline
            lowerBound =
                stepLowerBound(simulated, functions, deviceProfileOf(device));
          if (o.simulated && mixing)
            addMixes(o, simulated, functions);
          copies.pop_back_val().erase();
        }
        outcomes.push_back(o);
      }
    }
  }
  return outcomes;
}

bool BudgetPlanPass::plan(Outcome &o, ArrayRef<StringRef> functions) {
  bool ok = false;
  ModuleOp copy = finish(o, nullptr, /*planStep=*/true, ok);
  o.planned = ok && readOutcome(copy, functions, true, o);
  copies.pop_back_val().erase();
  return o.planned;
}

bool BudgetPlanPass::planBaseline(Outcome &o, ArrayRef<StringRef> functions) {
  o.choice = baseChoice();
  o.choice.simulate = true;
  ModuleOp copy = copyOf(getOperation());
  OpPassManager pm(ModuleOp::getOperationName());
  buildMemoryPasses(pm, o.choice);
  if (planBuilder)
    planBuilder(pm);
  else
    buildPlanPipeline(pm, /*assignBuffers=*/true, gradResults);
  o.planned = succeeded(runQuietly(pm, copy)) &&
              readOutcome(copy, functions, true, o);
  copies.pop_back_val().erase();
  return o.planned;
}

void BudgetPlanPass::runOnOperation() {
  ModuleOp module = getOperation();
  // Parsed (and checked) with the option (Core/PeakBudget.h).
  const PeakBudget *parsed = &budget.getValue();
  if (!parsed->isSet()) {
    mlir::emitError(module.getLoc(),
                    "echo-budget-plan: needs budget= (BYTES, NN% or min)");
    return signalPassFailure();
  }
  if (mixSteps < 0) {
    mlir::emitError(module.getLoc(), "echo-budget-plan: mix-steps must be 0 "
                                     "or more, got ")
        << int64_t(mixSteps);
    return signalPassFailure();
  }
  if (workspaceBudget != 0 && !planBuilder) {
    mlir::emitError(module.getLoc(),
                    "echo-budget-plan: workspace-budget must be 0 when the "
                    "pass runs alone; echo-training-pipeline plans the "
                    "candidates with its workspaces");
    return signalPassFailure();
  }
  SmallVector<func::FuncOp> steps;
  SmallVector<StringRef> names;
  for (auto fn : module.getOps<func::FuncOp>())
    if (!fn.isExternal() && fn.getBody().hasOneBlock()) {
      steps.push_back(fn);
      names.push_back(fn.getSymName());
    }
  if (steps.empty())
    return;

  stepNames = names;
  stepLoc = steps.front().getLoc();
  auto baselineFailed = [&] {
    mlir::emitError(module.getLoc(),
                    "echo-budget-plan: the Baseline step could not be "
                    "planned; run echo-training-pipeline without budget= "
                    "to see why");
    return signalPassFailure();
  };
  // The Baseline first: it gives a percentage its bytes, and its
  // persistent bytes (arguments and results: weights, optimizer state,
  // inputs, outputs) are in every candidate's peak, since no technique
  // moves an argument or a result. A budget
  // below them is refused before any candidate is staged.
  Outcome first;
  if (!planBaseline(first, names))
    return baselineFailed();
  int64_t limit = std::numeric_limits<int64_t>::max();
  if (parsed->kind == PeakBudget::Kind::Bytes)
    limit = parsed->bytes;
  else if (parsed->kind == PeakBudget::Kind::Percent) {
    double bytes = std::floor(double(first.peak) * parsed->percent / 100);
    if (bytes < 9.0e18) // else: no limit an int64 can state
      limit = int64_t(bytes);
  }
  if (limit < first.persistent) {
    mlir::emitError(steps.front().getLoc(), kNoPlanFitsMessage)
        << limit << " bytes: the step's arguments and results (weights, "
        << "optimizer state, inputs, outputs) alone take " << first.persistent
        << " bytes in every plan";
    return signalPassFailure();
  }
  // Mixes only add bytes to a plan: the smallest peak has none.
  mixing = parsed->kind != PeakBudget::Kind::Min && mixSteps > 0;
  std::vector<Outcome> outcomes = simulateAll(names);
  // The bound's premise, checked on every candidate (a failure is a bug in
  // it, reported, never a reason to refuse a plan).
  for (const Outcome &o : outcomes)
    if (o.simulated && o.seconds < lowerBound * (1 - 1e-9))
      mlir::emitWarning(module.getLoc(), "echo-budget-plan: ")
          << describe(o.choice) << " simulates " << microseconds(o.seconds)
          << " us, below the lower bound of " << microseconds(lowerBound)
          << " us";
  auto eraseCopies = [&] {
    for (ModuleOp copy : copies)
      copy.erase();
    copies.clear();
    staged.clear();
    stagedDigests.clear();
  };
  // The Baseline candidate (remat, gist, offload none) is the step
  // planned first: its plan stands, and the two simulations must agree (a
  // failure is a bug in staging, reported).
  Outcome &baseline = outcomes.front();
  if (!baseline.simulated) {
    eraseCopies();
    return baselineFailed();
  }
  if (std::llround(baseline.seconds * 1e12) !=
      std::llround(first.seconds * 1e12))
    mlir::emitWarning(module.getLoc(), "echo-budget-plan: the Baseline ")
        << "simulates " << microseconds(first.seconds) << " us planned and "
        << microseconds(baseline.seconds) << " us staged";
  baseline.planned = true;
  baseline.peak = first.peak;
  baseline.persistent = first.persistent;

  // The candidates from the fastest simulated step on (ties: the order
  // they were made in); the first that fits is the answer, so most are
  // never planned. budget=min plans them all.
  SmallVector<unsigned> order;
  for (unsigned i = 0; i < outcomes.size(); ++i)
    if (outcomes[i].simulated)
      order.push_back(i);
  // Compared in whole picoseconds: sums that differ only by rounding
  // (an overlapped copy) tie, and the candidate made first stands.
  auto picoseconds = [&](unsigned i) {
    return std::llround(outcomes[i].seconds * 1e12);
  };
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return picoseconds(a) < picoseconds(b);
  });
  const Outcome *best = nullptr, *smallest = nullptr;
  auto checkPersistent = [&](const Outcome &o) {
    if (o.persistent != first.persistent)
      mlir::emitWarning(module.getLoc(), "echo-budget-plan: ")
          << describe(o.choice) << " has " << o.persistent
          << " persistent bytes, the Baseline " << first.persistent;
  };
  for (unsigned i : order) {
    Outcome &o = outcomes[i];
    if (!o.planned && !plan(o, names))
      continue;
    checkPersistent(o);
    if (parsed->kind != PeakBudget::Kind::Min) {
      if (o.peak <= limit) {
        best = &o;
        break;
      }
      if (!smallest || o.peak < smallest->peak)
        smallest = &o;
      continue;
    }
    if (!best || o.peak < best->peak)
      best = &o;
  }

  // Per-value mixes: a candidate that fits may keep some stashes plain.
  // A mix counts only if it and every mix taking back fewer decisions fit
  // (they are planned in that order, so the walk stops at the first that
  // does not): a set that grows with the budget, whatever the peaks of
  // mixes beyond, so the choice stays monotonic. Every candidate that fits
  // and has a mix that could beat the plan so far is walked.
  const Mix *bestMix = nullptr;
  int64_t mixesPlanned = 0;
  if (best && mixing) {
    auto ps = [](double seconds) -> int64_t {
      return std::llround(seconds * 1e12);
    };
    int64_t fastest = ps(best->seconds);
    for (unsigned i : order) {
      Outcome &o = outcomes[i];
      // Mixes j.. of one order (they are stored by order, then count).
      auto couldBeat = [&](unsigned from) {
        return llvm::any_of(
            ArrayRef<Mix>(o.mixes).drop_front(from), [&](const Mix &m) {
              return m.family == o.mixes[from].family &&
                     m.set == o.mixes[from].set && ps(m.seconds) < fastest;
            });
      };
      if (!llvm::any_of(
              o.mixes, [&](const Mix &m) { return ps(m.seconds) < fastest; }) ||
          (!o.planned && !plan(o, names)) || o.peak > limit)
        continue;
      // Each order's walk from the fewest decisions taken back up.
      if (!o.milpMixes)
        addMilpMixes(o, names);
      for (MixFamily walk :
           {MixFamily::TimePerByte, MixFamily::Peak, MixFamily::Milp}) {
        for (DecisionSet set : kDecisionSets)
          for (unsigned j = 0; j < o.mixes.size(); ++j) {
            Mix &m = o.mixes[j];
            if (m.family != walk || m.set != set)
              continue;
            if (!couldBeat(j))
              break;
            ++mixesPlanned;
            if (!planMix(o, m, names) || m.peak > limit)
              break;
            if (ps(m.seconds) < fastest) {
              fastest = ps(m.seconds);
              best = &o;
              bestMix = &m;
            }
          }
      }
    }
  }
  eraseCopies();
  int64_t simulated = order.size();
  int64_t planned = llvm::count_if(
      outcomes, [](const Outcome &o) { return o.planned; });
  if (!best) {
    mlir::emitError(steps.front().getLoc(), kNoPlanFitsMessage)
        << limit << " bytes: the smallest planned peak is " << smallest->peak
        << " bytes (" << describe(smallest->choice) << ")";
    return signalPassFailure();
  }

  OpPassManager pm(ModuleOp::getOperationName());
  buildMemoryPasses(pm, best->choice);
  if (failed(runPipeline(pm, module)))
    return signalPassFailure();
  unsigned takenBack = bestMix ? bestMix->count : 0;
  unsigned decisions = best->decisions;
  if (bestMix && bestMix->set == DecisionSet::WithRegions)
    decisions += best->regions;
  if (bestMix && bestMix->set == DecisionSet::OffloadsApart)
    decisions += best->offloads;
  int64_t peak = bestMix ? bestMix->peak : best->peak;
  double seconds = bestMix ? bestMix->planSeconds : best->seconds;
  if (takenBack) {
    applyMix(steps, *best, *bestMix, deviceProfileOf(device));
    OpPassManager again(ModuleOp::getOperationName());
    addSimulate(again, device);
    if (failed(runPipeline(again, module)))
      return signalPassFailure();
  }

  Builder b(&getContext());
  int64_t budgetBytes = parsed->kind == PeakBudget::Kind::Min ? peak : limit;
  NamedAttribute entries[] = {
      b.getNamedAttr("budget", b.getI64IntegerAttr(budgetBytes)),
      b.getNamedAttr("remat",
                     b.getStringAttr(optionSpelling(best->choice.remat))),
      b.getNamedAttr("gist",
                     b.getStringAttr(optionSpelling(best->choice.gist))),
      b.getNamedAttr("offload",
                     b.getStringAttr(optionSpelling(best->choice.offload))),
      b.getNamedAttr("taken_back", b.getI64IntegerAttr(takenBack)),
      b.getNamedAttr("mix_order",
                     b.getStringAttr(bestMix ? familySpelling(*bestMix)
                                             : std::string("none"))),
      b.getNamedAttr("decisions", b.getI64IntegerAttr(decisions)),
      b.getNamedAttr("peak", b.getI64IntegerAttr(peak)),
      b.getNamedAttr("step", b.getF64FloatAttr(seconds)),
      b.getNamedAttr("candidates", b.getI64IntegerAttr(simulated)),
      b.getNamedAttr("planned", b.getI64IntegerAttr(planned)),
      b.getNamedAttr("mixes_planned", b.getI64IntegerAttr(mixesPlanned)),
      b.getNamedAttr("baseline_peak", b.getI64IntegerAttr(baseline.peak)),
      b.getNamedAttr("baseline_step", b.getF64FloatAttr(baseline.seconds)),
      b.getNamedAttr("step_lower_bound", b.getF64FloatAttr(lowerBound)),
  };
  DictionaryAttr record = b.getDictionaryAttr(entries);
  for (func::FuncOp fn : steps)
    fn->setAttr(kBudgetPlanAttr, record);
  if (!remarks)
    return;
  // At the location only: the function is not printed with it.
  InFlightDiagnostic remark =
      mlir::emitRemark(steps.front().getLoc(), "echo-budget-plan: ");
  if (parsed->kind == PeakBudget::Kind::Min)
    remark << "budget min";
  else
    remark << "budget " << limit << " bytes";
  if (parsed->kind == PeakBudget::Kind::Percent)
    remark << " (" << parsed->text << " of Baseline's " << baseline.peak << ")";
  remark << ": " << describe(best->choice);
  if (takenBack)
    remark << ", taking back " << takenBack << " of its " << decisions
           << " stash decisions (" << familySpelling(*bestMix) << " mix)";
  remark << ", planned peak " << peak << " bytes, simulated step "
         << microseconds(seconds) << " us (Baseline " << baseline.peak
         << " bytes, " << microseconds(baseline.seconds)
         << " us); no plan is faster than " << microseconds(lowerBound)
         << " us; " << planned << " of " << simulated << " candidates planned";
  if (mixing)
    remark << ", " << mixesPlanned << " per-value mixes";
}

} // namespace

std::unique_ptr<Pass>
mlir::echo::createEchoBudgetPlan(const EchoBudgetPlanOptions &options,
                                 std::function<void(OpPassManager &)> plan) {
  return std::make_unique<BudgetPlanPass>(options, std::move(plan));
}
