// downstream-sparse-op.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Gist/downstream-sparse-op.mlir -split-input-file --echo-autodiff
module {
  func.func @forward(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<10x256xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo_test.clamp %0 : tensor<2x4x8x8xf32>
    %2 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %3 = echo.reshape %2 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
    %4 = echo.linear %3, %arg4 : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
    %5 = echo.cross_entropy %4, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %5 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<10x256xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x256xf32>) {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo_test.clamp %0 : tensor<2x4x8x8xf32>
    %2 = echo.stash %1 : tensor<2x4x8x8xf32>
    %3 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %4 = echo.reshape %3 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
    %5 = echo.stash %4 : tensor<2x256xf32>
    %6 = echo.linear %4, %arg4 : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
    %7 = echo.stash %6 : tensor<2x10xf32>
    %8 = echo.cross_entropy %6, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    %9 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %10 = echo.cross_entropy_grad %7, %arg1, %9 : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
    %11 = echo.linear_grad_weight %10, %5 : (tensor<2x10xf32>, tensor<2x256xf32>) -> tensor<10x256xf32>
    %12 = echo.linear_grad_input %10, %arg4 : (tensor<2x10xf32>, tensor<10x256xf32>) -> tensor<2x256xf32>
    %13 = echo.reshape %12 : tensor<2x256xf32> -> tensor<2x4x8x8xf32>
    %14 = echo.conv2d_grad_weight %2, %13 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
    %15 = echo.conv2d_grad_input %13, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %16 = echo.relu_grad %2, %15 : tensor<2x4x8x8xf32>
    %17 = echo.conv2d_grad_weight %arg0, %16 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x3x3x3xf32>
    return %8, %17, %14, %11 : tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x256xf32>
  }
}

// -----
module {
  func.func @forward(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<10x256xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo.relu %0 : tensor<2x4x8x8xf32>
    %2 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %3 = echo.reshape %2 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
    %4 = echo.linear %3, %arg4 : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
    %5 = echo.cross_entropy %4, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %5 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<10x256xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x256xf32>) {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo.relu %0 : tensor<2x4x8x8xf32>
    %2 = echo.stash %1 : tensor<2x4x8x8xf32>
    %3 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %4 = echo.reshape %3 : tensor<2x4x8x8xf32> -> tensor<2x256xf32>
    %5 = echo.stash %4 : tensor<2x256xf32>
    %6 = echo.linear %4, %arg4 : (tensor<2x256xf32>, tensor<10x256xf32>) -> tensor<2x10xf32>
    %7 = echo.stash %6 : tensor<2x10xf32>
    %8 = echo.cross_entropy %6, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    %9 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %10 = echo.cross_entropy_grad %7, %arg1, %9 : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
    %11 = echo.linear_grad_weight %10, %5 : (tensor<2x10xf32>, tensor<2x256xf32>) -> tensor<10x256xf32>
    %12 = echo.linear_grad_input %10, %arg4 : (tensor<2x10xf32>, tensor<10x256xf32>) -> tensor<2x256xf32>
    %13 = echo.reshape %12 : tensor<2x256xf32> -> tensor<2x4x8x8xf32>
    %14 = echo.conv2d_grad_weight %2, %13 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
    %15 = echo.conv2d_grad_input %13, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %16 = echo.relu_grad %2, %15 : tensor<2x4x8x8xf32>
    %17 = echo.conv2d_grad_weight %arg0, %16 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x3x3x3xf32>
    return %8, %17, %14, %11 : tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<10x256xf32>
  }
}

