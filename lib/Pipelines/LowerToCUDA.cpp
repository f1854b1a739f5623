//===- LowerToCUDA.cpp - --echo-lower-to-cuda ----------------------------===//
//
// Every pass is added through its typed constructor and options struct, as
// in Pipelines.cpp. The order of the kernel-forming passes matters:
// canonicalizing before the mapping would merge the tiled loops back and
// give one-thread blocks, so canonicalize/cse run only after outlining.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Pipelines/LowerToCUDA.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/Transforms/PlanPipeline.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUCommon/GPUToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::echo;

#ifndef ECHO_CUDA_TOOLKIT_PATH
#define ECHO_CUDA_TOOLKIT_PATH ""
#endif

StringRef mlir::echo::configuredCudaToolkit() { return ECHO_CUDA_TOOLKIT_PATH; }

static const char *formatName(CudaBinaryFormat format) {
  switch (format) {
  case CudaBinaryFormat::Fatbin:
    return "fatbin";
  case CudaBinaryFormat::Bin:
    return "bin";
  case CudaBinaryFormat::Isa:
    return "isa";
  }
  llvm_unreachable("unknown CudaBinaryFormat");
}

/// The toolkit files the chosen format needs: libdevice always (without it
/// math functions stay unresolved externs), ptxas for cubins, fatbinary for
/// fatbins. Checked here so a missing toolkit is one clear message rather
/// than a failure deep inside serialization.
static LogicalResult checkToolkit(StringRef root, CudaBinaryFormat format,
                                  std::string &error) {
  if (root.empty()) {
    error = "no CUDA toolkit: echo-mlir was configured without one "
            "(find_package(CUDAToolkit) found none); pass toolkit=PATH";
    return failure();
  }
  SmallVector<std::pair<StringRef, StringRef>> needed{
      {"nvvm/libdevice/libdevice.10.bc", "every kernel calling a math "
                                         "function needs it"}};
  if (format != CudaBinaryFormat::Isa)
    needed.push_back({"bin/ptxas", "format=bin and fatbin need it"});
  if (format == CudaBinaryFormat::Fatbin)
    needed.push_back({"bin/fatbinary", "format=fatbin needs it"});
  for (auto [file, why] : needed) {
    SmallString<256> path(root);
    llvm::sys::path::append(path, file);
    if (!llvm::sys::fs::exists(path)) {
      error = ("the CUDA toolkit at '" + root + "' has no " + file + " (" +
               why + ")")
                  .str();
      return failure();
    }
  }
  return success();
}

/// The chips the lowering accepts and the PTX ISA version (times ten) each
/// needs (PTX ISA release notes). An unchecked name reaches the NVVM
/// target's verifier, which crashes on an empty one; a PTX version below a
/// chip's ends in the NVPTX backend's fatal error.
static const std::pair<StringRef, int> kChips[] = {
    {"sm_50", 40},  {"sm_52", 41},   {"sm_53", 42},  {"sm_60", 50},
    {"sm_61", 50},  {"sm_62", 50},   {"sm_70", 60},  {"sm_72", 61},
    {"sm_75", 63},  {"sm_80", 70},   {"sm_86", 71},  {"sm_87", 74},
    {"sm_89", 78},  {"sm_90", 78},   {"sm_90a", 80}, {"sm_100", 86},
    {"sm_100a", 86}, {"sm_101", 86}, {"sm_101a", 86}, {"sm_120", 87},
    {"sm_120a", 87}};

/// Every chip is one of kChips, and every `+ptxNN` of `features` is at
/// least what each chip needs.
static LogicalResult checkChips(ArrayRef<std::string> chips,
                                StringRef features, std::string &error) {
  int ptx = 0;
  SmallVector<StringRef> parts;
  features.split(parts, ',');
  for (StringRef part : parts) {
    StringRef f = part.trim();
    int version;
    if (f.consume_front("+ptx") && !f.getAsInteger(10, version))
      ptx = std::max(ptx, version);
    else if (!part.trim().empty() && !part.trim().starts_with("+") &&
             !part.trim().starts_with("-")) {
      error = ("ptx-features: '" + part.trim() +
               "' is not a target feature (+NAME or -NAME, e.g. +ptx80)")
                  .str();
      return failure();
    }
  }
  for (const std::string &chip : chips) {
    auto *it = llvm::find_if(kChips, [&](auto &c) { return c.first == chip; });
    if (it == std::end(kChips)) {
      std::string known;
      for (auto &c : kChips)
        known += (known.empty() ? "" : ", ") + c.first.str();
      error = chip.empty()
                  ? "chips: an empty entry in the list"
                  : "chips: unknown chip '" + chip + "' (known: " + known + ")";
      return failure();
    }
    if (ptx && ptx < it->second) {
      error = "ptx-features: PTX ISA " + std::to_string(ptx / 10) + "." +
              std::to_string(ptx % 10) + " is below the " +
              std::to_string(it->second / 10) + "." +
              std::to_string(it->second % 10) + " that " + chip +
              " needs (+ptx" + std::to_string(it->second) + " or later)";
      return failure();
    }
  }
  return success();
}

LogicalResult
mlir::echo::buildLowerToCUDAPipeline(OpPassManager &pm,
                                     const LowerToCUDAOptions &options,
                                     std::string &error) {
  std::string toolkit = options.toolkit.empty()
                            ? configuredCudaToolkit().str()
                            : std::string(options.toolkit);
  if (failed(checkToolkit(toolkit, options.format, error)))
    return failure();
  if (options.workspaceBudget < 0) {
    error = "workspace-budget must be 0 or more bytes, got " +
            std::to_string(options.workspaceBudget);
    return failure();
  }
  int64_t reduction = options.reductionBlockSize;
  if (reduction < 32 || reduction > 1024 || (reduction & (reduction - 1))) {
    error = "reduction-block-size must be a power of two in [32, 1024], got " +
            std::to_string(reduction);
    return failure();
  }
  if (options.optLevel < 0 || options.optLevel > 3) {
    error = "opt-level must be in [0, 3], got " +
            std::to_string(options.optLevel);
    return failure();
  }
  if (options.blockSize <= 0 || options.blockSize > 1024) {
    error = "block-size must be in [1, 1024], got " +
            std::to_string(options.blockSize);
    return failure();
  }
  SmallVector<std::string> chips(options.chips.begin(), options.chips.end());
  if (chips.empty())
    chips = {"sm_80", "sm_90"};
  if (failed(checkChips(chips, options.ptxFeatures, error)))
    return failure();

  auto formKernels = [&](OpPassManager &pm) {
    // Kernels that reduce: one block per output, the block's threads
    // sharing the output's inputs.
    EchoBlockKernelsOptions blocks;
    blocks.threads = options.reductionBlockSize;
    pm.addNestedPass<func::FuncOp>(createEchoBlockKernels(blocks));
    // Other kernels: one block of `blockSize` threads per tile of each loop.
    pm.addNestedPass<func::FuncOp>(createParallelLoopTilingPass(
        {int64_t(options.blockSize)}, /*noMinMaxBounds=*/true));
    pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass());
    pm.addNestedPass<func::FuncOp>(createConvertParallelLoopToGpuPass());
    pm.addPass(createGpuKernelOutliningPass());
    pm.addPass(createEchoMergeKernelModules());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    if (!options.kernelReport.empty()) {
      EchoKernelReportOptions report;
      report.output = options.kernelReport;
      pm.addPass(createEchoKernelReport(report));
    }

    // Device code.
    OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
    device.addPass(createEchoLowerAllReduce());
    device.addPass(createLowerAffinePass());
    device.addPass(createSCFToControlFlowPass());
    device.addPass(createConvertGpuOpsToNVVMOps());
    device.addPass(createCanonicalizerPass());
    device.addPass(createCSEPass());
    device.addPass(createReconcileUnrealizedCastsPass());
    for (const std::string &chip : chips) {
      GpuNVVMAttachTargetOptions target;
      target.chip = chip;
      target.features = options.ptxFeatures;
      target.cmdOptions = options.ptxasOptions;
      target.optLevel = unsigned(options.optLevel);
      pm.addPass(createGpuNVVMAttachTarget(target));
    }
    GpuModuleToBinaryPassOptions binary;
    binary.toolkitPath = toolkit;
    binary.compilationTarget = formatName(options.format);
    pm.addPass(createGpuModuleToBinaryPass(binary));
    pm.addPass(createEchoDropCompileTimings());
  };
  // Host code: the CPU pipeline's lowering, launches as mgpu* calls.
  auto lowerLaunches = [](OpPassManager &pm) {
    pm.addPass(createGpuToLLVMConversionPass());
  };

  // The planned, bufferized step, its light entries as parallel loops.
  buildPlanPipelineWithWorkspaces(pm, options.assignBuffers,
                                  options.workspaceBudget);
  PlannedToLLVMExtensions extensions;
  extensions.afterLightLoops = formKernels;
  extensions.beforeReconcile = lowerLaunches;
  std::string kept[] = {"gpu"};
  extensions.keptDialects = kept;
  extensions.fuseLoops = options.fuseLoops;
  buildPlannedToLLVMPipeline(pm, KernelSource::Generated, options.math,
                             extensions);
  return success();
}

void mlir::echo::registerLowerToCUDADialects(DialectRegistry &registry) {
  registerLowerToCPUDialects(registry);
  registry.insert<affine::AffineDialect, gpu::GPUDialect, index::IndexDialect,
                  math::MathDialect, NVVM::NVVMDialect>();
  // What convert-gpu-to-nvvm and gpu-to-llvm convert through their
  // dialects' ConvertToLLVMPatternInterface.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  gpu::registerConvertGpuToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  // Serialization of gpu.module (#nvvm.target) and translation of the
  // result: the device LLVM IR, then gpu.binary as an embedded object.
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
}

void mlir::echo::registerLowerToCUDAPipeline() {
  registerEchoConversionPasses();
  registerEchoMemRefPasses();
  registerPassPipeline(
      "echo-lower-to-cuda",
      "Lower a tensor-level echo module to LLVM dialect host code calling "
      "the runtime C ABI and launching generated kernels (plan, light ops "
      "as scf.parallel, gpu kernels compiled per chip, host lowering)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        LowerToCUDAOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error;
        if (failed(buildLowerToCUDAPipeline(pm, options, error)))
          return errorHandler("echo-lower-to-cuda: " + error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(LowerToCUDAOptions());
      });
}
