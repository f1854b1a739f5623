//===- MergeKernelModules.cpp - One gpu.module for every kernel -----------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOMERGEKERNELMODULES
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kMergedName = "echo_kernels";

struct MergeKernelModulesPass
    : public echo::impl::EchoMergeKernelModulesBase<MergeKernelModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernels(module.getOps<gpu::GPUModuleOp>());
    if (kernels.empty())
      return;
    gpu::GPUModuleOp merged = kernels.front();
    if (Operation *other = SymbolTable::lookupSymbolIn(module, kMergedName);
        other && other != merged) {
      other->emitError("a symbol named '")
          << kMergedName << "' prevents merging the kernel modules";
      return signalPassFailure();
    }

    // Each module's symbols are renamed after the module, whose name is
    // unique among the top-level symbols (outlining names kernels after
    // their function, so two modules may both hold @step_kernel): @m::@k
    // becomes @echo_kernels::@m, or @echo_kernels::@m_k when m holds
    // several symbols.
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> newNames;
    for (gpu::GPUModuleOp from : kernels) {
      SymbolTable table(from);
      SmallVector<SymbolOpInterface> symbols;
      for (Operation &op : from.getBody()->getOperations())
        if (auto symbol = dyn_cast<SymbolOpInterface>(op))
          symbols.push_back(symbol);
      for (SymbolOpInterface symbol : symbols) {
        std::string name = from.getName().str();
        if (symbols.size() > 1)
          name += "_" + symbol.getName().str();
        StringAttr newName = StringAttr::get(&getContext(), name);
        newNames[{from.getNameAttr(), symbol.getNameAttr()}] = newName;
        if (symbol.getNameAttr() != newName &&
            failed(table.rename(symbol, newName)))
          return signalPassFailure();
      }
    }
    SymbolTable target(merged);
    for (gpu::GPUModuleOp from : llvm::drop_begin(kernels)) {
      for (Operation &op :
           llvm::make_early_inc_range(from.getBody()->getOperations())) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        if (symbol && target.lookup(symbol.getName())) {
          op.emitError("kernel module symbol '")
              << symbol.getName() << "' is defined in two modules";
          return signalPassFailure();
        }
        op.remove();
        target.insert(&op);
      }
    }

    StringAttr mergedName = StringAttr::get(&getContext(), kMergedName);
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      auto it = newNames.find(
          {launch.getKernelModuleName(), launch.getKernelName()});
      if (it == newNames.end()) {
        launch.emitError("launches a kernel of no top-level gpu.module");
        return WalkResult::interrupt();
      }
      launch.setKernelAttr(SymbolRefAttr::get(
          mergedName, {FlatSymbolRefAttr::get(it->second)}));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    for (gpu::GPUModuleOp from : llvm::drop_begin(kernels))
      from.erase();
    merged.setName(kMergedName);
  }
};

} // namespace
