// RUN: echo-opt %s --echo-schedule=order=dfs | FileCheck %s
// RUN: echo-opt %s --echo-schedule=order=list | FileCheck %s
// (order=best would rank them with the planner; this step's offloads have
// no prefetch, so it is not a step the planning passes expect.)

// Ops with side effects (echo.offload has no Pure) keep their relative
// order: without that, depth-first would follow %t into its offload before
// the offload of %x.
func.func @effects(%x: tensor<64xf32>) -> tensor<64xf32> {
  %t = echo.tanh %x : tensor<64xf32>
  %h1, %k1 = echo.offload %x : tensor<64xf32>
  %h2, %k2 = echo.offload %t : tensor<64xf32>
  return %t : tensor<64xf32>
}
// CHECK-LABEL: func.func @effects
// CHECK-NEXT:    %[[T:.*]] = echo.tanh %arg0
// CHECK-NEXT:    echo.offload %arg0
// CHECK-NEXT:    echo.offload %[[T]]

