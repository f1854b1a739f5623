// Finite-difference gradient check of the elementwise ops: div, sub, max,
// exp, log, sqrt, rsqrt, sigmoid, neg, gelu, mul, with numpy broadcasting on
// either side (gradients through sum_to). The inputs of log, sqrt and rsqrt
// are kept positive (exp, sigmoid + 1).
// RUN: echo-opt %s --echo-autodiff | echo-run --check-gradients=3 --seed 1 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: gradient check passed
// CHECK-NOT: FAIL

func.func @elementwise(%x: tensor<4x6xf32>,
                       %a: tensor<4x6xf32> {echo.trainable},
                       %b: tensor<6xf32> {echo.trainable},
                       %c: tensor<4x1xf32> {echo.trainable}) -> tensor<f32> {
  %one = echo.fill 1.000000e+00 : tensor<6xf32>
  %ax = echo.mul %a, %x : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %e = echo.exp %ax : tensor<4x6xf32>
  %sb = echo.sigmoid %b : tensor<6xf32>
  %s1 = echo.add %sb, %one : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %d = echo.div %e, %s1 : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %lg = echo.log %d : tensor<4x6xf32>
  %rs = echo.rsqrt %e : tensor<4x6xf32>
  %nrs = echo.neg %rs : tensor<4x6xf32>
  %mx = echo.max %lg, %nrs : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %sq = echo.sqrt %s1 : tensor<6xf32>
  %sub = echo.sub %sq, %mx : (tensor<6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %ec = echo.exp %c : tensor<4x1xf32>
  %d2 = echo.div %ec, %s1 : (tensor<4x1xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %sub2 = echo.sub %sub, %d2 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %mx2 = echo.max %c, %sub2 : (tensor<4x1xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %g = echo.gelu %mx2 : tensor<4x6xf32>
  %gx = echo.mul %g, %x : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %l = echo.reduce mean %gx dims [0, 1] : tensor<4x6xf32> -> tensor<f32>
  return %l : tensor<f32>
}
