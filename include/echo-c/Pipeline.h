/*===-- echo-c/Pipeline.h - The training pipeline from C ---------*- C -*-===*\
|*                                                                            *|
|* Runs echo's training pipeline (autodiff when the module holds a forward   *|
|* function, recomputation, Gist encodings, bufferization and buffer         *|
|* assignment) on a module, configured by a struct of enums: the C form of   *|
|* mlir::echo::TrainingPipelineOptions (EchoDialect/Conversion/             *|
|* EchoToRuntime.h). No option is spelt as a string.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_PIPELINE_H
#define ECHO_C_PIPELINE_H

#include "echo-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which stashed feature maps are recomputed instead of kept. */
typedef enum EchoMlirRematPolicy {
  EchoMlirRematPolicyNone = 0,   /* recompute nothing (the Baseline) */
  EchoMlirRematPolicyMirror = 1, /* recompute every light op */
  EchoMlirRematPolicyEcho = 2,   /* Echo's selective policy */
} EchoMlirRematPolicy;

/* How what stays stashed is encoded (Gist). */
typedef enum EchoMlirGistMode {
  EchoMlirGistModeNone = 0,
  EchoMlirGistModeLossless = 1, /* the lossless encodings only */
  EchoMlirGistModeFp16 = 2,     /* lossless and fp16 delayed precision */
  EchoMlirGistModeFp10 = 3,     /* lossless and fp10 delayed precision */
  EchoMlirGistModeFp8 = 4,      /* lossless and fp8 delayed precision */
} EchoMlirGistMode;

/* The parameter update appended when a forward function is differentiated. */
typedef enum EchoMlirOptimizerKind {
  EchoMlirOptimizerKindNone = 0, /* gradients only */
  EchoMlirOptimizerKindSgd = 1,
  EchoMlirOptimizerKindMomentum = 2,
  EchoMlirOptimizerKindAdam = 3,
} EchoMlirOptimizerKind;

/* Where the step keeps the results that replace no argument (the gradients
 * and the loss), docs/memory.md. */
typedef enum EchoMlirGradResults {
  /* buffers the caller allocates for the whole step (out-parameters) */
  EchoMlirGradResultsOutParams = 0,
  /* the step's arena, from their first write: the planned step takes the
   * arena as its last argument and lists each result's offset in it in
   * `echo.arena_results` (docs/runtime.md) */
  EchoMlirGradResultsArena = 1,
} EchoMlirGradResults;

typedef struct EchoMlirTrainingPipelineOptions {
  EchoMlirRematPolicy remat;
  EchoMlirGistMode gist;
  EchoMlirOptimizerKind optimizer;
  /* Must be positive and finite when an optimizer is chosen. */
  double learningRate;
  EchoMlirGradResults gradResults;
} EchoMlirTrainingPipelineOptions;

/* The defaults of the command line: remat none, gist none, no optimizer,
 * learning rate 0.01, gradients in out-parameters. */
ECHO_MLIR_CAPI_EXPORTED EchoMlirTrainingPipelineOptions
echoMlirTrainingPipelineOptionsGetDefault(void);

/* Runs the training pipeline on `module` in place. `options` may be NULL
 * for the defaults. On failure (an out-of-range option, IR the pipeline
 * rejects) returns a failed MlirLogicalResult, leaves the module in an
 * unspecified but valid-to-destroy state, and passes the diagnostics text
 * (one "location: severity: message" line per diagnostic and note) to
 * `diagnostics`, possibly in several pieces; `diagnostics` may be NULL to
 * drop them. Nothing is printed. */
ECHO_MLIR_CAPI_EXPORTED MlirLogicalResult echoMlirRunTrainingPipeline(
    MlirModule module, const EchoMlirTrainingPipelineOptions *options,
    MlirStringCallback diagnostics, void *diagnosticsUserData);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_PIPELINE_H */
