//===- StepObject.cpp - A lowered step as native code -------------------===//

#include "StepObject.h"

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <atomic>

namespace echo_run {

namespace {

/// echo_step_invoke(void **packed): loads each parameter of `entry` from
/// the pointer in its slot and stores the status into the last slot, the
/// layout of MLIR's packed calling convention.
void addPackedEntry(llvm::Module &module, llvm::Function &entry) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptr = llvm::PointerType::get(ctx, 0);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr},
                                       /*isVarArg=*/false);
  auto *wrapper = llvm::Function::Create(
      type, llvm::GlobalValue::ExternalLinkage, "echo_step_invoke", module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", wrapper));
  llvm::Value *packed = wrapper->getArg(0);
  auto slot = [&](unsigned i) {
    return b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, packed, i));
  };
  std::vector<llvm::Value *> args;
  for (llvm::Argument &param : entry.args())
    args.push_back(b.CreateLoad(param.getType(), slot(param.getArgNo())));
  llvm::Value *status = b.CreateCall(&entry, args);
  if (!status->getType()->isVoidTy())
    b.CreateStore(status, slot(entry.arg_size()));
  b.CreateRetVoid();
  // How many slots the entry reads and writes, taken from the step itself:
  // a host checks the slots the manifest describes against it.
  auto *i64 = llvm::Type::getInt64Ty(ctx);
  uint64_t slots = entry.arg_size() + (status->getType()->isVoidTy() ? 0 : 1);
  new llvm::GlobalVariable(module, i64, /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantInt::get(i64, slots),
                           "echo_step_packed_slots");
}

void addManifest(llvm::Module &module, const std::string &text) {
  llvm::Constant *init =
      llvm::ConstantDataArray::getString(module.getContext(), text);
  new llvm::GlobalVariable(module, init->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, init,
                           "echo_step_manifest");
}

/// echo_step_buffer_layout (StepSignature.h: bufferLayout): what the code
/// assumes of its buffers, in particular the arena offsets the plan gave
/// its results, which the code has as constants. A host compares the
/// manifest's records with it, so that a manifest rewritten with a valid
/// checksum cannot move a result to bytes the step does not write.
void addBufferLayout(llvm::Module &module, const StepManifest &manifest) {
  std::vector<int64_t> layout = bufferLayout(manifest);
  llvm::Constant *init = llvm::ConstantDataArray::get(
      module.getContext(),
      llvm::ArrayRef<uint64_t>(
          reinterpret_cast<const uint64_t *>(layout.data()), layout.size()));
  new llvm::GlobalVariable(module, init->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, init,
                           "echo_step_buffer_layout");
}

} // namespace

mlir::LogicalResult lowerStep(mlir::ModuleOp module, bool assignBuffers,
                              mlir::echo::KernelSource kernels,
                              mlir::echo::GradResults gradResults,
                              EchoMathMode math, int64_t workspaceBudget,
                              StepManifest &manifest,
                              mlir::echo::Progress *progress,
                              const LowerStepControl &control) {
  return lowerStepWith(
      module,
      [&](mlir::OpPassManager &pm) {
        mlir::echo::LowerToCPUOptions options;
        options.kernels = kernels;
        options.gradResults = gradResults;
        options.math = math;
        options.workspaceBudget = workspaceBudget;
        mlir::echo::buildLowerToCPUPipeline(pm, options, assignBuffers);
      },
      manifest, progress, control);
}

namespace {
/// Shows on a Progress each pass as it starts: "lowering: pass 12,
/// echo-buffer-assign" (the 12th pass run, nested runs counted).
struct ProgressInstrumentation : mlir::PassInstrumentation {
  explicit ProgressInstrumentation(mlir::echo::Progress &progress)
      : progress(progress) {}
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    // Adaptors (which run nested pass managers) have no argument.
    if (pass->getArgument().empty())
      return;
    int64_t n = ++count;
    if (n == 1 || progress.due())
      progress.update("lowering: pass " + llvm::Twine(n) + ", " +
                          pass->getArgument(),
                      /*force=*/n == 1);
  }
  mlir::echo::Progress &progress;
  std::atomic<int64_t> count{0};
};
} // namespace

/// Records in `manifest` which results the lowered step keeps in its
/// arena, at which offsets (echo.arena_results), and the arena's size.
static mlir::LogicalResult recordArenaResults(mlir::ModuleOp module,
                                              StepManifest &manifest) {
  for (ResultSpec &r : manifest.signature.results)
    r.arenaOffset = -1;
  manifest.arenaBytes = 0;
  mlir::Operation *fn =
      mlir::SymbolTable::lookupSymbolIn(module, manifest.function);
  auto pairs = fn ? fn->getAttrOfType<mlir::DenseI64ArrayAttr>(
                        mlir::echo::kArenaResultsAttr)
                  : mlir::DenseI64ArrayAttr();
  if (!pairs)
    return mlir::success();
  mlir::echo::ArenaPlanAttr plan = mlir::echo::getArenaPlanAttr(fn);
  if (!plan)
    return fn->emitError("keeps results in its arena but has no ")
           << mlir::echo::kArenaPlanAttr;
  manifest.arenaBytes = std::max<int64_t>(plan.getBytes(), 1);
  llvm::ArrayRef<int64_t> flat = pairs.asArrayRef();
  for (size_t k = 0; k + 1 < flat.size(); k += 2) {
    int64_t result = flat[k], offset = flat[k + 1];
    if (result < 0 || result >= (int64_t)manifest.signature.results.size())
      return fn->emitError("keeps result #")
             << result << " in its arena, but the step has "
             << manifest.signature.results.size() << " results";
    manifest.signature.results[result].arenaOffset = offset;
  }
  return mlir::success();
}

mlir::LogicalResult
lowerStepWith(mlir::ModuleOp module,
              llvm::function_ref<void(mlir::OpPassManager &)> build,
              StepManifest &manifest, mlir::echo::Progress *progress,
              const LowerStepControl &control) {
  mlir::PassManager pm(module.getContext());
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return mlir::failure();
  pm.enableVerifier(control.verifyEach);
  if (control.timing)
    pm.enableTiming(*control.timing);
  if (progress && progress->enabled())
    pm.addInstrumentation(std::make_unique<ProgressInstrumentation>(*progress));
  build(pm);
  if (mlir::failed(pm.run(module)))
    return mlir::failure();
  if (!control.verifyEach && mlir::failed(mlir::verify(module)))
    return mlir::failure();
  manifest.sites.clear();
  if (auto attr =
          module->getAttrOfType<mlir::ArrayAttr>(mlir::echo::kAllocSitesAttr))
    for (mlir::Attribute site : attr)
      manifest.sites.push_back(
          mlir::cast<mlir::StringAttr>(site).getValue().str());
  return recordArenaResults(module, manifest);
}

std::unique_ptr<llvm::TargetMachine>
hostTargetMachine(llvm::CodeGenOptLevel level, std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    error = "no code generator for " + triple.str() + ": " + error;
    return nullptr;
  }
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, "generic", "", options, llvm::Reloc::PIC_, std::nullopt,
      level));
}

std::unique_ptr<llvm::Module> buildStepModule(mlir::ModuleOp lowered,
                                              const StepManifest &manifest,
                                              llvm::LLVMContext &context,
                                              llvm::TargetMachine &machine,
                                              std::string &error) {
  std::unique_ptr<llvm::Module> module =
      mlir::translateModuleToLLVMIR(lowered, context);
  if (!module) {
    error = "translation to LLVM IR failed";
    return nullptr;
  }
  llvm::Function *step = module->getFunction(manifest.function);
  if (!step) {
    error = "the lowered module has no function " + manifest.function;
    return nullptr;
  }
  // The packed slots the host fills (StepManifest), less the status, must
  // be the step's parameters: the context, then each memref's descriptor
  // fields.
  size_t slots = packedSlots(manifest) - 1;
  if (step->arg_size() != slots) {
    error = "the lowered " + manifest.function + " takes " +
            std::to_string(step->arg_size()) +
            " parameters, but its signature describes " +
            std::to_string(slots);
    return nullptr;
  }
  addPackedEntry(*module, *step);
  addManifest(*module, writeManifest(manifest));
  addBufferLayout(*module, manifest);
  module->setTargetTriple(machine.getTargetTriple());
  module->setDataLayout(machine.createDataLayout());
  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(*module, &os)) {
    error = "the generated LLVM IR does not verify: " + problems;
    return nullptr;
  }
  return module;
}

bool emitObject(llvm::Module &module, llvm::TargetMachine &machine,
                llvm::raw_pwrite_stream &os, std::string &error) {
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile)) {
    error = "the host target cannot emit object files";
    return false;
  }
  codegen.run(module);
  return true;
}

void eraseUnreachableFunctions(mlir::ModuleOp module,
                               mlir::Operation *entry) {
  mlir::SymbolTable table(module);
  llvm::SmallPtrSet<mlir::Operation *, 16> reached{entry};
  llvm::SmallVector<mlir::Operation *> work{entry};
  while (!work.empty()) {
    mlir::Operation *op = work.pop_back_val();
    auto uses = mlir::SymbolTable::getSymbolUses(op);
    if (!uses)
      continue;
    for (const mlir::SymbolTable::SymbolUse &use : *uses) {
      mlir::Operation *target =
          table.lookup(use.getSymbolRef().getRootReference());
      if (target && reached.insert(target).second)
        work.push_back(target);
    }
  }
  for (auto fn : llvm::make_early_inc_range(
           module.getOps<mlir::FunctionOpInterface>()))
    if (!reached.contains(fn))
      fn->erase();
}

namespace {

/// Extracts every top-level loop of every function into a function of its
/// own, leaving the functions they were in loop-free. One analysis of each
/// function serves all its loops (extracting a loop keeps it valid), so
/// this takes time linear in the step's length (LLVM's loop-extract pass
/// analyzes the whole function again for every loop).
void extractLoops(llvm::Module &module) {
  llvm::SmallVector<llvm::Function *> functions;
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration())
      functions.push_back(&fn);
  for (llvm::Function *fn : functions) {
    llvm::DominatorTree dominators(*fn);
    llvm::LoopInfo loops(dominators);
    if (loops.empty())
      continue;
    llvm::SmallVector<llvm::Loop *> topLevel(loops.begin(), loops.end());
    llvm::CodeExtractorAnalysisCache cache(*fn);
    // In program order, so that the extracted functions are numbered so.
    for (llvm::Loop *loop : llvm::reverse(topLevel)) {
      llvm::CodeExtractor extractor(loop->getBlocks(), &dominators);
      extractor.extractCodeRegion(cache);
    }
  }
}

bool hasLoop(const llvm::Function &fn) {
  if (fn.isDeclaration())
    return false;
  llvm::SmallVector<
      std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>>
      backEdges;
  llvm::FindFunctionBackedges(fn, backEdges);
  return !backEdges.empty();
}

/// `module`'s definitions for which `keep` holds; the others become
/// declarations, and declarations nothing uses are dropped.
std::unique_ptr<llvm::Module>
cloneWith(const llvm::Module &module,
          llvm::function_ref<bool(const llvm::GlobalValue *)> keep) {
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> part = llvm::CloneModule(module, map, keep);
  for (llvm::GlobalVariable &global :
       llvm::make_early_inc_range(part->globals()))
    if (global.isDeclaration() && global.use_empty())
      global.eraseFromParent();
  for (llvm::Function &fn : llvm::make_early_inc_range(*part))
    if (fn.isDeclaration() && fn.use_empty())
      fn.eraseFromParent();
  return part;
}

/// Restores a TargetMachine's optimization level on every way out.
struct OptLevelScope {
  OptLevelScope(llvm::TargetMachine &machine)
      : machine(machine), saved(machine.getOptLevel()) {}
  ~OptLevelScope() { machine.setOptLevel(saved); }
  llvm::TargetMachine &machine;
  llvm::CodeGenOptLevel saved;
};

} // namespace

bool emitStepObjects(llvm::Module &module, llvm::TargetMachine &machine,
                     llvm::CodeGenOptLevel kernelLevel,
                     llvm::SmallVectorImpl<llvm::SmallVector<char, 0>> &objects,
                     std::string &error) {
  OptLevelScope scope(machine);
  objects.clear();
  auto emit = [&](llvm::Module &part, llvm::CodeGenOptLevel level) {
    machine.setOptLevel(level);
    llvm::raw_svector_ostream os(objects.emplace_back());
    return emitObject(part, machine, os, error);
  };
  if (kernelLevel != llvm::CodeGenOptLevel::None)
    extractLoops(module);
  llvm::SmallPtrSet<const llvm::GlobalValue *, 16> kernels;
  for (const llvm::Function &fn : module)
    if (kernelLevel != llvm::CodeGenOptLevel::None && hasLoop(fn))
      kernels.insert(&fn);
  bool anyHost = llvm::any_of(module, [&](const llvm::Function &fn) {
    return !fn.isDeclaration() && !kernels.contains(&fn);
  });
  if (kernels.empty() || !anyHost)
    return emit(module, kernels.empty() ? llvm::CodeGenOptLevel::None
                                        : kernelLevel);
  // The two objects are linked into one library: what one part defines and
  // the other uses becomes a hidden (library-local) global symbol.
  for (llvm::GlobalValue &value : module.global_values()) {
    if (!value.hasLocalLinkage())
      continue;
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
    if (!value.hasName())
      value.setName("echo.step.local");
  }
  std::unique_ptr<llvm::Module> host =
      cloneWith(module, [&](const llvm::GlobalValue *value) {
        return !kernels.contains(value);
      });
  std::unique_ptr<llvm::Module> loops =
      cloneWith(module, [&](const llvm::GlobalValue *value) {
        return kernels.contains(value);
      });
  return emit(*host, llvm::CodeGenOptLevel::None) &&
         emit(*loops, kernelLevel);
}

} // namespace echo_run
