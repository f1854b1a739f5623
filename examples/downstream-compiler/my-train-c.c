/* my-train-c: echo's training pipeline driven from C through the C API.
 *
 *   my-train-c MODEL.mlir [none|mirror|echo]
 *
 * Parses a forward function, trains it with SGD under the given
 * recomputation policy and lossless Gist encodings, and prints the planned
 * memory footprint of the training step as JSON. Errors come back from the
 * library as diagnostics text, which this program prints itself. */

#include "echo-c/Dialect.h"
#include "echo-c/MemoryReport.h"
#include "echo-c/Pipeline.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                        void *stream) {
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printTo, stream);
  fputs(": ", (FILE *)stream);
  mlirDiagnosticPrint(diagnostic, printTo, stream);
  fputc('\n', (FILE *)stream);
  return mlirLogicalResultSuccess();
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s MODEL.mlir [none|mirror|echo]\n", argv[0]);
    return 2;
  }
  EchoMlirTrainingPipelineOptions options;
  echoMlirTrainingPipelineOptionsInit(&options);
  options.remat = EchoMlirRematPolicyEcho;
  if (argc == 3) {
    if (strcmp(argv[2], "none") == 0)
      options.remat = EchoMlirRematPolicyNone;
    else if (strcmp(argv[2], "mirror") == 0)
      options.remat = EchoMlirRematPolicyMirror;
    else if (strcmp(argv[2], "echo") != 0) {
      fprintf(stderr, "%s: unknown recomputation policy '%s'\n", argv[0],
              argv[2]);
      return 2;
    }
  }
  options.gist = EchoMlirGistModeLossless;
  options.optimizer = EchoMlirOptimizerKindSgd;
  options.learningRate = 0.05;

  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  echoMlirRegisterPipelineDialects(registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);
  /* Parse errors come through the context's handlers. */
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, stderr, NULL);

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(
      context, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "%s: cannot parse %s\n", argv[0], argv[1]);
  } else if (mlirLogicalResultIsFailure(echoMlirRunTrainingPipeline(
                 module, &options, printTo, stderr))) {
    fprintf(stderr, "%s: the training pipeline failed\n", argv[0]);
  } else if (mlirLogicalResultIsFailure(echoMlirWriteMemoryReport(
                 module, EchoMlirReportFormatJson, printTo, stdout, printTo,
                 stderr))) {
    fprintf(stderr, "%s: no memory report\n", argv[0]);
  } else {
    status = 0;
  }
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return status;
}
