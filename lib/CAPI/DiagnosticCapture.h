//===- DiagnosticCapture.h - Diagnostics handed to a C caller --*- C++ -*-===//
//
// Every C API entry point that can fail routes the context's diagnostics to
// its caller's MlirStringCallback instead of the default handler (which
// prints to stderr): a library must not write to its host's streams.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_CAPI_DIAGNOSTICCAPTURE_H
#define ECHO_LIB_CAPI_DIAGNOSTICCAPTURE_H

#include "mlir-c/Support.h"
#include "mlir/IR/Diagnostics.h"

#include <string>

namespace mlir {
namespace echo {

/// While alive, takes every diagnostic emitted in `context` (the newest
/// handler sees them first and consumes them) and collects its text; on
/// destruction passes the text, if any, to `callback`. Meanwhile the context
/// does not attach the failing operation's IR to diagnostics (a whole
/// function's generic form is noise in a compiler's error message).
class DiagnosticCapture {
public:
  DiagnosticCapture(MLIRContext *context, MlirStringCallback callback,
                    void *userData);
  ~DiagnosticCapture();

  DiagnosticCapture(const DiagnosticCapture &) = delete;
  DiagnosticCapture &operator=(const DiagnosticCapture &) = delete;

  /// Formats `diagnostic` and its notes as "location: severity: message"
  /// lines (without the location when it is unknown).
  static void format(Diagnostic &diagnostic, std::string &text);

private:
  MLIRContext *context;
  DiagnosticEngine::HandlerID handler;
  MlirStringCallback callback;
  void *userData;
  bool printedOpOnDiagnostic;
  std::string text;
};

/// Passes `message` to `callback` as an error without a location (for
/// failures found before there is a context to emit into).
void reportError(MlirStringCallback callback, void *userData,
                 llvm::StringRef message);

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CAPI_DIAGNOSTICCAPTURE_H
