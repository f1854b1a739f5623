//===- MyOps.td - The downstream compiler's own dialect ---*- tablegen -*-===//
//
// One op, my.square, that joins echo's passes through echo's interfaces
// (included from the installed package: -I P/include), not by being an echo
// op: echo-autodiff differentiates it (DifferentiableOpInterface), echo-remat
// may recompute it (Pure, CostOpInterface). my-train-opt.cpp attaches its
// bufferization model and lowers what that model writes.
//
//===----------------------------------------------------------------------===//

#ifndef MY_OPS
#define MY_OPS

include "EchoDialect/IR/EchoInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def My_Dialect : Dialect {
  let name = "my";
  let cppNamespace = "::my";
  let summary = "The downstream compiler's own ops";
  // What my.square bufferizes to (my-train-opt.cpp): loaded with the
  // dialect, since passes cannot load dialects while they run.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
}

def My_SquareOp : Op<My_Dialect, "square", [Pure, SameOperandsAndResultType,
    DeclareOpInterfaceMethods<Echo_CostOpInterface, ["getFlops"]>,
    DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface,
                              ["buildGradient"]>]> {
  let summary = "x * x, elementwise";
  let arguments = (ins RankedTensorOf<[F32]>:$input);
  let results = (outs RankedTensorOf<[F32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // MY_OPS
