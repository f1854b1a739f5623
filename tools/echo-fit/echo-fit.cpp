//===- echo-fit.cpp - The largest batch whose plan fits a device ----------===//
//
//   echo-fit nmt --capacity=16GiB --pipeline="optimizer=sgd allow-lossy=fp8"
//
// Echo's throughput argument as a tool: for a zoo model and a device
// capacity, the largest batch whose step fits without a budget (the
// pipeline as given, the Baseline by default) and the largest whose
// budget plan (echo-training-pipeline budget=CAPACITY) fits, each with its
// planned peak, simulated step and samples per second. The batch is
// doubled from 1 (at most --max-doublings times), then bisected between
// the last batch that fits and the first that does not; a batch that fits
// is taken to mean every smaller one fits. Everything is in process and
// counted, never timed, so the answer is the same on any machine.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Models/ModelCommandLine.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Transforms/MemoryPipeline.h"
#include "EchoDialect/Transforms/PlanPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory fitCategory("echo-fit options");

static cl::opt<std::string> modelName(cl::Positional, cl::desc("<model>"),
                                      cl::init(""), cl::cat(fitCategory));
static cl::opt<std::string>
    capacityText("capacity",
                 cl::desc("Device bytes the step must fit (BYTES with an "
                          "optional KiB/MiB/GiB suffix)"),
                 cl::init(""), cl::cat(fitCategory));
static cl::opt<std::string> pipelineText(
    "pipeline",
    cl::desc("echo-training-pipeline options of both searches (default "
             "optimizer=sgd); the budget plan adds budget=CAPACITY, the other "
             "simulate=1"),
    cl::init("optimizer=sgd"), cl::cat(fitCategory));
static cl::opt<int64_t>
    maxDoublings("max-doublings",
                 cl::desc("Stop doubling the batch after this many doublings "
                          "(the answer is then a lower bound, marked >=)"),
                 cl::init(10), cl::cat(fitCategory));

namespace {

/// One batch planned: whether it fits, and its figures.
struct Trial {
  bool fits = false;
  bool refused = false; // echo-budget-plan found nothing under the budget
  int64_t peak = 0;     // planned peak of the largest function; refused:
                        // the least peak echo-budget-plan names
  double seconds = 0;   // @train_step's simulated step
  std::string choice;   // the budget plan's remat, gist and offload
};

/// The model at `batch` planned with `options`; fails (after printing why)
/// when planning fails for a reason other than a budget nothing fits.
FailureOr<Trial> plan(MLIRContext &context, const echo::ModelOptions &sizes,
                      int64_t batch,
                      const echo::TrainingPipelineOptions &options,
                      int64_t capacity) {
  echo::ModelOptions at = sizes;
  at.batch = batch;
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  std::string error;
  if (failed(echo::buildModel(*module, modelName, at, error))) {
    llvm::errs() << "echo-fit: batch " << batch << ": " << error << "\n";
    return failure();
  }
  PassManager pm = PassManager::on<ModuleOp>(&context);
  echo::buildTrainingPipeline(pm, options);
  // Diagnostics are kept and printed only for a real failure.
  SmallVector<std::string> messages;
  bool noPlanFits = false;
  LogicalResult ran = [&] {
    ScopedDiagnosticHandler keep(&context, [&](Diagnostic &d) {
      std::string text = d.str();
      noPlanFits |= d.getSeverity() == DiagnosticSeverity::Error &&
                    StringRef(text).starts_with(echo::kNoPlanFitsMessage);
      messages.push_back(text);
      return success();
    });
    return pm.run(*module);
  }();
  Trial trial;
  if (failed(ran)) {
    if (noPlanFits) {
      trial.refused = true;
      // "... the smallest planned peak is N bytes (...)", or "... the
      // persistent buffers (...) alone take N bytes ...": a peak no plan
      // goes below.
      for (StringRef m : messages)
        for (StringRef before : {"smallest planned peak is ", "alone take "})
          if (size_t at = m.find(before); at != StringRef::npos)
            (void)m.drop_front(at + before.size())
                .consumeInteger(10, trial.peak);
      return trial;
    }
    llvm::errs() << "echo-fit: batch " << batch << ": planning failed:\n";
    for (const std::string &m : messages)
      llvm::errs() << "  " << m << "\n";
    return failure();
  }
  func::FuncOp step;
  for (auto fn : module->getOps<func::FuncOp>()) {
    if (!echo::getArenaPlanAttr(fn))
      continue;
    trial.peak = std::max(trial.peak, echo::plannedPeakBytes(fn));
    if (fn.getSymName() == "train_step")
      step = fn;
  }
  auto simulated =
      step ? step->getAttrOfType<DictionaryAttr>(echo::kSimulatedStepAttr)
           : nullptr;
  auto seconds = simulated ? simulated.getAs<FloatAttr>("step") : nullptr;
  if (!seconds) {
    llvm::errs() << "echo-fit: batch " << batch
                 << ": the pipeline left no simulated, planned @train_step\n";
    return failure();
  }
  trial.seconds = seconds.getValueAsDouble();
  if (auto record =
          step->getAttrOfType<DictionaryAttr>(echo::kBudgetPlanAttr)) {
    auto text = [&](StringRef key) {
      auto s = record.getAs<StringAttr>(key);
      return s ? s.getValue().str() : std::string("?");
    };
    trial.choice = "remat=" + text("remat") + " gist=" + text("gist") +
                   " offload=" + text("offload");
    auto takenBack = record.getAs<IntegerAttr>("taken_back");
    auto decisions = record.getAs<IntegerAttr>("decisions");
    if (takenBack && decisions && takenBack.getInt() > 0)
      trial.choice +=
          llvm::formatv(", {0} of {1} stash decisions taken back ({2} mix)",
                        takenBack.getInt(), decisions.getInt(),
                        text("mix_order"))
              .str();
  }
  trial.fits = trial.peak <= capacity;
  return trial;
}

/// One search: its pipeline and every batch it planned.
struct Search {
  std::string label;
  std::unique_ptr<echo::TrainingPipelineOptions> options;
  std::map<int64_t, Trial> trials;
  std::optional<int64_t> largest; // none: not even batch 1 fits
  bool capped = false;            // the doublings ran out
};

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  echo::ModelCommandLine sizeFlags(fitCategory);
  cl::HideUnrelatedOptions(fitCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "echo-fit: the largest batch of a zoo model whose planned step fits a "
      "device, without and with a budget plan\n");
  auto fail = [](const llvm::Twine &why) {
    llvm::errs() << "echo-fit: " << why << "\n";
    return 1;
  };
  if (modelName.empty())
    return fail("name a model (see echo-models --list)");
  std::string error;
  FailureOr<echo::ModelOptions> sizes = sizeFlags.read(error);
  if (failed(sizes))
    return fail(error);
  if (sizeFlags.batchGiven())
    return fail("--batch is what echo-fit chooses: leave it out");
  std::optional<echo::PeakBudget> capacity =
      echo::PeakBudget::parse(capacityText, error);
  if (capacityText.empty() || !capacity ||
      capacity->kind != echo::PeakBudget::Kind::Bytes || capacity->bytes <= 0)
    return fail("--capacity must be a positive byte count (BYTES, KiB, MiB "
                "or GiB), got '" +
                capacityText + "'");
  if (maxDoublings < 0 || maxDoublings > 16)
    return fail("--max-doublings must be in [0, 16] (a batch is at most " +
                llvm::Twine(echo::kMaxModelOptionValue) + "), got " +
                llvm::Twine(int64_t(maxDoublings)));

  Search searches[2];
  searches[0].label = "without budget";
  searches[1].label = "budget plan";
  std::string budgetOption = " budget=" + std::to_string(capacity->bytes);
  const std::string texts[2] = {pipelineText + " simulate=1",
                                pipelineText + budgetOption};
  for (int i = 0; i < 2; ++i) {
    // createFromString prints what is wrong with the options.
    searches[i].options =
        echo::TrainingPipelineOptions::createFromString(texts[i]);
    if (!searches[i].options)
      return fail("bad --pipeline options '" + pipelineText + "'");
  }
  if (std::unique_ptr<echo::TrainingPipelineOptions> given =
          echo::TrainingPipelineOptions::createFromString(pipelineText);
      given && given->budget.getValue().isSet())
    return fail("--pipeline must not set budget=: the capacity is the budget");

  MLIRContext context;
  {
    DialectRegistry registry;
    echo::registerLowerToCPUDialects(registry);
    context.appendDialectRegistry(registry);
  }
  context.loadDialect<echo::EchoDialect, func::FuncDialect>();

  llvm::outs() << modelName << ": capacity " << capacity->bytes
               << " bytes; echo-training-pipeline{" << pipelineText << "}\n";
  for (Search &search : searches) {
    bool failedPlan = false;
    auto fits = [&](int64_t batch) {
      auto [it, fresh] = search.trials.try_emplace(batch);
      if (fresh) {
        FailureOr<Trial> trial =
            plan(context, *sizes, batch, *search.options, capacity->bytes);
        failedPlan |= failed(trial);
        if (succeeded(trial))
          it->second = *trial;
        const Trial &t = it->second;
        llvm::outs() << search.label << ": batch " << batch << ": ";
        if (failedPlan)
          llvm::outs() << "planning failed\n";
        else if (t.fits)
          llvm::outs() << llvm::formatv("fits, peak {0} B, step {1:f3} us",
                                        t.peak, t.seconds * 1e6)
                       << (t.choice.empty() ? "" : ", " + t.choice) << "\n";
        else if (t.refused)
          llvm::outs() << "no plan fits (none peaks below " << t.peak
                       << " B)\n";
        else
          llvm::outs() << "over the capacity (peak " << t.peak << " B)\n";
        llvm::outs().flush();
      }
      return !failedPlan && it->second.fits;
    };
    if (!fits(1)) {
      if (failedPlan)
        return 1;
      continue;
    }
    int64_t lo = 1, doublings = 0;
    while (doublings < maxDoublings && fits(2 * lo)) {
      lo *= 2;
      ++doublings;
    }
    if (failedPlan)
      return 1;
    search.capped = doublings == maxDoublings;
    // fits(lo) and, unless capped, not fits(hi).
    for (int64_t hi = 2 * lo; !search.capped && hi - lo > 1;) {
      int64_t mid = lo + (hi - lo) / 2;
      (fits(mid) ? lo : hi) = mid;
      if (failedPlan)
        return 1;
    }
    search.largest = lo;
  }

  llvm::outs() << "\n| plan | largest batch | planned peak (B) | simulated "
                  "step (us) | samples/s |\n|---|---|---|---|---|\n";
  double rates[2] = {0, 0};
  for (auto [i, search] : llvm::enumerate(searches)) {
    if (!search.largest) {
      llvm::outs() << "| " << search.label << " | none fits | | | |\n";
      continue;
    }
    const Trial &t = search.trials.at(*search.largest);
    rates[i] = double(*search.largest) / t.seconds;
    llvm::outs() << llvm::formatv(
        "| {0}{1} | {2}{3} | {4} | {5:f3} | {6:f0} |\n", search.label,
        t.choice.empty() ? "" : " (" + t.choice + ")",
        search.capped ? ">= " : "", *search.largest, t.peak, t.seconds * 1e6,
        rates[i]);
  }
  if (searches[0].largest && searches[1].largest)
    llvm::outs() << llvm::formatv(
        "\nbudget plan / without budget: batch {0:f2}x, samples/s {1:f2}x\n",
        double(*searches[1].largest) / double(*searches[0].largest),
        rates[1] / rates[0]);
  if (!searches[1].largest)
    return fail("not even batch 1 fits " + llvm::Twine(capacity->bytes) +
                " bytes");
  return 0;
}
