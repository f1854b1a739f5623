/*===-- echo-c/MemoryReport.h - The planned footprint from C -----*- C -*-===*\
|*                                                                            *|
|* The report of echo-memory-report (planned peak, lower bound, bytes by     *|
|* category, FLOPs, ...) of a module the training pipeline planned, handed  *|
|* to the caller instead of printed. The JSON form is the documented        *|
|* contract of docs/memory.md: one object per planned function and line.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_MEMORYREPORT_H
#define ECHO_C_MEMORYREPORT_H

#include "echo-c/Options.h"
#include "echo-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* EchoMlirReportFormat (echo-c/Options.h): EchoMlirReportFormatText, Json,
 * Trace, Svg, Graph, Html; the values of echo-memory-report's `format`, listed in
 * echo-c/PipelineOptions.def. */

/* Writes the memory report of `module` in `format` through `output`
 * (possibly in several pieces; the caller concatenates them). Fails, with
 * the diagnostics passed to `diagnostics` (may be NULL) and nothing passed
 * to `output`, when the format is out of range or no function of the
 * module carries a plan (run echoMlirRunTrainingPipeline first). */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirWriteMemoryReport(
    MlirModule module, EchoMlirReportFormat format, MlirStringCallback output,
    void *outputUserData, MlirStringCallback diagnostics,
    void *diagnosticsUserData);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_MEMORYREPORT_H */
