//===- StepHost.h - Host-side chores shared by echo-run and echo-step ---===//
//
// Deterministic initial values, .npy inputs and result dumps: the same code
// in both drivers, so that a step run by the JIT (echo-run) and the same
// step compiled ahead of time (echo-step) start from and write the same
// bits. Plain C++ only.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_STEPDRIVER_STEPHOST_H
#define ECHO_STEPDRIVER_STEPHOST_H

#include "Buffer.h"
#include "StepSignature.h"

#include "echo/loader.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace echo_run {

/// Fills the host copy of argument `index` from the run seed (one generator
/// per argument, seeded by the seed and the index).
void initialize(Buffer &b, const ArgumentSpec &arg, uint64_t runSeed,
                size_t index);

/// Applies one `--inputs ARG=FILE.npy` item to the host copies of `args`;
/// on failure returns false and sets `error`.
bool loadInput(const std::string &item, std::vector<Buffer> &args,
               std::string &error);

/// Writes every result (host copies) to `path`: per result a line
/// "result I DTYPE [SHAPE] BYTES", the raw bytes and a newline.
bool writeResults(const std::string &path, const std::vector<Buffer> &results,
                  std::string &error);

/// The results of the step `manifest` describes: each out-parameter is
/// `allocate(i)` (device memory and host copy), each result in the arena a
/// view of `arena` at its offset with a host copy. `arena` is the buffer of
/// manifest.arenaBytes the caller passes to the step (null when that is 0).
std::vector<Buffer>
bindResults(const StepManifest &manifest,
            const std::function<Buffer(size_t)> &allocate, const Buffer *arena);

/// The packed calling convention of StepManifest: `context`, every
/// descriptor field of the arguments, of the out-parameters and of `arena`
/// (when the step takes one), then `status`, which the step writes.
std::vector<void *> packStepArguments(void **context, std::vector<Buffer> &args,
                                      std::vector<Buffer> &results,
                                      Buffer *arena, int32_t *status);

/// What the iterations of a training step print and allow.
struct IterationOptions {
  int64_t iterations = 1;
  bool printLoss = false;
  bool allowNonFiniteLoss = false;
  /// Called after each step with its index and its loss (null when result
  /// #0 is no scalar f32): echo-run's progress line.
  std::function<void(int64_t, const float *)> onIteration;
};

/// Runs `options.iterations` steps: `invoke(iter)` runs one (the caller
/// uploads nothing between steps: results that replace arguments
/// (echo.update_of) are swapped into the argument buffers on the device).
/// Prints "iter I loss L" through `print` with --print-loss. Afterwards the
/// results hold the last step's values. Returns false and sets `error` on a
/// non-finite loss (unless allowed) or when invoke or download fails.
bool runIterations(const EntrySignature &signature, std::vector<Buffer> &args,
                   std::vector<Buffer> &results,
                   const std::function<bool(int64_t, std::string &)> &invoke,
                   const std::function<bool(Buffer &, std::string &)> &download,
                   const IterationOptions &options,
                   const std::function<void(const std::string &)> &print,
                   std::string &error);

/// The buffers of a step run on one backend context, allocated in the order
/// both drivers use (each as device memory, then its host copy): the
/// arguments, the arena a grad-results=arena step keeps its results in, then
/// the results; only then are the arguments' host copies initialized from
/// the run seed and the inputs, and uploaded. A backend failure calls `failRuntime(what)` with the action that failed
/// ("allocating ..."), which reads the context's error and ends the run.
struct StepBuffers {
  using FailRuntime = std::function<void(const std::string &what)>;
  echo_runtime::Backend &rt;
  echo_context *ctx;
  FailRuntime failRuntime;
  std::vector<Buffer> args, results;
  std::optional<Buffer> arena;

  StepBuffers(echo_runtime::Backend &rt, echo_context *ctx,
              FailRuntime failRuntime)
      : rt(rt), ctx(ctx), failRuntime(std::move(failRuntime)) {}

  /// Allocates everything `manifest` needs; `loadInputs` applies the
  /// `--inputs` items to the arguments' host copies before the upload.
  /// With `part` (--shard-inputs), an input holding all ranks' data gives
  /// this rank its part (InputPart). False (and `error`) when the inputs do
  /// not apply.
  bool prepare(const StepManifest &manifest, uint64_t seed,
               const std::vector<std::string> &inputs, std::string &error,
               const struct InputPart *part = nullptr);
  /// The packed calling convention (packStepArguments) over these buffers.
  std::vector<void *> pack(void **context, int32_t *status);
  /// The device addresses a step is called with now: arguments, results,
  /// arena (StepGraphs keys its graphs by them).
  std::vector<const void *> addresses() const;
  void upload(Buffer &b);
  void download(Buffer &b);
  /// Frees the device memory of every buffer.
  void release();

private:
  Buffer allocate(Buffer b, int64_t category, const std::string &what);
};

/// This process's place in a data-parallel job (docs/distributed.md), for
/// --shard-inputs: an input whose first dimension is `size` times the
/// argument's gives the rows [rank b, (rank + 1) b); one whose elements
/// echo.shard would cut into the argument's 1-D part of k gives elements
/// [rank k, (rank + 1) k), zeros past its end (ZeRO-3's parameters).
struct InputPart {
  int64_t rank = 0, size = 1;
};

/// The rank and size the launcher gives this process (Open MPI's
/// OMPI_COMM_WORLD_RANK/SIZE, else PMI_RANK/SIZE); false (and `error`)
/// outside a launcher.
bool launcherPart(InputPart &part, std::string &error);

/// The device capacity echo-run and echo-step use when no --capacity is
/// given. On the cpu backend device memory is host memory, and without a
/// bound a step too large for the machine is ended by the kernel's OOM
/// killer instead of failing with the backend's out-of-memory error: the
/// bound is half the memory available now (the drivers keep a host copy of
/// every argument and result), where available is the smaller of
/// /proc/meminfo's MemAvailable (sysconf's available pages without it) and
/// the room left under the process's cgroup memory limit (v2 memory.max or
/// v1 memory.limit_in_bytes). Other backends: 0 (unlimited). For tests
/// only, ECHO_TEST_AVAILABLE_MEMORY=BYTES replaces what "available" reads.
int64_t defaultCapacity(const std::string &backendName);

/// Appended to an out-of-memory message when the capacity was
/// defaultCapacity's: where the bound came from and how to lift it.
extern const char *const kDefaultCapacityNote;

/// The backend's memory statistics of `ctx`, as JSON (one line) or text.
std::string formatMemoryStats(echo_runtime::Backend &rt, echo_context *ctx,
                              int64_t capacity, bool json);

} // namespace echo_run

#endif // ECHO_STEPDRIVER_STEPHOST_H
