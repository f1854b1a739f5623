// The import options: weights-as-arguments, weights-dir and loss.
// RUN: echo-opt %s --echo-import-linalg='weights-as-arguments loss=cross-entropy' | FileCheck %s --check-prefix=CE
// RUN: echo-opt %s --echo-import-linalg='weights-as-arguments loss=mse' | FileCheck %s --check-prefix=MSE
//
// weights-dir writes each lifted constant to argN.npy and the --inputs list;
// echo-run initialized from it computes the loss of the imported values:
// with x = 1 and target = 0 each output row is the row sums of W plus b,
// [2, -0.25, 6] + [1, 2, 3] = [3, 1.75, 9], so the MSE is
// (9 + 3.0625 + 81) / 3 = 31.0208333.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-import-linalg="weights-as-arguments weights-dir=%t/w loss=mse" -o %t/linear.mlir
// RUN: FileCheck %s --check-prefix=LIST --input-file=%t/w/inputs.txt -DDIR=%t/w
// RUN: python3 %S/Inputs/write_npy.py %t/x.npy 1 2 3
// RUN: python3 %S/Inputs/write_npy.py %t/target.npy 0 2 3
// RUN: echo-opt %t/linear.mlir --echo-autodiff | echo-run --print-loss --inputs $(cat %t/w/inputs.txt),0=%t/x.npy,3=%t/target.npy | FileCheck %s --check-prefix=LOSS
// RUN: not echo-opt %s --echo-import-linalg="weights-dir=%t/w" 2>&1 | FileCheck %s --check-prefix=NODIR

// CE-LABEL: func.func @forward(
// CE-SAME: %arg0: tensor<2x3xf32>, %arg1: tensor<3x3xf32> {echo.trainable}, %arg2: tensor<3xf32> {echo.trainable}, %arg3: tensor<2xi32>) -> tensor<f32>
// CE-NEXT: %[[Y:.+]] = echo.linear %arg0, %arg1, %arg2
// CE-NEXT: %[[L:.+]] = echo.cross_entropy %[[Y]], %arg3 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
// CE-NEXT: return %[[L]] : tensor<f32>

// MSE-LABEL: func.func @forward(
// MSE-SAME: %arg3: tensor<2x3xf32>) -> tensor<f32>
// MSE-NEXT: %[[Y:.+]] = echo.linear %arg0, %arg1, %arg2
// MSE-NEXT: %[[D:.+]] = echo.sub %[[Y]], %arg3
// MSE-NEXT: %[[S:.+]] = echo.mul %[[D]], %[[D]]
// MSE-NEXT: %[[L:.+]] = echo.reduce mean %[[S]] dims [0, 1] : tensor<2x3xf32> -> tensor<f32>
// MSE-NEXT: return %[[L]] : tensor<f32>

// LIST: 1=[[DIR]]/arg1.npy,2=[[DIR]]/arg2.npy{{$}}
// LOSS: iter 0 loss 31.0208
// NODIR: error: echo-import-linalg: weights-dir needs weights-as-arguments

func.func @forward(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense<[[1.0, -2.0, 3.0], [0.5, 0.25, -1.0], [2.0, 2.0, 2.0]]> : tensor<3x3xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x3xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<2x3xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%0 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}
