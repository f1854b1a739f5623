//===- StepObject.h - A lowered step as native code ---------------------===//
//
// The object-code path shared by echo-compile (writes it to a file) and
// echo-run (loads it, and keeps it in its step cache): the lowered module in
// LLVM IR with four added symbols,
//
//   void echo_step_invoke(void **packed);   // context, descriptor fields,
//                                           // then the i32 status it writes
//   const char echo_step_manifest[];        // StepSignature's manifest
//   const int64_t echo_step_packed_slots;   // slots echo_step_invoke uses
//   const int64_t echo_step_buffer_layout[];// bytes and arena offsets the
//                                           // code assumes (bufferLayout)
//
// compiled for the host (generic CPU, position independent).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUN_STEPOBJECT_H
#define ECHO_RUN_STEPOBJECT_H

#include "StepSignature.h"

#include "EchoDialect/Pipelines/TrainingPipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "EchoDialect/Core/Progress.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>

namespace echo_run {

/// How lowerStep runs its pass manager.
struct LowerStepControl {
  /// Where each pass's time is reported (--mlir-timing); null: nowhere.
  mlir::TimingScope *timing = nullptr;
  /// Verify the IR after every pass. Off: the input was verified when it
  /// was parsed and the output is verified once at the end (verifying a
  /// step of tens of thousands of calls after each of the ~100 passes would
  /// take a large share of the compile time).
  bool verifyEach = false;
};

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
                              mlir::echo::Progress *progress = nullptr,
                              const LowerStepControl &control = {});

/// Runs the pipeline `build` adds (another target's lowering, e.g.
/// --echo-lower-to-cuda) on `module` as lowerStep runs the CPU one.
mlir::LogicalResult
lowerStepWith(mlir::ModuleOp module,
              llvm::function_ref<void(mlir::OpPassManager &)> build,
              StepManifest &manifest,
              mlir::echo::Progress *progress = nullptr,
              const LowerStepControl &control = {});

/// The host's code generator: generic CPU, position independent code (for
/// --shared and for objects linked into shared libraries or JIT-loaded).
/// Null with `error` set when the host has none.
std::unique_ptr<llvm::TargetMachine>
hostTargetMachine(llvm::CodeGenOptLevel level, std::string &error);

/// `lowered` (the LLVM dialect output of the CPU pipeline) in LLVM IR, with
/// echo_step_invoke wrapping `manifest.function`, the manifest as
/// echo_step_manifest and its bufferLayout as echo_step_buffer_layout, laid
/// out for `machine`. Null with `error` set when
/// translation or the IR verifier fails.
std::unique_ptr<llvm::Module> buildStepModule(mlir::ModuleOp lowered,
                                              const StepManifest &manifest,
                                              llvm::LLVMContext &context,
                                              llvm::TargetMachine &machine,
                                              std::string &error);

/// Native object code of `module`; false with `error` set on failure.
bool emitObject(llvm::Module &module, llvm::TargetMachine &machine,
                llvm::raw_pwrite_stream &os, std::string &error);

/// Erases the functions of `module` that `entry` does not reach through
/// symbol references (e.g. the forward function a step was differentiated
/// from): a step library holds one step, and the rest would only cost
/// compile time.
void eraseUnreachableFunctions(mlir::ModuleOp module,
                               mlir::Operation *entry);

/// Native code of a step module as one or two objects, so that its compile
/// time grows linearly with the step's length:
///  - each top-level loop (a generated kernel) is extracted into a function
///    of its own, and the functions with loops are compiled at
///    `kernelLevel`;
///  - the rest, the host code (straight-line sequences of runtime calls,
///    tens of thousands in an unrolled RNN step, which optimization does not
///    speed up but the optimizing code generator handles in superlinear
///    time) at CodeGenOptLevel::None.
/// One object when either part is empty; with `kernelLevel` None, one
/// object, nothing extracted. `machine`'s optimization level is left as it
/// was. False with `error` set on failure.
bool emitStepObjects(llvm::Module &module, llvm::TargetMachine &machine,
                     llvm::CodeGenOptLevel kernelLevel,
                     llvm::SmallVectorImpl<llvm::SmallVector<char, 0>> &objects,
                     std::string &error);

} // namespace echo_run

#endif // ECHO_RUN_STEPOBJECT_H
