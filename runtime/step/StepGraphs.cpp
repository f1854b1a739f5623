//===- StepGraphs.cpp - Running iterations as recorded step graphs --------===//

#include "StepGraphs.h"

using namespace echo_run;

bool echo_run::parseGraphMode(const std::string &text, GraphMode &mode) {
  if (text == "off")
    mode = GraphMode::Off;
  else if (text == "on")
    mode = GraphMode::On;
  else if (text == "auto")
    mode = GraphMode::Auto;
  else
    return false;
  return true;
}

StepGraphs::StepGraphs(echo_runtime::Backend &rt, echo_context *ctx,
                       GraphMode mode, std::function<echo_status()> call,
                       std::function<std::vector<const void *>()> buffers)
    : rt(rt), ctx(ctx), mode(mode), call(std::move(call)),
      buffers(std::move(buffers)) {}

void StepGraphs::release() {
  for (auto &[key, graph] : graphs)
    rt.echo_graph_destroy(ctx, graph);
  graphs.clear();
}

echo_status StepGraphs::trampoline(void *self) {
  return static_cast<StepGraphs *>(self)->call();
}

echo_status StepGraphs::run(int64_t iter, std::string &fallback) {
  lastRecorded = false;
  if (mode == GraphMode::Off || iter == 0)
    return call();
  std::vector<const void *> key = buffers();
  auto it = graphs.find(key);
  if (it == graphs.end()) {
    echo_graph *graph = nullptr;
    if (rt.echo_graph_capture(ctx, &StepGraphs::trampoline, this, &graph) !=
        ECHO_OK) {
      if (mode == GraphMode::On)
        return rt.echo_context_status(ctx);
      fallback = std::string("--graph=auto: running the step without a "
                             "graph: ") +
                 rt.echo_context_error(ctx);
      rt.echo_context_clear_error(ctx);
      mode = GraphMode::Off;
      return call();
    }
    it = graphs.emplace(std::move(key), graph).first;
    lastRecorded = true;
  }
  return rt.echo_graph_replay(ctx, it->second);
}
