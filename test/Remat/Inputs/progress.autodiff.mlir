// progress.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Remat/progress.mlir --echo-autodiff
module {
  func.func @forward(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo.tanh %0 : tensor<8x32xf32>
    %2 = echo.gelu %1 : tensor<8x32xf32>
    %3 = echo.linear %2, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %4 = echo.cross_entropy %3, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    return %4 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<8x16xf32>, %arg1: tensor<8xi32>, %arg2: tensor<32x16xf32> {echo.trainable}, %arg3: tensor<4x32xf32> {echo.trainable}) -> (tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>) {
    %0 = echo.linear %arg0, %arg2 : (tensor<8x16xf32>, tensor<32x16xf32>) -> tensor<8x32xf32>
    %1 = echo.tanh %0 : tensor<8x32xf32>
    %2 = echo.stash %1 : tensor<8x32xf32>
    %3 = echo.gelu %1 : tensor<8x32xf32>
    %4 = echo.stash %3 : tensor<8x32xf32>
    %5 = echo.linear %3, %arg3 : (tensor<8x32xf32>, tensor<4x32xf32>) -> tensor<8x4xf32>
    %6 = echo.stash %5 : tensor<8x4xf32>
    %7 = echo.cross_entropy %5, %arg1 : (tensor<8x4xf32>, tensor<8xi32>) -> tensor<f32>
    %8 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %9 = echo.cross_entropy_grad %6, %arg1, %8 : (tensor<8x4xf32>, tensor<8xi32>, tensor<f32>) -> tensor<8x4xf32>
    %10 = echo.linear_grad_weight %9, %4 : (tensor<8x4xf32>, tensor<8x32xf32>) -> tensor<4x32xf32>
    %11 = echo.linear_grad_input %9, %arg3 : (tensor<8x4xf32>, tensor<4x32xf32>) -> tensor<8x32xf32>
    %12 = echo.gelu_grad %2, %11 : tensor<8x32xf32>
    %13 = echo.tanh_grad %2, %12 : tensor<8x32xf32>
    %14 = echo.linear_grad_weight %13, %arg0 : (tensor<8x32xf32>, tensor<8x16xf32>) -> tensor<32x16xf32>
    return %7, %14, %10 : tensor<f32>, tensor<32x16xf32>, tensor<4x32xf32>
  }
}

