//===- LightCallsToLoops.cpp - Light runtime calls as scf.parallel loops --===//
//
// echo-light-calls-to-loops: matches each runtime call (LightCall), asks the
// table of kernels (LightKernels.cpp) for its builder, and replaces the call
// by the loops it builds. The casts and constants only the call used go
// with it.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/Passes.h"

#include "LightKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOLIGHTCALLSTOLOOPS
#include "EchoDialect/Conversion/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct LightCallsToLoopsPass
    : echo::impl::EchoLightCallsToLoopsBase<LightCallsToLoopsPass> {
  void runOnOperation() override {
    SmallVector<func::CallOp> calls;
    getOperation().walk([&](func::CallOp call) {
      if (light::lookupKernel(call.getCallee()))
        calls.push_back(call);
    });
    for (func::CallOp call : calls) {
      std::optional<light::LightCall> matched = light::LightCall::match(call);
      if (!matched)
        continue;
      OpBuilder builder(call);
      light::LoopEmitter emitter{builder, call.getLoc()};
      if (failed(light::lookupKernel(call.getCallee())(emitter, *matched)))
        continue;
      SmallVector<Value> operands(call.getOperands());
      call.erase();
      for (Value v : operands)
        eraseIfDead(v.getDefiningOp());
    }
  }

  /// Removes a cast or constant the erased call was the only user of.
  static void eraseIfDead(Operation *op) {
    if (op && op->use_empty() &&
        isa<memref::CastOp, arith::ConstantOp, memref::GetGlobalOp>(op))
      op->erase();
  }
};

} // namespace
