//===- Pipeline.cpp - The training pipeline from C ------------------------===//
//
// The C options are mapped onto mlir::echo::TrainingPipelineOptions one
// field at a time; a C enum can hold any int, so each mapping also rejects
// values outside its enum.
//
//===----------------------------------------------------------------------===//

#include "echo-c/Pipeline.h"

#include "DiagnosticCapture.h"
#include "PassRegistration.h"

#include "EchoDialect/Conversion/EchoToRuntime.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <optional>

using namespace mlir;
using namespace mlir::echo;

static std::optional<RematPolicy> toRematPolicy(EchoMlirRematPolicy policy) {
  switch (policy) {
  case EchoMlirRematPolicyNone:
    return RematPolicy::None;
  case EchoMlirRematPolicyMirror:
    return RematPolicy::Mirror;
  case EchoMlirRematPolicyEcho:
    return RematPolicy::Echo;
  }
  return std::nullopt;
}

static std::optional<GistMode> toGistMode(EchoMlirGistMode mode) {
  switch (mode) {
  case EchoMlirGistModeNone:
    return GistMode::None;
  case EchoMlirGistModeLossless:
    return GistMode::Lossless;
  case EchoMlirGistModeFp16:
    return GistMode::Fp16;
  case EchoMlirGistModeFp10:
    return GistMode::Fp10;
  case EchoMlirGistModeFp8:
    return GistMode::Fp8;
  }
  return std::nullopt;
}

static std::optional<OptimizerKind>
toOptimizerKind(EchoMlirOptimizerKind kind) {
  switch (kind) {
  case EchoMlirOptimizerKindNone:
    return OptimizerKind::None;
  case EchoMlirOptimizerKindSgd:
    return OptimizerKind::Sgd;
  case EchoMlirOptimizerKindMomentum:
    return OptimizerKind::Momentum;
  case EchoMlirOptimizerKindAdam:
    return OptimizerKind::Adam;
  }
  return std::nullopt;
}

static std::optional<GradResults> toGradResults(EchoMlirGradResults where) {
  switch (where) {
  case EchoMlirGradResultsOutParams:
    return GradResults::OutParams;
  case EchoMlirGradResultsArena:
    return GradResults::Arena;
  }
  return std::nullopt;
}

/// Fills `options` from `c`, or emits an error naming the field that holds
/// no value of its enum.
static LogicalResult convertOptions(MLIRContext *context,
                                    const EchoMlirTrainingPipelineOptions &c,
                                    TrainingPipelineOptions &options) {
  Location loc = UnknownLoc::get(context);
  std::optional<RematPolicy> remat = toRematPolicy(c.remat);
  if (!remat)
    return emitError(loc, "training pipeline option 'remat': ")
           << static_cast<int>(c.remat) << " is not an EchoMlirRematPolicy";
  std::optional<GistMode> gist = toGistMode(c.gist);
  if (!gist)
    return emitError(loc, "training pipeline option 'gist': ")
           << static_cast<int>(c.gist) << " is not an EchoMlirGistMode";
  std::optional<OptimizerKind> optimizer = toOptimizerKind(c.optimizer);
  if (!optimizer)
    return emitError(loc, "training pipeline option 'optimizer': ")
           << static_cast<int>(c.optimizer)
           << " is not an EchoMlirOptimizerKind";
  std::optional<GradResults> gradResults = toGradResults(c.gradResults);
  if (!gradResults)
    return emitError(loc, "training pipeline option 'gradResults': ")
           << static_cast<int>(c.gradResults)
           << " is not an EchoMlirGradResults";
  options.remat = *remat;
  options.gist = *gist;
  options.optimizer = *optimizer;
  options.gradResults = *gradResults;
  // The update ops' verifiers reject a learning rate that is not positive
  // and finite, with the op's location.
  options.learningRate = c.learningRate;
  return success();
}

EchoMlirTrainingPipelineOptions echoMlirTrainingPipelineOptionsGetDefault(void) {
  TrainingPipelineOptions defaults;
  EchoMlirTrainingPipelineOptions c;
  c.remat = EchoMlirRematPolicyNone;
  c.gist = EchoMlirGistModeNone;
  c.optimizer = EchoMlirOptimizerKindNone;
  c.learningRate = defaults.learningRate;
  c.gradResults = EchoMlirGradResultsOutParams;
  return c;
}

MlirLogicalResult
echoMlirRunTrainingPipeline(MlirModule cModule,
                            const EchoMlirTrainingPipelineOptions *cOptions,
                            MlirStringCallback diagnostics,
                            void *diagnosticsUserData) {
  if (mlirModuleIsNull(cModule)) {
    reportError(diagnostics, diagnosticsUserData,
                "echoMlirRunTrainingPipeline: the module is null");
    return mlirLogicalResultFailure();
  }
  ModuleOp module = unwrap(cModule);
  MLIRContext *context = module.getContext();
  DiagnosticCapture capture(context, diagnostics, diagnosticsUserData);

  TrainingPipelineOptions options;
  EchoMlirTrainingPipelineOptions c =
      cOptions ? *cOptions : echoMlirTrainingPipelineOptionsGetDefault();
  if (failed(convertOptions(context, c, options)))
    return mlirLogicalResultFailure();

  // The bufferization models of echo ops are external models: a context
  // that only loaded the dialect to parse the module does not have them.
  DialectRegistry registry;
  registerLowerToCPUDialects(registry);
  context->appendDialectRegistry(registry);

  registerCAPIPasses();
  PassManager pm = PassManager::on<ModuleOp>(context);
  buildTrainingPipeline(pm, options);
  return wrap(pm.run(module));
}
