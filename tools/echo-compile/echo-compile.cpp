//===- echo-compile.cpp - Compile a training step ahead of time ---------===//
//
// echo-compile STEP.mlir -o step.o [--shared]: plans and lowers a
// tensor-level training step exactly as echo-run does (the CPU pipeline:
// bufferization, buffer assignment, runtime calls with a context), then
// writes native code with four symbols a host program links or dlopens:
//
//   void echo_step_invoke(void **packed);   // context, descriptor fields,
//                                           // then the i32 status it writes
//   const char echo_step_manifest[];        // StepSignature's manifest
//   const int64_t echo_step_packed_slots;   // slots echo_step_invoke uses
//   const int64_t echo_step_buffer_layout[];// bytes and arena offsets the
//                                           // code assumes (bufferLayout)
//
// With --target=cpu the step calls the runtime ABI (echo_*) and nothing
// else, so one object runs on any backend library: echo-step loads it next
// to one. With --target=cuda (--echo-lower-to-cuda) the light ops are
// generated kernels: the object embeds their binaries (the GPU offloading
// translation: a constructor loads them with mgpuModuleLoad, each launch is
// mgpuLaunchKernel) and runs with libecho_runtime_cuda, which defines the
// mgpu* functions, only.
//
//===----------------------------------------------------------------------===//

#include "EntrySignature.h"
#include "StepObject.h"
#include "StepSignature.h"

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/Pipelines/LowerToCUDA.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/Core/Progress.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("echo-compile options");
static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<step.mlir>"), cl::init("-"),
                                      cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("FILE"), cl::Required,
                                       cl::cat(category));
static cl::opt<std::string>
    entryName("entry", cl::desc("Function to compile (default @train_step, "
                                "or the only public function)"),
              cl::init(""), cl::cat(category));
static cl::opt<bool> shared(
    "shared",
    cl::desc("Write a shared library (linked by the system C++ compiler "
             "driver, c++) instead of an object file"),
    cl::cat(category));
static cl::opt<bool> emitLLVM("emit-llvm",
                              cl::desc("Write LLVM IR instead of native code"),
                              cl::cat(category));
static cl::opt<echo::KernelSource> kernels(
    "kernels",
    cl::desc("Who computes the light ops (elementwise, reductions, softmax, "
             "...): the runtime's entries or loops generated in the step"),
    cl::init(echo::KernelSource::Runtime), echo::optionValues<echo::KernelSource>(),
    cl::cat(category));
enum class StepTarget { Cpu, Cuda };
static cl::opt<StepTarget> target(
    "target",
    cl::desc("Where the light ops run (heavy ops are runtime calls either "
             "way)"),
    cl::init(StepTarget::Cpu),
    cl::values(clEnumValN(StepTarget::Cpu, "cpu",
                          "the CPU pipeline (--echo-lower-to-cpu): any "
                          "backend library"),
               clEnumValN(StepTarget::Cuda, "cuda",
                          "--echo-lower-to-cuda: generated kernels embedded "
                          "in the object; libecho_runtime_cuda only")),
    cl::cat(category));
static cl::opt<std::string> cudaOptions(
    "cuda-options",
    cl::desc("Options of --echo-lower-to-cuda with --target=cuda, as on "
             "echo-opt's command line (e.g. \"chips=sm_90 format=fatbin\")"),
    cl::init(""), cl::cat(category));
static cl::opt<EchoMathMode> mathMode(
    "math",
    cl::desc("Numerics the step asks of the backend's heavy ops "
             "(echo_step_set_math), either target; the CPU backend computes "
             "IEEE FP32 under every mode"),
    cl::init(ECHO_MATH_IEEE), echo::mathModeValues(), cl::cat(category));
static cl::opt<int64_t> workspaceBudget(
    "workspace-budget",
    cl::desc("Bytes of the planned workspace of each convolution "
             "(echo-plan-workspaces), either target; 0: the backend's own "
             "scratch"),
    cl::init(0), cl::cat(category));
static cl::opt<bool> noBufferAssign(
    "no-buffer-assign",
    cl::desc("Give every temporary its own allocation instead of planning "
             "one arena"),
    cl::cat(category));
static cl::opt<echo::GradResults> gradResults(
    "grad-results", cl::desc(echo::kGradResultsDescription),
    cl::init(echo::GradResults::OutParams), echo::optionValues<echo::GradResults>(),
    cl::cat(category));

static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the IR after every pass of the lowering (default: once "
             "at its end)"),
    cl::cat(category));

[[noreturn]] static void fail(const llvm::Twine &message) {
  echo::endProgressLine();
  llvm::errs() << "echo-compile: " << message << "\n";
  std::exit(1);
}

/// Writes `outputPath` with `write`, failing with the path on any error.
static void writeFile(llvm::StringRef outputPath,
                      llvm::function_ref<void(llvm::raw_ostream &)> write) {
  std::error_code ec;
  llvm::ToolOutputFile out(outputPath, ec, llvm::sys::fs::OF_None);
  if (ec)
    fail("cannot write " + outputPath + ": " + ec.message());
  write(out.os());
  out.os().flush();
  if (out.os().has_error())
    fail("cannot write " + outputPath + ": " + out.os().error().message());
  out.keep();
}

/// Links `objects` with the C++ driver into `outputFile`: the shared
/// library with --shared, else one relocatable object. The error, or empty.
static std::string link(llvm::ArrayRef<std::string> objects,
                        echo::Progress &progress) {
  auto driver = llvm::sys::findProgramByName("c++");
  if (!driver)
    driver = llvm::sys::findProgramByName("cc");
  if (!driver)
    return (llvm::Twine(shared ? "--shared" : "a step with generated kernels") +
            " needs a C++ compiler driver (c++ or cc) on PATH to link; "
            "write an object file instead and link it yourself")
        .str();
  llvm::SmallVector<llvm::StringRef> linkArgs{*driver};
  if (shared)
    linkArgs.push_back("-shared");
  else
    linkArgs.append({"-r", "-nostdlib"});
  linkArgs.append({"-o", outputFile});
  for (const std::string &object : objects)
    linkArgs.push_back(object);
  std::string linkError;
  progress.update("linking " + outputFile + " with " + *driver,
                  /*force=*/true);
  int rc = llvm::sys::ExecuteAndWait(*driver, linkArgs, std::nullopt, {}, 0,
                                     0, &linkError);
  if (rc == 0)
    return "";
  return "linking " + outputFile + " with " + *driver + " failed" +
         (linkError.empty() ? "" : ": " + linkError);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  echo::registerProgressCLOptions(&category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "echo-compile: compile an echo training step "
                              "to native code for echo-step\n");
  if (shared && emitLLVM)
    fail("--shared and --emit-llvm exclude each other");
  if (target != StepTarget::Cuda && !cudaOptions.empty())
    fail("--cuda-options needs --target=cuda");
  if (gradResults == echo::GradResults::Arena &&
      (noBufferAssign || target == StepTarget::Cuda))
    fail("--grad-results=arena keeps results in the planned arena of the "
         "CPU pipeline; it does not combine with --no-buffer-assign or "
         "--target=cuda");
  if (target == StepTarget::Cuda &&
      kernels.getNumOccurrences() && kernels != echo::KernelSource::Generated)
    fail("--target=cuda generates the light-op kernels; --kernels=runtime "
         "is for --target=cpu");
  echo::LowerToCUDAOptions cudaPipeline;
  if (failed(cudaPipeline.parseFromString(cudaOptions)))
    fail("invalid --cuda-options '" + cudaOptions + "'");
  cudaPipeline.assignBuffers = !noBufferAssign;
  if (mathMode.getNumOccurrences()) {
    if (cudaPipeline.math.hasValue())
      fail("--math and --cuda-options='math=...' both set the math mode; "
           "give it once");
    cudaPipeline.math = mathMode;
  }
  if (workspaceBudget.getNumOccurrences()) {
    if (cudaPipeline.workspaceBudget.hasValue())
      fail("--workspace-budget and --cuda-options='workspace-budget=...' "
           "both set the workspace budget; give it once");
    cudaPipeline.workspaceBudget = workspaceBudget;
  }

  // Its phases, and the passes of the pipeline, on stderr (Progress.h);
  // with --mlir-timing, the time of each.
  echo::Progress progress("echo-compile");
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  TimingScope parseTiming = timing.nest("parsing");
  progress.update("parsing " + inputFile);
  registerAllPasses();
  echo::registerEchoTransformsPasses();
  echo::registerEchoConversionPasses();
  echo::registerEchoMemRefPasses();
  DialectRegistry registry;
  // The CUDA registrations include the CPU ones and the translations of
  // gpu.binary and gpu.launch_func.
  echo::registerLowerToCUDADialects(registry);
  MLIRContext context(registry);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  parseTiming.stop();

  func::FuncOp entry =
      echo_run::findEntryFunction(*module, entryName, error);
  if (!entry)
    fail(error);
  if (llvm::any_of(entry.getArgumentTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); }))
    fail("@" + entry.getSymName() + " is already bufferized; echo-compile "
         "takes tensor-level steps and plans them itself");
  echo_run::StepManifest manifest;
  manifest.function = entry.getSymName().str();
  FailureOr<echo_run::EntrySignature> signature =
      echo_run::analyzeEntry(entry);
  if (failed(signature))
    return 1;
  manifest.signature = *signature;
  echo_run::eraseUnreachableFunctions(*module, entry);
  echo_run::LowerStepControl control;
  control.verifyEach = verifyEach;
  TimingScope loweringTiming = timing.nest("lowering");
  control.timing = &loweringTiming;

  progress.update(llvm::Twine("lowering @") + manifest.function + " (" +
                      (target == StepTarget::Cuda ? "--echo-lower-to-cuda"
                                                  : "the CPU pipeline") +
                      ")",
                  /*force=*/true);
  if (target == StepTarget::Cuda) {
    std::string pipelineError;
    if (failed(echo_run::lowerStepWith(
            *module,
            [&](OpPassManager &pm) {
              if (failed(echo::buildLowerToCUDAPipeline(pm, cudaPipeline,
                                                        pipelineError)))
                fail("--target=cuda: " + pipelineError);
            },
            manifest, &progress, control)))
      return 1;
  } else if (failed(echo_run::lowerStep(*module,
                                        /*assignBuffers=*/!noBufferAssign,
                                        kernels, gradResults, mathMode,
                                        workspaceBudget, manifest,
                                        &progress, control))) {
    return 1;
  }
  loweringTiming.stop();
  progress.update("translating to LLVM IR", /*force=*/true);
  TimingScope translateTiming = timing.nest("translating to LLVM IR");

  std::unique_ptr<llvm::TargetMachine> machine =
      echo_run::hostTargetMachine(llvm::CodeGenOptLevel::Default, error);
  if (!machine)
    fail(error);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule = echo_run::buildStepModule(
      *module, manifest, llvmContext, *machine, error);
  if (!llvmModule)
    fail(error);
  translateTiming.stop();

  if (emitLLVM) {
    progress.update("writing LLVM IR", /*force=*/true);
    writeFile(outputFile, [&](llvm::raw_ostream &os) {
      llvmModule->print(os, nullptr);
    });
    progress.done("wrote " + outputFile + " in " +
                  echo::formatDuration(progress.elapsed()));
    return 0;
  }
  progress.update("generating native code", /*force=*/true);
  TimingScope codegenTiming = timing.nest("generating native code");
  llvm::SmallVector<llvm::SmallVector<char, 0>> objects;
  if (!echo_run::emitStepObjects(*llvmModule, *machine,
                                 llvm::CodeGenOptLevel::Default, objects,
                                 error))
    fail(error);
  codegenTiming.stop();
  TimingScope writeTiming = timing.nest("writing and linking");
  if (objects.size() == 1 && !shared) {
    writeFile(outputFile, [&](llvm::raw_ostream &os) {
      os.write(objects[0].data(), objects[0].size());
    });
  } else {
    // The objects go to temporary files, which the C++ driver links into
    // the shared library (--shared) or one relocatable object.
    llvm::SmallVector<std::string> paths;
    std::string linkError;
    for (const llvm::SmallVector<char, 0> &object : objects) {
      llvm::SmallString<128> path;
      int fd = -1;
      if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
              "echo-step", "o", fd, path)) {
        linkError = "cannot create a temporary file: " + ec.message();
        break;
      }
      paths.push_back(std::string(path));
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os.write(object.data(), object.size());
      os.close();
      if (os.has_error()) {
        linkError = "cannot write " + paths.back() + ": " +
                    os.error().message();
        os.clear_error();
        break;
      }
    }
    if (linkError.empty())
      linkError = link(paths, progress);
    for (const std::string &path : paths)
      llvm::sys::fs::remove(path);
    if (!linkError.empty())
      fail(linkError);
  }
  progress.done("wrote " + outputFile + " in " +
                echo::formatDuration(progress.elapsed()));
  return 0;
}
