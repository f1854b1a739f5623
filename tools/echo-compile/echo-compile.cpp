//===- echo-compile.cpp - Compile a training step ahead of time ---------===//
//
// echo-compile STEP.mlir -o step.o [--shared]: plans and lowers a
// tensor-level training step exactly as echo-run does (the CPU pipeline:
// bufferization, buffer assignment, runtime calls with a context), then
// writes native code with two symbols a host program links or dlopens:
//
//   void echo_step_invoke(void **packed);   // context, descriptor fields,
//                                           // then the i32 status it writes
//   const char echo_step_manifest[];        // StepSignature's manifest
//
// The step calls the runtime ABI (echo_*) and nothing else, so one object
// runs on any backend library: echo-step loads it next to one.
//
//===----------------------------------------------------------------------===//

#include "EntrySignature.h"
#include "StepSignature.h"

#include "EchoDialect/EchoAttrNames.h"
#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/Conversion/Passes.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

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
static cl::opt<bool> noBufferAssign(
    "no-buffer-assign",
    cl::desc("Give every temporary its own allocation instead of planning "
             "one arena"),
    cl::cat(category));

[[noreturn]] static void fail(const llvm::Twine &message) {
  llvm::errs() << "echo-compile: " << message << "\n";
  std::exit(1);
}

/// echo_step_invoke(void **packed): loads each parameter of `entry` from
/// the pointer in its slot and stores the status into the last slot, the
/// layout echo-run's JIT call uses.
static void addPackedEntry(llvm::Module &module, llvm::Function &entry) {
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
}

static void addManifest(llvm::Module &module, const std::string &text) {
  llvm::Constant *init =
      llvm::ConstantDataArray::getString(module.getContext(), text);
  new llvm::GlobalVariable(module, init->getType(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage, init,
                           "echo_step_manifest");
}

/// Native code for the host, position independent (for --shared and for
/// objects linked into shared libraries), generic CPU so that the object
/// runs on any x86-64 (or other host architecture) machine.
static std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    fail("no code generator for " + triple.str() + ": " + error);
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, "generic", "", options, llvm::Reloc::PIC_));
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerPassManagerCLOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "echo-compile: compile an echo training step "
                              "to native code for echo-step\n");
  if (shared && emitLLVM)
    fail("--shared and --emit-llvm exclude each other");

  registerAllPasses();
  echo::registerEchoTransformsPasses();
  echo::registerEchoConversionPasses();
  DialectRegistry registry;
  echo::registerLowerToCPUDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
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

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return 1;
  echo::buildLowerToCPUPipeline(pm, /*assignBuffers=*/!noBufferAssign);
  if (failed(pm.run(*module)))
    return 1;
  if (auto attr = (*module)->getAttrOfType<ArrayAttr>(echo::kAllocSitesAttr))
    for (Attribute site : attr)
      manifest.sites.push_back(cast<StringAttr>(site).getValue().str());

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    fail("translation to LLVM IR failed");
  llvm::Function *step = llvmModule->getFunction(manifest.function);
  if (!step)
    fail("the lowered module has no function " + manifest.function);
  addPackedEntry(*llvmModule, *step);
  addManifest(*llvmModule, echo_run::writeManifest(manifest));

  std::unique_ptr<llvm::TargetMachine> machine = hostTargetMachine();
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  if (llvm::verifyModule(*llvmModule, &llvm::errs()))
    fail("the generated LLVM IR does not verify");

  // With --shared, the object goes to a temporary file first.
  std::string objectPath = outputFile;
  llvm::SmallString<128> temporary;
  if (shared) {
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "echo-step", "o", temporary))
      fail("cannot create a temporary file: " + ec.message());
    objectPath = std::string(temporary);
  }
  std::error_code ec;
  auto out = std::make_unique<llvm::ToolOutputFile>(objectPath, ec,
                                                    llvm::sys::fs::OF_None);
  if (ec)
    fail("cannot write " + objectPath + ": " + ec.message());
  if (emitLLVM) {
    llvmModule->print(out->os(), nullptr);
  } else {
    llvm::legacy::PassManager codegen;
    if (machine->addPassesToEmitFile(codegen, out->os(), nullptr,
                                     llvm::CodeGenFileType::ObjectFile))
      fail("the host target cannot emit object files");
    codegen.run(*llvmModule);
  }
  out->os().flush();
  if (out->os().has_error())
    fail("cannot write " + objectPath);
  out->keep();
  if (!shared)
    return 0;

  out.reset();
  auto driver = llvm::sys::findProgramByName("c++");
  if (!driver)
    driver = llvm::sys::findProgramByName("cc");
  if (!driver)
    fail("--shared needs a C++ compiler driver (c++ or cc) on PATH to link; "
         "write an object file instead and link it yourself");
  llvm::SmallVector<llvm::StringRef> linkArgs{*driver, "-shared", "-o",
                                              outputFile, objectPath};
  std::string linkError;
  int rc = llvm::sys::ExecuteAndWait(*driver, linkArgs, std::nullopt, {}, 0,
                                     0, &linkError);
  llvm::sys::fs::remove(objectPath);
  if (rc != 0)
    fail("linking " + outputFile + " with " + *driver + " failed" +
         (linkError.empty() ? "" : ": " + linkError));
  return 0;
}
