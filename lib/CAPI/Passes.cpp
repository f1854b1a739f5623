//===- Passes.cpp - Registering the echo passes from C --------------------===//

#include "echo-c/Passes.h"

#include "PassRegistration.h"

#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/InitAllPasses.h"

#include <mutex>

void mlir::echo::registerCAPIPasses() {
  // MLIR aborts when a pipeline name is registered twice (in builds with
  // assertions); callers may not know whether another part of their
  // program already called this.
  static std::once_flag registered;
  std::call_once(registered, [] {
    registerAllPasses();
    registerEchoTransformsPasses();
    registerLowerToCPUPipeline();
    registerTrainingPipeline();
  });
}

void echoMlirRegisterPasses(void) { mlir::echo::registerCAPIPasses(); }
