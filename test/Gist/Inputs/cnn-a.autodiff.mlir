// Inputs/cnn-a.mlir after echo-autodiff: the input of the gist-encode RUN
// lines of dpr.mlir, lossless-encodings.mlir and csr-over-capacity.mlir.
// Regenerate with: echo-opt test/Gist/Inputs/cnn-a.mlir --echo-autodiff
module {
  func.func @cnn_a(%arg0: tensor<2x3x12x12xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x3x3x3xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<8x8x3x3xf32> {echo.trainable}, %arg5: tensor<8xf32> {echo.trainable}, %arg6: tensor<10x72xf32> {echo.trainable}, %arg7: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x3x12x12xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x12x12xf32>
    %1 = echo.relu %0 : tensor<2x8x12x12xf32>
    %2 = echo.max_pool2d %1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x8x12x12xf32> -> tensor<2x8x6x6xf32>
    %3 = echo.conv2d %2, %arg4, %arg5 {padding = array<i64: 1, 1>} : (tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
    %4 = echo.relu %3 : tensor<2x8x6x6xf32>
    %5 = echo.max_pool2d %4 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x8x6x6xf32> -> tensor<2x8x3x3xf32>
    %6 = echo.reshape %5 : tensor<2x8x3x3xf32> -> tensor<2x72xf32>
    %output, %mask = echo.dropout %6 probability 2.500000e-01 seed 7 : tensor<2x72xf32> -> tensor<2x72xf32>, tensor<2x72xi1>
    %7 = echo.linear %output, %arg6, %arg7 : (tensor<2x72xf32>, tensor<10x72xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %8 = echo.cross_entropy %7, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %8 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x3x12x12xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x3x3x3xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<8x8x3x3xf32> {echo.trainable}, %arg5: tensor<8xf32> {echo.trainable}, %arg6: tensor<10x72xf32> {echo.trainable}, %arg7: tensor<10xf32> {echo.trainable}) -> (tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<10x72xf32>, tensor<10xf32>) {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x3x12x12xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x12x12xf32>
    %1 = echo.relu %0 : tensor<2x8x12x12xf32>
    %2 = echo.stash %1 : tensor<2x8x12x12xf32>
    %3 = echo.max_pool2d %1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x8x12x12xf32> -> tensor<2x8x6x6xf32>
    %4 = echo.stash %3 : tensor<2x8x6x6xf32>
    %5 = echo.conv2d %3, %arg4, %arg5 {padding = array<i64: 1, 1>} : (tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
    %6 = echo.relu %5 : tensor<2x8x6x6xf32>
    %7 = echo.stash %6 : tensor<2x8x6x6xf32>
    %8 = echo.max_pool2d %6 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x8x6x6xf32> -> tensor<2x8x3x3xf32>
    %9 = echo.stash %8 : tensor<2x8x3x3xf32>
    %10 = echo.reshape %8 : tensor<2x8x3x3xf32> -> tensor<2x72xf32>
    %output, %mask = echo.dropout %10 probability 2.500000e-01 seed 7 : tensor<2x72xf32> -> tensor<2x72xf32>, tensor<2x72xi1>
    %11 = echo.stash %mask : tensor<2x72xi1>
    %12 = echo.stash %output : tensor<2x72xf32>
    %13 = echo.linear %output, %arg6, %arg7 : (tensor<2x72xf32>, tensor<10x72xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %14 = echo.stash %13 : tensor<2x10xf32>
    %15 = echo.cross_entropy %13, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    %16 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %17 = echo.cross_entropy_grad %14, %arg1, %16 : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
    %18 = echo.linear_grad_weight %17, %12 : (tensor<2x10xf32>, tensor<2x72xf32>) -> tensor<10x72xf32>
    %19 = echo.sum_to %17 : tensor<2x10xf32> -> tensor<10xf32>
    %20 = echo.linear_grad_input %17, %arg6 : (tensor<2x10xf32>, tensor<10x72xf32>) -> tensor<2x72xf32>
    %21 = echo.dropout_grad %11, %20 probability 2.500000e-01 : tensor<2x72xi1>, tensor<2x72xf32>
    %22 = echo.reshape %21 : tensor<2x72xf32> -> tensor<2x8x3x3xf32>
    %23 = echo.max_pool2d_grad %7, %9, %22 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x8x6x6xf32>, tensor<2x8x3x3xf32>, tensor<2x8x3x3xf32>) -> tensor<2x8x6x6xf32>
    %24 = echo.relu_grad %7, %23 : tensor<2x8x6x6xf32>
    %25 = echo.conv2d_grad_weight %4, %24 {padding = array<i64: 1, 1>} : (tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>) -> tensor<8x8x3x3xf32>
    %26 = echo.reduce sum %24 dims [0, 2, 3] : tensor<2x8x6x6xf32> -> tensor<8xf32>
    %27 = echo.conv2d_grad_input %24, %arg4 {padding = array<i64: 1, 1>} : (tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>) -> tensor<2x8x6x6xf32>
    %28 = echo.max_pool2d_grad %2, %4, %27 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<2x8x12x12xf32>, tensor<2x8x6x6xf32>, tensor<2x8x6x6xf32>) -> tensor<2x8x12x12xf32>
    %29 = echo.relu_grad %2, %28 : tensor<2x8x12x12xf32>
    %30 = echo.conv2d_grad_weight %arg0, %29 {padding = array<i64: 1, 1>} : (tensor<2x3x12x12xf32>, tensor<2x8x12x12xf32>) -> tensor<8x3x3x3xf32>
    %31 = echo.reduce sum %29 dims [0, 2, 3] : tensor<2x8x12x12xf32> -> tensor<8xf32>
    return %15, %30, %31, %25, %26, %18, %19 : tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>, tensor<10x72xf32>, tensor<10xf32>
  }
}

