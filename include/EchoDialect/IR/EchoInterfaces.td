//===- EchoInterfaces.td - Differentiation, cost, in-place -*- tablegen -*-===//
//
// Op interfaces the training passes rely on:
//  - DifferentiableOpInterface builds an op's backward ops. Whatever forward
//    value those ops read is what has to be kept (stashed) for the backward
//    pass; passes derive that by inspecting the built IR, never from a table.
//  - CostOpInterface gives FLOPs and traffic, and says whether an op is
//    compute-heavy (Echo partitions the graph at compute-heavy ops).
//  - InPlaceOpInterface says which results may be written over which
//    operands' storage; the buffer planner and the remat peak model both
//    read it, so the fact is declared once, on the ops.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_INTERFACES_TD
#define ECHO_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Echo_DifferentiableOpInterface : OpInterface<"DifferentiableOpInterface"> {
  let cppNamespace = "::mlir::echo";
  let description = [{
    An op that knows how to build its own reverse-mode derivative.

    `buildGradient` is called with the builder positioned where the backward
    ops belong and one gradient per result (a null `Value` where no gradient
    flows into that result). It appends to `operandGrads` one value per
    operand: the gradient of the loss with respect to that operand, or a null
    `Value` for operands that are not differentiable (labels, indices) or
    receive no gradient.

    The built ops may read any operand or result of the forward op. Which of
    them they read is the op's stash requirement; `getGradientDependence`
    (GradientDependence.h) derives it by building the gradient into a scratch
    block and looking at the uses.
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/"Whether operand `index` can receive a gradient.",
      /*retTy=*/"bool",
      /*methodName=*/"isOperandDifferentiable",
      /*args=*/(ins "unsigned":$index),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        auto type = ::llvm::dyn_cast<::mlir::ShapedType>(
            $_op->getOperand(index).getType());
        return type && ::llvm::isa<::mlir::FloatType>(type.getElementType());
      }]>,
    InterfaceMethod<
      /*desc=*/"Builds the backward ops of this op.",
      /*retTy=*/"::llvm::LogicalResult",
      /*methodName=*/"buildGradient",
      /*args=*/(ins "::mlir::OpBuilder &":$builder,
                    "::mlir::ValueRange":$resultGrads,
                    "::llvm::SmallVectorImpl<::mlir::Value> &":$operandGrads)>,
  ];
}

def Echo_CostOpInterface : OpInterface<"CostOpInterface"> {
  let cppNamespace = "::mlir::echo";
  let description = [{
    Static cost of one execution of an op. FLOPs count a multiply-add as two
    operations. Compute-heavy ops (matrix products, convolutions) form the
    boundaries of Echo's recomputation subgraphs: they are never re-executed.
  }];

  let methods = [
    InterfaceMethod<"Floating-point operations of one execution.",
      "int64_t", "getFlops", (ins)>,
    InterfaceMethod<"Whether the op is compute-heavy (never recomputed).",
      "bool", "isComputeHeavy", (ins), "",
      /*defaultImplementation=*/"return false;">,
    InterfaceMethod<"Bytes read from the op's tensor operands.",
      "int64_t", "getBytesRead", (ins), "",
      /*defaultImplementation=*/[{
        return ::mlir::echo::getTotalTensorBytes($_op->getOperandTypes());
      }]>,
    InterfaceMethod<"Bytes written to the op's tensor results.",
      "int64_t", "getBytesWritten", (ins), "",
      /*defaultImplementation=*/[{
        return ::mlir::echo::getTotalTensorBytes($_op->getResultTypes());
      }]>,
  ];
}

def Echo_InPlaceOpInterface : OpInterface<"InPlaceOpInterface"> {
  let cppNamespace = "::mlir::echo";
  let description = [{
    An op whose computation may write a result over one of its operands'
    storage: every element of the result is computed from the operand
    elements at the same position, read before they are overwritten.

    `getInPlacePairs` lists (operand index, result index) pairs. A pair is
    a permission, not a request: the buffer planner may place the result in
    the operand's buffer only when the operand dies at this op (it has no
    later reader) and both have the same storage size. Ops without the interface never overwrite an operand.

    The runtime entry the op lowers to must allow the same alias: the
    runtime's one declaration, runtime/include/echo/abi.def, marks such
    pairs with ECHO_ALIAS(out, in), and the lowering checks that the two
    agree. At the call level the pairs become the `echo.in_place` attribute
    (kInPlaceCallAttr, EchoInterfaces.h), which echo-buffer-assign reads.
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/[{(operand index, result index) pairs whose result may be
                 written into that operand's storage.}],
      /*retTy=*/"::llvm::SmallVector<std::pair<unsigned, unsigned>>",
      /*methodName=*/"getInPlacePairs",
      /*args=*/(ins)>,
  ];
}

#endif // ECHO_INTERFACES_TD
