// placement.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Gist/placement.mlir --echo-autodiff
module {
  func.func @res(%arg0: tensor<2x4x6x6xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x4x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<3x144xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %1 = echo.relu %0 : tensor<2x4x6x6xf32>
    %2 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %3 = echo.tanh %2 : tensor<2x4x6x6xf32>
    %4 = echo.add %3, %1 : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %5 = echo.relu %4 : tensor<2x4x6x6xf32>
    %6 = echo.reshape %5 : tensor<2x4x6x6xf32> -> tensor<2x144xf32>
    %7 = echo.linear %6, %arg4 : (tensor<2x144xf32>, tensor<3x144xf32>) -> tensor<2x3xf32>
    %8 = echo.cross_entropy %7, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    return %8 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x4x6x6xf32>, %arg1: tensor<2xi32>, %arg2: tensor<4x4x3x3xf32> {echo.trainable}, %arg3: tensor<4x4x3x3xf32> {echo.trainable}, %arg4: tensor<3x144xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<3x144xf32>) {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %1 = echo.relu %0 : tensor<2x4x6x6xf32>
    %2 = echo.stash %1 : tensor<2x4x6x6xf32>
    %3 = echo.conv2d %1, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %4 = echo.tanh %3 : tensor<2x4x6x6xf32>
    %5 = echo.stash %4 : tensor<2x4x6x6xf32>
    %6 = echo.add %4, %1 : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %7 = echo.relu %6 : tensor<2x4x6x6xf32>
    %8 = echo.stash %7 : tensor<2x4x6x6xf32>
    %9 = echo.reshape %7 : tensor<2x4x6x6xf32> -> tensor<2x144xf32>
    %10 = echo.stash %9 : tensor<2x144xf32>
    %11 = echo.linear %9, %arg4 : (tensor<2x144xf32>, tensor<3x144xf32>) -> tensor<2x3xf32>
    %12 = echo.stash %11 : tensor<2x3xf32>
    %13 = echo.cross_entropy %11, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    %14 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %15 = echo.cross_entropy_grad %12, %arg1, %14 : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
    %16 = echo.linear_grad_weight %15, %10 : (tensor<2x3xf32>, tensor<2x144xf32>) -> tensor<3x144xf32>
    %17 = echo.linear_grad_input %15, %arg4 : (tensor<2x3xf32>, tensor<3x144xf32>) -> tensor<2x144xf32>
    %18 = echo.reshape %17 : tensor<2x144xf32> -> tensor<2x4x6x6xf32>
    %19 = echo.relu_grad %8, %18 : tensor<2x4x6x6xf32>
    %20 = echo.tanh_grad %5, %19 : tensor<2x4x6x6xf32>
    %21 = echo.conv2d_grad_weight %2, %20 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<4x4x3x3xf32>
    %22 = echo.conv2d_grad_input %20, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x6x6xf32>
    %23 = echo.add %19, %22 : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
    %24 = echo.relu_grad %2, %23 : tensor<2x4x6x6xf32>
    %25 = echo.conv2d_grad_weight %arg0, %24 {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xf32>, tensor<2x4x6x6xf32>) -> tensor<4x4x3x3xf32>
    return %13, %25, %21, %16 : tensor<f32>, tensor<4x4x3x3xf32>, tensor<4x4x3x3xf32>, tensor<3x144xf32>
  }
}

