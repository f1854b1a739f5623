//===- ImportFunctions.cpp - The steps every importer shares --------------===//

#include "EchoDialect/Conversion/ImportCommon.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::echo;

LogicalResult mlir::echo::importFunctions(
    ModuleOp module, StringRef passName, bool weightsAsArguments,
    StringRef weightsDir, ImportLoss loss, bool raiseAttention,
    function_ref<LogicalResult(func::FuncOp)> raise) {
  if (!weightsDir.empty() && !weightsAsArguments)
    return module.emitError()
           << passName << ": weights-dir needs weights-as-arguments";
  for (func::FuncOp fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    if (failed(raise(fn)) || failed(cleanUpImportedFunction(fn, raiseAttention)) ||
        (weightsAsArguments && failed(liftWeightsToArguments(fn, weightsDir))) ||
        failed(appendLoss(fn, loss)))
      return failure();
  }
  return success();
}
