// Generated light-op kernels (echo-light-calls-to-loops) against the CPU
// runtime's entries, bit for bit, on odd 3-D shapes (DIMA x DIMB x DIMC
// below, replaced by 3x7x5, 2x1x257 and 1x13x1): binary ops and max_grad
// with broadcasting, broadcast_to, sum_to, reductions (sum, mean, max, with
// and without keepdims) and their gradients, softmax and log-softmax along
// every axis and their gradients, transposes, layer norm and its gradient,
// and fill. Sums accumulate in double in the runtime's order, so they match
// exactly, not within a tolerance.
//
// RUN: sed 's/DIMA/3/g; s/DIMB/7/g; s/DIMC/5/g' %s > %t.a.mlir
// RUN: echo-opt %t.a.mlir '--echo-lower-to-cpu=kernels=generated' | FileCheck %s --check-prefix=LOOPS
// LOOPS: llvm.func @reductions(
// LOOPS-NOT: llvm.call @echo_{{(binary|max_grad|broadcast_to|sum_to|reduce|reduce_grad|reduce_max_grad|softmax|softmax_grad|transpose|layer_norm|layer_norm_grad|fill)}}(
// RUN: echo-run %t.a.mlir --no-cache --seed 1 --dump-results %t.a.runtime
// RUN: echo-run %t.a.mlir --no-cache --seed 1 --kernels=generated --dump-results %t.a.generated
// RUN: cmp %t.a.runtime %t.a.generated
// RUN: sed 's/DIMA/2/g; s/DIMB/1/g; s/DIMC/257/g' %s > %t.b.mlir
// RUN: echo-run %t.b.mlir --no-cache --seed 2 --dump-results %t.b.runtime
// RUN: echo-run %t.b.mlir --no-cache --seed 2 --kernels=generated --dump-results %t.b.generated
// RUN: cmp %t.b.runtime %t.b.generated
// RUN: sed 's/DIMA/1/g; s/DIMB/13/g; s/DIMC/1/g' %s > %t.c.mlir
// RUN: echo-run %t.c.mlir --no-cache --seed 3 --dump-results %t.c.runtime
// RUN: echo-run %t.c.mlir --no-cache --seed 3 --kernels=generated --dump-results %t.c.generated
// RUN: cmp %t.c.runtime %t.c.generated
//
// Every result is there.
// RUN: python3 %S/Inputs/dump_headers.py %t.a.generated | FileCheck %s --check-prefix=DUMP
// DUMP: result 0 f32 [3, 7, 5] 420 ok
// DUMP: result 36 f32 [7, 5] 140 ok
// DUMP-NOT: result 37

!x = tensor<DIMAxDIMBxDIMCxf32>
!col = tensor<DIMBx1xf32>
!row = tensor<DIMCxf32>
!bc = tensor<DIMBxDIMCxf32>
!ac = tensor<DIMAxDIMCxf32>
!ab = tensor<DIMAxDIMBxf32>
!b = tensor<DIMBxf32>
!s = tensor<f32>
func.func @reductions(%x: !x, %dy: !x, %col: !col, %row: !row, %gamma: !row,
                      %beta: !row, %scalar: !s)
    -> (!x, !x, !x, !x, !bc, !x, !x, !x, !col, !row, !s,
        !bc, !ac, !b, tensor<DIMAxDIMBx1xf32>, !s, !ac, !x, !x, !x,
        !x, !x, !x, !x, !x, !x, !x, !x, !x,
        tensor<DIMCxDIMAxDIMBxf32>, tensor<DIMBxDIMAxDIMCxf32>,
        !x, !ab, !ab, !x, !row, !bc) {
  // Broadcasting.
  %mul = echo.mul %col, %x : (!col, !x) -> !x
  %add = echo.add %row, %x : (!row, !x) -> !x
  %sub = echo.sub %scalar, %x : (!s, !x) -> !x
  %div = echo.div %x, %col : (!x, !col) -> !x
  %max = echo.max %col, %row : (!col, !row) -> !bc
  %da, %db = echo.max_grad %col, %x, %dy : (!col, !x, !x) -> (!x, !x)
  %bt = echo.broadcast_to %col : !col -> !x
  %st1 = echo.sum_to %x : !x -> !col
  %st2 = echo.sum_to %x : !x -> !row
  %st3 = echo.sum_to %x : !x -> !s
  // Reductions.
  %sum0 = echo.reduce sum %x dims [0] : !x -> !bc
  %mean1 = echo.reduce mean %x dims [1] : !x -> !ac
  %max02 = echo.reduce max %x dims [0, 2] : !x -> !b
  %sum2k = echo.reduce sum %x dims [2] keepdims : !x -> tensor<DIMAxDIMBx1xf32>
  %meanall = echo.reduce mean %x dims [0, 1, 2] : !x -> !s
  %max1 = echo.reduce max %x dims [1] : !x -> !ac
  %gsum0 = echo.reduce_grad sum %sum0 dims [0] : !bc -> !x
  %gmean1 = echo.reduce_grad mean %mean1 dims [1] : !ac -> !x
  %gmax02 = echo.reduce_max_grad %x, %max02, %max02 dims [0, 2] : (!x, !b, !b) -> !x
  // Softmax along every axis, and the gradients.
  %sm0 = echo.softmax %x {axis = 0 : i64} : !x
  %sm1 = echo.softmax %x {axis = 1 : i64} : !x
  %sm2 = echo.softmax %x {axis = 2 : i64} : !x
  %lsm0 = echo.log_softmax %x {axis = 0 : i64} : !x
  %lsm2 = echo.log_softmax %x {axis = 2 : i64} : !x
  %gsm1 = echo.softmax_grad %sm1, %dy {axis = 1 : i64} : !x
  %gsm2 = echo.softmax_grad %sm2, %dy {axis = 2 : i64} : !x
  %glsm0 = echo.log_softmax_grad %lsm0, %dy {axis = 0 : i64} : !x
  %glsm2 = echo.log_softmax_grad %lsm2, %dy {axis = 2 : i64} : !x
  // Data movement.
  %t201 = echo.transpose %x permutation [2, 0, 1] : !x -> tensor<DIMCxDIMAxDIMBxf32>
  %t102 = echo.transpose %x permutation [1, 0, 2] : !x -> tensor<DIMBxDIMAxDIMCxf32>
  // Layer norm over the last dimension.
  %ln, %mean, %rstd = echo.layer_norm %x, %gamma, %beta : (!x, !row, !row) -> (!x, !ab, !ab)
  %lndx, %lndg, %lndb = echo.layer_norm_grad %x, %gamma, %mean, %rstd, %dy : (!x, !row, !ab, !ab, !x) -> (!x, !row, !row)
  %fill = echo.fill 3.000000e-01 : !bc
  %filled = echo.add %fill, %sum0 : (!bc, !bc) -> !bc
  return %mul, %add, %sub, %div, %max, %da, %db, %bt, %st1, %st2, %st3,
         %sum0, %mean1, %max02, %sum2k, %meanall, %max1, %gsum0, %gmean1, %gmax02,
         %sm0, %sm1, %sm2, %lsm0, %lsm2, %gsm1, %gsm2, %glsm0, %glsm2,
         %t201, %t102, %ln, %mean, %rstd, %lndx, %lndg, %filled
      : !x, !x, !x, !x, !bc, !x, !x, !x, !col, !row, !s,
        !bc, !ac, !b, tensor<DIMAxDIMBx1xf32>, !s, !ac, !x, !x, !x,
        !x, !x, !x, !x, !x, !x, !x, !x, !x,
        tensor<DIMCxDIMAxDIMBxf32>, tensor<DIMBxDIMAxDIMCxf32>,
        !x, !ab, !ab, !x, !row, !bc
}
