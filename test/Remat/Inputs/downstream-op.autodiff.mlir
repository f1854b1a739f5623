// downstream-op.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Remat/downstream-op.mlir -split-input-file --echo-autodiff
module {
  func.func @forward(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo_test.square %0 : tensor<8x32xf32>
    %2 = echo.linear %1, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %3 = echo.cross_entropy %2, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    return %3 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> (tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>) {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo.stash %0 : tensor<8x32xf32>
    %2 = echo_test.square %0 : tensor<8x32xf32>
    %3 = echo.stash %2 : tensor<8x32xf32>
    %4 = echo.linear %2, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %5 = echo.stash %4 : tensor<8x4xf32>
    %6 = echo.cross_entropy %4, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    %7 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %8 = echo.cross_entropy_grad %5, %arg1, %7 : (tensor<8x4xf32>, tensor<8xi32>, tensor<f32>) -> tensor<8x4xf32>
    %9 = echo.linear_grad_weight %8, %3 : (tensor<8x4xf32>, tensor<8x32xf32>) -> tensor<4x32xf32>
    %10 = echo.linear_grad_input %8, %arg3 : (tensor<8x4xf32>, tensor<4x32xf32>) -> tensor<8x32xf32>
    %11 = echo.mul %10, %1 : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %12 = echo.add %11, %11 : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    %13 = echo.linear_grad_weight %12, %arg0 : (tensor<8x32xf32>, tensor<8x16xf32>) -> tensor<32x16xf32>
    return %6, %13, %9 : tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>
  }
}

// -----
module {
  func.func @forward(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo.gelu %0 : tensor<8x32xf32>
    %2 = echo.linear %1, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %3 = echo.cross_entropy %2, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    return %3 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> (tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>) {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo.stash %0 : tensor<8x32xf32>
    %2 = echo.gelu %0 : tensor<8x32xf32>
    %3 = echo.stash %2 : tensor<8x32xf32>
    %4 = echo.linear %2, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %5 = echo.stash %4 : tensor<8x4xf32>
    %6 = echo.cross_entropy %4, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    %7 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %8 = echo.cross_entropy_grad %5, %arg1, %7 : (tensor<8x4xf32>, tensor<8xi32>, tensor<f32>) -> tensor<8x4xf32>
    %9 = echo.linear_grad_weight %8, %3 : (tensor<8x4xf32>, tensor<8x32xf32>) -> tensor<4x32xf32>
    %10 = echo.linear_grad_input %8, %arg3 : (tensor<8x4xf32>, tensor<4x32xf32>) -> tensor<8x32xf32>
    %11 = echo.gelu_grad %1, %10 : tensor<8x32xf32>
    %12 = echo.linear_grad_weight %11, %arg0 : (tensor<8x32xf32>, tensor<8x16xf32>) -> tensor<32x16xf32>
    return %6, %12, %9 : tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>
  }
}

