//===- Progress.h - Progress lines on stderr for long runs ------*- C++ -*-===//
//
// Long-running work (echo-remat's policy=optimal MILP, echo-compile's
// phases, echo-run's iterations) reports progress on stderr, and only
// there: stdout, and every result, is the same with progress on or off.
//
// Whether progress is shown is one process-wide setting:
//   - auto (the default): when stderr is a terminal (isatty);
//   - always: --progress, or setProgressMode(ProgressMode::Always);
//   - never:  --no-progress, or setProgressMode(ProgressMode::Never).
// A pass cannot see its tool's command line, so the setting lives here:
// tools call registerProgressCLOptions() before parsing their command line
// (echo-opt, echo-compile, echo-run do), which adds --progress and
// --no-progress; an embedding program calls setProgressMode(). Pipes and
// lit tests are silent by default, since their stderr is not a terminal.
//
// On a terminal a task's updates rewrite one line ("\r" and clear to end of
// line) and its last status ends the line; otherwise (--progress into a
// pipe or file) every shown update is a line of its own, "<task>: <status>".
// Updates are rate-limited (at most 4 a second by default); the first one
// and the final one are always shown.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_PROGRESS_H
#define ECHODIALECT_CORE_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace mlir::echo {

enum class ProgressMode { Auto, Always, Never };

/// The process-wide setting (initially Auto).
void setProgressMode(ProgressMode mode);
ProgressMode getProgressMode();
/// Whether progress is shown now: Always, or Auto with stderr a terminal.
bool isProgressEnabled();

/// Adds --progress and --no-progress (the last one given wins) to the
/// command line, in `category` when given. Call before
/// llvm::cl::ParseCommandLineOptions; calling it again is harmless.
void registerProgressCLOptions(llvm::cl::OptionCategory *category = nullptr);

/// Ends a progress line a terminal shows unfinished, if any, so that an
/// error message printed next starts on a line of its own.
void endProgressLine();

/// "12.5ms", "1.5s", "2m05s", "1h02m": a duration for a progress line.
std::string formatDuration(double seconds);

/// One task's progress line. Does nothing when progress is not enabled at
/// construction; thread-safe (a heartbeat thread may update it).
class Progress {
public:
  explicit Progress(llvm::StringRef task, double minInterval = 0.25);
  ~Progress(); // ends the line (as done() with the last status)
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;

  bool enabled() const { return isEnabled; }
  /// Whether update() would show a status now: skip building it otherwise.
  bool due() const;
  /// Shows `status` unless the last one was shown under minInterval ago
  /// (the first update, and a forced one, are always shown).
  void update(const llvm::Twine &status, bool force = false);
  /// Shows `status` (always) and ends the line; later updates start anew.
  void done(const llvm::Twine &status);
  /// Seconds since construction.
  double elapsed() const;

  /// While alive, calls `status()` every `interval` seconds on a thread of
  /// its own and shows the result: for work that cannot report from inside
  /// (a solver call). Does nothing when the progress is not enabled.
  class Heartbeat {
  public:
    Heartbeat(Progress &progress, std::function<std::string()> status,
              double interval = 0.25);
    ~Heartbeat();
    Heartbeat(const Heartbeat &) = delete;
    Heartbeat &operator=(const Heartbeat &) = delete;

  private:
    struct State;
    std::unique_ptr<State> state;
  };

private:
  void show(const std::string &status, bool final);
  bool dueLocked() const;

  std::string task;
  bool isEnabled, terminal;
  double minInterval;
  std::chrono::steady_clock::time_point started, lastShown;
  bool shownAny = false, lineOpen = false;
  std::string lastStatus;
  struct Lock;
  std::unique_ptr<Lock> lock;
};

} // namespace mlir::echo

#endif // ECHODIALECT_CORE_PROGRESS_H
