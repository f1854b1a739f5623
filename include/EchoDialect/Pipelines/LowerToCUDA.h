//===- LowerToCUDA.h - The CUDA lowering of a training step -----*- C++ -*-===//
//
// --echo-lower-to-cuda: a tensor-level step -> LLVM dialect host code that
// calls the runtime ABI (heavy ops: cuBLAS and cuDNN in
// libecho_runtime_cuda) and launches the light ops as generated kernels,
// compiled to one gpu.binary per kernel module:
//
//   plan pipeline (as --echo-lower-to-cpu)
//   -> echo-light-calls-to-loops        light entries become scf.parallel
//   -> tile (256 threads), map, convert to gpu.launch, outline kernels
//   -> in each gpu.module: affine, scf -> cf, gpu -> NVVM, reconcile casts
//   -> attach an NVVM target per chip, serialize (ptxas, fatbinary)
//   -> the CPU pipeline's host lowering + gpu-to-llvm (mgpu* calls)
//
// The toolkit that provides libdevice, ptxas and fatbinary is the one CMake
// found at configure time (find_package(CUDAToolkit)), never the
// environment; the `toolkit` option overrides it.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_PIPELINES_LOWERTOCUDA_H
#define ECHODIALECT_PIPELINES_LOWERTOCUDA_H

#include "EchoDialect/Core/MathMode.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;

namespace echo {

/// What gpu-module-to-binary writes for each chip.
enum class CudaBinaryFormat {
  Fatbin, // SASS and PTX in a fatbin (runs ptxas and fatbinary)
  Bin,    // a cubin (runs ptxas)
  Isa,    // PTX text (no toolkit tool runs; the driver compiles it)
};

struct LowerToCUDAOptions : public PassPipelineOptions<LowerToCUDAOptions> {
  PassOptions::ListOption<std::string> chips{
      *this, "chips",
      llvm::cl::desc("Chips each kernel module is compiled for, in order; "
                     "the host embeds the first one's binary (default "
                     "sm_80,sm_90)")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit root (libdevice, ptxas, fatbinary); "
                     "default: the toolkit found when echo-mlir was "
                     "configured"),
      llvm::cl::init("")};
  PassOptions::Option<CudaBinaryFormat> format{
      *this, "format", llvm::cl::desc("Kernel binary format"),
      llvm::cl::init(CudaBinaryFormat::Fatbin),
      llvm::cl::values(
          clEnumValN(CudaBinaryFormat::Fatbin, "fatbin",
                     "SASS and PTX in a fatbin (ptxas, fatbinary)"),
          clEnumValN(CudaBinaryFormat::Bin, "bin", "cubin (ptxas)"),
          clEnumValN(CudaBinaryFormat::Isa, "isa",
                     "PTX text, compiled by the driver at load time"))};
  PassOptions::Option<std::string> ptxFeatures{
      *this, "ptx-features",
      llvm::cl::desc("NVPTX target features of every chip (the PTX ISA "
                     "version; sm_90 needs at least +ptx78)"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<std::string> ptxasOptions{
      *this, "ptxas-options",
      llvm::cl::desc("Extra ptxas options of every chip (e.g. -O0 where "
                     "only assembling matters, as in CI)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimization level of the kernels before PTX "
                     "(0-3, the NVVM target's O): 0 where only assembling "
                     "matters, as in CI (about 8x faster to compile)"),
      llvm::cl::init(2)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of the generated kernels (the tile "
                     "size of each parallel loop)"),
      llvm::cl::init(256)};
  PassOptions::Option<int64_t> reductionBlockSize{
      *this, "reduction-block-size",
      llvm::cl::desc("Most threads of the block each output of a reducing "
                     "kernel gets (echo-block-kernels; a power of two in "
                     "[32, 1024])"),
      llvm::cl::init(1024)};
  PassOptions::Option<bool> fuseLoops{
      *this, "fuse-loops",
      llvm::cl::desc("Fuse consecutive light-op loops into one kernel "
                     "(echo-fuse-light-loops); false launches one kernel "
                     "per light op"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> kernelReport{
      *this, "kernel-report",
      llvm::cl::desc("Write the kernel report (echo-kernel-report: launches "
                     "per step, each kernel's threads, longest per-thread "
                     "loop and buffer bytes) as JSON to this file ('-': "
                     "standard error)"),
      llvm::cl::init("")};
  PassOptions::Option<EchoMathMode> math{
      *this, "math",
      llvm::cl::desc("Numerics of the heavy ops (cuBLAS, cuDNN): ieee keeps "
                     "IEEE FP32 and deterministic algorithms; tf32 lets "
                     "them use TF32 tensor cores and the fastest "
                     "algorithms (echo_step_set_math)"),
      llvm::cl::init(ECHO_MATH_IEEE), mathModeValues()};
  PassOptions::Option<int64_t> workspaceBudget{
      *this, "workspace-budget",
      llvm::cl::desc("Bytes of the planned workspace of each convolution "
                     "(forward, backward data, backward filter): cuDNN picks "
                     "the best algorithm whose workspace fits; 0: the "
                     "context's scratch, as without a plan"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> assignBuffers{
      *this, "assign-buffers",
      llvm::cl::desc("Place the temporaries in one arena (as "
                     "--echo-lower-to-cpu); false gives each its own "
                     "allocation"),
      llvm::cl::init(true)};
};

/// The toolkit root CMake found when echo-mlir was configured, or "" when
/// it found none.
StringRef configuredCudaToolkit();

/// Adds the CUDA lowering to `pm` (anchored on builtin.module). Fails, with
/// the reason in `error`, when the toolkit (the option's, else the
/// configured one) lacks what the chosen format needs.
LogicalResult buildLowerToCUDAPipeline(OpPassManager &pm,
                                       const LowerToCUDAOptions &options,
                                       std::string &error);

/// Registers what the pipeline needs beyond registerLowerToCPUDialects: the
/// GPU, NVVM and math dialects, the convert-to-LLVM interfaces
/// convert-gpu-to-nvvm and gpu-to-llvm use, the NVVM target (serialization)
/// and the GPU, NVVM and LLVM translations with the offloading interface
/// (gpu.binary -> embedded object).
void registerLowerToCUDADialects(DialectRegistry &registry);

/// Registers the pipeline as --echo-lower-to-cuda.
void registerLowerToCUDAPipeline();

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_PIPELINES_LOWERTOCUDA_H
