// weights-as-arguments on a batch norm whose scale and running variance are
// one folded splat constant (how torch-mlir exports a freshly initialized
// BatchNorm2d): every use gets its own argument, gamma and beta are
// trainable, the running statistics are not.
// RUN: echo-opt %s --echo-import-linalg=weights-as-arguments | FileCheck %s

// CHECK-LABEL: func.func @forward(
// CHECK-SAME: %arg0: tensor<2x4x3x3xf32>, %arg1: tensor<4xf32> {echo.trainable}, %arg2: tensor<4xf32> {echo.trainable}, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>) -> tensor<2x4x3x3xf32>
// CHECK-NEXT: %[[Y:.+]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} = echo.batch_norm %arg0, %arg1, %arg2, %arg3, %arg4 :
// CHECK-NEXT: return %[[Y]]
func.func @forward(%x: tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %ones = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %zeros = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %cst = arith.constant 1.000000e-05 : f64
  %0 = tensor.empty() : tensor<2x4x3x3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %ones, %zeros, %zeros, %ones : tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%0 : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
    %2 = arith.truncf %cst : f64 to f32
    %3 = arith.addf %in_3, %2 : f32
    %4 = math.rsqrt %3 : f32
    %5 = arith.subf %in, %in_2 : f32
    %6 = arith.mulf %5, %4 : f32
    %7 = arith.mulf %6, %in_0 : f32
    %8 = arith.addf %7, %in_1 : f32
    linalg.yield %8 : f32
  } -> tensor<2x4x3x3xf32>
  return %1 : tensor<2x4x3x3xf32>
}
