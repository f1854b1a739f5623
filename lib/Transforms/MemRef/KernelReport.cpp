//===- KernelReport.cpp - What a lowered step launches -------------------===//
//
// echo-kernel-report: per host function, the kernels it launches (threads,
// the longest per-thread serial loop, bytes of their buffers) and the
// runtime entries it calls. See MemRefPasses.td.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOKERNELREPORT
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (v && matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Iterations of `loop`: from constant bounds, else its echo.trip_bound;
/// nullopt when neither is known.
std::optional<int64_t> tripsOf(scf::ForOp loop) {
  auto lb = constantOf(loop.getLowerBound());
  auto ub = constantOf(loop.getUpperBound());
  auto step = constantOf(loop.getStep());
  if (lb && ub && step && *step > 0)
    return *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
  if (auto bound = loop->getAttrOfType<IntegerAttr>(kTripBoundAttr))
    return bound.getInt();
  return std::nullopt;
}

/// The largest product of trip counts over the nests of scf.for loops in
/// `region` (1 without loops); nullopt when a loop's count is unknown.
std::optional<int64_t> longestSerial(Region &region) {
  int64_t longest = 1;
  for (Block &block : region)
    for (Operation &op : block) {
      int64_t factor = 1;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        std::optional<int64_t> trips = tripsOf(loop);
        if (!trips)
          return std::nullopt;
        factor = *trips;
      }
      for (Region &nested : op.getRegions()) {
        std::optional<int64_t> inner = longestSerial(nested);
        if (!inner)
          return std::nullopt;
        longest = std::max(longest, factor * *inner);
      }
    }
  return longest;
}

int64_t bufferBytes(ValueRange operands) {
  int64_t bytes = 0;
  for (Value v : operands) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (type && type.hasStaticShape() && type.getElementType().isIntOrFloat())
      bytes += type.getNumElements() *
               ((type.getElementTypeBitWidth() + 7) / 8);
  }
  return bytes;
}

struct KernelReportPass
    : echo::impl::EchoKernelReportBase<KernelReportPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::json::Array functions;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      llvm::json::Array launches;
      int64_t kernels = 0, entries = 0;
      std::map<std::string, int64_t> entryCounts;
      func.walk([&](Operation *op) {
        if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
          ++kernels;
          launches.push_back(describe(module, launch));
        } else if (auto call = dyn_cast<func::CallOp>(op)) {
          if (lookupRuntimeEntry(call.getCallee())) {
            ++entries;
            ++entryCounts[call.getCallee().str()];
          }
        }
      });
      if (kernels + entries == 0)
        continue;
      llvm::json::Object counts;
      for (auto &[name, n] : entryCounts)
        counts[name] = n;
      functions.push_back(llvm::json::Object{
          {"function", func.getSymName()},
          {"launches", kernels + entries},
          {"kernels", kernels},
          {"entries", entries},
          {"entry_counts", std::move(counts)},
          {"kernel_launches", std::move(launches)}});
    }
    llvm::json::Value report(llvm::json::Object{{"functions", std::move(functions)}});
    if (output == "-") {
      llvm::errs() << llvm::formatv("{0:2}", report) << "\n";
      return;
    }
    std::error_code ec;
    llvm::raw_fd_ostream os(output, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      module.emitError() << "echo-kernel-report: cannot write '" << output
                         << "': " << ec.message();
      return signalPassFailure();
    }
    os << llvm::formatv("{0:2}", report) << "\n";
  }

  static llvm::json::Object describe(ModuleOp module,
                                     gpu::LaunchFuncOp launch) {
    auto dims = [](gpu::KernelDim3 d) -> int64_t {
      auto x = constantOf(d.x), y = constantOf(d.y), z = constantOf(d.z);
      return x && y && z ? *x * *y * *z : -1;
    };
    int64_t blocks = dims(launch.getGridSizeOperandValues());
    int64_t block = dims(launch.getBlockSizeOperandValues());
    int64_t serial = -1;
    if (auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
            launch, launch.getKernel()))
      serial = longestSerial(kernel.getBody()).value_or(-1);
    return llvm::json::Object{
        {"kernel", launch.getKernelName().getValue()},
        {"threads", blocks < 0 || block < 0 ? -1 : blocks * block},
        {"block", block},
        {"serial", serial},
        {"bytes", bufferBytes(launch.getKernelOperands())}};
  }
};

} // namespace
