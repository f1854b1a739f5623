/*===-- echo-c/Passes.h - Registering the echo passes ------------*- C -*-===*\
|*                                                                            *|
|* Makes the echo passes and pipelines known by name, so textual pipelines  *|
|* given to mlirParsePassPipeline / mlirOpPassManagerAddPipeline can use    *|
|* them: echo-autodiff, echo-remat, gist-encode, echo-annotate-memory,      *|
|* echo-buffer-assign, echo-memory-report, the conversion passes, and the   *|
|* pipelines echo-training-pipeline and echo-lower-to-cpu.                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_PASSES_H
#define ECHO_C_PASSES_H

#include "echo-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers every echo pass and pipeline in MLIR's global registry, with
 * the upstream passes they are assembled from (all of upstream's: the
 * pipelines name bufferization, conversion and memref passes). Safe to call
 * more than once and from several threads; echoMlirRunTrainingPipeline
 * calls it itself. */
ECHO_MLIR_CAPI_EXPORTED void echoMlirRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_PASSES_H */
