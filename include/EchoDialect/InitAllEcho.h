//===- InitAllEcho.h - Every echo dialect and pass, registered --*- C++ -*-===//
//
// What a driver registers beyond upstream MLIR to offer all of echo-mlir:
// echo-opt and the mlir-opt plugin (tools/echo-mlir-plugin) call these, so
// both offer the same passes and dialects.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_INITALLECHO_H
#define ECHODIALECT_INITALLECHO_H

#include "EchoDialect/Pipelines/LowerToCUDA.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Conversion/ImportPasses.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace echo {

/// Every echo pass and pipeline: transforms, conversions, the CPU and CUDA
/// lowering pipelines, the importers.
inline void registerAllEchoPasses() {
  registerEchoTransformsPasses();
  registerLowerToCPUPipeline();
  registerTrainingPipeline();
  registerLowerToCUDAPipeline();
  registerEchoImportPasses();
}

/// The echo dialect and the dialects and interfaces its lowerings use.
inline void registerAllEchoDialects(DialectRegistry &registry) {
  registry.insert<EchoDialect>();
  registerLowerToCUDADialects(registry);
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_INITALLECHO_H
