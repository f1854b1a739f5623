//===- StepGraph.cpp - Step graphs on the CPU backend ---------------------===//
//
// The CPU backend has no device queue to record: a graph is the recorded
// call, and a replay makes it again. Hosts can therefore drive both backends
// through the same capture-and-replay loop (echo-step --graph), and its
// results are the eager step's by construction.
//
//===----------------------------------------------------------------------===//

#include "Context.h"

#include <new>

struct echo_graph {
  echo_status (*run)(void *);
  void *arg;
};

extern "C" {

echo_status echo_graph_capture(echo_context *ctx, echo_status (*run)(void *),
                               void *arg, echo_graph **out) {
  if (out)
    *out = nullptr;
  if (!ctx || !run || !out)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  *out = new (std::nothrow) echo_graph{run, arg};
  if (!*out)
    return ctx->setError(ECHO_ERR_OUT_OF_MEMORY,
                         "echo_graph_capture: host memory exhausted");
  return ECHO_OK;
}

echo_status echo_graph_replay(echo_context *ctx, echo_graph *graph) {
  if (!ctx || !graph)
    return ECHO_ERR_INVALID_ARGUMENT;
  return graph->run(graph->arg);
}

void echo_graph_destroy(echo_context *, echo_graph *graph) { delete graph; }

} // extern "C"
