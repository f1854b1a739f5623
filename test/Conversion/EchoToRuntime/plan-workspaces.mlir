// echo-plan-workspaces on a bufferized step: each call's empty `workspace`
// argument (bufferization's memref<0xi8> stack buffer) becomes a buffer of
// the budget, of category `workspace`, allocated right before the call; a
// workspace that already has bytes, and calls without a workspace
// parameter, are left alone. Budget 0 (the default) changes nothing.
// RUN: echo-opt %s --split-input-file '--pass-pipeline=builtin.module(func.func(echo-plan-workspaces{budget=4096}))' | FileCheck %s --implicit-check-not=memref.alloca
// RUN: echo-opt %s --split-input-file '--pass-pipeline=builtin.module(func.func(echo-plan-workspaces))' | FileCheck %s --check-prefix=NONE
// A negative budget is an error located at the function.
// RUN: not echo-opt %s --split-input-file '--pass-pipeline=builtin.module(func.func(echo-plan-workspaces{budget=-8}))' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: echo-plan-workspaces: the workspace budget must be 0 or more bytes, got -8

func.func private @echo_conv2d(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64)
func.func private @echo_conv2d_grad_weight(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64)
func.func private @echo_unary(i64, memref<*xf32>, memref<*xf32>)

// CHECK-LABEL: func.func @step(
// CHECK: %[[WS1:.*]] = memref.alloc() {alignment = 64 : i64, echo.alloc_for = "echo_conv2d", echo.category = #echo.category<workspace>} : memref<4096xi8>
// CHECK-NEXT: %[[U1:.*]] = memref.cast %[[WS1]] : memref<4096xi8> to memref<*xi8>
// CHECK-NEXT: call @echo_conv2d(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[U1]],
// CHECK: call @echo_unary(
// CHECK: %[[WS2:.*]] = memref.alloc() {alignment = 64 : i64, echo.alloc_for = "echo_conv2d_grad_weight", echo.category = #echo.category<workspace>} : memref<4096xi8>
// CHECK-NEXT: %[[U2:.*]] = memref.cast %[[WS2]] : memref<4096xi8> to memref<*xi8>
// CHECK-NEXT: call @echo_conv2d_grad_weight(%{{.*}}, %{{.*}}, %{{.*}}, %[[U2]],
// CHECK: return

// NONE-LABEL: func.func @step(
// NONE: memref.alloca() : memref<0xi8>
// NONE: call @echo_conv2d(
// NONE: memref.alloca() : memref<0xi8>
// NONE: call @echo_conv2d_grad_weight(
// NONE-NOT: memref.alloc()
// NONE: return
func.func @step(%x: memref<1x1x4x4xf32>, %w: memref<1x1x3x3xf32>, %b: memref<1xf32>,
                %y: memref<1x1x2x2xf32>, %dw: memref<1x1x3x3xf32>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %xu = memref.cast %x : memref<1x1x4x4xf32> to memref<*xf32>
  %wu = memref.cast %w : memref<1x1x3x3xf32> to memref<*xf32>
  %bu = memref.cast %b : memref<1xf32> to memref<*xf32>
  %yu = memref.cast %y : memref<1x1x2x2xf32> to memref<*xf32>
  %dwu = memref.cast %dw : memref<1x1x3x3xf32> to memref<*xf32>
  %e1 = memref.alloca() : memref<0xi8>
  %e1u = memref.cast %e1 : memref<0xi8> to memref<*xi8>
  call @echo_conv2d(%xu, %wu, %bu, %yu, %e1u, %c0, %c1, %c1, %c0, %c0, %c1, %c1, %c1) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
  call @echo_unary(%c0, %yu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
  %e2 = memref.alloca() : memref<0xi8>
  %e2u = memref.cast %e2 : memref<0xi8> to memref<*xi8>
  call @echo_conv2d_grad_weight(%xu, %yu, %dwu, %e2u, %c1, %c1, %c0, %c0, %c1, %c1, %c1) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64) -> ()
  return
}

// -----

// A workspace with bytes already is not replaced.
func.func private @echo_conv2d(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @planned(
// CHECK: %[[OWN:.*]] = memref.alloc() : memref<64xi8>
// CHECK-NOT: memref.alloc()
// CHECK: %[[OWNU:.*]] = memref.cast %[[OWN]]
// CHECK: call @echo_conv2d(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OWNU]],
// NONE-LABEL: func.func @planned(
func.func @planned(%x: memref<1x1x4x4xf32>, %w: memref<1x1x3x3xf32>,
                   %y: memref<1x1x2x2xf32>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %xu = memref.cast %x : memref<1x1x4x4xf32> to memref<*xf32>
  %wu = memref.cast %w : memref<1x1x3x3xf32> to memref<*xf32>
  %yu = memref.cast %y : memref<1x1x2x2xf32> to memref<*xf32>
  %own = memref.alloc() : memref<64xi8>
  %ownu = memref.cast %own : memref<64xi8> to memref<*xi8>
  call @echo_conv2d(%xu, %wu, %yu, %yu, %ownu, %c0, %c1, %c1, %c0, %c0, %c1, %c1, %c1) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi8>, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
  memref.dealloc %own : memref<64xi8>
  return
}
