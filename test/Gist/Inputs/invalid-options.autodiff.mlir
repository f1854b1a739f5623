// invalid-options.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Gist/invalid-options.mlir --echo-autodiff
module {
  func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.relu %arg0 : tensor<4x8xf32>
    %1 = echo.linear %0, %arg2 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
    %2 = echo.cross_entropy %1, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x8xf32>) {
    %0 = echo.relu %arg0 : tensor<4x8xf32>
    %1 = echo.stash %0 : tensor<4x8xf32>
    %2 = echo.linear %0, %arg2 : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
    %3 = echo.stash %2 : tensor<4x3xf32>
    %4 = echo.cross_entropy %2, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
    %5 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %6 = echo.cross_entropy_grad %3, %arg1, %5 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
    %7 = echo.linear_grad_weight %6, %1 : (tensor<4x3xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
    return %4, %7 : tensor<f32>, tensor<3x8xf32>
  }
}

