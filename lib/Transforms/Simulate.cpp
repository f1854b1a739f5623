//===- Simulate.cpp - A step's time on a compute and a copy stream --------===//
//
// echo-simulate: turns the ops of a tensor-level step into tasks of the
// two-stream simulator (StreamSimulator.h) under a device profile, and
// records the estimated step time and its overlap split on the function.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/StreamSimulator.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/Passes.h"
#include "StepTasks.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOSIMULATE
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct SimulatePass : echo::impl::EchoSimulateBase<SimulatePass> {
  using Base::Base;

  /// `device`, the option's former name, is read as `device-profile` when
  /// that is not given (a textual pipeline sets only what it names).
  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    if (deviceAlias.hasValue() && !device.hasValue())
      device = static_cast<DeviceKind>(deviceAlias);
    return success();
  }

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || !fn.getBody().hasOneBlock())
      return;
    DeviceProfile profile = deviceProfileOf(device);
    std::vector<Operation *> ops;
    std::vector<StreamTask> tasks = stepTasks(fn.front(), profile, ops);

    StreamTimeline t;
    std::string problem = simulateStreams(tasks, t);
    if (!problem.empty()) {
      fn.emitError("echo-simulate: ") << problem;
      return signalPassFailure();
    }
    Builder b(&getContext());
    // Each stream's busy time as merged [start, end] pairs, for the
    // memory report's trace and SVG.
    std::vector<double> busy[2];
    for (size_t i = 0; i < tasks.size(); ++i) {
      if (t.end[i] <= t.start[i])
        continue;
      std::vector<double> &spans = busy[tasks[i].stream == Stream::Copy];
      if (!spans.empty() && spans.back() >= t.start[i])
        spans.back() = std::max(spans.back(), t.end[i]);
      else
        spans.insert(spans.end(), {t.start[i], t.end[i]});
    }
    NamedAttribute entries[] = {
        b.getNamedAttr("compute_busy", b.getDenseF64ArrayAttr(busy[0])),
        b.getNamedAttr("copy_busy", b.getDenseF64ArrayAttr(busy[1])),
        b.getNamedAttr("device", b.getStringAttr(profile.name)),
        b.getNamedAttr("step", b.getF64FloatAttr(t.stepSeconds)),
        b.getNamedAttr("compute", b.getF64FloatAttr(t.computeBusy)),
        b.getNamedAttr("transfer", b.getF64FloatAttr(t.copyBusy)),
        b.getNamedAttr("overlapped", b.getF64FloatAttr(t.overlapped)),
        b.getNamedAttr("transfer_only", b.getF64FloatAttr(t.transferOnly)),
        b.getNamedAttr("compute_only", b.getF64FloatAttr(t.computeOnly)),
    };
    fn->setAttr(kSimulatedStepAttr, b.getDictionaryAttr(entries));
    auto us = [](double seconds) {
      return llvm::formatv("{0:f3}", seconds * 1e6).str();
    };
    if (!remarks)
      return;
    fn.emitRemark() << "echo-simulate: @" << fn.getSymName() << " on "
                    << profile.name << ": step " << us(t.stepSeconds)
                    << " us; overlapped " << us(t.overlapped)
                    << ", transfer only " << us(t.transferOnly)
                    << ", compute only " << us(t.computeOnly) << " us";
  }
};

} // namespace
