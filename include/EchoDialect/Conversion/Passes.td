//===- Passes.td - echo-mlir conversion passes -------------*- tablegen -*-===//

#ifndef ECHO_CONVERSION_PASSES_TD
#define ECHO_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def EchoLightCallsToLoops : Pass<"echo-light-calls-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Replace calls of light runtime entries by scf.parallel loops";
  let description = [{
    Runs on a bufferized step, before echo-runtime-context. Each call of a
    light runtime entry (elementwise, broadcast, reductions, softmax,
    normalization, pooling, dropout, SGD, data movement: the table of
    lib/Conversion/RuntimeToLoops/LightKernels.cpp) whose tensor arguments
    are `memref.cast`s of static, identity-layout memrefs and whose kinds and
    scalars are constants becomes loops on those memrefs: `scf.parallel`
    over the outputs (elementwise loops on 1-D `memref.collapse_shape`
    views); what each output reduces is a nested `scf.parallel` with
    `scf.reduce` (folded in iteration order where it runs sequentially),
    and the elements one output writes a nested `scf.parallel` without
    reduction; `math` ops for transcendental functions. A loop whose bounds
    depend on its output (a pooling window) carries `echo.trip_bound`; an
    output's element loop that writes its own part of the output tensor
    (batch norm per channel, layer norm per row, softmax per line) carries
    `echo.partition` (see echo-fuse-light-loops). The
    same loops run on the CPU (`echo-lower-to-cpu{kernels=generated}`) and
    are what `--echo-lower-to-cuda` maps to threads and blocks.

    Each kernel visits its inputs in the CPU runtime's order and accumulates
    in its precision (double where runtime/cpu uses double), so on the CPU
    the results are bit-identical to the runtime's. A call with a dynamic
    or non-constant argument, an unknown kind, or shapes or scalars the
    runtime would reject stays a call (the runtime runs it or reports the
    error).

    ```mlir
    // Before
    %k = arith.constant 0 : i64
    %xu = memref.cast %x : memref<2x3xf32> to memref<*xf32>
    %yu = memref.cast %y : memref<2x3xf32> to memref<*xf32>
    call @echo_unary(%k, %xu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
    // After
    %xf = memref.collapse_shape %x [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    %yf = memref.collapse_shape %y [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    scf.parallel (%i) = (%c0) to (%c6) step (%c1) {
      %v = memref.load %xf[%i] : memref<6xf32>
      %p = arith.cmpf ogt, %v, %zero : f32
      %r = arith.select %p, %v, %zero : f32
      memref.store %r, %yf[%i] : memref<6xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // ECHO_CONVERSION_PASSES_TD
