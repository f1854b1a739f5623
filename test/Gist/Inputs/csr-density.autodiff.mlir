// csr-density.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Gist/csr-density.mlir --echo-autodiff
module {
  func.func @net(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<4x4x3x3xf32> {echo.trainable}, %arg5: tensor<4x4x1x1xf32> {echo.trainable}, %arg6: tensor<3x64xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo.relu %0 : tensor<2x4x8x8xf32>
    %2 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %3 = echo.conv2d %2, %arg4 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x4x4xf32>
    %4 = echo.max_pool2d %3 {kernel = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : tensor<2x4x4x4xf32> -> tensor<2x4x5x5xf32>
    %5 = echo.conv2d %4, %arg5 : (tensor<2x4x5x5xf32>, tensor<4x4x1x1xf32>) -> tensor<2x4x5x5xf32>
    %6 = echo.slice %5 offsets [0, 0, 0, 0] : tensor<2x4x5x5xf32> -> tensor<2x4x4x4xf32>
    %7 = echo.reshape %6 : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
    %8 = echo.linear %7, %arg6 : (tensor<2x64xf32>, tensor<3x64xf32>) -> tensor<2x3xf32>
    %9 = echo.cross_entropy %8, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    return %9 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x3x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<4x4x3x3xf32> {echo.trainable}, %arg5: tensor<4x4x1x1xf32> {echo.trainable}, %arg6: tensor<3x64xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x1x1xf32>, tensor<3x64xf32>) {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = echo.relu %0 : tensor<2x4x8x8xf32>
    %2 = echo.stash %1 : tensor<2x4x8x8xf32>
    %3 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %4 = echo.stash %3 : tensor<2x4x8x8xf32>
    %5 = echo.conv2d %3, %arg4 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x4x4xf32>
    %6 = echo.stash %5 : tensor<2x4x4x4xf32>
    %7 = echo.max_pool2d %5 {kernel = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : tensor<2x4x4x4xf32> -> tensor<2x4x5x5xf32>
    %8 = echo.stash %7 : tensor<2x4x5x5xf32>
    %9 = echo.conv2d %7, %arg5 : (tensor<2x4x5x5xf32>, tensor<4x4x1x1xf32>) -> tensor<2x4x5x5xf32>
    %10 = echo.slice %9 offsets [0, 0, 0, 0] : tensor<2x4x5x5xf32> -> tensor<2x4x4x4xf32>
    %11 = echo.reshape %10 : tensor<2x4x4x4xf32> -> tensor<2x64xf32>
    %12 = echo.stash %11 : tensor<2x64xf32>
    %13 = echo.linear %11, %arg6 : (tensor<2x64xf32>, tensor<3x64xf32>) -> tensor<2x3xf32>
    %14 = echo.stash %13 : tensor<2x3xf32>
    %15 = echo.cross_entropy %13, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    %16 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %17 = echo.cross_entropy_grad %14, %arg1, %16 : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
    %18 = echo.linear_grad_weight %17, %12 : (tensor<2x3xf32>, tensor<2x64xf32>) -> tensor<3x64xf32>
    %19 = echo.linear_grad_input %17, %arg6 : (tensor<2x3xf32>, tensor<3x64xf32>) -> tensor<2x64xf32>
    %20 = echo.reshape %19 : tensor<2x64xf32> -> tensor<2x4x4x4xf32>
    %21 = echo.slice_grad %20 offsets [0, 0, 0, 0] : tensor<2x4x4x4xf32> -> tensor<2x4x5x5xf32>
    %22 = echo.conv2d_grad_weight %8, %21 : (tensor<2x4x5x5xf32>, tensor<2x4x5x5xf32>) -> tensor<4x4x1x1xf32>
    %23 = echo.conv2d_grad_input %21, %arg5 : (tensor<2x4x5x5xf32>, tensor<4x4x1x1xf32>) -> tensor<2x4x5x5xf32>
    %24 = echo.max_pool2d_grad %6, %8, %23 {kernel = array<i64: 2, 2>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x4x4x4xf32>, tensor<2x4x5x5xf32>, tensor<2x4x5x5xf32>) -> tensor<2x4x4x4xf32>
    %25 = echo.conv2d_grad_weight %4, %24 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x8x8xf32>, tensor<2x4x4x4xf32>) -> tensor<4x4x3x3xf32>
    %26 = echo.conv2d_grad_input %24, %arg4 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x4x4x4xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %27 = echo.conv2d_grad_weight %2, %26 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x4x3x3xf32>
    %28 = echo.conv2d_grad_input %26, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
    %29 = echo.relu_grad %2, %28 : tensor<2x4x8x8xf32>
    %30 = echo.conv2d_grad_weight %arg0, %29 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<4x3x3x3xf32>
    return %15, %30, %27, %25, %22, %18 : tensor<f32>, tensor<4x3x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<4x4x1x1xf32>, tensor<3x64xf32>
  }
}

