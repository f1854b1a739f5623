//===- echo-step.cpp - Run a training step compiled ahead of time -------===//
//
// echo-step STEP.so [options]: loads a runtime backend and a step that
// echo-compile wrote (its packed entry `echo_step_invoke` and its manifest
// `echo_step_manifest`), then runs iterations as echo-run does: the same
// initial values, inputs, loss printing and result dumps (StepHost), so on
// the same backend both give the same bits. No MLIR or LLVM at run time:
// this is what a machine without a compiler (a GPU box) runs.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "StepGraphs.h"
#include "StepHost.h"
#include "StepSignature.h"

#include "echo/loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace echo_run;

namespace {

[[noreturn]] void fail(const std::string &message, int code = 1) {
  std::cout.flush();
  std::cerr << "echo-step: " << message << "\n";
  std::exit(code);
}

const char *kUsage =
    "usage: echo-step STEP.so [options]\n"
    "Runs a training step compiled by echo-compile on a runtime backend.\n"
    "\n"
    "  --backend=NAME|PATH     cpu (default) or cuda, found in the lib/\n"
    "                          directory beside bin/, or a library path\n"
    "  --iterations=N          steps to run (default 1)\n"
    "  --seed=N                seed of parameter and input init (default 0)\n"
    "  --inputs=ARG=FILE.npy   initial value of argument ARG (repeatable,\n"
    "                          or comma-separated)\n"
    "  --shard-inputs          under mpirun, an --inputs file may hold all\n"
    "                          ranks' data: this rank takes its rows (or its\n"
    "                          part of a ZeRO-3 parameter)\n"
    "  --print-loss            print result #0 after every step\n"
    "  --dump-results=FILE     write every result of the last step to FILE\n"
    "  --memory-stats[=json]   print the backend's memory statistics\n"
    "  --capacity=BYTES        device capacity (0: unlimited); default on the\n"
    "                          cpu backend: half the memory available now\n"
    "                          (MemAvailable, or less under a cgroup limit),\n"
    "                          elsewhere unlimited\n"
    "  --allow-nonfinite-loss  keep going when the loss is NaN or infinite\n"
    "  --time                  print the mean wall time of a step (each step\n"
    "                          ends synchronized: echo_step_end), the first\n"
    "                          one excluded when there are several\n"
    "  --entry-times           print each runtime entry's calls, device and\n"
    "                          host time per step (cuda backend; the first\n"
    "                          step excluded when there are several)\n"
    "  --graph=off|on|auto     after the first step, replay the step recorded\n"
    "                          as a graph (echo_graph_capture); on: fail when\n"
    "                          the backend cannot record it, auto: run it\n"
    "                          eagerly then (default off)\n";

struct Options {
  std::string step, backend = "cpu", dumpResults, memoryStats;
  bool wantMemoryStats = false, printLoss = false, allowNonFinite = false,
       time = false, entryTimes = false, shardInputs = false;
  int64_t iterations = 1, capacity = 0;
  bool capacityGiven = false;
  GraphMode graph = GraphMode::Off;
  uint64_t seed = 0;
  std::vector<std::string> inputs;
};

int64_t parseInteger(const std::string &flag, const std::string &text,
                     int64_t min) {
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end || errno == ERANGE || value < min)
    fail(flag + " expects an integer >= " + std::to_string(min) + ", got '" +
         text + "'");
  return value;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag, std::string &out) {
      if (arg.rfind(flag + "=", 0) == 0) {
        out = arg.substr(flag.size() + 1);
        return true;
      }
      if (arg == flag) {
        if (i + 1 >= argc)
          fail(flag + " expects a value");
        out = argv[++i];
        return true;
      }
      return false;
    };
    std::string v;
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (value("--backend", v)) {
      o.backend = v;
    } else if (value("--iterations", v)) {
      o.iterations = parseInteger("--iterations", v, 0);
    } else if (value("--seed", v)) {
      o.seed = (uint64_t)parseInteger("--seed", v, 0);
    } else if (value("--inputs", v)) {
      // comma-separated as echo-run takes it, so one list serves both
      for (size_t begin = 0, end; begin <= v.size(); begin = end + 1) {
        end = v.find(',', begin);
        if (end == std::string::npos)
          end = v.size();
        o.inputs.push_back(v.substr(begin, end - begin));
      }
    } else if (value("--dump-results", v)) {
      o.dumpResults = v;
    } else if (value("--graph", v)) {
      if (!parseGraphMode(v, o.graph))
        fail("--graph expects off, on or auto, got '" + v + "'");
    } else if (value("--capacity", v)) {
      o.capacity = parseInteger("--capacity", v, 0);
      o.capacityGiven = true;
    } else if (arg == "--print-loss") {
      o.printLoss = true;
    } else if (arg == "--time") {
      o.time = true;
    } else if (arg == "--entry-times") {
      o.entryTimes = true;
    } else if (arg == "--allow-nonfinite-loss") {
      o.allowNonFinite = true;
    } else if (arg == "--shard-inputs") {
      o.shardInputs = true;
    } else if (arg == "--memory-stats" ||
               arg.rfind("--memory-stats=", 0) == 0) {
      o.wantMemoryStats = true;
      o.memoryStats = arg.size() > 15 ? arg.substr(15) : "text";
      if (o.memoryStats != "json" && o.memoryStats != "text")
        fail("--memory-stats takes no value, 'text' or 'json'");
    } else if (!arg.empty() && arg[0] == '-') {
      fail("unknown option '" + arg + "' (--help lists them)");
    } else if (o.step.empty()) {
      o.step = arg;
    } else {
      fail("more than one step given ('" + o.step + "', '" + arg + "')");
    }
  }
  if (o.step.empty())
    fail("no step given (--help for usage)");
  return o;
}

/// cpu and cuda name the backend libraries in ../lib beside this program.
std::string backendPath(const std::string &name) {
  if (name != "cpu" && name != "cuda")
    return name;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0)
    fail("cannot find this program's directory (/proc/self/exe)");
  std::string dir(exe, n);
  dir = dir.substr(0, dir.find_last_of('/'));
  return dir + "/../lib/libecho_runtime_" + name + ".so";
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);

  std::string error, libraryPath = backendPath(o.backend);
  std::unique_ptr<echo_runtime::Backend> backend =
      echo_runtime::Backend::load(libraryPath, error);
  if (!backend)
    fail(error);
  echo_runtime::Backend &rt = *backend;
  // The step's calls to echo_* resolve against the backend: make its
  // symbols global before the step is loaded.
  if (!dlopen(echo_runtime::loadablePath(libraryPath).c_str(),
              RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL))
    fail("cannot make the backend's symbols global: " +
         std::string(dlerror()));
  if (!echo_runtime::checkSharedObject(echo_runtime::loadablePath(o.step),
                                       error))
    fail("cannot load step " + o.step + ": " + error);
  void *step =
      dlopen(echo_runtime::loadablePath(o.step).c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!step)
    fail("cannot load step " + o.step + ": " + std::string(dlerror()));
  using Invoke = void (*)(void **);
  auto invokeStep = reinterpret_cast<Invoke>(dlsym(step, "echo_step_invoke"));
  auto manifestText =
      reinterpret_cast<const char *>(dlsym(step, "echo_step_manifest"));
  auto stepSlots =
      reinterpret_cast<const int64_t *>(dlsym(step, "echo_step_packed_slots"));
  if (!invokeStep || !manifestText)
    fail(o.step + " is not a step compiled by echo-compile (no "
                  "echo_step_invoke / echo_step_manifest)");
  auto bufferLayout =
      reinterpret_cast<const int64_t *>(dlsym(step, "echo_step_buffer_layout"));
  if (!stepSlots || !bufferLayout)
    fail(o.step + " has no " +
         (stepSlots ? "echo_step_buffer_layout" : "echo_step_packed_slots") +
         " (an older echo-compile built it): compile it again");
  StepManifest manifest;
  if (!parseManifest(manifestText, manifest, error))
    fail(o.step + ": " + error);
  // The checksum catches a damaged manifest; these, one that is intact but
  // describes another step (records rewritten with a valid checksum, or
  // another library's manifest), before anything is allocated: the step
  // would read past `packed`, or the host would read a result where the
  // step does not write it.
  if (packedSlots(manifest) != *stepSlots)
    fail(o.step + ": the manifest describes " +
         std::to_string(packedSlots(manifest)) + " packed slots, the step "
         "takes " + std::to_string(*stepSlots) +
         ": the manifest does not belong to this library");
  if (!checkBufferLayout(manifest, bufferLayout, error))
    fail(o.step + ": " + error +
         ": the manifest does not belong to this library");
  const EntrySignature &signature = manifest.signature;
  const std::string &name = manifest.function;

  int64_t capacity = o.capacityGiven ? o.capacity
                                     : defaultCapacity(rt.echo_backend_name());
  bool capacityIsDefault = !o.capacityGiven && capacity > 0;
  auto failRuntime = [&](echo_context *ctx, const std::string &what) {
    std::string message = ctx ? rt.echo_context_error(ctx) : "no context";
    bool oom = ctx && rt.echo_context_status(ctx) == ECHO_ERR_OUT_OF_MEMORY;
    if (oom && capacityIsDefault)
      message += kDefaultCapacityNote;
    fail("runtime error " + what + ": " +
             (message.empty() ? std::string("failed") : message),
         oom ? 4 : 3);
  };
  echo_context *ctx = nullptr;
  if (rt.echo_context_create(&ctx) != ECHO_OK)
    failRuntime(ctx, "creating a " + std::string(rt.echo_backend_name()) +
                         " context");
  // The CUDA backend's entry profile (runtime/cuda/EntryTimes.h), outside
  // the ABI: looked up by name.
  using EnableTimes = echo_status (*)(echo_context *, int);
  using TimesReport = const char *(*)(echo_context *);
  EnableTimes enableTimes = nullptr;
  TimesReport timesReport = nullptr;
  if (o.entryTimes) {
    void *lib = dlopen(echo_runtime::loadablePath(libraryPath).c_str(),
                       RTLD_NOW | RTLD_NOLOAD);
    enableTimes = lib ? reinterpret_cast<EnableTimes>(
                            dlsym(lib, "echo_cuda_entry_times_enable"))
                      : nullptr;
    timesReport = lib ? reinterpret_cast<TimesReport>(
                            dlsym(lib, "echo_cuda_entry_times_report"))
                      : nullptr;
    if (!enableTimes || !timesReport)
      fail(std::string("--entry-times: the ") + rt.echo_backend_name() +
           " backend does not time its entries (the cuda backend does)");
    if (o.iterations <= 1 && enableTimes(ctx, 1) != ECHO_OK)
      failRuntime(ctx, "enabling entry times");
  }
  std::vector<const char *> sites;
  for (const std::string &s : manifest.sites)
    sites.push_back(s.c_str());
  if (rt.echo_mem_configure(ctx, capacity, sites.data(), sites.size()))
    failRuntime(ctx, "configuring the allocator");

  StepBuffers buffers(rt, ctx,
                      [&](const std::string &what) { failRuntime(ctx, what); });
  InputPart part;
  if (o.shardInputs && !launcherPart(part, error))
    fail(error);
  if (!buffers.prepare(manifest, o.seed, o.inputs, error,
                       o.shardInputs ? &part : nullptr))
    fail(error);
  std::vector<Buffer> &args = buffers.args, &results = buffers.results;
  void *contextArg = ctx;
  int32_t status = 0;
  std::vector<void *> packed = buffers.pack(&contextArg, &status);

  StepGraphs graphs(
      rt, ctx, o.graph,
      [&] {
        invokeStep(packed.data());
        return static_cast<echo_status>(status);
      },
      [&] { return buffers.addresses(); });
  double timedMs = 0;
  int64_t timedSteps = 0;
  IterationOptions loop;
  loop.iterations = o.iterations;
  loop.printLoss = o.printLoss;
  loop.allowNonFiniteLoss = o.allowNonFinite;
  bool ran = runIterations(
      signature, args, results,
      [&](int64_t iter, std::string &) {
        if (enableTimes && iter == 1 && enableTimes(ctx, 1) != ECHO_OK)
          failRuntime(ctx, "enabling entry times");
        auto start = std::chrono::steady_clock::now();
        std::string fallback;
        echo_status stepStatus = graphs.run(iter, fallback);
        double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
        if (!fallback.empty())
          std::cerr << "echo-step: " << fallback << "\n";
        // The first step and the steps that recorded a graph do more than
        // a step.
        if ((iter > 0 || o.iterations == 1) && !graphs.recorded())
          timedMs += ms, ++timedSteps;
        if (stepStatus != ECHO_OK)
          failRuntime(ctx, "in step " + std::to_string(iter) + " of @" + name);
        return true;
      },
      [&](Buffer &b, std::string &) {
        buffers.download(b);
        return true;
      },
      loop, [](const std::string &text) { std::cout << text; }, error);
  if (!ran)
    fail(error);

  if (o.time && timedSteps > 0) {
    char line[128];
    std::snprintf(line, sizeof(line),
                  "step time %.3f ms (mean of %lld step(s))\n",
                  timedMs / timedSteps, (long long)timedSteps);
    std::cout << line;
  }
  if (timesReport)
    std::cout << timesReport(ctx);
  if (o.wantMemoryStats)
    std::cout << formatMemoryStats(rt, ctx, o.capacity,
                                   o.memoryStats == "json");
  if (!o.dumpResults.empty()) {
    for (Buffer &b : results)
      buffers.download(b);
    if (!writeResults(o.dumpResults, results, error))
      fail(error);
  }
  graphs.release();
  buffers.release();
  rt.echo_context_destroy(ctx);
  std::cout.flush();
  return 0;
}
