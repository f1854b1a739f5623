//===- Context.h - The CUDA backend's echo_context --------------*- C++ -*-===//
//
// Layering: the context owns, in this order, the device choice (checked
// once, at creation: a machine without a usable device gets a context that
// only reports why), the counting allocator of device memory, the stream
// every entry runs on, the cuBLAS and cuDNN handles bound to that stream
// (created on first use, so a step without heavy ops never loads them), a
// scratch buffer for library workspaces and per-entry temporaries, and the
// error state. Nothing is global, so contexts are independent.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_CONTEXT_H
#define ECHO_RUNTIME_CUDA_CONTEXT_H

#include "Abi.h"
#include "CopyStream.h"
#include "DeferredChecks.h"
#include "MemoryStats.h"
#include "OptimizerArgs.h"
#include "ProfileSites.h"
#include "RuntimeError.h"
#include "StepGraph.h"
#include "StickyError.h"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <cudnn.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

/// Device memory accounting (CountingAllocator.cpp). One cudaMalloc per
/// block; the counters hold the requested bytes exactly, with the CPU
/// backend's semantics, so a measured peak equals the planned one.
struct EchoDeviceAllocator : echo_rt::MemoryStats {
  struct Block {
    int64_t bytes;
    int64_t category;
  };
  std::map<void *, Block> live;
  /// Freed blocks kept for reuse by size (planned arenas only: a step
  /// allocates the same arena every time), not counted as allocated.
  std::multimap<size_t, void *> idle;
  static bool keepsIdle(int64_t category) { return category == ECHO_MEM_ARENA; }
  /// While a step is recorded as a graph: its counts are logged, and the
  /// blocks it frees are the graph's (StepGraph.h).
  echo_cuda::Recording *recording = nullptr;

  /// Null when `bytes` would exceed the capacity or cudaMalloc fails;
  /// `error` then says why.
  void *allocate(int64_t bytes, int64_t category, const std::string &what,
                 std::string &error);
  /// False for a pointer this allocator did not hand out; `error` is set
  /// when cudaFree itself failed.
  bool release(void *ptr, std::string *error = nullptr);
  /// Frees the kept blocks (at destruction, or when cudaMalloc fails).
  void releaseIdle();
  void releaseAll();
};

namespace echo_cuda {
struct ConvPlans;  // Conv.cpp
struct EntryTimes; // EntryTimes.h
} // namespace echo_cuda

struct echo_context : echo_rt::StickyError {
  // Device: `usable` is false when creation found no device; `whyUnusable`
  // then says why, and every call that needs the device returns it.
  bool usable = false;
  int device = 0;
  std::string whyUnusable;

  cudaStream_t stream = nullptr;
  cublasHandle_t cublas = nullptr; // lazily, Device.cpp
  cudnnHandle_t cudnn = nullptr;   // lazily, Device.cpp
  void *scratch = nullptr;         // grown on demand, not counted
  size_t scratchBytes = 0;
  void *cublasWorkspace = nullptr; // fixed, so cuBLAS results are
                                   // reproducible on this stream
  unsigned long long *flag = nullptr; // device word for kernel checks
  echo_cuda::DeferredChecks checks;   // the step's data checks
  // Device slot: the bias corrections of the Adam update being run,
  // computed there from its step count (Elementwise.cu).
  echo_rt::AdamCorrections *adamCorrections = nullptr;
  echo_cuda::ConvPlans *convPlans = nullptr; // made on first use, Conv.cpp
  echo_cuda::EntryTimes *entryTimes = nullptr; // only when profiling
  // Numerics of the heavy ops (EchoMathMode): the step's, from
  // echo_step_set_math, reset by echo_step_begin; and the one the cuBLAS
  // handle is set to, which cublas() brings in line before each GEMM.
  int64_t math = ECHO_MATH_IEEE;
  int64_t cublasMath = ECHO_MATH_IEEE;

  EchoDeviceAllocator memory;
  echo_rt::ProfileSites profile;
  EchoCudaCopies copies; // echo_offload / echo_prefetch (Offload.cpp)
  // Non-null while echo_graph_capture records a step (StepGraph.cpp).
  echo_cuda::Recording *recording = nullptr;
  // Graphs not yet destroyed, freed with the context.
  std::vector<echo_graph *> graphs;
};

namespace echo_cuda {
using Context = echo_context;

/// A failure inside an entry's implementation (Entries.cpp records it),
/// and fail(), shared with the CPU backend.
using echo_rt::Error;
using echo_rt::fail;

/// "cudaErrorX (description)" for a CUDA runtime status.
std::string describe(cudaError_t e);
/// Throws ECHO_ERR_INTERNAL (ECHO_ERR_OUT_OF_MEMORY for allocation
/// failures) "<entry>: <what> failed: <status>" unless `e` is cudaSuccess.
void check(const char *entry, cudaError_t e, const char *what);
void check(const char *entry, cublasStatus_t s, const char *what);
void check(const char *entry, cudnnStatus_t s, const char *what);
/// The launch status of the last kernel (cudaGetLastError).
void checkLaunch(const char *entry, const char *kernel);

/// Device setup of a usable context, done before every call into it
/// (cudaSetDevice: the calling thread may have another current device).
void activate(const char *entry, Context &ctx);
/// The handles, created on first use and bound to the context's stream.
/// cublas() returns the handle in the step's math mode (ctx.math):
/// CUBLAS_DEFAULT_MATH (IEEE FP32, no TF32) or CUBLAS_TF32_TENSOR_OP_MATH;
/// convolutions set their math per descriptor (Conv.cpp).
cublasHandle_t cublas(const char *entry, Context &ctx);
cudnnHandle_t cudnn(const char *entry, Context &ctx);
/// Frees the convolution plans (cuDNN descriptors) of a context.
void releaseConvPlans(Context &ctx);
/// At least `bytes` of device scratch, valid until the next call; the
/// previous contents are lost when it grows.
void *scratch(const char *entry, Context &ctx, size_t bytes);
/// Waits for the context's stream.
void synchronize(const char *entry, Context &ctx);
/// Device -> host copy on the stream, waited for.
void readBack(const char *entry, Context &ctx, void *host, const void *device,
              size_t bytes);
/// Kernel checks: resetFlag sets the context's device flag word to
/// ~0ull; kernels lower it with atomicMin to the first failing position;
/// readFlag returns it (~0ull: no failure) after waiting for the stream.
void resetFlag(const char *entry, Context &ctx);
unsigned long long readFlag(const char *entry, Context &ctx);
constexpr unsigned long long kNoFlag = ~0ull;
/// Offload.cpp: before an entry, makes the compute stream wait for the
/// pending copies overlapping a tensor of it; after a failure or at the end
/// of a step, waits for every copy; at destruction, frees the copy stream,
/// events and pinned slots.
void awaitCopies(Context &ctx, const echo_rt::Operand &t, size_t elementBytes);
void finishCopies(Context &ctx);
void releaseCopies(Context &ctx);
/// Makes the compute stream wait (on the device) for every pending copy:
/// generated kernels do not say which buffers they touch.
cudaError_t awaitAllCopies(Context &ctx);

/// The context whose step runs on this thread, from a successful
/// echo_step_begin to its echo_step_end (nullptr outside a step). The mgpu*
/// functions of generated kernels (Mgpu.cpp) launch on its stream, in order
/// with the entries, and record their failures as its error.
Context *activeStep();
void setActiveStep(Context *ctx);
} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_CONTEXT_H
