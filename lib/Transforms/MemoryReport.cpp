//===- MemoryReport.cpp - The planned footprint of a training step --------===//
//
// Reads the plan echo-buffer-assign left in the IR (arena views with
// offsets, sizes, lifetimes and categories) and the statistics
// echo-annotate-memory recorded, and prints them as text, JSON, a Chrome
// trace, an SVG chart or an HTML page (MemoryReportHtml.html, embedded at
// build time, renders the JSON data the pass writes into it). Changes nothing.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemoryReport.h"
#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOMEMORYREPORT
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// Categories of the arena, in stacking order. Results kept in the arena
/// (echo-arena-results) are weight_gradients there.
const StringRef kArenaCategories[] = {
    kCategoryStashed,   kCategoryEncoded, kCategoryWeightCopies,
    kCategoryImmediate,
    kCategoryGradientMaps, kCategoryWorkspace, kCategoryHost,
    kCategoryWeightGradients};
/// Persistent categories.
const StringRef kPersistentCategories[] = {kCategoryWeights,
                                           kCategoryWeightGradients,
                                           kCategoryOptimizerState,
                                           kCategoryInputs};
/// The categories of the breakdown, each once: persistent, then arena.
SmallVector<StringRef> breakdownCategories() {
  SmallVector<StringRef> all(std::begin(kPersistentCategories),
                             std::end(kPersistentCategories));
  for (StringRef c : kArenaCategories)
    if (!llvm::is_contained(all, c))
      all.push_back(c);
  return all;
}

struct PlannedBuffer {
  int64_t start, end, bytes, slot;
  std::string category, producer, location;
  int64_t offset = 0;
  /// For the HTML page: the view's SSA name and type, the encoding that
  /// writes it (echo_encode_KIND), and its host copy (offload, prefetch).
  std::string value, type, encoding, transfer;
};

/// Live arena bytes by category at one program point.
struct Sample {
  int64_t point;
  std::map<std::string, int64_t> bytes;
  int64_t total = 0;
};

/// echo-simulate's figures (echo.simulated_step), in seconds.
struct SimulatedStep {
  std::string device;
  double step = 0, compute = 0, transfer = 0, overlapped = 0,
         transferOnly = 0, computeOnly = 0;
  std::vector<double> busy[2]; // compute, copy: [start, end] pairs
};

/// echo-budget-plan's choice (echo.budget_plan).
struct BudgetPlanRecord {
  std::string remat, gist, offload;
  /// The order the decisions were taken back in (none: no mix).
  std::string mixOrder;
  int64_t budget = 0, candidates = 0, planned = 0;
  /// Per-value mixes: decisions taken back of those the choice made, and
  /// mixes planned.
  int64_t takenBack = 0, decisions = 0, mixesPlanned = 0;
  double stepLowerBound = 0; // seconds no plan beats
};

struct FunctionReport {
  std::string name;
  std::optional<SimulatedStep> simulated;
  std::optional<BudgetPlanRecord> budgetPlan;
  int64_t ops = 0, flopsForward = 0, flopsBackward = 0, flopsRecompute = 0;
  /// Data-parallel steps: collectives, ranks, bytes one rank sends a step.
  int64_t collectives = 0, ranks = 0, communicatedBytes = 0;
  std::map<std::string, int64_t> persistent, stashedByKind, atPeak;
  int64_t persistentBytes = 0, arenaBytes = 0, arenaLowerBound = 0;
  int64_t peakPoint = 0;
  /// The most stashed + encoded bytes live at any point (persistent ones
  /// included) and the first point with them: the step's activation
  /// memory, wherever its planned peak falls.
  int64_t activationBytes = 0, activationPoint = 0;
  std::string planner;
  std::vector<PlannedBuffer> buffers;
  std::vector<Sample> timeline;
  /// gist-encode's echo.csr_bounds: per bound (dense, profiled, asserted),
  /// the SSDC maps and their planned bytes.
  std::map<std::string, std::pair<int64_t, int64_t>> csrBounds;

  int64_t planned() const { return persistentBytes + arenaBytes; }
  int64_t persistentOf(StringRef category) const {
    auto it = persistent.find(category.str());
    return it == persistent.end() ? 0 : it->second;
  }
  /// Bytes of `category` live at the peak: persistent, and in the arena.
  int64_t atPeakOf(StringRef category) const {
    int64_t bytes = persistentOf(category);
    if (auto it = atPeak.find(category.str()); it != atPeak.end())
      bytes += it->second;
    return bytes;
  }
  int64_t lowerBound() const { return persistentBytes + arenaLowerBound; }
};

int64_t intOf(DictionaryAttr dict, StringRef key) {
  auto attr = dict ? dict.getAs<IntegerAttr>(key) : IntegerAttr();
  return attr ? attr.getInt() : 0;
}

std::map<std::string, int64_t> mapOf(DictionaryAttr dict, StringRef key) {
  std::map<std::string, int64_t> out;
  auto inner = dict ? dict.getAs<DictionaryAttr>(key) : DictionaryAttr();
  if (inner)
    for (NamedAttribute entry : inner)
      if (auto v = dyn_cast<IntegerAttr>(entry.getValue()))
        out[entry.getName().str()] = v.getInt();
  return out;
}

/// The runtime calls that read or write `buffer` (through the casts to the
/// ABI's unranked memref) and say more than its category: the encoding
/// that writes it, and its copy to or from a host slot.
void describeUses(Value buffer, PlannedBuffer &b) {
  SmallVector<Value> values{buffer};
  for (Operation *user : buffer.getUsers())
    if (auto cast = dyn_cast<memref::CastOp>(user))
      values.push_back(cast.getResult());
  for (Value v : values)
    for (OpOperand &use : v.getUses()) {
      auto call = dyn_cast<func::CallOp>(use.getOwner());
      if (!call)
        continue;
      StringRef callee = call.getCallee();
      // An encode entry (source, encoded, ...): the buffer it writes,
      // reported by its encoding.
      if (std::optional<EncodingKind> kind = encodingWrittenBy(callee)) {
        if (use.getOperandNumber() == 1)
          b.encoding = stringifyEncodingKind(*kind).str();
        continue;
      }
      bool offload = callee.starts_with("echo_offload") &&
                     callee != "echo_offload_wait";
      if (!offload && !callee.starts_with("echo_prefetch"))
        continue;
      b.transfer = offload ? "offloaded to host" : "prefetched from host";
      IntegerAttr slot;
      if (call.getNumOperands() > 1 &&
          matchPattern(call.getOperand(call.getNumOperands() - 1),
                       m_Constant(&slot)))
        b.transfer += " slot " + std::to_string(slot.getInt());
    }
}

FailureOr<FunctionReport> analyze(func::FuncOp fn) {
  FunctionReport r;
  r.name = fn.getSymName().str();
  auto stats = fn->getAttrOfType<DictionaryAttr>(kStepStatsAttr);
  std::optional<ArenaPlan> plan = getArenaPlan(fn);
  if (!stats || !plan)
    return fn.emitError("echo-memory-report: @")
           << r.name << " has no memory plan; run echo-training-pipeline (or "
                        "echo-annotate-memory, bufferization and "
                        "echo-buffer-assign) first";
  r.ops = intOf(stats, "ops");
  r.flopsForward = intOf(stats, "flops_forward");
  r.flopsBackward = intOf(stats, "flops_backward");
  r.flopsRecompute = intOf(stats, "flops_recompute");
  r.collectives = intOf(stats, "collectives");
  r.ranks = intOf(stats, "collective_ranks");
  r.communicatedBytes = intOf(stats, "communicated_bytes");
  r.persistent = mapOf(stats, "persistent");
  r.stashedByKind = mapOf(stats, "stashed_by_op_kind");
  for (auto &[category, bytes] : r.persistent)
    r.persistentBytes += bytes;
  r.arenaBytes = plan->arena.getBytes();
  r.arenaLowerBound = plan->arena.getLowerBound();
  r.planner = plan->arena.getPlanner().str();
  if (auto budget = fn->getAttrOfType<DictionaryAttr>(kBudgetPlanAttr)) {
    BudgetPlanRecord b;
    auto text = [&](StringRef key) {
      auto v = budget.getAs<StringAttr>(key);
      return v ? v.str() : std::string();
    };
    b.remat = text("remat");
    b.gist = text("gist");
    b.offload = text("offload");
    b.mixOrder = text("mix_order");
    b.budget = intOf(budget, "budget");
    b.candidates = intOf(budget, "candidates");
    b.planned = intOf(budget, "planned");
    b.takenBack = intOf(budget, "taken_back");
    b.decisions = intOf(budget, "decisions");
    b.mixesPlanned = intOf(budget, "mixes_planned");
    if (auto bound = budget.getAs<FloatAttr>("step_lower_bound"))
      b.stepLowerBound = bound.getValueAsDouble();
    r.budgetPlan = std::move(b);
  }
  if (auto sim = fn->getAttrOfType<DictionaryAttr>(kSimulatedStepAttr)) {
    SimulatedStep s;
    auto seconds = [&](StringRef key) {
      auto v = sim.getAs<FloatAttr>(key);
      return v ? v.getValueAsDouble() : 0.0;
    };
    if (auto device = sim.getAs<StringAttr>("device"))
      s.device = device.str();
    s.step = seconds("step");
    s.compute = seconds("compute");
    s.transfer = seconds("transfer");
    s.overlapped = seconds("overlapped");
    s.transferOnly = seconds("transfer_only");
    s.computeOnly = seconds("compute_only");
    const char *keys[] = {"compute_busy", "copy_busy"};
    for (int k = 0; k < 2; ++k)
      if (auto spans = sim.getAs<DenseF64ArrayAttr>(keys[k]))
        s.busy[k].assign(spans.asArrayRef().begin(), spans.asArrayRef().end());
    r.simulated = std::move(s);
  }

  if (auto bounds = fn->getAttrOfType<DictionaryAttr>(kCsrBoundsAttr))
    for (NamedAttribute entry : bounds) {
      auto t = dyn_cast<DictionaryAttr>(entry.getValue());
      r.csrBounds[entry.getName().str()] = {intOf(t, "maps"),
                                            intOf(t, "bytes")};
    }

  AsmState names(fn);
  for (auto [view, slice] : plan->slices) {
    if (view->getNumResults() != 1)
      continue;
    PlannedBuffer b{slice.getFirst(), slice.getLast(), slice.getBytes(),
                    slice.getSlot(), kCategoryImmediate.str(), "", ""};
    if (StringRef category = getBufferCategory(view); !category.empty())
      b.category = category.str();
    if (auto p = view->getAttrOfType<StringAttr>(kAllocForAttr))
      b.producer = p.str();
    b.offset = slice.getOffset();
    llvm::raw_string_ostream os(b.location);
    view->getLoc().print(os);
    llvm::raw_string_ostream value(b.value);
    view->getResult(0).printAsOperand(value, names);
    llvm::raw_string_ostream type(b.type);
    view->getResult(0).getType().print(type);
    describeUses(view->getResult(0), b);
    r.buffers.push_back(std::move(b));
  }

  // Sweep over program points. A slot holds one buffer at a time; where an
  // in-place op hands a slot over, the newer buffer counts.
  std::map<int64_t, std::vector<std::pair<bool, size_t>>> events; // add?, idx
  for (size_t i = 0; i < r.buffers.size(); ++i) {
    events[r.buffers[i].start].push_back({true, i});
    events[r.buffers[i].end + 1].push_back({false, i});
  }
  std::map<int64_t, size_t> slotHolder;
  Sample live{0, {}, 0};
  int64_t best = -1;
  auto remove = [&](size_t i) {
    live.bytes[r.buffers[i].category] -= r.buffers[i].bytes;
    live.total -= r.buffers[i].bytes;
  };
  for (auto &[point, list] : events) {
    for (auto [add, i] : list)
      if (!add && slotHolder.count(r.buffers[i].slot) &&
          slotHolder[r.buffers[i].slot] == i) {
        remove(i);
        slotHolder.erase(r.buffers[i].slot);
      }
    for (auto [add, i] : list) {
      if (!add)
        continue;
      auto it = slotHolder.find(r.buffers[i].slot);
      if (it != slotHolder.end())
        remove(it->second);
      slotHolder[r.buffers[i].slot] = i;
      live.bytes[r.buffers[i].category] += r.buffers[i].bytes;
      live.total += r.buffers[i].bytes;
    }
    live.point = point;
    r.timeline.push_back(live);
    if (live.total > best) {
      best = live.total;
      r.peakPoint = point;
      r.atPeak = live.bytes;
    }
    int64_t activations = 0;
    for (StringRef c : {kCategoryStashed, kCategoryEncoded})
      if (auto it = live.bytes.find(c.str()); it != live.bytes.end())
        activations += it->second;
    if (activations > r.activationBytes) {
      r.activationBytes = activations;
      r.activationPoint = point;
    }
  }
  r.activationBytes +=
      r.persistentOf(kCategoryStashed) + r.persistentOf(kCategoryEncoded);
  return r;
}

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

llvm::json::Object toJson(const FunctionReport &r) {
  llvm::json::Object breakdown;
  for (StringRef c : breakdownCategories())
    breakdown[c] = r.atPeakOf(c);
  llvm::json::Object byKind;
  for (auto &[kind, bytes] : r.stashedByKind)
    byKind[kind] = bytes;
  llvm::json::Object result{
      {"function", r.name},
      {"ops", r.ops},
      {"planned_peak_bytes", r.planned()},
      {"persistent_bytes", r.persistentBytes},
      {"arena_bytes", r.arenaBytes},
      {"lower_bound_bytes", r.lowerBound()},
      {"arena_lower_bound_bytes", r.arenaLowerBound},
      {"fragmentation",
       r.lowerBound() ? double(r.planned()) / r.lowerBound() : 1.0},
      {"planner", r.planner},
      {"breakdown", std::move(breakdown)},
      {"activations", llvm::json::Object{{"largest_bytes", r.activationBytes},
                                         {"point", r.activationPoint}}},
      {"by_op_kind", std::move(byKind)},
      {"flops", llvm::json::Object{{"forward", r.flopsForward},
                                   {"backward", r.flopsBackward},
                                   {"recompute", r.flopsRecompute}}}};
  if (!r.csrBounds.empty()) {
    llvm::json::Object bounds;
    for (auto &[bound, mapsBytes] : r.csrBounds)
      bounds[bound] = llvm::json::Object{{"maps", mapsBytes.first},
                                         {"bytes", mapsBytes.second}};
    result["csr_bounds"] = std::move(bounds);
  }
  if (r.collectives)
    result["data_parallel"] = llvm::json::Object{
        {"ranks", r.ranks},
        {"collectives", r.collectives},
        {"communicated_bytes_per_rank", r.communicatedBytes}};
  if (const std::optional<BudgetPlanRecord> &b = r.budgetPlan)
    result["budget_plan"] =
        llvm::json::Object{{"budget_bytes", b->budget},
                           {"remat", b->remat},
                           {"gist", b->gist},
                           {"offload", b->offload},
                           {"candidates", b->candidates},
                           {"planned", b->planned},
                           {"taken_back", b->takenBack},
                           {"mix_order", b->mixOrder},
                           {"decisions", b->decisions},
                           {"mixes_planned", b->mixesPlanned},
                           {"step_lower_bound_seconds", b->stepLowerBound}};
  if (const std::optional<SimulatedStep> &s = r.simulated)
    result["simulated_step"] = llvm::json::Object{
        {"device", s->device},
        {"step_seconds", s->step},
        {"compute_seconds", s->compute},
        {"transfer_seconds", s->transfer},
        {"overlapped_seconds", s->overlapped},
        {"transfer_only_seconds", s->transferOnly},
        {"compute_only_seconds", s->computeOnly}};
  return result;
}

void printText(const FunctionReport &r, llvm::raw_ostream &os) {
  auto mb = [](int64_t bytes) { return bytes / 1048576.0; };
  os << "=== memory report: @" << r.name << " (" << r.ops << " ops) ===\n";
  os << llvm::format("planned peak     %14lld bytes  %10.2f MiB\n",
                     (long long)r.planned(), mb(r.planned()));
  os << llvm::format("  persistent     %14lld bytes  %10.2f MiB\n",
                     (long long)r.persistentBytes, mb(r.persistentBytes));
  os << llvm::format("  arena          %14lld bytes  %10.2f MiB  (%s)\n",
                     (long long)r.arenaBytes, mb(r.arenaBytes),
                     r.planner.c_str());
  os << llvm::format("lower bound      %14lld bytes  %10.2f MiB\n",
                     (long long)r.lowerBound(), mb(r.lowerBound()));
  os << llvm::format("fragmentation    %14.4f (planned / lower bound)\n",
                     r.lowerBound() ? double(r.planned()) / r.lowerBound() : 1.0);
  os << "live at the peak (program point " << r.peakPoint << "):\n";
  auto row = [&](StringRef c, int64_t bytes) {
    os << llvm::format("  %-18s %14lld  %10.2f MiB\n", c.str().c_str(),
                       (long long)bytes, mb(bytes));
  };
  for (StringRef c : breakdownCategories())
    row(c, r.atPeakOf(c));
  os << llvm::format("activations      %14lld bytes  %10.2f MiB at most "
                     "(stashed + encoded, program point %lld)\n",
                     (long long)r.activationBytes, mb(r.activationBytes),
                     (long long)r.activationPoint);
  os << llvm::format("FLOPs: forward %lld, backward %lld, recompute %lld\n",
                     (long long)r.flopsForward, (long long)r.flopsBackward,
                     (long long)r.flopsRecompute);
  if (r.collectives)
    os << llvm::format("data parallel    %14lld bytes  %10.2f MiB sent per "
                       "rank and step (%lld ranks, %lld collectives, ring)\n",
                       (long long)r.communicatedBytes, mb(r.communicatedBytes),
                       (long long)r.ranks, (long long)r.collectives);
  if (const std::optional<BudgetPlanRecord> &b = r.budgetPlan) {
    os << llvm::format("budget plan      %14lld bytes  remat=%s gist=%s "
                       "offload=%s (%lld of %lld candidates planned, %lld "
                       "mixes)\n",
                       (long long)b->budget, b->remat.c_str(), b->gist.c_str(),
                       b->offload.c_str(), (long long)b->planned,
                       (long long)b->candidates, (long long)b->mixesPlanned);
    if (b->takenBack)
      os << llvm::format("  taken back     %14lld of %lld stash decisions "
                         "(kept plain; %s mix)\n",
                         (long long)b->takenBack, (long long)b->decisions,
                         b->mixOrder.c_str());
    os << llvm::format("  step bound     %14.3f ms  (no plan is faster)\n",
                       b->stepLowerBound * 1e3);
  }
  if (const std::optional<SimulatedStep> &s = r.simulated) {
    auto ms = [](double seconds) { return seconds * 1e3; };
    os << llvm::format("simulated step   %14.3f ms on %s\n", ms(s->step),
                       s->device.c_str());
    os << llvm::format("  overlapped     %14.3f ms  (compute and copy streams)\n",
                       ms(s->overlapped));
    os << llvm::format("  transfer only  %14.3f ms  (non-overlapped transfer)\n",
                       ms(s->transferOnly));
    os << llvm::format("  compute only   %14.3f ms  (non-overlapped compute)\n",
                       ms(s->computeOnly));
  }
  if (!r.csrBounds.empty()) {
    // What each data-dependent (SSDC) map's planned bytes rely on.
    os << "SSDC maps by the density bound their plan relies on:\n";
    for (auto &[bound, mapsBytes] : r.csrBounds) {
      StringRef what =
          bound == "dense"      ? "plain: no density known, dense bound"
          : bound == "profiled" ? "csr: profiled density x csr-margin"
          : bound == "asserted" ? "csr: csr-density, not measured"
                                : "unknown bound";
      os << llvm::format("  %-9s %4lld maps %14lld bytes  (%s)\n",
                         bound.c_str(), (long long)mapsBytes.first,
                         (long long)mapsBytes.second, what.str().c_str());
    }
  }
  if (!r.stashedByKind.empty()) {
    os << "stashed bytes by producing op:\n";
    for (auto &[kind, bytes] : r.stashedByKind)
      row(kind, bytes);
  }
  std::vector<const PlannedBuffer *> stashed;
  for (const PlannedBuffer &b : r.buffers)
    if (b.category == kCategoryStashed)
      stashed.push_back(&b);
  std::stable_sort(stashed.begin(), stashed.end(),
                   [](auto *a, auto *b) { return a->bytes > b->bytes; });
  if (!stashed.empty()) {
    os << "largest stashed buffers:\n";
    for (size_t i = 0; i < stashed.size() && i < 10; ++i)
      os << llvm::format("  %12lld bytes  points %6lld-%-6lld  %s  %s\n",
                         (long long)stashed[i]->bytes,
                         (long long)stashed[i]->start, (long long)stashed[i]->end,
                         stashed[i]->producer.c_str(),
                         stashed[i]->location.c_str());
  }
}

/// Chrome trace format: one counter event per program point where the live
/// bytes change; "ts" is the program point.
void printTrace(const FunctionReport &r, llvm::json::Array &events) {
  for (const Sample &s : r.timeline) {
    llvm::json::Object args;
    for (StringRef c : kArenaCategories)
      args[c] = s.bytes.count(c.str()) ? s.bytes.at(c.str()) : 0;
    events.push_back(llvm::json::Object{{"name", "live arena bytes: @" + r.name},
                                        {"ph", "C"},
                                        {"ts", s.point},
                                        {"pid", 1},
                                        {"tid", 1},
                                        {"args", std::move(args)}});
  }
  // The simulated streams: a process of their own, "ts" in microseconds.
  if (!r.simulated)
    return;
  const char *streams[] = {"compute stream", "copy stream"};
  events.push_back(llvm::json::Object{
      {"name", "process_name"}, {"ph", "M"}, {"pid", 2},
      {"args", llvm::json::Object{{"name", "simulated step: @" + r.name +
                                               " on " + r.simulated->device}}}});
  for (int k = 0; k < 2; ++k) {
    events.push_back(llvm::json::Object{
        {"name", "thread_name"}, {"ph", "M"}, {"pid", 2}, {"tid", k + 1},
        {"args", llvm::json::Object{{"name", streams[k]}}}});
    const std::vector<double> &spans = r.simulated->busy[k];
    for (size_t i = 0; i + 1 < spans.size(); i += 2)
      events.push_back(llvm::json::Object{{"name", k ? "copy" : "compute"},
                                          {"ph", "X"},
                                          {"ts", spans[i] * 1e6},
                                          {"dur", (spans[i + 1] - spans[i]) * 1e6},
                                          {"pid", 2},
                                          {"tid", k + 1}});
  }
}

/// Below the chart: the simulated compute and copy streams, busy time as
/// bars over the step's time.
void printStreams(const SimulatedStep &s, double left, double width,
                  double top, llvm::raw_ostream &os) {
  const char *names[] = {"compute", "copy"};
  const char *colors[] = {"#1f77b4", "#ff7f0e"};
  double span = s.step > 0 ? s.step : 1;
  os << "<text x=\"" << left << "\" y=\"" << top << "\">Simulated streams on "
     << s.device << llvm::format(": step %.3f ms; overlapped %.3f, transfer "
                                 "only %.3f, compute only %.3f ms",
                                 s.step * 1e3, s.overlapped * 1e3,
                                 s.transferOnly * 1e3, s.computeOnly * 1e3)
     << "</text>\n";
  for (int k = 0; k < 2; ++k) {
    double y = top + 12 + 26 * k;
    os << "<text x=\"" << left - 8 << "\" y=\"" << y + 14
       << "\" text-anchor=\"end\">" << names[k] << "</text>\n";
    for (size_t i = 0; i + 1 < s.busy[k].size(); i += 2) {
      double x0 = left + width * s.busy[k][i] / span;
      double x1 = left + width * s.busy[k][i + 1] / span;
      os << llvm::formatv("<rect x=\"{0:F2}\" y=\"{1:F1}\" width=\"{2:F2}\" "
                          "height=\"20\" fill=\"{3}\"/>\n",
                          x0, y, std::max(x1 - x0, 0.5), colors[k]);
    }
  }
}

void printSvg(const FunctionReport &r, llvm::raw_ostream &os) {
  const double width = 960, chartHeight = 420, left = 90, right = 180,
               top = 40, bottom = 50;
  const double streamsHeight = r.simulated ? 80 : 0;
  const double height = chartHeight; // of the chart; the streams go below
  const char *colors[] = {"#d62728", "#9467bd", "#dbdb8d", "#1f77b4",
                          "#2ca02c", "#7f7f7f", "#ff7f0e", "#8c564b"};
  static_assert(std::size(colors) == std::size(kArenaCategories),
                "one color per arena category");
  int64_t maxPoint = r.timeline.empty() ? 1 : r.timeline.back().point;
  int64_t maxBytes = std::max<int64_t>(1, r.arenaBytes);
  auto x = [&](int64_t p) {
    return left + (width - left - right) * double(p) / std::max<int64_t>(1, maxPoint);
  };
  auto y = [&](int64_t b) {
    return height - bottom - (height - top - bottom) * double(b) / maxBytes;
  };
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height + streamsHeight << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
     << "<title>Live arena bytes of @" << r.name << "</title>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
     << "<text x=\"" << left << "\" y=\"24\" font-size=\"15\">Live arena bytes of @"
     << r.name << " (arena " << llvm::format("%.2f", r.arenaBytes / 1048576.0)
     << " MiB, peak live "
     << llvm::format("%.2f", r.arenaLowerBound / 1048576.0) << " MiB)</text>\n";
  // Stacked areas, bottom category first, as step functions.
  std::vector<int64_t> base(r.timeline.size(), 0);
  for (size_t c = 0; c < std::size(kArenaCategories); ++c) {
    std::string cat = kArenaCategories[c].str();
    std::string upper, lower;
    for (size_t i = 0; i < r.timeline.size(); ++i) {
      const Sample &s = r.timeline[i];
      int64_t next = i + 1 < r.timeline.size() ? r.timeline[i + 1].point : s.point + 1;
      int64_t v = s.bytes.count(cat) ? s.bytes.at(cat) : 0;
      upper += llvm::formatv("{0:F1},{1:F1} {2:F1},{1:F1} ", x(s.point),
                             y(base[i] + v), x(next)).str();
      lower = llvm::formatv("{0:F1},{1:F1} {2:F1},{1:F1} ", x(next), y(base[i]),
                            x(s.point)).str() + lower;
      base[i] += v;
    }
    os << "<polygon fill=\"" << colors[c] << "\" fill-opacity=\"0.8\" points=\""
       << upper << lower << "\"/>\n";
    os << "<rect x=\"" << width - right + 20 << "\" y=\"" << top + 22 * c
       << "\" width=\"14\" height=\"14\" fill=\"" << colors[c] << "\"/>\n"
       << "<text x=\"" << width - right + 40 << "\" y=\"" << top + 22 * c + 12
       << "\">" << cat << "</text>\n";
  }
  // Axes.
  os << "<line x1=\"" << left << "\" y1=\"" << y(0) << "\" x2=\"" << x(maxPoint)
     << "\" y2=\"" << y(0) << "\" stroke=\"black\"/>\n"
     << "<line x1=\"" << left << "\" y1=\"" << y(0) << "\" x2=\"" << left
     << "\" y2=\"" << y(maxBytes) << "\" stroke=\"black\"/>\n"
     << "<text x=\"" << (left + width - right) / 2 << "\" y=\"" << height - 15
     << "\" text-anchor=\"middle\">program point (op index)</text>\n"
     << "<text x=\"" << left - 8 << "\" y=\"" << y(maxBytes) + 4
     << "\" text-anchor=\"end\">" << llvm::format("%.1f MiB", maxBytes / 1048576.0)
     << "</text>\n<text x=\"" << left - 8 << "\" y=\"" << y(0) + 4
     << "\" text-anchor=\"end\">0</text>\n";
  if (r.simulated)
    printStreams(*r.simulated, left, width - left - right, height + 10, os);
  os << "</svg>\n";
}

/// The page's data: per function, the JSON report plus what the page draws
/// (the live-bytes timeline and every arena buffer).
llvm::json::Object htmlData(const FunctionReport &r) {
  llvm::json::Object timeline;
  llvm::json::Array points;
  for (const Sample &s : r.timeline)
    points.push_back(s.point);
  timeline["points"] = std::move(points);
  for (StringRef c : kArenaCategories) {
    llvm::json::Array bytes;
    for (const Sample &s : r.timeline)
      bytes.push_back(s.bytes.count(c.str()) ? s.bytes.at(c.str()) : 0);
    timeline[c] = std::move(bytes);
  }
  llvm::json::Array rows;
  for (const PlannedBuffer &b : r.buffers)
    rows.push_back(llvm::json::Array{b.offset, b.bytes, b.start, b.end, b.slot,
                                     b.category, b.producer, b.value, b.type,
                                     b.location, b.encoding, b.transfer});
  llvm::json::Object persistent;
  for (auto &[category, bytes] : r.persistent)
    persistent[category] = bytes;
  return llvm::json::Object{
      {"report", toJson(r)},
      {"peak_point", r.peakPoint},
      {"persistent", std::move(persistent)},
      {"timeline", std::move(timeline)},
      {"buffer_fields",
       llvm::json::Array{"offset", "bytes", "first", "last", "slot",
                         "category", "op", "value", "type", "loc",
                         "encoding", "transfer"}},
      {"buffers", std::move(rows)}};
}

/// The page (MemoryReportHtml.html) with the reports' data in place of its
/// placeholder; the data is JSON with '<' escaped, so no string in it can
/// close the <script> element that holds it.
void printHtml(ArrayRef<FunctionReport> reports, llvm::raw_ostream &os) {
  static const char page[] = {
#include "MemoryReportHtml.inc"
      , 0};
  llvm::json::Array functions;
  for (const FunctionReport &r : reports)
    functions.push_back(htmlData(r));
  std::string data;
  llvm::raw_string_ostream json(data);
  json << llvm::json::Value(llvm::json::Object{
      {"schema_version", 1},
      {"arena_categories", llvm::json::Array(kArenaCategories)},
      {"persistent_categories", llvm::json::Array(kPersistentCategories)},
      {"functions", std::move(functions)}});
  StringRef text(page);
  // EmbedResource.cmake (REQUIRE) fails the build unless the page holds the
  // placeholder exactly once, so `at` is always found.
  const StringRef placeholder = "@ECHO_REPORT_DATA@";
  size_t at = text.find(placeholder);
  os << text.take_front(at);
  for (char c : data) {
    if (c == '<')
      os << "\\u003c";
    else
      os << c;
  }
  os << text.drop_front(at + placeholder.size());
}

} // namespace

LogicalResult mlir::echo::writeMemoryReport(ModuleOp module,
                                            ReportFormat format,
                                            llvm::raw_ostream &os) {
  if (format == ReportFormat::Graph)
    return writeMemoryGraph(module, os);
  // Report the functions that carry a plan.
  std::vector<FunctionReport> reports;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (!getArenaPlanAttr(fn) && !fn->hasAttr(kStepStatsAttr))
      continue;
    FailureOr<FunctionReport> report = analyze(fn);
    if (failed(report))
      return failure();
    reports.push_back(std::move(*report));
  }
  // The training step leads (and is the one drawn as SVG): a module from
  // the training pipeline also holds the planned forward function.
  llvm::stable_sort(reports, [](const FunctionReport &a,
                                const FunctionReport &b) {
    return (a.flopsBackward > 0) > (b.flopsBackward > 0);
  });
  if (reports.empty())
    return module.emitError("echo-memory-report: no function has a memory "
                            "plan; run echo-training-pipeline first");

  if (format == ReportFormat::Text) {
    for (const FunctionReport &r : reports)
      printText(r, os);
  } else if (format == ReportFormat::Json) {
    for (const FunctionReport &r : reports)
      os << llvm::json::Value(toJson(r)) << "\n";
  } else if (format == ReportFormat::Trace) {
    llvm::json::Array events;
    for (const FunctionReport &r : reports)
      printTrace(r, events);
    os << llvm::json::Value(llvm::json::Object{
              {"traceEvents", std::move(events)}, {"displayTimeUnit", "ns"}})
       << "\n";
  } else if (format == ReportFormat::Html) {
    printHtml(reports, os);
  } else {
    printSvg(reports.front(), os);
  }
  return success();
}

namespace {

struct MemoryReportPass : echo::impl::EchoMemoryReportBase<MemoryReportPass> {
  using Base::Base;

  void runOnOperation() override {
    // Rendered first, so a module without a plan leaves no file behind.
    std::string report;
    llvm::raw_string_ostream rendered(report);
    if (failed(writeMemoryReport(getOperation(), format, rendered)))
      return signalPassFailure();
    if (output == "-") {
      llvm::errs() << report;
    } else {
      std::error_code ec;
      llvm::raw_fd_ostream file(output, ec);
      if (ec) {
        getOperation().emitError("echo-memory-report: cannot write '")
            << output << "': " << ec.message();
        return signalPassFailure();
      }
      file << report;
      // A failed write (a full disk, /dev/full) is an error here, not the
      // stream's fatal "IO failure" when it is destroyed.
      file.close();
      if (file.has_error()) {
        std::error_code error = file.error();
        file.clear_error();
        getOperation().emitError("echo-memory-report: cannot write '")
            << output << "': " << error.message();
        return signalPassFailure();
      }
    }
    markAllAnalysesPreserved();
  }
};

} // namespace
