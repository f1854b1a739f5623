//===- StepSignature.h - What a host must feed a training step ----------===//
//
// Each argument's type and how to initialize it, each result's type and
// which argument it replaces between iterations (echo.update_of), and the
// step's allocation sites: everything a host needs to run a compiled step.
// echo-run reads it off the tensor-level IR (EntrySignature.h); echo-compile
// writes it into the step object as a manifest that echo-step reads back,
// with no MLIR at run time. Plain C++ only.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_STEPDRIVER_STEPSIGNATURE_H
#define ECHO_STEPDRIVER_STEPSIGNATURE_H

#include <cstdint>
#include <string>
#include <vector>

namespace echo_run {

/// How an argument gets its initial value with --seed.
enum class Init {
  Uniform,        // data: uniform in [-1, 1)
  FanIn,          // weights: uniform in [-1/sqrt(fan_in), 1/sqrt(fan_in))
  Zeros,          // biases, shifts, running means, optimizer state
  Ones,           // scales (gamma), running variances
  IntegerBelow,   // labels and indices: uniform integers in [0, bound)
  First,          // element 0 = value, the others 0 (a loss-scale state:
                  // [scale, good steps], echo.loss_scale_update's init)
};

struct TensorSpec {
  std::vector<int64_t> shape;
  /// "f32", "f16", "bf16" (16-bit patterns), "i1", "i32", "i64".
  std::string dtype;
  int64_t elementBytes = 4;
  int64_t numElements() const;
  int64_t bytes() const { return numElements() * elementBytes; }
};

struct ArgumentSpec {
  TensorSpec tensor;
  Init init = Init::Uniform;
  int64_t bound = 2;      // IntegerBelow
  int64_t fanIn = 1;      // FanIn
  double value = 0.0;     // First
  int64_t category = 0;   // EchoMemoryCategory
  bool trainable = false; // carries echo.trainable
  std::string name;       // for messages: "argument #3"
};

struct ResultSpec {
  TensorSpec tensor;
  int64_t updateOf = -1;  // argument this result replaces, or -1
  int64_t category = 0;
  /// Where the step leaves it: -1, an out-parameter the caller allocates;
  /// otherwise its byte offset in the arena the caller passes
  /// (grad-results=arena, echo.arena_results).
  int64_t arenaOffset = -1;
};

struct EntrySignature {
  std::vector<ArgumentSpec> arguments;
  std::vector<ResultSpec> results;
};

/// A compiled step's manifest: its function, signature, the allocation
/// sites echo_mem_configure takes, and the bytes of the arena it takes as
/// its last argument (0: it allocates its own arena; every result is an
/// out-parameter).
///
/// The step's parameters, in order: the context, every argument, every
/// result with arenaOffset -1 (out-parameters), then the arena when
/// arenaBytes > 0. Results in the arena are valid until the caller passes
/// that arena to a step again.
struct StepManifest {
  std::string function;
  EntrySignature signature;
  std::vector<std::string> sites;
  int64_t arenaBytes = 0;
};

/// The packed slots a step of `manifest` reads and writes: the context, the
/// descriptor fields (3 + 2 * rank) of every argument, of every
/// out-parameter and of the arena when it takes one, then its status.
int64_t packedSlots(const StepManifest &manifest);

/// The manifest as text, one record a line (names and sites are escaped so
/// that a record never spans lines). Its last record before `end` is
/// `check HEX`, manifestChecksum of every byte before that line, so a
/// manifest damaged inside a library is refused rather than trusted.
std::string writeManifest(const StepManifest &manifest);

/// 64-bit FNV-1a of `text`, as 16 lower-case hex digits.
std::string manifestChecksum(const std::string &text);

/// Parses writeManifest's text; on failure returns false and sets `error`.
/// Besides the checksum it checks what the records say of themselves:
/// element sizes, counts, and that each result in the arena lies inside it
/// and apart from the others (they all live to the end of the step).
bool parseManifest(const std::string &text, StepManifest &out,
                   std::string &error);

/// The buffers as the step's code was compiled for them, which echo-compile
/// emits beside the manifest as `echo_step_buffer_layout` (int64_t[]):
/// the arena's bytes, the number of arguments, the number of results, each
/// argument's bytes, then each result's arena offset (-1: an
/// out-parameter) and bytes. It comes from the same plan as the offsets in
/// the code, not from the manifest's text: a manifest whose records were
/// rewritten with a valid checksum no longer matches it.
std::vector<int64_t> bufferLayout(const StepManifest &manifest);

/// Whether `manifest` describes the buffers of `layout`, a library's
/// echo_step_buffer_layout. On a difference returns false and sets `error`
/// to the first record that differs ("result #0: ..."). Reads no further
/// into `layout` than its own counts say.
bool checkBufferLayout(const StepManifest &manifest, const int64_t *layout,
                       std::string &error);

} // namespace echo_run

#endif // ECHO_STEPDRIVER_STEPSIGNATURE_H
