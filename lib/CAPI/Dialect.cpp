//===- Dialect.cpp - The echo dialect from C ------------------------------===//

#include "echo-c/Dialect.h"

#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/IR/EchoDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Echo, echo, mlir::echo::EchoDialect)

void echoMlirRegisterPipelineDialects(MlirDialectRegistry registry) {
  mlir::echo::registerLowerToCPUDialects(*unwrap(registry));
}
