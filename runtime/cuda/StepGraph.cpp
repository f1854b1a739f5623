//===- StepGraph.cpp - Recording a step as a CUDA graph -------------------===//

#include "Context.h"
#include "EntryTimes.h"

#include <algorithm>
#include <memory>
#include <new>

struct echo_graph {
  echo_context *ctx = nullptr;
  cudaGraphExec_t exec = nullptr;
  echo_cuda::Recording recording;
};

using namespace echo_cuda;

void echo_cuda::refuseWhileRecording(Context &ctx, const char *entry,
                                     const char *what) {
  if (ctx.recording)
    fail(entry, "%s, which a step recorded as a graph cannot", what);
}

namespace {
/// Frees what a recording kept (nothing of it is running).
void release(Recording &r) {
  for (void *block : r.blocks)
    cudaFree(block);
  for (void *host : r.pinned)
    cudaFreeHost(host);
  r.blocks.clear();
  r.pinned.clear();
  cudaGetLastError();
}

/// Repeats a recorded step's allocation counts; refuses, changing nothing,
/// when one no longer fits the capacity.
void replayCounts(const char *E, Context &ctx, const Recording &r) {
  echo_rt::MemoryStats trial = ctx.memory;
  for (const auto &[bytes, category] : r.counts) {
    if (bytes < 0) {
      trial.uncount(-bytes, category);
      continue;
    }
    if (!trial.fits(bytes))
      throw Error{
          ECHO_ERR_OUT_OF_MEMORY,
          std::string(E) + ": " +
              trial.refusal(bytes, "a buffer of the recorded step", "")};
    trial.count(bytes, category);
  }
  static_cast<echo_rt::MemoryStats &>(ctx.memory) = trial;
}

/// Records `run(arg)` on the stream; the graph, or null with the error set.
echo_graph *record(Context &ctx, echo_status (*run)(void *), void *arg) {
  const char *E = "echo_graph_capture";
  auto graph = std::make_unique<echo_graph>();
  graph->ctx = &ctx;
  Recording &r = graph->recording;
  check(E, cudaStreamBeginCapture(ctx.stream, cudaStreamCaptureModeRelaxed),
        "cudaStreamBeginCapture");
  ctx.recording = &r;
  ctx.memory.recording = &r;
  echo_status stepStatus = run(arg);
  ctx.recording = nullptr;
  ctx.memory.recording = nullptr;
  cudaGraph_t captured = nullptr;
  cudaError_t ended = cudaStreamEndCapture(ctx.stream, &captured);
  cudaError_t made = cudaErrorUnknown;
  if (ended == cudaSuccess && captured) {
    made = cudaGraphInstantiate(&graph->exec, captured, 0);
    cudaGraphDestroy(captured);
  }
  cudaGetLastError();
  std::string why;
  if (stepStatus != ECHO_OK || ctx.status != ECHO_OK)
    why = "the step failed (status " + std::to_string(stepStatus) + ")";
  else if (!r.stepEnded)
    why = "run() made no step (no echo_step_end on this context)";
  else if (ended != cudaSuccess)
    why = "cudaStreamEndCapture failed: " + describe(ended);
  else if (made != cudaSuccess)
    why = "cudaGraphInstantiate failed: " + describe(made);
  if (!why.empty()) {
    release(r);
    if (graph->exec)
      cudaGraphExecDestroy(graph->exec);
    // A failed step keeps its own error (setError keeps the first).
    ctx.setError(stepStatus != ECHO_OK ? stepStatus : ECHO_ERR_INVALID_ARGUMENT,
                 std::string(E) + ": " + why);
    return nullptr;
  }
  return graph.release();
}
} // namespace

void echo_cuda::endRecordedStep(Context &ctx) {
  ctx.recording->checks = std::move(ctx.checks.pending);
  ctx.checks.pending.clear();
  ctx.recording->stepEnded = true;
}

void echo_cuda::releaseGraphs(Context &ctx) {
  for (echo_graph *g : ctx.graphs) {
    release(g->recording);
    cudaGraphExecDestroy(g->exec);
    delete g;
  }
  ctx.graphs.clear();
  cudaGetLastError();
}

extern "C" {

echo_status echo_graph_capture(echo_context *ctx, echo_status (*run)(void *),
                               void *arg, echo_graph **out) {
  const char *E = "echo_graph_capture";
  if (out)
    *out = nullptr;
  if (!ctx || !run || !out)
    return ECHO_ERR_INVALID_ARGUMENT;
  if (ctx->status != ECHO_OK)
    return ctx->status;
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         std::string(E) + ": " + ctx->whyUnusable);
  if (ctx->entryTimes || activeStep() == ctx || ctx->recording)
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                         std::string(E) + ": not while " +
                             (ctx->entryTimes ? "entry times are taken"
                                              : "a step of this context runs"));
  echo_graph *graph = nullptr;
  bool ran = echo_rt::runCatching(*ctx, E, [&] {
    activate(E, *ctx);
    ctx->graphs.reserve(ctx->graphs.size() + 1);
    graph = record(*ctx, run, arg);
  });
  if (!ran || !graph)
    return ctx->status;
  ctx->graphs.push_back(graph);
  *out = graph;
  return ECHO_OK;
}

echo_status echo_graph_replay(echo_context *ctx, echo_graph *graph) {
  const char *E = "echo_graph_replay";
  if (!ctx || !graph)
    return ECHO_ERR_INVALID_ARGUMENT;
  // A replay is a step: it starts without an error.
  ctx->clearError();
  if (graph->ctx != ctx)
    return ctx->setError(ECHO_ERR_INVALID_ARGUMENT,
                         std::string(E) + ": the graph was recorded on "
                                          "another context");
  if (!ctx->usable)
    return ctx->setError(ECHO_ERR_NO_DEVICE,
                         std::string(E) + ": " + ctx->whyUnusable);
  echo_rt::runCatching(*ctx, E, [&] {
    activate(E, *ctx);
    replayCounts(E, *ctx, graph->recording);
    check(E, cudaGraphLaunch(graph->exec, ctx->stream), "cudaGraphLaunch");
    synchronize(E, *ctx);
    ctx->checks.pending = graph->recording.checks;
    reportStepChecks(*ctx);
  });
  return ctx->status;
}

void echo_graph_destroy(echo_context *ctx, echo_graph *graph) {
  if (!ctx || !graph)
    return;
  auto it = std::find(ctx->graphs.begin(), ctx->graphs.end(), graph);
  if (it == ctx->graphs.end())
    return; // not this context's: nothing to free
  ctx->graphs.erase(it);
  if (ctx->usable)
    cudaSetDevice(ctx->device);
  release(graph->recording);
  cudaGraphExecDestroy(graph->exec);
  cudaGetLastError();
  delete graph;
}

} // extern "C"
