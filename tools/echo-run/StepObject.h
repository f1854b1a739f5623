//===- StepObject.h - A lowered step as native code ---------------------===//
//
// The object-code path shared by echo-compile (writes it to a file) and
// echo-run (loads it, and keeps it in its step cache): the lowered module in
// LLVM IR with two added symbols,
//
//   void echo_step_invoke(void **packed);   // context, descriptor fields,
//                                           // then the i32 status it writes
//   const char echo_step_manifest[];        // StepSignature's manifest
//
// compiled for the host (generic CPU, position independent).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUN_STEPOBJECT_H
#define ECHO_RUN_STEPOBJECT_H

#include "StepSignature.h"

#include "EchoDialect/Conversion/EchoToRuntime.h"

#include "mlir/IR/BuiltinOps.h"
#include "EchoDialect/Support/Progress.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>

namespace echo_run {

/// Runs the CPU pipeline (echo-lower-to-cpu, buffer assignment unless
/// `assignBuffers` is false, light ops computed by `kernels`, results
/// placed as `gradResults` says, heavy ops in `math`, planned workspaces of
/// `workspaceBudget` bytes, with the command line's pass manager options)
/// on `module` and records in `manifest` the allocation sites it numbered
/// and where the step leaves its results.
/// With `progress`, each pass the pipeline runs is shown on it.
mlir::LogicalResult lowerStep(mlir::ModuleOp module, bool assignBuffers,
                              mlir::echo::KernelSource kernels,
                              mlir::echo::GradResults gradResults,
                              EchoMathMode math, int64_t workspaceBudget,
                              StepManifest &manifest,
                              mlir::echo::Progress *progress = nullptr);

/// Runs the pipeline `build` adds (another target's lowering, e.g.
/// --echo-lower-to-cuda) on `module` as lowerStep runs the CPU one.
mlir::LogicalResult
lowerStepWith(mlir::ModuleOp module,
              llvm::function_ref<void(mlir::OpPassManager &)> build,
              StepManifest &manifest,
              mlir::echo::Progress *progress = nullptr);

/// The host's code generator: generic CPU, position independent code (for
/// --shared and for objects linked into shared libraries or JIT-loaded).
/// Null with `error` set when the host has none.
std::unique_ptr<llvm::TargetMachine>
hostTargetMachine(llvm::CodeGenOptLevel level, std::string &error);

/// `lowered` (the LLVM dialect output of the CPU pipeline) in LLVM IR, with
/// echo_step_invoke wrapping `manifest.function` and the manifest as
/// echo_step_manifest, laid out for `machine`. Null with `error` set when
/// translation or the IR verifier fails.
std::unique_ptr<llvm::Module> buildStepModule(mlir::ModuleOp lowered,
                                              const StepManifest &manifest,
                                              llvm::LLVMContext &context,
                                              llvm::TargetMachine &machine,
                                              std::string &error);

/// Native object code of `module`; false with `error` set on failure.
bool emitObject(llvm::Module &module, llvm::TargetMachine &machine,
                llvm::raw_pwrite_stream &os, std::string &error);

} // namespace echo_run

#endif // ECHO_RUN_STEPOBJECT_H
