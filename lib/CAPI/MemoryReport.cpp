//===- MemoryReport.cpp - The planned footprint from C --------------------===//

#include "echo-c/MemoryReport.h"

#include "DiagnosticCapture.h"

#include "EchoDialect/Transforms/MemoryReport.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::echo;

static std::optional<ReportFormat> toReportFormat(EchoMlirReportFormat format) {
  switch (format) {
  case EchoMlirReportFormatText:
    return ReportFormat::Text;
  case EchoMlirReportFormatJson:
    return ReportFormat::Json;
  case EchoMlirReportFormatTrace:
    return ReportFormat::Trace;
  case EchoMlirReportFormatSvg:
    return ReportFormat::Svg;
  case EchoMlirReportFormatGraph:
    return ReportFormat::Graph;
  }
  return std::nullopt;
}

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
  std::optional<ReportFormat> format = toReportFormat(cFormat);
  if (!format) {
    emitError(UnknownLoc::get(module.getContext()),
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
