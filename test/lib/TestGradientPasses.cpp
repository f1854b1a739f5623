//===- TestGradientPasses.cpp - Expose gradient rules to lit tests --------===//
//
// test-print-gradient-deps: a remark per differentiable op naming the
//   forward operands and results its backward ops read.
// test-build-gradients: builds every differentiable op's backward ops right
//   after it, with `echo.fill 1.0` as each incoming gradient, so lit tests can
//   check the generated IR and the verifier checks its types.
// test-print-op-cost: a remark per costed op with FLOPs and traffic.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/GradientDependence.h"
#include "EchoTest/TestPasses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::echo;

namespace {

std::string indexList(const llvm::SmallBitVector &bits) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  bool first = true;
  for (int i : bits.set_bits()) {
    os << (first ? "" : ", ") << i;
    first = false;
  }
  os << "]";
  return s;
}

struct TestPrintGradientDeps
    : PassWrapper<TestPrintGradientDeps, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintGradientDeps)
  StringRef getArgument() const final { return "test-print-gradient-deps"; }
  StringRef getDescription() const final {
    return "Remark which forward operands/results each op's gradient reads";
  }
  void runOnOperation() override {
    getOperation()->walk([&](DifferentiableOpInterface op) {
      FailureOr<GradientDependence> deps = getGradientDependence(op);
      if (failed(deps)) {
        op->emitError("could not build the gradient");
        return signalPassFailure();
      }
      op->emitRemark() << "gradient reads operands "
                       << indexList(deps->operands) << " results "
                       << indexList(deps->results);
    });
  }
};

struct TestBuildGradients
    : PassWrapper<TestBuildGradients, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestBuildGradients)
  StringRef getArgument() const final { return "test-build-gradients"; }
  StringRef getDescription() const final {
    return "Build every differentiable op's backward ops after it";
  }
  void runOnOperation() override {
    SmallVector<DifferentiableOpInterface> ops;
    getOperation().walk([&](DifferentiableOpInterface op) { ops.push_back(op); });
    for (DifferentiableOpInterface op : ops) {
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      SmallVector<Value> resultGrads;
      for (Value result : op->getResults()) {
        auto type = cast<RankedTensorType>(result.getType());
        resultGrads.push_back(
            isa<FloatType>(type.getElementType())
                ? Value(FillOp::create(b, op->getLoc(), type,
                                       b.getF64FloatAttr(1.0)))
                : Value());
      }
      SmallVector<Value> operandGrads;
      if (failed(op.buildGradient(b, resultGrads, operandGrads)) ||
          operandGrads.size() != op->getNumOperands()) {
        op->emitError("gradient rule failed or returned ")
            << operandGrads.size() << " gradients for "
            << op->getNumOperands() << " operands";
        return signalPassFailure();
      }
      for (auto [i, grad] : llvm::enumerate(operandGrads)) {
        if (!grad)
          continue;
        if (grad.getType() != op->getOperand(i).getType()) {
          op->emitError("gradient of operand #")
              << i << " has type " << grad.getType() << ", expected "
              << op->getOperand(i).getType();
          return signalPassFailure();
        }
      }
    }
  }
};

struct TestPrintOpCost : PassWrapper<TestPrintOpCost, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintOpCost)
  StringRef getArgument() const final { return "test-print-op-cost"; }
  StringRef getDescription() const final {
    return "Remark each op's FLOPs, bytes and compute-heaviness";
  }
  void runOnOperation() override {
    getOperation()->walk([&](CostOpInterface op) {
      op->emitRemark() << "flops " << op.getFlops() << " read "
                       << op.getBytesRead() << " written "
                       << op.getBytesWritten()
                       << (op.isComputeHeavy() ? " heavy" : " light");
    });
  }
};

} // namespace

void mlir::echo::test::registerTestPasses() {
  PassRegistration<TestPrintGradientDeps>();
  PassRegistration<TestBuildGradients>();
  PassRegistration<TestPrintOpCost>();
}
