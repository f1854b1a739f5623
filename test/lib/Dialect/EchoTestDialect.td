//===- EchoTestDialect.td - A downstream dialect for tests -*- tablegen -*-===//
//
// echo_test: ops of a dialect that is not echo, joining echo's passes only
// through echo's interfaces, as a downstream compiler's ops would.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_TEST_DIALECT
#define ECHO_TEST_DIALECT

include "EchoDialect/IR/EchoInterfaces.td"
include "EchoDialect/IR/SparseMaps.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def EchoTest_Dialect : Dialect {
  let name = "echo_test";
  let cppNamespace = "::mlir::echo::test";
  let summary = "A downstream dialect whose ops implement echo's interfaces";
}

def EchoTest_SquareOp : Op<EchoTest_Dialect, "square", [Pure,
    SameOperandsAndResultType,
    DeclareOpInterfaceMethods<Echo_CostOpInterface, ["getFlops"]>,
    DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface, ["buildGradient"]>]> {
  let summary = "x * x, elementwise: pure and light";
  let description = [{
    Its gradient, `2 * x * dy`, reads its input, so its output is a stash
    candidate that recomputation can rebuild from the input.
  }];
  let arguments = (ins RankedTensorOf<[F32]>:$input);
  let results = (outs RankedTensorOf<[F32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def EchoTest_ClampOp : Op<EchoTest_Dialect, "clamp", [Pure,
    SameOperandsAndResultType,
    DeclareOpInterfaceMethods<Echo_CostOpInterface, ["getFlops"]>,
    DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface, ["buildGradient"]>,
    Echo_SparseResultOpInterface]> {
  let summary = "max(x, 0), elementwise: a ReLU of another dialect";
  let description = [{
    Its gradient is echo.relu_grad of its output, and it declares
    SparseResultOpInterface: Gist stores its output as an echo.relu's
    (binarized for the ReLU gradient, CSR for a convolution's weight
    gradient).
  }];
  let arguments = (ins RankedTensorOf<[F32]>:$input);
  let results = (outs RankedTensorOf<[F32]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // ECHO_TEST_DIALECT
