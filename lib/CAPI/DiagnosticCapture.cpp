//===- DiagnosticCapture.cpp - Diagnostics handed to a C caller -----------===//

#include "DiagnosticCapture.h"

#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::echo;

static llvm::StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// "file:line:col: " for a location with a file position in it, the name of
/// a bare NameLoc, the printed location otherwise, nothing for an unknown one.
static void printLocation(Location loc, llvm::raw_ostream &os) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>()) {
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn() << ": ";
    return;
  }
  if (isa<UnknownLoc>(loc))
    return;
  // A C struct's field (Pipeline.cpp): "EchoMlirLowerToCPUOptions.math: ".
  if (auto name = dyn_cast<NameLoc>(loc);
      name && isa<UnknownLoc>(name.getChildLoc())) {
    os << name.getName().getValue() << ": ";
    return;
  }
  os << loc << ": ";
}

static void formatOne(Diagnostic &diagnostic, llvm::raw_ostream &os) {
  printLocation(diagnostic.getLocation(), os);
  os << severityName(diagnostic.getSeverity()) << ": " << diagnostic << "\n";
}

void DiagnosticCapture::format(Diagnostic &diagnostic, std::string &text) {
  llvm::raw_string_ostream os(text);
  formatOne(diagnostic, os);
  for (Diagnostic &note : diagnostic.getNotes())
    formatOne(note, os);
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *context,
                                     MlirStringCallback callback,
                                     void *userData)
    : context(context), callback(callback), userData(userData),
      printedOpOnDiagnostic(context->shouldPrintOpOnDiagnostic()) {
  context->printOpOnDiagnostic(false);
  // Registered last, so called first; returning success stops the
  // diagnostic from reaching the handlers below (and stderr).
  handler = context->getDiagEngine().registerHandler(
      [this](Diagnostic &diagnostic) {
        format(diagnostic, text);
        return success();
      });
}

DiagnosticCapture::~DiagnosticCapture() {
  context->getDiagEngine().eraseHandler(handler);
  context->printOpOnDiagnostic(printedOpOnDiagnostic);
  if (callback && !text.empty())
    callback(wrap(llvm::StringRef(text)), userData);
}

void mlir::echo::reportError(MlirStringCallback callback, void *userData,
                             llvm::StringRef message) {
  if (!callback)
    return;
  std::string text = ("error: " + message + "\n").str();
  callback(wrap(llvm::StringRef(text)), userData);
}
