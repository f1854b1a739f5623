//===- EntrySignature.h - What echo-run must feed an entry function -----===//
//
// Reads the StepSignature off the tensor-level entry function, before
// lowering.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUN_ENTRYSIGNATURE_H
#define ECHO_RUN_ENTRYSIGNATURE_H

#include "StepSignature.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace echo_run {

/// The function a driver runs: `name` if given, else @train_step, else the
/// only public function with a body. Null with `error` set otherwise.
mlir::func::FuncOp findEntryFunction(mlir::ModuleOp module,
                                     llvm::StringRef name, std::string &error);

/// Fails with a diagnostic on `fn` if an argument or result is not a
/// statically shaped tensor of a supported element type.
mlir::FailureOr<EntrySignature> analyzeEntry(mlir::func::FuncOp fn);

} // namespace echo_run

#endif // ECHO_RUN_ENTRYSIGNATURE_H
