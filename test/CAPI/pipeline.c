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
 *
 * Every option set (pipeline.c checks that each field of each struct differs
 * from its default): the pipeline the C API builds is the one echo-opt
 * builds from the same options spelt on the command line (echo-opt's dump
 * ends with a blank line, hence diff -B; the training pipeline's runs into
 * an error after it, as sharding does not take loss scaling, and the dump
 * is all the comparison needs).
 * RUN: not echo-opt %S/Inputs/mlp.mlir '--echo-training-pipeline=remat=full-layer remat-budget=123456 remat-time-limit=2.5 remat-solver-nodes=500 remat-layer-stride=2 gist=fp10 schedule=best offload=greedy device-profile=nvlink-c2c simulate=true optimizer=adam lr=0.25 grad-results=arena workspace-budget=4096 eager-updates=false autocast=bf16 loss-scale=dynamic loss-scale-init=1024 loss-scale-growth-interval=10 loss-scale-growth=4 loss-scale-backoff=0.25 budget=min allow-lossy=fp10 ranks=2 shard=parameters sync-batch-norm=false bucket-bytes=4096 budget-mix-steps=8' --dump-pass-pipeline -o /dev/null > %t.training.all 2>&1
 * RUN: tail -n +2 %t.training.all | sed '/^$/,$d' > %t.training.cli
 * RUN: echo-capi-pipeline-test --print training > %t.training.c
 * RUN: diff -B %t.training.cli %t.training.c
 * RUN: echo-opt %S/Inputs/mlp.mlir '--echo-lower-to-cpu=kernels=generated grad-results=arena math=tf32 workspace-budget=8192' --dump-pass-pipeline -o /dev/null 2>&1 | tail -n +2 > %t.cpu.cli
 * RUN: echo-capi-pipeline-test --print cpu > %t.cpu.c
 * RUN: diff -B %t.cpu.cli %t.cpu.c
 * The CUDA lowering's pipeline needs a toolkit (libdevice) to be built.
 * RUN: %if cuda-toolkit %{ echo-opt %S/Inputs/mlp.mlir '--echo-lower-to-cuda=chips=sm_75,sm_90 toolkit=%cuda_toolkit format=isa ptx-features=+ptx81 ptxas-options=-O1 opt-level=1 block-size=128 reduction-block-size=512 fuse-loops=false kernel-report=kernels.json math=tf32 workspace-budget=1024 assign-buffers=false' --dump-pass-pipeline -o /dev/null 2>&1 | tail -n +2 > %t.cuda.cli %}
 * RUN: %if cuda-toolkit %{ echo-capi-pipeline-test --print cuda %cuda_toolkit > %t.cuda.c %}
 * RUN: %if cuda-toolkit %{ diff -B %t.cuda.cli %t.cuda.c %} %else %{ echo "skipped: the CUDA pipeline needs a CUDA toolkit, and this build has none" %}
 */

#include "echo-c/Dialect.h"
#include "echo-c/MemoryReport.h"
#include "echo-c/Passes.h"
#include "echo-c/Pipeline.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stddef.h>
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
      step, mlirStringRefCreateFromCString("echo.arena_plan"));
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
 * CHECK-NEXT: train_step arena: #echo.arena_plan<bytes = {{[1-9][0-9]*}}, lower_bound = {{[0-9]+}}, planner = "{{.+}}">
 */

/* The defaults are the command line's; NULL options mean them (the Baseline:
 * gradients only, nothing recomputed or encoded). The text report works too. */
static void testDefaults(void) {
  printf("testDefaults\n");
  EchoMlirTrainingPipelineOptions defaults;
  echoMlirTrainingPipelineOptionsInit(&defaults);
  printf("size %s remat %d gist %d optimizer %d lr %g grad results %d "
         "budget %s eager %d\n",
         defaults.structSize == sizeof(defaults) ? "ok" : "wrong",
         (int)defaults.remat, (int)defaults.gist, (int)defaults.optimizer,
         defaults.learningRate, (int)defaults.gradResults,
         defaults.rematBudget, (int)defaults.eagerUpdates);
  EchoMlirLowerToCPUOptions cpu;
  echoMlirLowerToCPUOptionsInit(&cpu);
  printf("cpu: size %s kernels %d math %d\n",
         cpu.structSize == sizeof(cpu) ? "ok" : "wrong", (int)cpu.kernels,
         (int)cpu.math);
  EchoMlirLowerToCUDAOptions cuda;
  echoMlirLowerToCUDAOptionsInit(&cuda);
  printf("cuda: size %s chips %zu format %d ptx features %s block size %lld\n",
         cuda.structSize == sizeof(cuda) ? "ok" : "wrong", cuda.chipsCount,
         (int)cuda.format, cuda.ptxFeatures, (long long)cuda.blockSize);

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
 * CHECK-NEXT: size ok remat 0 gist 0 optimizer 0 lr 0.01 grad results 0 budget min eager 1
 * CHECK-NEXT: cpu: size ok kernels 0 math 0
 * CHECK-NEXT: cuda: size ok chips 0 format 0 ptx features +ptx80 block size 256
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
  /* The budget is parsed as the command line parses it. */
  options = echoMlirTrainingPipelineOptionsGetDefault();
  options.budget = "12XiB";
  printResult("budget 12XiB",
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
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.remat: error: training pipeline option 'remat': 7 is not an EchoMlirRematPolicy
 * CHECK-NEXT: gist -1: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.gist: error: training pipeline option 'gist': -1 is not an EchoMlirGistMode
 * CHECK-NEXT: optimizer 4: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.optimizer: error: training pipeline option 'optimizer': 4 is not an EchoMlirOptimizerKind
 * CHECK-NEXT: gradResults 2: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.gradResults: error: training pipeline option 'gradResults': 2 is not an EchoMlirGradResults
 * CHECK-NEXT: budget 12XiB: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.budget: error: training pipeline option 'budget': '12XiB' is not a budget: give 'min', 'NN%' or a positive byte count (with an optional KiB, MiB or GiB suffix)
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
 * CHECK-NEXT: echoMlirWriteMemoryReport.format: error: memory report format: 9 is not an EchoMlirReportFormat
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

/* Versioned structs: an uninitialized structSize (0) and one larger than
 * the library's are errors; a smaller one (a program built against an
 * older header) gets the defaults for the fields it lacks. Bad enum values
 * of the lowerings are errors located at their fields too. */
static void testStructVersions(void) {
  printf("testStructVersions\n");
  MlirContext context = createContext();
  Text diagnostics = {0}, pipeline = {0};
  EchoMlirTrainingPipelineOptions options;
  echoMlirTrainingPipelineOptionsInit(&options);
  options.structSize = 0;
  printResult("size 0",
              echoMlirPrintTrainingPipeline(context, &options, appendText,
                                            &pipeline, appendText,
                                            &diagnostics),
              &diagnostics);
  options.structSize = sizeof(options) + 8;
  printResult("size too large",
              echoMlirPrintTrainingPipeline(context, &options, appendText,
                                            &pipeline, appendText,
                                            &diagnostics),
              &diagnostics);
  /* An "older" struct that ends before rematBudget: remat is read, the
   * rest (gist = fp8 here) is the default. */
  echoMlirTrainingPipelineOptionsInit(&options);
  options.structSize = offsetof(EchoMlirTrainingPipelineOptions, rematBudget);
  options.remat = EchoMlirRematPolicyMirror;
  options.gist = EchoMlirGistModeFp8;
  printResult("older struct",
              echoMlirPrintTrainingPipeline(context, &options, appendText,
                                            &pipeline, appendText,
                                            &diagnostics),
              &diagnostics);
  printf("older struct remat=mirror: %s, gist=none: %s\n",
         strstr(textOf(&pipeline), "policy=mirror") ? "yes" : "no",
         strstr(textOf(&pipeline), "gist-encode") ? "no" : "yes");
  clearText(&pipeline);

  EchoMlirLowerToCPUOptions cpu;
  echoMlirLowerToCPUOptionsInit(&cpu);
  cpu.math = (EchoMlirMathMode)5;
  printResult("cpu math 5",
              echoMlirPrintLowerToCPU(context, &cpu, appendText, &pipeline,
                                      appendText, &diagnostics),
              &diagnostics);
  EchoMlirLowerToCUDAOptions cuda;
  echoMlirLowerToCUDAOptionsInit(&cuda);
  cuda.format = (EchoMlirCudaBinaryFormat)-2;
  printResult("cuda format -2",
              echoMlirPrintLowerToCUDA(context, &cuda, appendText, &pipeline,
                                       appendText, &diagnostics),
              &diagnostics);
  cuda.format = EchoMlirCudaBinaryFormatIsa;
  cuda.chipsCount = 2;
  printResult("cuda 2 chips at NULL",
              echoMlirPrintLowerToCUDA(context, &cuda, appendText, &pipeline,
                                       appendText, &diagnostics),
              &diagnostics);
  printf("printed: %zu bytes\n", pipeline.size);
  clearText(&pipeline);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testStructVersions
 * CHECK-NEXT: size 0: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.structSize: error: EchoMlirTrainingPipelineOptions.structSize is 0, not the size of a struct of this library's or an older one (at most {{[0-9]+}}); initialize the struct with its Init function
 * CHECK-NEXT: size too large: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirTrainingPipelineOptions.structSize: error: EchoMlirTrainingPipelineOptions.structSize is {{[0-9]+}}, not the size
 * CHECK-NEXT: older struct: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: older struct remat=mirror: yes, gist=none: yes
 * CHECK-NEXT: cpu math 5: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirLowerToCPUOptions.math: error: CPU lowering option 'math': 5 is not an EchoMlirMathMode
 * CHECK-NEXT: cuda format -2: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirLowerToCUDAOptions.format: error: CUDA lowering option 'format': -2 is not an EchoMlirCudaBinaryFormat
 * CHECK-NEXT: cuda 2 chips at NULL: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: EchoMlirLowerToCUDAOptions.chips: error: CUDA lowering option 'chips': 2 strings at NULL
 * CHECK-NEXT: printed: 0 bytes
 */

/* The typed CPU lowering: the forward function, differentiated by the
 * registered echo-autodiff, lowered to the LLVM dialect with generated
 * light-op loops; nothing but llvm ops is left at the top level. */
static void testLowerToCPU(void) {
  printf("testLowerToCPU\n");
  echoMlirRegisterPasses();
  MlirContext context = createContext();
  MlirModule module = parseInput(context, "mlp.mlir");
  Text diagnostics = {0};
  MlirPassManager pm = mlirPassManagerCreate(context);
  printResult("autodiff",
              mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                    mlirStringRefCreateFromCString(
                                        "builtin.module(echo-autodiff{"
                                        "optimizer=sgd lr=0.1})"),
                                    appendText, &diagnostics),
              &diagnostics);
  mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);

  EchoMlirLowerToCPUOptions options;
  echoMlirLowerToCPUOptionsInit(&options);
  options.kernels = EchoMlirKernelSourceGenerated;
  printResult("lower",
              echoMlirRunLowerToCPU(module, &options, appendText,
                                    &diagnostics),
              &diagnostics);
  int other = 0, functions = 0;
  for (MlirOperation op =
           mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name =
        mlirIdentifierStr(mlirOperationGetName(op));
    if (name.length < 5 || strncmp(name.data, "llvm.", 5) != 0)
      ++other;
    else if (name.length == 9 && strncmp(name.data, "llvm.func", 9) == 0)
      ++functions;
  }
  printf("llvm functions: %s, other ops: %d\n",
         functions > 0 ? "some" : "none", other);

  printResult("null lowering",
              echoMlirRunLowerToCPU((MlirModule){NULL}, NULL, appendText,
                                    &diagnostics),
              &diagnostics);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
}
/* CHECK-LABEL: testLowerToCPU
 * CHECK-NEXT: autodiff: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: lower: success
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: llvm functions: some, other ops: 0
 * CHECK-NEXT: null lowering: failure
 * CHECK-NEXT: diagnostics:
 * CHECK-NEXT: error: echoMlirRunLowerToCPU: the module is null
 */

/* Fails the program when a field of `set` is still its default: the
 * --print modes must set every option of their struct, so a new option of
 * echo-c/PipelineOptions.def fails this test until it is set below and
 * spelt in the echo-opt RUN line above. */
static void checkField(const char *structName, const char *field,
                       const void *set, const void *defaults, size_t size) {
  if (memcmp(set, defaults, size) == 0) {
    fprintf(stderr, "%s.%s is left at its default: set it in pipeline.c\n",
            structName, field);
    exit(1);
  }
}
#define ECHO_MLIR_OPTIONS(Name, Pipeline, CppType)                             \
  static void checkEveryField##Name(const EchoMlir##Name *set) {               \
    EchoMlir##Name defaults;                                                   \
    echoMlir##Name##Init(&defaults);
#define ECHO_MLIR_OPTION(Name, Kind, CType, Field, Spelling, CppMember)        \
  checkField("EchoMlir" #Name, #Field, &set->Field, &defaults.Field,          \
             sizeof(set->Field));
#define ECHO_MLIR_OPTIONS_END(Name) }
#include "echo-c/PipelineOptions.def"

static void printPipeline(MlirLogicalResult result, Text *pipeline,
                          Text *diagnostics) {
  if (mlirLogicalResultIsFailure(result)) {
    fprintf(stderr, "%s", textOf(diagnostics));
    exit(1);
  }
  printf("%s", textOf(pipeline));
}

/* --print training|cpu|cuda [TOOLKIT]: the pipeline built with every option
 * of the struct set to a value other than its default (the RUN lines spell
 * the same values for echo-opt). */
static int printPipelines(const char *which, const char *toolkit) {
  MlirContext context = createContext();
  Text pipeline = {0}, diagnostics = {0};
  if (strcmp(which, "training") == 0) {
    EchoMlirTrainingPipelineOptions options;
    echoMlirTrainingPipelineOptionsInit(&options);
    options.remat = EchoMlirRematPolicyFullLayer;
    options.rematBudget = "123456";
    options.rematTimeLimit = 2.5;
    options.gist = EchoMlirGistModeFp10;
    options.schedule = EchoMlirScheduleModeBest;
    options.offload = EchoMlirOffloadModeGreedy;
    options.deviceProfile = EchoMlirDeviceProfileNvlinkC2C;
    options.simulate = true;
    options.optimizer = EchoMlirOptimizerKindAdam;
    options.learningRate = 0.25;
    options.gradResults = EchoMlirGradResultsArena;
    options.workspaceBudget = 4096;
    options.eagerUpdates = false;
    options.rematSolverNodes = 500;
    options.rematLayerStride = 2;
    options.autocast = EchoMlirAutocastTypeBf16;
    options.lossScale = EchoMlirLossScaleModeDynamic;
    options.lossScaleInit = 1024;
    options.lossScaleGrowthInterval = 10;
    options.lossScaleGrowth = 4;
    options.lossScaleBackoff = 0.25;
    options.budget = "min";
    options.allowLossy = EchoMlirLossyFloorFp10;
    options.ranks = 2;
    options.shard = EchoMlirShardStageParameters;
    options.syncBatchNorm = false;
    options.bucketBytes = 4096;
    options.budgetMixSteps = 8;
    checkEveryFieldTrainingPipelineOptions(&options);
    printPipeline(echoMlirPrintTrainingPipeline(context, &options, appendText,
                                                &pipeline, appendText,
                                                &diagnostics),
                  &pipeline, &diagnostics);
  } else if (strcmp(which, "cpu") == 0) {
    EchoMlirLowerToCPUOptions options;
    echoMlirLowerToCPUOptionsInit(&options);
    options.kernels = EchoMlirKernelSourceGenerated;
    options.gradResults = EchoMlirGradResultsArena;
    options.math = EchoMlirMathModeTf32;
    options.workspaceBudget = 8192;
    checkEveryFieldLowerToCPUOptions(&options);
    printPipeline(echoMlirPrintLowerToCPU(context, &options, appendText,
                                          &pipeline, appendText,
                                          &diagnostics),
                  &pipeline, &diagnostics);
  } else if (strcmp(which, "cuda") == 0 && toolkit) {
    static const char *const chips[] = {"sm_75", "sm_90"};
    EchoMlirLowerToCUDAOptions options;
    echoMlirLowerToCUDAOptionsInit(&options);
    options.chips = chips;
    options.chipsCount = 2;
    options.toolkit = toolkit;
    options.format = EchoMlirCudaBinaryFormatIsa;
    options.ptxFeatures = "+ptx81";
    options.ptxasOptions = "-O1";
    options.optLevel = 1;
    options.blockSize = 128;
    options.reductionBlockSize = 512;
    options.fuseLoops = false;
    options.kernelReport = "kernels.json";
    options.math = EchoMlirMathModeTf32;
    options.workspaceBudget = 1024;
    options.assignBuffers = false;
    checkEveryFieldLowerToCUDAOptions(&options);
    printPipeline(echoMlirPrintLowerToCUDA(context, &options, appendText,
                                           &pipeline, appendText,
                                           &diagnostics),
                  &pipeline, &diagnostics);
  } else {
    fprintf(stderr, "--print training|cpu|cuda TOOLKIT\n");
    return 2;
  }
  clearText(&pipeline);
  mlirContextDestroy(context);
  return 0;
}

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--describe") == 0) {
    echoMlirDescribePipelineOptions(printTo, stdout);
    return 0;
  }
  if ((argc == 3 || argc == 4) && strcmp(argv[1], "--print") == 0)
    return printPipelines(argv[2], argc == 4 ? argv[3] : NULL);
  if (argc != 2) {
    fprintf(stderr,
            "usage: %s INPUTS-DIRECTORY | --describe | --print "
            "training|cpu|cuda [TOOLKIT]\n",
            argv[0]);
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
  testStructVersions();
  testLowerToCPU();
  return 0;
}
