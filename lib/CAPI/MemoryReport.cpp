//===- MemoryReport.cpp - The planned footprint from C --------------------===//

#include "echo-c/MemoryReport.h"

#include "DiagnosticCapture.h"
#include "EnumConversion.h"

#include "EchoDialect/Transforms/MemoryReport.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::echo;

MlirLogicalResult echoMlirWriteMemoryReport(
    MlirModule cModule, EchoMlirReportFormat cFormat, MlirStringCallback output,
    void *outputUserData, MlirStringCallback diagnostics,
    void *diagnosticsUserData) {
  if (mlirModuleIsNull(cModule)) {
    reportError(diagnostics, diagnosticsUserData,
                "echoMlirWriteMemoryReport: the module is null");
    return mlirLogicalResultFailure();
  }
  ModuleOp module = unwrap(cModule);
  DiagnosticCapture capture(module.getContext(), diagnostics,
                            diagnosticsUserData);
  std::optional<ReportFormat> format = fromC(cFormat);
  if (!format) {
    // Located at the argument, as the option structs' errors are at their
    // fields (Pipeline.cpp).
    emitError(NameLoc::get(StringAttr::get(module.getContext(),
                                           "echoMlirWriteMemoryReport.format")),
              "memory report format: ")
        << static_cast<int>(cFormat) << " is not an EchoMlirReportFormat";
    return mlirLogicalResultFailure();
  }
  // Rendered whole first: the caller sees a complete report or none.
  std::string report;
  llvm::raw_string_ostream os(report);
  if (failed(writeMemoryReport(module, *format, os)))
    return mlirLogicalResultFailure();
  if (output)
    output(wrap(llvm::StringRef(report)), outputUserData);
  return mlirLogicalResultSuccess();
}
