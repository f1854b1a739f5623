//===- echo-run.cpp - Run an echo training step on the CPU ----------------===//
//
// Lowers a tensor-level echo module with the CPU pipeline, JIT-compiles it
// with the MLIR ExecutionEngine and runs its entry function against a
// runtime backend library chosen at run time (--backend), with every buffer
// counted by the backend context's allocator.
//
//===----------------------------------------------------------------------===//

#include "Buffer.h"
#include "EntrySignature.h"
#include "GradientCheck.h"
#include "StepCache.h"
#include "StepGraphs.h"
#include "StepHost.h"
#include "StepObject.h"

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/Core/Progress.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/Transforms/Passes.h"
#include "echo/loader.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <cstring>
#include <fstream>
#include <random>

#include <unistd.h>

using namespace mlir;
using namespace echo_run;
namespace cl = llvm::cl;

static cl::OptionCategory echoRunCategory("echo-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::init("-"), cl::cat(echoRunCategory));
static cl::opt<std::string> entryName(
    "entry", cl::desc("Function to run (default: train_step if present, "
                      "otherwise the only public function)"),
    cl::init(""), cl::cat(echoRunCategory));
static cl::opt<int64_t> iterations("iterations",
                                   cl::desc("Number of steps to run"),
                                   cl::init(1), cl::cat(echoRunCategory));
static cl::opt<uint64_t> seed("seed",
                              cl::desc("Seed of parameter and input init"),
                              cl::init(0), cl::cat(echoRunCategory));
static cl::list<std::string>
    inputs("inputs", cl::desc("ARG=FILE.npy: initial value of argument ARG "
                              "(repeatable, or comma-separated)"),
           cl::CommaSeparated, cl::cat(echoRunCategory));
static cl::opt<bool> shardInputs(
    "shard-inputs",
    cl::desc("Under mpirun, an --inputs file may hold all ranks' data: this "
             "rank takes its rows (or its part of a ZeRO-3 parameter)"),
    cl::cat(echoRunCategory));
static cl::opt<bool> printLoss(
    "print-loss", cl::desc("Print 'iter N loss X' after every step (result #0)"), cl::cat(echoRunCategory));
static cl::opt<std::string>
    memoryStats("memory-stats", cl::ValueOptional,
                cl::desc("Print measured peak memory by category "
                         "(=json for one JSON object)"),
                cl::init(""), cl::cat(echoRunCategory));
static cl::opt<std::string>
    dumpResults("dump-results",
                cl::desc("Write every result of the last step to FILE"),
                cl::init(""), cl::cat(echoRunCategory));
// A string so that a bare `--check-gradients` (no =N) is accepted: the int
// parser rejects the empty value cl::ValueOptional hands it.
static cl::opt<std::string> checkGradientsOpt(
    "check-gradients", cl::ValueOptional, cl::value_desc("N"),
    cl::desc("Instead of training, compare the returned gradients with "
             "central finite differences of the loss along N directions "
             "(default 3); exit 1 if one is off by more than the tolerance"),
    cl::init(""), cl::cat(echoRunCategory));
static cl::opt<double> gradientTolerance(
    "gradient-tolerance", cl::desc("Relative error bound of --check-gradients"),
    cl::init(2e-2), cl::cat(echoRunCategory));
static cl::opt<double> gradientEpsilon(
    "gradient-epsilon", cl::desc("Step of --check-gradients (on a unit "
                                 "direction)"),
    cl::init(1e-2), cl::cat(echoRunCategory));
static cl::opt<echo::KernelSource> kernels(
    "kernels",
    cl::desc("Who computes the light ops (elementwise, reductions, softmax, "
             "...): the runtime's entries or loops generated in the step"),
    cl::init(echo::KernelSource::Runtime), echo::optionValues<echo::KernelSource>(),
    cl::cat(echoRunCategory));
static cl::opt<echo::GradResults> gradResults(
    "grad-results", cl::desc(echo::kGradResultsDescription),
    cl::init(echo::GradResults::OutParams), echo::optionValues<echo::GradResults>(),
    cl::cat(echoRunCategory));
static cl::opt<EchoMathMode> mathMode(
    "math",
    cl::desc("Numerics the step asks of the backend's heavy ops "
             "(echo_step_set_math): the CPU backend computes IEEE FP32 "
             "under every mode"),
    cl::init(ECHO_MATH_IEEE), echo::mathModeValues(), cl::cat(echoRunCategory));
static cl::opt<int64_t> workspaceBudget(
    "workspace-budget",
    cl::desc("Bytes of the planned workspace of each convolution "
             "(echo-plan-workspaces): counted and measured under "
             "'workspace'; the CPU backend does not use it. 0: none"),
    cl::init(0), cl::cat(echoRunCategory));
static cl::opt<bool> noBufferAssign(
    "no-buffer-assign",
    cl::desc("Give every temporary its own allocation instead of planning "
             "one arena (to compare against the plan)"), cl::cat(echoRunCategory));
static cl::opt<EchoPoolPolicy> poolPolicy(
    "pool",
    cl::desc("Where the step's buffers go (echo_mem_use_pool; most useful "
             "with --no-buffer-assign): each its own block, or a dynamic "
             "pool sized from the first step (docs/dymem.md, GTBM)"),
    cl::values(clEnumValN(ECHO_POOL_NONE, "none", "each its own block"),
               clEnumValN(ECHO_POOL_BEST_FIT, "best-fit",
                          "one pool, best-fit from the low end"),
               clEnumValN(ECHO_POOL_GTBM, "gtbm",
                          "Dymem's Group Tensors By Mobility")),
    cl::init(ECHO_POOL_NONE), cl::cat(echoRunCategory));
static cl::opt<std::string> poolTrace(
    "pool-trace",
    cl::desc("With --pool: write every allocation and free of the pool, "
             "and a summary per step, to FILE (CSV)"),
    cl::value_desc("FILE"), cl::init(""), cl::cat(echoRunCategory));
static cl::opt<std::string> profileSparsity(
    "profile-sparsity",
    cl::desc("Measure, over the iterations, the largest non-zero fraction of "
             "every stashed relu / max_pool2d output (the maps gist-encode "
             "may store as CSR) and write the input module to FILE with it "
             "as `echo.density` on each producing op"),
    cl::value_desc("FILE"), cl::init(""), cl::cat(echoRunCategory));
static cl::opt<std::string> backendOpt(
    "backend",
    cl::desc("Runtime backend: cpu, cuda, or the path of a backend library "
             "(default cpu, found in the lib/ directory beside bin/)"),
    cl::init("cpu"), cl::cat(echoRunCategory));
static cl::opt<bool> listAbi(
    "list-abi", cl::desc("Print the name of every runtime ABI function "
                         "(echo/abi.def), one per line, and exit"), cl::cat(echoRunCategory));
static cl::opt<bool> allowNonFiniteLoss(
    "allow-nonfinite-loss",
    cl::desc("Keep training when the loss is NaN or infinite (by default "
             "that is an error naming the iteration)"),
    cl::cat(echoRunCategory));
static cl::opt<int64_t> capacity(
    "capacity",
    cl::desc("Device capacity in bytes (0: unlimited); exceeding it is an "
             "out-of-memory error. Default on the cpu backend: half the "
             "memory available now (MemAvailable, or less under a cgroup "
             "limit; echo-run keeps a host copy of every argument and "
             "result), elsewhere unlimited"),
    cl::init(0), cl::cat(echoRunCategory));

static cl::opt<std::string> graphOpt(
    "graph",
    cl::desc("After the first iteration, replay the step recorded as a "
             "graph (echo_graph_capture): off (default), on (fail when the "
             "backend cannot record it) or auto (run it eagerly then)"),
    cl::value_desc("off|on|auto"), cl::init("off"), cl::cat(echoRunCategory));

static cl::opt<bool> noCache(
    "no-cache",
    cl::desc("Compile the step even if the step cache has it, and do not "
             "store it (also: ECHO_NO_CACHE=1)"),
    cl::cat(echoRunCategory));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Directory of the step cache (default: $ECHO_CACHE_DIR, else "
             "$XDG_CACHE_HOME/echo-mlir or ~/.cache/echo-mlir); given, it "
             "caches even under ECHO_NO_CACHE"),
    cl::value_desc("DIR"), cl::init(""), cl::cat(echoRunCategory));
static cl::opt<bool> cacheStats(
    "cache-stats",
    cl::desc("Say on stderr whether the step came from the cache"),
    cl::cat(echoRunCategory));

namespace {

[[noreturn]] void fail(const llvm::Twine &message, int code = 1) {
  echo::endProgressLine();
  llvm::errs() << "echo-run: " << message << "\n";
  std::exit(code);
}

/// --profile-sparsity: the input module, a copy of it to write back, and
/// per profile site the op of that copy that produced the measured map.
struct SparsityProfile {
  OwningOpRef<ModuleOp> output;
  std::vector<Operation *> producers;
};

/// Numbers the SSDC candidates of `module` (which is then lowered and run)
/// and keeps a copy without the numbers to annotate; the site id is the
/// key from a runtime measurement back to the producing op.
SparsityProfile prepareProfile(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(echo::createEchoAnnotateProfileSites());
  if (failed(pm.run(module)))
    fail("--profile-sparsity: numbering the profile sites failed");
  SparsityProfile profile;
  IRMapping mapping;
  profile.output = cast<ModuleOp>(module->clone(mapping));
  module.walk([&](echo::StashOp stash) {
    auto site = stash->getAttrOfType<IntegerAttr>(echo::kProfileSiteAttr);
    if (!site)
      return;
    if (profile.producers.size() <= site.getValue().getZExtValue())
      profile.producers.resize(site.getInt() + 1);
    profile.producers[site.getInt()] =
        mapping.lookup(stash.getInput().getDefiningOp());
  });
  profile.output->walk(
      [](echo::StashOp stash) { stash->removeAttr(echo::kProfileSiteAttr); });
  return profile;
}

/// Sets each measured producer's echo.density to the largest non-zero
/// fraction seen (over iterations, and over the stashes of one value),
/// prints one line per measured op and writes the module.
void writeProfile(SparsityProfile &profile, echo_runtime::Backend &rt,
                  echo_context *ctx) {
  llvm::MapVector<Operation *, std::pair<int64_t, int64_t>> measured;
  for (auto [site, producer] : llvm::enumerate(profile.producers)) {
    if (!producer || rt.echo_profile_samples(ctx, site) == 0)
      continue;
    int64_t nnz = rt.echo_profile_max_nonzeros(ctx, site);
    int64_t elements = rt.echo_profile_elements(ctx, site);
    auto [it, inserted] = measured.insert({producer, {nnz, elements}});
    if (!inserted && nnz > it->second.first)
      it->second.first = nnz;
  }
  if (measured.empty())
    llvm::errs() << "echo-run: warning: --profile-sparsity measured nothing: "
                    "no stashed f32 relu or max_pool2d output (profile the "
                    "step before gist-encode)\n";
  for (auto &[producer, count] : measured) {
    double density = (double)count.first / (double)count.second;
    producer->setAttr(echo::kDensityAttr,
                      FloatAttr::get(Float64Type::get(producer->getContext()),
                                     density));
    llvm::outs() << "density " << llvm::format("%.6f", density) << " ("
                 << count.first << " of " << count.second << ") "
                 << producer->getName() << " at " << producer->getLoc() << "\n";
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(profileSparsity, ec);
  if (ec)
    fail("cannot write " + profileSparsity + ": " + ec.message());
  profile.output->print(os);
  os << "\n";
  os.close();
  if (os.has_error())
    fail("cannot write " + profileSparsity + ": " + os.error().message());
}

/// Set when the capacity is echo-run's default, so that an out-of-memory
/// error says where the bound came from.
bool capacityIsDefault = false;

/// Reports the context's error and exits with status 4 for out of memory
/// (a device has no swap to fall back to), 3 otherwise. echo-run is a tool;
/// the runtime library itself never exits.

[[noreturn]] void failRuntime(echo_runtime::Backend &rt, echo_context *ctx,
                              const std::string &what) {
  std::string message = ctx ? rt.echo_context_error(ctx) : "no context";
  bool oom = ctx && rt.echo_context_status(ctx) == ECHO_ERR_OUT_OF_MEMORY;
  if (oom && capacityIsDefault)
    message += kDefaultCapacityNote;
  fail("runtime error " + what + ": " +
           (message.empty() ? std::string("failed") : message),
       oom ? 4 : 3);
}

/// --backend: a name (cpu, cuda) for the library beside this tool, in
/// ../lib relative to its directory, or a path.
std::unique_ptr<echo_runtime::Backend> loadBackend(const char *argv0) {
  std::string path = backendOpt;
  if (path == "cpu" || path == "cuda") {
    std::string exe = llvm::sys::fs::getMainExecutable(
        argv0, reinterpret_cast<void *>(&loadBackend));
    llvm::SmallString<256> lib(llvm::sys::path::parent_path(exe));
    llvm::sys::path::append(lib, "..", "lib",
                            "libecho_runtime_" + path + ".so");
    path = std::string(lib);
  }
  std::string error;
  std::unique_ptr<echo_runtime::Backend> backend =
      echo_runtime::Backend::load(path, error);
  if (!backend)
    fail(error);
  return backend;
}

/// echo_step_invoke of a step object (StepObject.h), linked into `jit`
/// against the backend's runtime entries. An error too when `manifest` does
/// not describe the buffers the object's code was compiled for (its
/// echo_step_buffer_layout): a cache entry's manifest rewritten, checksum
/// and all.
using StepInvoke = void (*)(void **);
llvm::Expected<StepInvoke> loadStep(echo_runtime::Backend &rt,
                                    std::unique_ptr<llvm::MemoryBuffer> object,
                                    const StepManifest &manifest,
                                    std::unique_ptr<llvm::orc::LLJIT> &jit) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto built = llvm::orc::LLJITBuilder().create();
  if (!built)
    return built.takeError();
  jit = std::move(*built);
  llvm::orc::JITDylib &dylib = jit->getMainJITDylib();
  llvm::orc::SymbolMap map;
  for (auto [symbol, address] : rt.allSymbols())
    map[jit->mangleAndIntern(symbol)] = llvm::orc::ExecutorSymbolDef(
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported);
  if (llvm::Error err = dylib.define(llvm::orc::absoluteSymbols(map)))
    return std::move(err);
  // The C library (memcpy and the like, which code generation may call).
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      jit->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  if (llvm::Error err = jit->addObjectFile(std::move(object)))
    return std::move(err);
  auto layout = jit->lookup("echo_step_buffer_layout");
  if (!layout)
    return layout.takeError();
  std::string error;
  if (!checkBufferLayout(manifest, layout->toPtr<const int64_t *>(), error))
    return llvm::createStringError(error);
  auto address = jit->lookup("echo_step_invoke");
  if (!address)
    return address.takeError();
  return address->toPtr<StepInvoke>();
}

func::FuncOp findEntry(ModuleOp module) {
  std::string error;
  func::FuncOp fn = findEntryFunction(module, entryName, error);
  if (!fn)
    fail(error);
  return fn;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerPassManagerCLOptions();
  echo::registerProgressCLOptions(&echoRunCategory);
  // --help shows echo-run's own options, not LLVM's code generation flags.
  cl::HideUnrelatedOptions(echoRunCategory);
  cl::ParseCommandLineOptions(argc, argv, "echo-run: run an echo training "
                                          "step on a runtime backend\n");
  if (iterations < 0)
    fail("--iterations must be >= 0");
  if (noBufferAssign && gradResults == echo::GradResults::Arena)
    fail("--grad-results=arena keeps results in the planned arena; it does "
         "not combine with --no-buffer-assign");
  if (capacity < 0)
    fail("--capacity must be >= 0");
  if (!profileSparsity.empty() && checkGradientsOpt.getNumOccurrences())
    fail("--profile-sparsity measures training steps; it does not combine "
         "with --check-gradients");
  if (!profileSparsity.empty() && iterations < 1)
    fail("--profile-sparsity needs --iterations >= 1");
  if (listAbi) {
#define ECHO_ENTRY(name, params, aliases) llvm::outs() << #name "\n";
#define ECHO_STEP_FUNCTION(ret, name, params) llvm::outs() << #name "\n";
#define ECHO_HOST_FUNCTION(ret, name, params) llvm::outs() << #name "\n";
#include "echo/abi.def"
    return 0;
  }
  std::unique_ptr<echo_runtime::Backend> backend = loadBackend(argv[0]);
  echo_runtime::Backend &rt = *backend;
  echo_context *ctx = nullptr;
  if (rt.echo_context_create(&ctx) != ECHO_OK)
    failRuntime(rt, ctx, "creating a " + std::string(rt.echo_backend_name()) +
                             " context");
  if (memoryStats.getNumOccurrences() && !memoryStats.empty() &&
      memoryStats != "json" && memoryStats != "text")
    fail("--memory-stats takes no value, 'text' or 'json'");

  // Passes the pipeline names, and the upstream ones it is built from.
  registerAllPasses();
  echo::registerEchoTransformsPasses();
  echo::registerEchoConversionPasses();
  echo::registerEchoMemRefPasses();

  DialectRegistry registry;
  echo::registerLowerToCPUDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext context(registry);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    fail(error);

  // The step cache: skipped when profiling (the profiled step is the input
  // with numbered sites, and the run writes the module back).
  std::optional<StepCache> cache;
  std::string cacheKey;
  if (profileSparsity.empty() && !noCache &&
      (!cacheDir.empty() || !std::getenv("ECHO_NO_CACHE") ||
       !*std::getenv("ECHO_NO_CACHE"))) {
    std::string dir =
        cacheDir.empty() ? StepCache::defaultDirectory() : cacheDir;
    if (!dir.empty()) {
      cache.emplace(dir);
      std::string options =
          "entry=" + entryName + " buffer-assign=" +
          (noBufferAssign ? "0" : "1") + " kernels=" +
          (kernels == echo::KernelSource::Generated ? "generated" : "runtime") +
          " grad-results=" +
          (gradResults == echo::GradResults::Arena ? "arena" : "out-params") +
          " math=" + echo::mathModeName(mathMode).str() +
          " workspace-budget=" + std::to_string(workspaceBudget);
      cacheKey = StepCache::key(
          file->getBuffer(), options,
          StepCache::toolIdentity(llvm::sys::fs::getMainExecutable(
              argv[0], reinterpret_cast<void *>(&loadBackend))));
    }
  }

  StepManifest manifest;
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::optional<SparsityProfile> profile;
  if (cache) {
    std::string why;
    switch (cache->lookup(cacheKey, manifest, object, why)) {
    case StepCache::Found::Hit:
      if (cacheStats)
        llvm::errs() << "echo-run: cache: hit " << cache->pathOf(cacheKey)
                     << "\n";
      break;
    case StepCache::Found::Corrupt:
      llvm::errs() << "echo-run: warning: step cache entry "
                   << cache->pathOf(cacheKey) << " " << why
                   << "; compiling the step again\n";
      break;
    case StepCache::Found::Miss:
      break;
    }
  }

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // Parses, plans and lowers the step, and compiles it to `object`.
  auto compile = [&] {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      std::exit(1);
    func::FuncOp entry = findEntry(*module);
    if (llvm::any_of(entry.getArgumentTypes(),
                     [](Type t) { return isa<BaseMemRefType>(t); }))
      fail("@" + entry.getSymName() + " is already bufferized; echo-run "
           "takes tensor-level steps and plans them itself (run it on the IR "
           "before echo-training-pipeline, e.g. the output of "
           "--echo-autodiff)");
    manifest = StepManifest();
    manifest.function = entry.getSymName().str();
    FailureOr<EntrySignature> signature = analyzeEntry(entry);
    if (failed(signature))
      std::exit(1);
    manifest.signature = *signature;
    // The profile written back is the whole input module, annotated.
    if (!profileSparsity.empty())
      profile = prepareProfile(*module);
    eraseUnreachableFunctions(*module, entry);
    if (failed(lowerStep(*module, /*assignBuffers=*/!noBufferAssign, kernels,
                         gradResults, mathMode, workspaceBudget, manifest)))
      std::exit(1);
    // The host code only sequences runtime calls, so optimizing it buys
    // nothing and its compile time grows quickly with the step's length:
    // compile without optimization (echo-compile also optimizes the loops
    // of --kernels=generated).
    std::unique_ptr<llvm::TargetMachine> machine =
        hostTargetMachine(llvm::CodeGenOptLevel::None, error);
    if (!machine)
      fail(error);
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        buildStepModule(*module, manifest, llvmContext, *machine, error);
    if (!llvmModule)
      fail(error);
    llvm::SmallVector<llvm::SmallVector<char, 0>, 1> code;
    if (!emitStepObjects(*llvmModule, *machine, llvm::CodeGenOptLevel::None,
                         code, error))
      fail(error);
    object = llvm::MemoryBuffer::getMemBufferCopy(
        llvm::StringRef(code[0].data(), code[0].size()), "step.o");
    if (!cache)
      return;
    if (!cache->store(cacheKey, manifest, object->getBuffer(), error))
      llvm::errs() << "echo-run: warning: the step cache: " << error << "\n";
    else if (cacheStats)
      llvm::errs() << "echo-run: cache: stored " << cache->pathOf(cacheKey)
                   << "\n";
  };
  bool fromCache = object != nullptr;
  if (!fromCache)
    compile();

  std::unique_ptr<llvm::orc::LLJIT> jit;
  llvm::Expected<StepInvoke> loaded =
      loadStep(rt, std::move(object), manifest, jit);
  if (!loaded && fromCache) {
    // An entry that checks out but does not link, or whose manifest does
    // not describe its object: compile it again.
    llvm::errs() << "echo-run: warning: step cache entry "
                 << cache->pathOf(cacheKey) << " does not load ("
                 << llvm::toString(loaded.takeError())
                 << "); compiling the step again\n";
    compile();
    loaded = loadStep(rt, std::move(object), manifest, jit);
  }
  if (!loaded)
    fail("loading the compiled step failed: " +
         llvm::toString(loaded.takeError()));
  StepInvoke invokeStep = *loaded;
  const EntrySignature *signature = &manifest.signature;
  std::string name = manifest.function;
  std::vector<const char *> sitePtrs;
  for (const std::string &s : manifest.sites)
    sitePtrs.push_back(s.c_str());

  int64_t deviceCapacity = capacity;
  if (!capacity.getNumOccurrences()) {
    deviceCapacity = echo_run::defaultCapacity(rt.echo_backend_name());
    capacityIsDefault = deviceCapacity > 0;
  }
  if (rt.echo_mem_configure(ctx, deviceCapacity, sitePtrs.data(),
                            sitePtrs.size()))
    failRuntime(rt, ctx, "configuring the allocator");
  rt.echo_profile_reset(ctx);
  if (!poolTrace.empty() && poolPolicy == ECHO_POOL_NONE)
    fail("--pool-trace needs --pool=best-fit or --pool=gtbm");
  if (poolPolicy != ECHO_POOL_NONE &&
      rt.echo_mem_use_pool(ctx, poolPolicy,
                           poolTrace.empty() ? nullptr : poolTrace.c_str()))
    failRuntime(rt, ctx, "setting up the dynamic pool");

  // Arguments, then results (out-parameters after lowering), in device
  // memory; the host fills and reads their host copies.
  StepBuffers buffers(rt, ctx, [&](const std::string &what) {
    failRuntime(rt, ctx, what);
  });
  std::string inputError;
  InputPart part;
  if (shardInputs && !launcherPart(part, inputError))
    fail(inputError);
  if (!buffers.prepare(manifest, seed, inputs, inputError,
                       shardInputs ? &part : nullptr))
    fail(inputError);
  std::vector<Buffer> &args = buffers.args, &results = buffers.results;
  auto upload = [&](Buffer &b) { buffers.upload(b); };
  auto download = [&](Buffer &b) { buffers.download(b); };
  void *contextArg = ctx;
  int32_t status = 0;
  std::vector<void *> packed = buffers.pack(&contextArg, &status);

  if (printLoss && !(!results.empty() && results[0].spec.shape.empty() &&
                     results[0].spec.dtype == "f32"))
    fail("--print-loss needs result #0 to be a scalar f32 loss");

  auto invoke = [&](int64_t iter) {
    invokeStep(packed.data());
    if (status != ECHO_OK)
      failRuntime(rt, ctx, "in step " + std::to_string(iter) + " of @" + name);
  };

  if (checkGradientsOpt.getNumOccurrences()) {
    GradientCheckOptions check;
    check.directions = 3;
    if (!checkGradientsOpt.empty() &&
        (StringRef(checkGradientsOpt).getAsInteger(10, check.directions) ||
         check.directions < 1))
      fail("--check-gradients expects a positive number of directions, got '" +
           checkGradientsOpt + "'");
    // A bound of infinity or NaN would pass every gradient.
    if (!std::isfinite(gradientTolerance) || gradientTolerance <= 0)
      fail("--gradient-tolerance must be a finite number > 0, got " +
           std::to_string(gradientTolerance));
    if (!std::isfinite(gradientEpsilon) || gradientEpsilon <= 0)
      fail("--gradient-epsilon must be a finite number > 0, got " +
           std::to_string(gradientEpsilon));
    if (llvm::any_of(signature->results,
                     [](const ResultSpec &r) { return r.updateOf >= 0; }))
      fail("--check-gradients needs the loss and the gradients: @" + name +
           " is a training step whose results update its arguments "
           "(echo.update_of); build the checkable form with echo-autodiff "
           "without an optimizer (optimizer=none, the default)");
    check.epsilon = gradientEpsilon;
    check.tolerance = gradientTolerance;
    check.seed = seed;
    int64_t evaluations = 0;
    auto evaluate = [&] {
      for (Buffer &b : args)
        upload(b);
      invoke(evaluations++);
      for (Buffer &b : results)
        download(b);
    };
    bool ok = checkGradients(*signature, args, results, evaluate, check,
                             llvm::outs());
    llvm::outs() << "gradient check " << (ok ? "passed" : "FAILED") << "\n";
    return ok ? 0 : 1;
  }

  bool updates = llvm::any_of(signature->results, [](const ResultSpec &r) {
    return r.updateOf >= 0;
  });
  if (iterations > 1 && !updates)
    llvm::errs() << "echo-run: warning: @" << name
                 << " updates no parameter (no result has echo.update_of; "
                    "was it built with optimizer=none?): every iteration "
                    "repeats the same step\n";
  IterationOptions loop;
  loop.iterations = iterations;
  loop.printLoss = printLoss;
  loop.allowNonFiniteLoss = allowNonFiniteLoss;
  // "iteration I/N, loss L, T/it, ETA E" on stderr (Progress.h); the last
  // iteration's line is always shown.
  echo::Progress progress("echo-run");
  auto loopStarted = std::chrono::steady_clock::now();
  if (progress.enabled())
    loop.onIteration = [&](int64_t iter, const float *loss) {
      bool last = iter + 1 == iterations;
      if (!last && !progress.due())
        return;
      std::chrono::duration<double> spent =
          std::chrono::steady_clock::now() - loopStarted;
      double perIteration = spent.count() / double(iter + 1);
      char lossText[48] = "";
      if (loss)
        std::snprintf(lossText, sizeof(lossText), ", loss %.6g", *loss);
      std::string status = "iteration " + std::to_string(iter + 1) + "/" +
                           std::to_string(iterations) + lossText + ", " +
                           echo::formatDuration(perIteration) + "/it";
      if (last) {
        progress.done(status + ", " + echo::formatDuration(spent.count()));
      } else {
        progress.update(status + ", ETA " +
                        echo::formatDuration(perIteration *
                                             double(iterations - iter - 1)));
      }
    };
  GraphMode graphMode;
  if (!parseGraphMode(graphOpt, graphMode))
    fail("--graph expects off, on or auto, got '" + graphOpt + "'");
  StepGraphs graphs(
      rt, ctx, graphMode,
      [&] {
        invokeStep(packed.data());
        return static_cast<echo_status>(status);
      },
      [&] { return buffers.addresses(); });
  std::string loopError;
  bool ran = runIterations(
      *signature, args, results,
      [&](int64_t iter, std::string &) {
        std::string fallback;
        echo_status stepStatus = graphs.run(iter, fallback);
        if (!fallback.empty())
          llvm::errs() << "echo-run: " << fallback << "\n";
        if (stepStatus != ECHO_OK)
          failRuntime(rt, ctx,
                      "in step " + std::to_string(iter) + " of @" + name);
        return true;
      },
      [&](Buffer &b, std::string &) {
        download(b);
        return true;
      },
      loop, [](const std::string &text) { llvm::outs() << text; }, loopError);
  if (!ran) {
    llvm::outs().flush();
    fail(loopError);
  }

  if (memoryStats.getNumOccurrences())
    llvm::outs() << formatMemoryStats(rt, ctx, capacity, memoryStats == "json");
  if (!dumpResults.empty()) {
    for (Buffer &b : results)
      download(b);
    std::string error;
    if (!writeResults(dumpResults, results, error))
      fail(error);
  }
  if (profile)
    writeProfile(*profile, rt, ctx);
  graphs.release();
  buffers.release();
  rt.echo_context_destroy(ctx);
  return 0;
}
