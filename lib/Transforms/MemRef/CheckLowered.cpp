//===- CheckLowered.cpp - Nothing but LLVM left after a lowering ----------===//
//
// echo-check-lowered (Passes.td): a located error for every op that the
// partial conversions to the LLVM dialect left behind.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOCHECKLOWERED
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

struct CheckLoweredPass
    : echo::impl::EchoCheckLoweredBase<CheckLoweredPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      StringRef dialect = op->getName().getDialectNamespace();
      if (dialect == LLVM::LLVMDialect::getDialectNamespace() ||
          dialect == BuiltinDialect::getDialectNamespace())
        return WalkResult::advance();
      // An allowed op's body (a gpu.binary's objects) is its own business.
      if (llvm::is_contained(allowedDialects, dialect))
        return WalkResult::skip();
      op->emitError() << "'" << op->getName()
                      << "' is left after the lowering to the LLVM dialect: "
                         "nothing lowered it (a downstream op needs a "
                         "lowering of its own, docs/embedding.md)";
      failed = true;
      // Inside a function or module left behind, the ops that stopped its
      // conversion are what to report; inside any other op, its own body
      // (a linalg op's scalar region) would only repeat the report.
      if (isa<FunctionOpInterface>(op) || op->hasTrait<OpTrait::SymbolTable>())
        return WalkResult::advance();
      return WalkResult::skip();
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
