/*===-- echo-c/Pipeline.h - The training pipeline from C ---------*- C -*-===*\
|*                                                                            *|
|* Runs echo's pipelines on a module, configured by structs of enums and     *|
|* numbers, the C forms of the C++ options:                                  *|
|*   echo-training-pipeline  EchoMlirTrainingPipelineOptions  autodiff when *|
|*     the module holds a forward function, recomputation, Gist encodings,  *|
|*     bufferization and buffer assignment                                   *|
|*   echo-lower-to-cpu       EchoMlirLowerToCPUOptions  a tensor-level      *|
|*     module -> LLVM dialect calling the runtime ABI                        *|
|*   echo-lower-to-cuda      EchoMlirLowerToCUDAOptions  the same with      *|
|*     generated GPU kernels (docs/gpu.md)                                   *|
|* No option is spelt as a string. The structs, their enums and what each   *|
|* field maps onto are listed once, in echo-c/PipelineOptions.def (expanded *|
|* by echo-c/Options.h); every option of the C++ pipelines is there        *|
|* (test/CAPI/option-parity.test).                                           *|
|*                                                                            *|
|* Versioning: each struct starts with `size_t structSize`, which its Init  *|
|* function sets to the size the caller was compiled with. New options are  *|
|* appended, so the library reads the fields a smaller (older) struct has   *|
|* and gives the others their defaults; a structSize of 0 (an uninitialized *|
|* struct) or larger than the library's struct is an error.                 *|
|*                                                                            *|
|* Errors: every Run function returns a failed MlirLogicalResult and passes *|
|* the diagnostics text (one "location: severity: message" line per         *|
|* diagnostic and note) to `diagnostics`, possibly in several pieces;       *|
|* `diagnostics` may be NULL to drop them. Nothing is printed. An enum      *|
|* field outside its enum is an error located at the field, e.g.            *|
|*   EchoMlirTrainingPipelineOptions.remat: error: training pipeline option *|
|*   'remat': 7 is not an EchoMlirRematPolicy                               *|
|* and leaves the module untouched.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_PIPELINE_H
#define ECHO_C_PIPELINE_H

#include "echo-c/Options.h"
#include "echo-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/*--- echo-training-pipeline ------------------------------------------------*/

/* Sets structSize and every field to the command line's default (remat
 * none, gist none, no optimizer, learning rate 0.01, gradients in
 * out-parameters, ...). */
ECHO_MLIR_CAPI_EXPORTED void
echoMlirTrainingPipelineOptionsInit(EchoMlirTrainingPipelineOptions *options);

/* The defaults, as echoMlirTrainingPipelineOptionsInit sets them. */
ECHO_MLIR_CAPI_EXPORTED EchoMlirTrainingPipelineOptions
echoMlirTrainingPipelineOptionsGetDefault(void);

/* Runs the training pipeline on `module` in place. `options` may be NULL
 * for the defaults. On failure (an out-of-range option, IR the pipeline
 * rejects) the module is left in an unspecified but valid-to-destroy
 * state. */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirRunTrainingPipeline(
    MlirModule module, const EchoMlirTrainingPipelineOptions *options,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

/* Passes to `output` the textual pass pipeline echoMlirRunTrainingPipeline
 * runs with `options` (what `echo-opt --echo-training-pipeline=...
 * --dump-pass-pipeline` prints for the same options), or fails as
 * echoMlirRunTrainingPipeline does on a bad option. */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirPrintTrainingPipeline(
    MlirContext context, const EchoMlirTrainingPipelineOptions *options,
    MlirStringCallback output, void *outputUserData,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

/*--- echo-lower-to-cpu ------------------------------------------------------*/

ECHO_MLIR_CAPI_EXPORTED void
echoMlirLowerToCPUOptionsInit(EchoMlirLowerToCPUOptions *options);

/* Lowers a tensor-level echo module (as --echo-lower-to-cpu) to the LLVM
 * dialect calling the runtime C ABI: memory plan, bufferization, LLVM.
 * `options` may be NULL for the defaults. */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirRunLowerToCPU(
    MlirModule module, const EchoMlirLowerToCPUOptions *options,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirPrintLowerToCPU(
    MlirContext context, const EchoMlirLowerToCPUOptions *options,
    MlirStringCallback output, void *outputUserData,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

/*--- echo-lower-to-cuda -----------------------------------------------------*/

ECHO_MLIR_CAPI_EXPORTED void
echoMlirLowerToCUDAOptionsInit(EchoMlirLowerToCUDAOptions *options);

/* Lowers a tensor-level echo module (as --echo-lower-to-cuda) to LLVM
 * dialect host code with embedded kernel binaries. Fails, with the reason,
 * when the toolkit lacks what the chosen format needs. */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirRunLowerToCUDA(
    MlirModule module, const EchoMlirLowerToCUDAOptions *options,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirPrintLowerToCUDA(
    MlirContext context, const EchoMlirLowerToCUDAOptions *options,
    MlirStringCallback output, void *outputUserData,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

/*--- The option table -------------------------------------------------------*/

/* Passes to `output` one line per option the C API reaches, from
 * echo-c/PipelineOptions.def: the pipeline or pass it belongs to, its
 * command-line spelling and, for an enum, its values:
 *   echo-training-pipeline remat=none|mirror|echo|optimal
 *   echo-training-pipeline lr
 * (test/CAPI/option-parity.test compares it with the C++ options). */
ECHO_MLIR_CAPI_EXPORTED void
echoMlirDescribePipelineOptions(MlirStringCallback output, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_PIPELINE_H */
