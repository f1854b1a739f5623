//===- StepGraphs.h - Running iterations as recorded step graphs -*- C++
//-*-===//
//
// `--graph=auto|on|off` of echo-step and echo-run (docs/runtime.md, "Step
// graphs"): after the first iteration, which runs eagerly (it makes the
// libraries' plans and the first allocations), each iteration replays the
// graph recorded for the step's current buffers (echo_graph_capture). The
// buffers alternate between two sets when results replace arguments, so a
// step has at most two graphs. `on` fails when the backend cannot record
// the step; `auto` then runs it eagerly from there on, saying why once.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_STEPDRIVER_STEPGRAPHS_H
#define ECHO_STEPDRIVER_STEPGRAPHS_H

#include "echo/loader.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace echo_run {

enum class GraphMode { Off, On, Auto };

/// "off", "on" or "auto"; false for anything else.
bool parseGraphMode(const std::string &text, GraphMode &mode);

class StepGraphs {
public:
  /// `call` runs the step once and returns its status; `buffers` gives the
  /// device addresses the step is called with now.
  StepGraphs(echo_runtime::Backend &rt, echo_context *ctx, GraphMode mode,
             std::function<echo_status()> call,
             std::function<std::vector<const void *>()> buffers);
  ~StepGraphs() { release(); }
  /// Destroys the graphs (before the buffers and the context go).
  void release();
  StepGraphs(const StepGraphs &) = delete;
  StepGraphs &operator=(const StepGraphs &) = delete;

  /// Iteration `iter` of the step: its status (the context holds the
  /// error). Under `auto`, the first refusal to record is described in
  /// `fallback` (once) and the step runs eagerly.
  echo_status run(int64_t iter, std::string &fallback);
  /// Whether iteration `iter` recorded a graph (hosts leave it out of
  /// their step times).
  bool recorded() const { return lastRecorded; }

private:
  static echo_status trampoline(void *self);

  echo_runtime::Backend &rt;
  echo_context *ctx;
  GraphMode mode;
  std::function<echo_status()> call;
  std::function<std::vector<const void *>()> buffers;
  std::map<std::vector<const void *>, echo_graph *> graphs;
  bool lastRecorded = false;
};

} // namespace echo_run

#endif // ECHO_STEPDRIVER_STEPGRAPHS_H
