/*===-- echo-c/Support.h - Conventions of the echo-mlir C API ----*- C -*-===*\
|*                                                                            *|
|* The echo-mlir C API extends upstream's mlir-c: it takes and returns       *|
|* MlirContext, MlirModule and MlirDialectRegistry, and reports errors the   *|
|* way upstream does, as an MlirLogicalResult. In addition, every function   *|
|* that can fail hands the text of its diagnostics to the caller through an  *|
|* MlirStringCallback instead of printing them: a library embedded in a      *|
|* compiler never writes to the compiler's stderr and never exits.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_SUPPORT_H
#define ECHO_C_SUPPORT_H

#include "mlir-c/Support.h"

/* Functions of the echo-mlir C API are exported from libEchoMLIRCAPI.so even
 * though the library is built with hidden visibility. */
#if defined(_WIN32) || defined(__CYGWIN__)
#ifdef ECHO_MLIR_CAPI_BUILDING_LIBRARY
#define ECHO_MLIR_CAPI_EXPORTED __declspec(dllexport)
#else
#define ECHO_MLIR_CAPI_EXPORTED __declspec(dllimport)
#endif
#else
#define ECHO_MLIR_CAPI_EXPORTED __attribute__((visibility("default")))
#endif

#endif /* ECHO_C_SUPPORT_H */
