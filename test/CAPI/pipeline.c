/* The echo-mlir C API from a C program: registration, the training pipeline
 * with typed options, the memory report as JSON, and every error returned
 * (with its diagnostics) instead of printed. The report must equal, byte for
 * byte, what echo-opt prints for the same input and options; stderr must
 * stay empty.
 *
 * RUN: echo-opt %S/Inputs/mlp.mlir '--echo-training-pipeline=remat=echo gist=lossless optimizer=sgd lr=0.1' --echo-memory-report=format=json -o /dev/null 2> %t.cli
 * RUN: echo-capi-pipeline-test %S/Inputs > %t.out 2> %t.stderr
 * RUN: cat %t.cli %t.out | FileCheck %s
 * RUN: count 0 < %t.stderr
 */

#include "echo-c/Dialect.h"
#include "echo-c/MemoryReport.h"
#include "echo-c/Passes.h"
#include "echo-c/Pipeline.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable string the MlirStringCallbacks append to. */
typedef struct {
  char *data;
  size_t size;
} Text;

static void appendText(MlirStringRef piece, void *userData) {
  Text *text = (Text *)userData;
  char *grown = (char *)realloc(text->data, text->size + piece.length + 1);
  if (!grown) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  memcpy(grown + text->size, piece.data, piece.length);
  text->size += piece.length;
  grown[text->size] = '\0';
  text->data = grown;
}

static const char *textOf(const Text *text) {
  return text->data ? text->data : "";
}

static void clearText(Text *text) {
  free(text->data);
  text->data = NULL;
  text->size = 0;
}

static const char *inputs;

static MlirModule parseInput(MlirContext context, const char *name) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", inputs, name);
  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(path));
  if (mlirModuleIsNull(module) && strcmp(name, "unparsable.mlir") != 0) {
    fprintf(stderr, "cannot parse %s\n", path);
    exit(1);
  }
  return module;
}

/* echo through its dialect handle; func, which the inputs' functions are
 * written in, comes with the dialects the pipeline needs. */
static MlirContext createContext(void) {
  MlirContext context = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__echo__(), context);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  echoMlirRegisterPipelineDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  return context;
}

static void printResult(const char *what, MlirLogicalResult result,
                        Text *diagnostics) {
  printf("%s: %s\n", what,
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  printf("diagnostics:\n%s", textOf(diagnostics));
  clearText(diagnostics);
}

/* Train with Echo recomputation and lossless Gist encodings; read the plan
 * as JSON. */
static void testPipelineAndReport(void) {
  printf("testPipelineAndReport\n");
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0}, report = {0};

  EchoMlirTrainingPipelineOptions options =
      echoMlirTrainingPipelineOptionsGetDefault();
  options.remat = EchoMlirRematPolicyEcho;
  options.gist = EchoMlirGistModeLossless;
  options.optimizer = EchoMlirOptimizerKindSgd;
  options.learningRate = 0.1;
  printResult("pipeline",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  MlirLogicalResult written = echoMlirWriteMemoryReport(
      module, EchoMlirReportFormatJson, appendText, &report, appendText,
      &diagnostics);
  printResult("report", written, &diagnostics);
  printf("json:\n%s", textOf(&report));
  clearText(&report);

  /* The planned step: a function whose temporaries live in one arena. */
  MlirOperation step = mlirSymbolTableLookup(
      mlirSymbolTableCreate(mlirModuleGetOperation(module)),
      mlirStringRefCreateFromCString("train_step"));
  MlirAttribute arena = mlirOperationGetAttributeByName(
      step, mlirStringRefCreateFromCString("echo.arena_bytes"));
  printf("train_step arena: ");
  mlirAttributePrint(arena, appendText, &report);
  printf("%s\n", textOf(&report));
  clearText(&report);

  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK: [[STEP:\{.*"function":"train_step".*\}]]
 * CHECK-LABEL: testPipelineAndReport
 * CHECK-NEXT: pipeline: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: report: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: json:
 * CHECK-NEXT: [[STEP]]
 * CHECK-NEXT: {{.*}}"function":"mlp"
 * CHECK-NEXT: train_step arena: {{[1-9][0-9]*}} : i64
 */

/* The defaults are the command line's; NULL options mean them (the Baseline:
 * gradients only, nothing recomputed or encoded). The text report works too. */
static void testDefaults(void) {
  printf("testDefaults\n");
  EchoMlirTrainingPipelineOptions defaults =
      echoMlirTrainingPipelineOptionsGetDefault();
  printf("remat %d gist %d optimizer %d lr %g grad results %d\n",
         (int)defaults.remat, (int)defaults.gist, (int)defaults.optimizer,
         defaults.learningRate, (int)defaults.gradResults);

  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0}, report = {0};
  printResult("pipeline",
              echoMlirRunTrainingPipeline(module, NULL, appendText,
                                          &diagnostics),
              &diagnostics);
  printResult("report",
              echoMlirWriteMemoryReport(module, EchoMlirReportFormatText,
                                        appendText, &report, appendText,
                                        &diagnostics),
              &diagnostics);
  printf("text:\n%s", textOf(&report));
  clearText(&report);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testDefaults
 * CHECK-NEXT: remat 0 gist 0 optimizer 0 lr 0.01 grad results 0
 * CHECK-NEXT: pipeline: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: report: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: text:
 * CHECK: planned peak
 */

/* With gradResults = arena the planned step keeps the loss and the
 * gradients in its arena and says where (echo.arena_results: result index,
 * offset pairs); with the default it has no such attribute. */
static void testGradResultsInArena(void) {
  printf("testGradResultsInArena\n");
  EchoMlirGradResults modes[] = {EchoMlirGradResultsOutParams,
                                 EchoMlirGradResultsArena};
  for (int i = 0; i < 2; ++i) {
    MlirContext context = createContext();
    MlirModule module = parseInput(context, "mlp.mlir");
    Text diagnostics = {0}, text = {0};
    EchoMlirTrainingPipelineOptions options =
        echoMlirTrainingPipelineOptionsGetDefault();
    options.gradResults = modes[i];
    printResult("pipeline",
                echoMlirRunTrainingPipeline(module, &options, appendText,
                                            &diagnostics),
                &diagnostics);
    MlirOperation step = mlirSymbolTableLookup(
        mlirSymbolTableCreate(mlirModuleGetOperation(module)),
        mlirStringRefCreateFromCString("train_step"));
    MlirAttribute where = mlirOperationGetAttributeByName(
        step, mlirStringRefCreateFromCString("echo.arena_results"));
    if (mlirAttributeIsNull(where))
      appendText(mlirStringRefCreateFromCString("none"), &text);
    else
      mlirAttributePrint(where, appendText, &text);
    printf("arena results: %s\n", textOf(&text));
    clearText(&text);
    mlirModuleDestroy(module);
    mlirContextDestroy(context);
  }
}
/* CHECK-LABEL: testGradResultsInArena
 * CHECK-NEXT: pipeline: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: arena results: none
 * CHECK-NEXT: pipeline: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: arena results: array<i64: 0, {{[0-9]+}}, 1, {{[0-9]+}}
 */

/* A C enum holds any int: values outside the enums are errors, one named
 * per field; a learning rate the update ops reject is an error located at
 * the function. */
static void testBadOptions(void) {
  printf("testBadOptions\n");
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0};
  EchoMlirTrainingPipelineOptions options;

  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.remat = (EchoMlirRematPolicy)7;
  printResult("remat 7",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.gist = (EchoMlirGistMode)-1;
  printResult("gist -1",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.optimizer = (EchoMlirOptimizerKind)4;
  printResult("optimizer 4",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.gradResults = (EchoMlirGradResults)2;
  printResult("gradResults 2",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  /* The module is untouched by a rejected option. */
  MlirOperation step = mlirSymbolTableLookup(
      mlirSymbolTableCreate(mlirModuleGetOperation(module)),
      mlirStringRefCreateFromCString("train_step"));
  printf("train_step after bad options: %s\n",
         mlirOperationIsNull(step) ? "absent" : "present");

  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.optimizer = EchoMlirOptimizerKindSgd;
  options.learningRate = -1.0;
  printResult("lr -1",
              echoMlirRunTrainingPipeline(module, &options, appendText,
                                          &diagnostics),
              &diagnostics);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testBadOptions
 * CHECK-NEXT: remat 7: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: training pipeline option 'remat': 7 is not an EchoMlirRematPolicy
 * CHECK-NEXT: gist -1: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: training pipeline option 'gist': -1 is not an EchoMlirGistMode
 * CHECK-NEXT: optimizer 4: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: training pipeline option 'optimizer': 4 is not an EchoMlirOptimizerKind
 * CHECK-NEXT: gradResults 2: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: training pipeline option 'gradResults': 2 is not an EchoMlirGradResults
 * CHECK-NEXT: train_step after bad options: absent
 * CHECK-NEXT: lr -1: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: {{.*}}mlp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'echo.sgd_update' op lr must be positive and finite, got -1{{(\.0+e\+00)?}}
 */

/* IR that parses but the pipeline rejects: the located error comes back. */
static void testRejectedIR(void) {
  printf("testRejectedIR\n");
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "vector-loss.mlir");
  Text diagnostics = {0};
  printResult("pipeline",
              echoMlirRunTrainingPipeline(module, NULL, appendText,
                                          &diagnostics),
              &diagnostics);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testRejectedIR
 * CHECK-NEXT: pipeline: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: {{.*}}vector-loss.mlir:3:1: error: echo-autodiff: the forward function must return one scalar loss of type tensor<f32>, got '(tensor<4xf32>) -> tensor<1xf32>'
 */

/* Reports need a plan and a valid format; on failure nothing is written. A
 * null module is an error, not a crash. */
static void testReportErrors(void) {
  printf("testReportErrors\n");
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0}, report = {0};
  printResult("unplanned",
              echoMlirWriteMemoryReport(module, EchoMlirReportFormatJson,
                                        appendText, &report, appendText,
                                        &diagnostics),
              &diagnostics);
  printResult("format 9",
              echoMlirWriteMemoryReport(module, (EchoMlirReportFormat)9,
                                        appendText, &report, appendText,
                                        &diagnostics),
              &diagnostics);
  printf("bytes written: %zu\n", report.size);

  MlirModule null = {NULL};
  printResult("null report",
              echoMlirWriteMemoryReport(null, EchoMlirReportFormatJson,
                                        appendText, &report, appendText,
                                        &diagnostics),
              &diagnostics);
  printResult("null pipeline",
              echoMlirRunTrainingPipeline(null, NULL, appendText,
                                          &diagnostics),
              &diagnostics);
  /* Without a diagnostics callback the failure is still returned. */
  printResult("silent",
              echoMlirWriteMemoryReport(module, EchoMlirReportFormatJson,
                                        appendText, &report, NULL, NULL),
              &diagnostics);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testReportErrors
 * CHECK-NEXT: unplanned: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: {{.*}}mlp.mlir:0:0: error: echo-memory-report: no function has a memory plan; run echo-training-pipeline first
 * CHECK-NEXT: format 9: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: memory report format: 9 is not an EchoMlirReportFormat
 * CHECK-NEXT: bytes written: 0
 * CHECK-NEXT: null report: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: echoMlirWriteMemoryReport: the module is null
 * CHECK-NEXT: null pipeline: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: echoMlirRunTrainingPipeline: the module is null
 * CHECK-NEXT: silent: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: testRegisteredPasses
 */

/* Registered passes are usable by name in textual pipelines (upstream's
 * mlir-c pass manager). This pipeline recomputes (remat=mirror), so the
 * step holds echo.recompute regions ended by echo.yield: the verifier must
 * see echo.yield as a terminator (lib/CAPI/UpstreamCAPI.cpp says why that
 * is not a given). */
static void testRegisteredPasses(void) {
  printf("testRegisteredPasses\n");
  echoMlirRegisterPasses();
  echoMlirRegisterPasses(); /* a second call is harmless */
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0}, report = {0};
  MlirPassManager pm = mlirPassManagerCreate(context);
  printResult("parse pipeline",
              mlirParsePassPipeline(
                  mlirPassManagerGetAsOpPassManager(pm),
                  mlirStringRefCreateFromCString(
                      "builtin.module(echo-training-pipeline{remat=mirror "
                      "gist=fp16 optimizer=adam})"),
                  appendText, &diagnostics),
              &diagnostics);
  printResult("run", mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)),
              &diagnostics);
  printResult("report",
              echoMlirWriteMemoryReport(module, EchoMlirReportFormatJson,
                                        appendText, &report, appendText,
                                        &diagnostics),
              &diagnostics);
  printf("json:\n%s", textOf(&report));
  clearText(&report);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-NEXT: parse pipeline: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: run: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: report: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: json:
 * CHECK-NEXT: {{.*}}"flops":{{{.*}}"recompute":{{[1-9][0-9]*}}},"fragmentation"{{.*}}"function":"train_step"
 */

/* A parse error goes through upstream's diagnostic handlers, which the
 * embedding program attaches itself. */
static MlirLogicalResult collectDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  mlirDiagnosticPrint(diagnostic, appendText, userData);
  appendText(mlirStringRefCreateFromCString("\n"), userData);
  return mlirLogicalResultSuccess();
}

static void testParseError(void) {
  printf("testParseError\n");
  MlirContext context = createContext();
  Text diagnostics = {0};
  MlirDiagnosticHandlerID handler = mlirContextAttachDiagnosticHandler(
      context, collectDiagnostic, &diagnostics, NULL);
  MlirModule module = parseInput(context, "unparsable.mlir");
  printf("module: %s\n", mlirModuleIsNull(module) ? "null" : "parsed");
  printf("diagnostics:\n%s", textOf(&diagnostics));
  clearText(&diagnostics);
  mlirContextDetachDiagnosticHandler(context, handler);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testParseError
 * CHECK-NEXT: module: null
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: custom op 'echo.no_such_op' is unknown
 */

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s INPUTS-DIRECTORY\n", argv[0]);
    return 2;
  }
  inputs = argv[1];
  testPipelineAndReport();
  testDefaults();
  testGradResultsInArena();
  testBadOptions();
  testRejectedIR();
  testReportErrors();
  testRegisteredPasses();
  testParseError();
  return 0;
}
