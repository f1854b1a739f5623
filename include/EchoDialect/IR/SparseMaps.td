//===- SparseMaps.td - Ops whose results are sparse maps ---*- tablegen -*-===//
//
// What may be stored as SSDC (Gist's sparse storage, dense compute) is
// decided by this interface, for any dialect: echo.relu and echo.max_pool2d
// carry it (EchoDialect.cpp), and a downstream op declares it as it declares
// echo's other interfaces. Its own file (not EchoInterfaces.td) so that
// only what picks a stash's encoding depends on it.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_SPARSEMAPS_TD
#define ECHO_SPARSEMAPS_TD

include "mlir/IR/OpBase.td"

def Echo_SparseResultOpInterface : OpInterface<"SparseResultOpInterface"> {
  let cppNamespace = "::mlir::echo";
  let description = [{
    An op whose results are sparse feature maps: many exact zeros, as a
    ReLU's output or a max-pool of one has. Gist's SSDC (a CSR copy, exact)
    pays off on them: StashEncodingChoice stores such an f32 result as CSR
    when a weight gradient of a convolution reads its stash or when a
    recomputation region reads it (gist-encode lossless=true, and the cost
    models of echo-remat and the peak model that read the same rule).
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/"Whether result `index` is a sparse feature map.",
      /*retTy=*/"bool",
      /*methodName=*/"isResultSparse",
      /*args=*/(ins "unsigned":$index),
      /*methodBody=*/"",
      /*defaultImplementation=*/"return true;">,
  ];
}

#endif // ECHO_SPARSEMAPS_TD
