//===- InferredBuild.h - Build an inferring echo op, checked ----*- C++ -*-===//
//
// createInferred<OpT>(b, loc, operands and attributes...) builds an op whose
// result types its shape function infers, like the ODS builder without
// result types, but returns a null op after a located diagnostic where that
// builder would call report_fatal_error: importers read untrusted input and
// must fail, not crash, on shapes the op does not accept. A null operand
// (an earlier createInferred that failed) gives a null op silently.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_INFERREDBUILD_H
#define ECHODIALECT_IR_INFERREDBUILD_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include <utility>

namespace mlir {
namespace echo {

template <typename OpT, typename... Args>
OpT createInferred(OpBuilder &b, Location loc, Args &&...args) {
  static_assert(OpT::template hasTrait<InferTypeOpInterface::Trait>(),
                "createInferred is for ops that infer their result types");
  OperationState state(loc, OpT::getOperationName());
  // The collective-result-types builder fills the operands, attributes and
  // properties without inferring; the types are inferred below.
  OpT::build(b, state, TypeRange(), std::forward<Args>(args)...);
  // A null operand is an earlier failure, already reported: callers may
  // chain builds and check once.
  if (llvm::is_contained(state.operands, Value()))
    return OpT();
  MLIRContext *context = b.getContext();
  SmallVector<Type, 2> types;
  bool reported = false;
  LogicalResult inferred = failure();
  {
    // Watches for the shape function's own diagnostic and passes it on.
    ScopedDiagnosticHandler watch(context, [&](Diagnostic &diag) {
      reported |= diag.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    inferred = OpT::inferReturnTypes(
        context, loc, state.operands, state.attributes.getDictionary(context),
        state.getRawProperties(), state.regions, types);
  }
  // A shape function may succeed without a type where the operands break
  // the op's type constraints (checked only by the verifier, later).
  if (succeeded(inferred) && llvm::is_contained(types, Type()))
    inferred = failure();
  if (failed(inferred)) {
    if (!reported) {
      InFlightDiagnostic diag = emitError(loc);
      diag << "'" << OpT::getOperationName()
           << "' op cannot infer its result types from operands of types (";
      llvm::interleaveComma(state.operands, diag,
                            [&](Value v) { diag << v.getType(); });
      diag << ")";
    }
    return OpT();
  }
  state.addTypes(types);
  return cast<OpT>(b.create(state));
}

/// createInferred for an op of one result: that result, or null where
/// createInferred gives a null op (which must not be read as a Value).
template <typename OpT, typename... Args>
Value createInferredValue(OpBuilder &b, Location loc, Args &&...args) {
  static_assert(OpT::template hasTrait<::mlir::OpTrait::OneResult>(),
                "createInferredValue is for ops of one result");
  OpT op = createInferred<OpT>(b, loc, std::forward<Args>(args)...);
  return op ? op->getResult(0) : Value();
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_INFERREDBUILD_H
