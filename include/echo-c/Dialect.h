/*===-- echo-c/Dialect.h - The echo dialect from C ---------------*- C -*-===*\
|*                                                                            *|
|* Registration of the `echo` dialect (a dialect handle, as for upstream's   *|
|* dialects) and of everything the training pipeline needs beside it.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_DIALECT_H
#define ECHO_C_DIALECT_H

#include "echo-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__echo__(): insert it into a registry with
 * mlirDialectHandleInsertDialect, or load it with
 * mlirDialectHandleLoadDialect. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Echo, echo);

/* Inserts echo and the dialects and external models the training pipeline
 * uses (func, arith, memref, bufferization, LLVM and the bufferization
 * models of every echo op) into `registry`. The pipeline functions of
 * echo-c/Pipeline.h add them to a module's context themselves; call this
 * to build a context ahead of time. */
ECHO_MLIR_CAPI_EXPORTED void
echoMlirRegisterPipelineDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_DIALECT_H */
