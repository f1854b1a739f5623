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
#include "llvm/ADT/SetVector.h"

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
      // An operand may appear twice (an unused velocity passed as the
      // parameter): each defining op is visited once.
      llvm::SetVector<Operation *> producers;
      for (Value v : call.getOperands())
        if (Operation *op = v.getDefiningOp())
          producers.insert(op);
      call.erase();
      for (Operation *op : producers)
        eraseIfDead(op);
    }
  }

  /// Removes a cast or constant the erased call was the only user of (and
  /// the global a removed cast read).
  static void eraseIfDead(Operation *op) {
    if (!op->use_empty() ||
        !isa<memref::CastOp, arith::ConstantOp, memref::GetGlobalOp>(op))
      return;
    Operation *source = nullptr;
    if (auto cast = dyn_cast<memref::CastOp>(op))
      source = cast.getSource().getDefiningOp<memref::GetGlobalOp>();
    op->erase();
    if (source)
      eraseIfDead(source);
  }
};

} // namespace
