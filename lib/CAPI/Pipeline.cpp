//===- Pipeline.cpp - echo's pipelines from C -----------------------------===//
//
// The C option structs are mapped onto the C++ pipeline options field by
// field, by code expanded from echo-c/PipelineOptions.def: the list that
// also declares the C structs, so neither side can name an option the other
// lacks. A C enum can hold any int, so each mapping also rejects values
// outside its enum, with an error located at the field.
//
//===----------------------------------------------------------------------===//

#include "echo-c/Pipeline.h"

#include "DiagnosticCapture.h"
#include "EnumConversion.h"
#include "PassRegistration.h"

#include "EchoDialect/Pipelines/LowerToCUDA.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Core/Options.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::echo;

//===----------------------------------------------------------------------===//
// Option structs
//===----------------------------------------------------------------------===//

/// An error located at `structName.field` (the C field the caller set).
static InFlightDiagnostic emitFieldError(MLIRContext *context,
                                         llvm::StringRef structName,
                                         llvm::StringRef field) {
  return emitError(NameLoc::get(StringAttr::get(
      context, (structName + "." + field).str())));
}

/// What each C option struct's pipeline is called in its errors.
static llvm::StringRef describedAs(llvm::StringRef pipeline) {
  if (pipeline == "echo-training-pipeline")
    return "training pipeline";
  if (pipeline == "echo-lower-to-cpu")
    return "CPU lowering";
  return "CUDA lowering";
}

// A STRING field's C++ option: a string, or a value parsed from one (the
// budget), checked here as the command line checks it.
static bool setFromString(mlir::detail::PassOptions::Option<std::string> &option,
                          const char *value, std::string &) {
  option = std::string(value);
  return true;
}
static bool setFromString(mlir::detail::PassOptions::Option<PeakBudget> &option,
                          const char *value, std::string &problem) {
  std::optional<PeakBudget> parsed = PeakBudget::parse(value, problem);
  if (parsed)
    option = *parsed;
  return parsed.has_value();
}
static const char *cStringOf(const std::string &value) { return value.c_str(); }
static const char *cStringOf(const PeakBudget &value) {
  return value.text.c_str();
}

// Fills the C++ options from the fields a struct of `structSize` bytes has.
#define ECHO_MLIR_FROM_C_ENUM(Name, Pipeline, CType, Field, CppMember)         \
  {                                                                            \
    std::optional<decltype(fromC(c.Field))::value_type> value =                \
        fromC(c.Field);                                                        \
    if (!value)                                                                \
      return emitFieldError(context, "EchoMlir" #Name, #Field)                 \
             << describedAs(Pipeline) << " option '" #Field "': "              \
             << static_cast<int>(c.Field) << " is not an EchoMlir" #CType;     \
    options.CppMember = *value;                                                \
  }
#define ECHO_MLIR_FROM_C_SCALAR(Name, Pipeline, CType, Field, CppMember)       \
  options.CppMember = c.Field;
#define ECHO_MLIR_FROM_C_DOUBLE ECHO_MLIR_FROM_C_SCALAR
#define ECHO_MLIR_FROM_C_INT64 ECHO_MLIR_FROM_C_SCALAR
#define ECHO_MLIR_FROM_C_BOOL ECHO_MLIR_FROM_C_SCALAR
#define ECHO_MLIR_FROM_C_STRING(Name, Pipeline, CType, Field, CppMember)       \
  if (c.Field) {                                                               \
    std::string problem;                                                       \
    if (!setFromString(options.CppMember, c.Field, problem))                   \
      return emitFieldError(context, "EchoMlir" #Name, #Field)                 \
             << describedAs(Pipeline) << " option '" #Field "': '"             \
             << c.Field << "' " << problem;                                    \
  }
#define ECHO_MLIR_FROM_C_STRING_LIST(Name, Pipeline, CType, Field, CppMember)  \
  if (c.Field##Count) {                                                        \
    if (!c.Field)                                                              \
      return emitFieldError(context, "EchoMlir" #Name, #Field)                 \
             << describedAs(Pipeline) << " option '" #Field "': "              \
             << c.Field##Count << " strings at NULL";                          \
    std::vector<std::string> values(c.Field, c.Field + c.Field##Count);        \
    options.CppMember = values;                                                \
  }

#define ECHO_MLIR_OPTIONS(Name, Pipeline, CppType)                             \
  static LogicalResult fromCStruct(MLIRContext *context,                       \
                                   const EchoMlir##Name &c,                   \
                                   CppType &options) {                               \
    [[maybe_unused]] llvm::StringRef pipeline = Pipeline;
#define ECHO_MLIR_OPTION(Name, Kind, CType, Field, Spelling, CppMember)        \
  ECHO_MLIR_FROM_C_##Kind(Name, pipeline, CType, Field, CppMember)
#define ECHO_MLIR_OPTIONS_END(Name)                                            \
  return success();                                                            \
  }
#include "echo-c/PipelineOptions.def"

// The C defaults, from a C++ options object that outlives them (its strings
// are the defaults' strings).
#define ECHO_MLIR_TO_C_ENUM(Field, CppMember) c.Field = toC(defaults.CppMember);
#define ECHO_MLIR_TO_C_SCALAR(Field, CppMember) c.Field = defaults.CppMember;
#define ECHO_MLIR_TO_C_DOUBLE ECHO_MLIR_TO_C_SCALAR
#define ECHO_MLIR_TO_C_INT64 ECHO_MLIR_TO_C_SCALAR
#define ECHO_MLIR_TO_C_BOOL ECHO_MLIR_TO_C_SCALAR
#define ECHO_MLIR_TO_C_STRING(Field, CppMember)                                \
  c.Field = cStringOf(defaults.CppMember.getValue());
#define ECHO_MLIR_TO_C_STRING_LIST(Field, CppMember)                           \
  c.Field = nullptr;                                                           \
  c.Field##Count = 0;
#define ECHO_MLIR_OPTIONS(Name, Pipeline, CppType)                             \
  static EchoMlir##Name defaultsOf##Name() {                                   \
    static const CppType defaults;                                             \
    EchoMlir##Name c;                                                          \
    std::memset(&c, 0, sizeof(c));                                             \
    c.structSize = sizeof(c);
#define ECHO_MLIR_OPTION(Name, Kind, CType, Field, Spelling, CppMember)        \
  ECHO_MLIR_TO_C_##Kind(Field, CppMember)
#define ECHO_MLIR_OPTIONS_END(Name)                                            \
  return c;                                                                    \
  }
#include "echo-c/PipelineOptions.def"

/// The caller's struct, `*given` (or the defaults for NULL), as this
/// library's: the fields past the caller's structSize keep their defaults.
template <typename CStruct>
static LogicalResult readStruct(MLIRContext *context, llvm::StringRef name,
                                const CStruct *given, CStruct defaults,
                                CStruct &c) {
  c = defaults;
  if (!given)
    return success();
  if (given->structSize < sizeof(size_t) || given->structSize > sizeof(CStruct))
    return emitFieldError(context, name, "structSize")
           << name << ".structSize is " << given->structSize
           << ", not the size of a struct of this library's or an older "
              "one (at most "
           << sizeof(CStruct) << "); initialize the struct with its Init "
           << "function";
  std::memcpy(static_cast<void *>(&c), given, given->structSize);
  c.structSize = sizeof(CStruct);
  return success();
}

/// The C++ options of a C struct, or failure with the diagnostics emitted.
template <typename CppOptions, typename CStruct>
static LogicalResult convert(MLIRContext *context, llvm::StringRef name,
                             const CStruct *given, CStruct defaults,
                             CppOptions &options) {
  CStruct c;
  if (failed(readStruct(context, name, given, defaults, c)))
    return failure();
  return fromCStruct(context, c, options);
}

//===----------------------------------------------------------------------===//
// Pipelines
//===----------------------------------------------------------------------===//

/// The pass manager of one pipeline (`build` adds its passes), run on
/// `cModule` or printed; shared by every entry point.
template <typename CStruct, typename CppOptions, typename Build>
static MlirLogicalResult
withPipeline(MLIRContext *context, const char *structName,
             const CStruct *cOptions, CStruct defaults, Build build,
             ModuleOp module, MlirStringCallback output, void *outputUserData,
             MlirStringCallback diagnostics, void *diagnosticsUserData) {
  DiagnosticCapture capture(context, diagnostics, diagnosticsUserData);
  CppOptions options;
  if (failed(convert(context, structName, cOptions, defaults, options)))
    return mlirLogicalResultFailure();
  registerCAPIPasses();
  PassManager pm = PassManager::on<ModuleOp>(context);
  if (failed(build(pm, options, context)))
    return mlirLogicalResultFailure();
  if (!module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os, /*pretty=*/true);
    os << "\n";
    if (output)
      output(wrap(llvm::StringRef(text)), outputUserData);
    return mlirLogicalResultSuccess();
  }
  // The bufferization models of echo ops are external models: a context
  // that only loaded the dialect to parse the module does not have them.
  DialectRegistry registry;
  registerLowerToCPUDialects(registry);
  if constexpr (std::is_same_v<CppOptions, LowerToCUDAOptions>)
    registerLowerToCUDADialects(registry);
  context->appendDialectRegistry(registry);
  return wrap(pm.run(module));
}

static LogicalResult buildTraining(OpPassManager &pm,
                                   const TrainingPipelineOptions &options,
                                   MLIRContext *) {
  buildTrainingPipeline(pm, options);
  return success();
}

static LogicalResult buildCPU(OpPassManager &pm,
                              const LowerToCPUOptions &options,
                              MLIRContext *) {
  // As --echo-lower-to-cpu (registerLowerToCPUPipeline).
  buildLowerToCPUPipeline(pm, options);
  return success();
}

static LogicalResult buildCUDA(OpPassManager &pm,
                               const LowerToCUDAOptions &options,
                               MLIRContext *context) {
  std::string error;
  if (succeeded(buildLowerToCUDAPipeline(pm, options, error)))
    return success();
  return emitError(UnknownLoc::get(context), "CUDA lowering: ")
         << error;
}

/// The module of a Run function, or an error for a null one.
static bool isNull(MlirModule module, const char *function,
                   MlirStringCallback diagnostics, void *userData) {
  if (!mlirModuleIsNull(module))
    return false;
  reportError(diagnostics, userData,
              (llvm::Twine(function) + ": the module is null").str());
  return true;
}

static bool isNull(MlirContext context, const char *function,
                   MlirStringCallback diagnostics, void *userData) {
  if (!mlirContextIsNull(context))
    return false;
  reportError(diagnostics, userData,
              (llvm::Twine(function) + ": the context is null").str());
  return true;
}

#define ECHO_MLIR_DEFINE_ENTRY_POINTS(Name, RunName, Build)                    \
  void echoMlir##Name##Init(EchoMlir##Name *options) {                         \
    if (options)                                                               \
      *options = defaultsOf##Name();                                           \
  }                                                                            \
  MlirLogicalResult echoMlirRun##RunName(                                      \
      MlirModule cModule, const EchoMlir##Name *options,                       \
      MlirStringCallback diagnostics, void *diagnosticsUserData) {             \
    if (isNull(cModule, "echoMlirRun" #RunName, diagnostics,                   \
               diagnosticsUserData))                                           \
      return mlirLogicalResultFailure();                                       \
    ModuleOp module = unwrap(cModule);                                         \
    return withPipeline<EchoMlir##Name, ::mlir::echo::Name>(                   \
        module.getContext(), "EchoMlir" #Name, options, defaultsOf##Name(),    \
        Build, module, nullptr, nullptr, diagnostics, diagnosticsUserData);    \
  }                                                                            \
  MlirLogicalResult echoMlirPrint##RunName(                                    \
      MlirContext context, const EchoMlir##Name *options,                      \
      MlirStringCallback output, void *outputUserData,                         \
      MlirStringCallback diagnostics, void *diagnosticsUserData) {             \
    if (isNull(context, "echoMlirPrint" #RunName, diagnostics,                 \
               diagnosticsUserData))                                           \
      return mlirLogicalResultFailure();                                       \
    return withPipeline<EchoMlir##Name, ::mlir::echo::Name>(                   \
        unwrap(context), "EchoMlir" #Name, options, defaultsOf##Name(),        \
        Build, ModuleOp(), output, outputUserData, diagnostics,                \
        diagnosticsUserData);                                                  \
  }

ECHO_MLIR_DEFINE_ENTRY_POINTS(TrainingPipelineOptions, TrainingPipeline,
                              buildTraining)
ECHO_MLIR_DEFINE_ENTRY_POINTS(LowerToCPUOptions, LowerToCPU, buildCPU)
ECHO_MLIR_DEFINE_ENTRY_POINTS(LowerToCUDAOptions, LowerToCUDA, buildCUDA)

EchoMlirTrainingPipelineOptions echoMlirTrainingPipelineOptionsGetDefault(void) {
  return defaultsOfTrainingPipelineOptions();
}

//===----------------------------------------------------------------------===//
// The option table
//===----------------------------------------------------------------------===//

/// "value|value|..." of each enum of the list.
static std::string valuesOf(llvm::StringRef name) {
  std::string values;
#define ECHO_MLIR_ENUM_VALUE(Name, Value, Number, Spelling, CppValue)          \
  if (name == #Name)                                                           \
    values += (values.empty() ? "" : "|") + std::string(Spelling);
#include "echo-c/PipelineOptions.def"
  return values;
}

void echoMlirDescribePipelineOptions(MlirStringCallback output,
                                     void *userData) {
  if (!output)
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::StringRef pipeline;
#define ECHO_MLIR_OPTIONS(Name, Pipeline, CppType) pipeline = Pipeline;
#define ECHO_MLIR_DESCRIBE_ENUM(CType, Spelling)                               \
  os << pipeline << " " << Spelling << "=" << valuesOf(#CType) << "\n";
#define ECHO_MLIR_DESCRIBE_OTHER(CType, Spelling)                              \
  os << pipeline << " " << Spelling << "\n";
#define ECHO_MLIR_DESCRIBE_DOUBLE ECHO_MLIR_DESCRIBE_OTHER
#define ECHO_MLIR_DESCRIBE_INT64 ECHO_MLIR_DESCRIBE_OTHER
#define ECHO_MLIR_DESCRIBE_BOOL ECHO_MLIR_DESCRIBE_OTHER
#define ECHO_MLIR_DESCRIBE_STRING ECHO_MLIR_DESCRIBE_OTHER
#define ECHO_MLIR_DESCRIBE_STRING_LIST ECHO_MLIR_DESCRIBE_OTHER
#define ECHO_MLIR_OPTION(Name, Kind, CType, Field, Spelling, CppMember)        \
  ECHO_MLIR_DESCRIBE_##Kind(CType, Spelling)
#define ECHO_MLIR_ARGUMENT(Pipeline, Spelling, Enum)                           \
  os << Pipeline << " " << Spelling << "=" << valuesOf(#Enum) << "\n";
#include "echo-c/PipelineOptions.def"
  output(wrap(llvm::StringRef(text)), userData);
}
