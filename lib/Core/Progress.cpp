//===- Progress.cpp - Progress lines on stderr for long runs
//---------------===//
//
// In EchoCore, the Support-only library every tool and EchoMilp
// link, so that the MILP core can report without depending on MLIR.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/Progress.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

using namespace mlir::echo;
namespace cl = llvm::cl;

static std::atomic<ProgressMode> mode{ProgressMode::Auto};
/// Whether the terminal shows an unfinished progress line.
static std::atomic<bool> terminalLineOpen{false};

void mlir::echo::endProgressLine() {
  if (terminalLineOpen.exchange(false)) {
    llvm::errs() << "\n";
    llvm::errs().flush();
  }
}

void mlir::echo::setProgressMode(ProgressMode m) { mode = m; }
ProgressMode mlir::echo::getProgressMode() { return mode; }

static bool stderrIsTerminal() {
  return llvm::sys::Process::StandardErrIsDisplayed();
}

bool mlir::echo::isProgressEnabled() {
  switch (mode.load()) {
  case ProgressMode::Always:
    return true;
  case ProgressMode::Never:
    return false;
  case ProgressMode::Auto:
    return stderrIsTerminal();
  }
  return false;
}

namespace {
struct ProgressCLOptions {
  cl::opt<bool> progress{
      "progress",
      cl::desc("Report progress on stderr even when it is not a terminal "
               "(by default only a terminal gets progress)"),
      cl::callback([](const bool &on) {
        setProgressMode(on ? ProgressMode::Always : ProgressMode::Auto);
      })};
  cl::opt<bool> noProgress{
      "no-progress", cl::desc("Never report progress on stderr"),
      cl::callback([](const bool &on) {
        setProgressMode(on ? ProgressMode::Never : ProgressMode::Auto);
      })};
};
} // namespace

static llvm::ManagedStatic<ProgressCLOptions> clOptions;

void mlir::echo::registerProgressCLOptions(cl::OptionCategory *category) {
  ProgressCLOptions &options = *clOptions;
  if (category) {
    options.progress.addCategory(*category);
    options.noProgress.addCategory(*category);
  }
}

std::string mlir::echo::formatDuration(double seconds) {
  char text[32];
  if (seconds < 0)
    seconds = 0;
  if (seconds < 1) {
    std::snprintf(text, sizeof(text), "%.3gms", seconds * 1000);
  } else if (seconds < 60) {
    std::snprintf(text, sizeof(text), "%.1fs", seconds);
  } else if (seconds < 3600) {
    long s = long(seconds + 0.5);
    std::snprintf(text, sizeof(text), "%ldm%02lds", s / 60, s % 60);
  } else {
    long m = long(seconds / 60 + 0.5);
    std::snprintf(text, sizeof(text), "%ldh%02ldm", m / 60, m % 60);
  }
  return text;
}

struct Progress::Lock {
  std::mutex mutex;
};

Progress::Progress(llvm::StringRef task, double minInterval)
    : task(task.str()), isEnabled(isProgressEnabled()),
      terminal(isEnabled && stderrIsTerminal()), minInterval(minInterval),
      started(std::chrono::steady_clock::now()), lastShown(started),
      lock(std::make_unique<Lock>()) {}

Progress::~Progress() {
  if (isEnabled && lineOpen)
    done(lastStatus);
}

double Progress::elapsed() const {
  std::chrono::duration<double> d = std::chrono::steady_clock::now() - started;
  return d.count();
}

bool Progress::due() const {
  if (!isEnabled)
    return false;
  std::lock_guard<std::mutex> guard(lock->mutex);
  return dueLocked();
}

bool Progress::dueLocked() const {
  if (!shownAny)
    return true;
  std::chrono::duration<double> since =
      std::chrono::steady_clock::now() - lastShown;
  return since.count() >= minInterval;
}

void Progress::update(const llvm::Twine &status, bool force) {
  if (!isEnabled)
    return;
  std::lock_guard<std::mutex> guard(lock->mutex);
  if (!force && !dueLocked())
    return;
  show(status.str(), /*final=*/false);
}

void Progress::done(const llvm::Twine &status) {
  if (!isEnabled)
    return;
  std::lock_guard<std::mutex> guard(lock->mutex);
  show(status.str(), /*final=*/true);
}

void Progress::show(const std::string &status, bool final) {
  llvm::raw_ostream &os = llvm::errs();
  if (terminal) {
    // Rewrite the line: carriage return, the status, clear to its end.
    os << "\r" << task << ": " << status << "\x1b[K";
    if (final)
      os << "\n";
    lineOpen = !final;
    terminalLineOpen = lineOpen;
  } else {
    os << task << ": " << status << "\n";
    lineOpen = false;
  }
  os.flush();
  lastStatus = status;
  shownAny = !final;
  lastShown = std::chrono::steady_clock::now();
}

struct Progress::Heartbeat::State {
  std::mutex mutex;
  std::condition_variable wake;
  bool stop = false;
  std::thread thread;
};

Progress::Heartbeat::Heartbeat(Progress &progress,
                               std::function<std::string()> status,
                               double interval) {
  if (!progress.enabled())
    return;
  state = std::make_unique<State>();
  State *s = state.get();
  s->thread = std::thread([s, &progress, status = std::move(status),
                           interval] {
    std::unique_lock<std::mutex> guard(s->mutex);
    auto period = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(interval));
    while (!s->wake.wait_for(guard, period, [s] { return s->stop; }))
      progress.update(status());
  });
}

Progress::Heartbeat::~Heartbeat() {
  if (!state)
    return;
  {
    std::lock_guard<std::mutex> guard(state->mutex);
    state->stop = true;
  }
  state->wake.notify_all();
  state->thread.join();
}
