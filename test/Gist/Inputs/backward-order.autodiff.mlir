// backward-order.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Gist/backward-order.mlir --echo-autodiff
module {
  func.func @mini(%arg0: tensor<2x3x16x16xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x3x3x3xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<32x8x3x3xf32> {echo.trainable}, %arg5: tensor<32xf32> {echo.trainable}, %arg6: tensor<10x288xf32> {echo.trainable}, %arg7: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %1 = echo.relu %0 : tensor<2x8x16x16xf32>
    %2 = echo.max_pool2d %1 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<2x8x16x16xf32> -> tensor<2x8x7x7xf32>
    %3 = echo.conv2d %2, %arg4, %arg5 {padding = array<i64: 1, 1>} : (tensor<2x8x7x7xf32>, tensor<32x8x3x3xf32>, tensor<32xf32>) -> tensor<2x32x7x7xf32>
    %4 = echo.relu %3 : tensor<2x32x7x7xf32>
    %5 = echo.max_pool2d %4 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<2x32x7x7xf32> -> tensor<2x32x3x3xf32>
    %6 = echo.reshape %5 : tensor<2x32x3x3xf32> -> tensor<2x288xf32>
    %7 = echo.linear %6, %arg6, %arg7 : (tensor<2x288xf32>, tensor<10x288xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %8 = echo.cross_entropy %7, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %8 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x3x16x16xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x3x3x3xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<32x8x3x3xf32> {echo.trainable}, %arg5: tensor<32xf32> {echo.trainable}, %arg6: tensor<10x288xf32> {echo.trainable}, %arg7: tensor<10xf32> {echo.trainable}) -> (tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<32x8x3x3xf32>, tensor<32xf32>, tensor<10x288xf32>, tensor<10xf32>) {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x3x16x16xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<2x8x16x16xf32>
    %1 = echo.relu %0 : tensor<2x8x16x16xf32>
    %2 = echo.stash %1 : tensor<2x8x16x16xf32>
    %3 = echo.max_pool2d %1 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<2x8x16x16xf32> -> tensor<2x8x7x7xf32>
    %4 = echo.stash %3 : tensor<2x8x7x7xf32>
    %5 = echo.conv2d %3, %arg4, %arg5 {padding = array<i64: 1, 1>} : (tensor<2x8x7x7xf32>, tensor<32x8x3x3xf32>, tensor<32xf32>) -> tensor<2x32x7x7xf32>
    %6 = echo.relu %5 : tensor<2x32x7x7xf32>
    %7 = echo.stash %6 : tensor<2x32x7x7xf32>
    %8 = echo.max_pool2d %6 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<2x32x7x7xf32> -> tensor<2x32x3x3xf32>
    %9 = echo.stash %8 : tensor<2x32x3x3xf32>
    %10 = echo.reshape %8 : tensor<2x32x3x3xf32> -> tensor<2x288xf32>
    %11 = echo.stash %10 : tensor<2x288xf32>
    %12 = echo.linear %10, %arg6, %arg7 : (tensor<2x288xf32>, tensor<10x288xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %13 = echo.stash %12 : tensor<2x10xf32>
    %14 = echo.cross_entropy %12, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    %15 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %16 = echo.cross_entropy_grad %13, %arg1, %15 : (tensor<2x10xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x10xf32>
    %17 = echo.linear_grad_weight %16, %11 : (tensor<2x10xf32>, tensor<2x288xf32>) -> tensor<10x288xf32>
    %18 = echo.sum_to %16 : tensor<2x10xf32> -> tensor<10xf32>
    %19 = echo.linear_grad_input %16, %arg6 : (tensor<2x10xf32>, tensor<10x288xf32>) -> tensor<2x288xf32>
    %20 = echo.reshape %19 : tensor<2x288xf32> -> tensor<2x32x3x3xf32>
    %21 = echo.max_pool2d_grad %7, %9, %20 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<2x32x7x7xf32>, tensor<2x32x3x3xf32>, tensor<2x32x3x3xf32>) -> tensor<2x32x7x7xf32>
    %22 = echo.relu_grad %7, %21 : tensor<2x32x7x7xf32>
    %23 = echo.conv2d_grad_weight %4, %22 {padding = array<i64: 1, 1>} : (tensor<2x8x7x7xf32>, tensor<2x32x7x7xf32>) -> tensor<32x8x3x3xf32>
    %24 = echo.reduce sum %22 dims [0, 2, 3] : tensor<2x32x7x7xf32> -> tensor<32xf32>
    %25 = echo.conv2d_grad_input %22, %arg4 {padding = array<i64: 1, 1>} : (tensor<2x32x7x7xf32>, tensor<32x8x3x3xf32>) -> tensor<2x8x7x7xf32>
    %26 = echo.max_pool2d_grad %2, %4, %25 {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<2x8x16x16xf32>, tensor<2x8x7x7xf32>, tensor<2x8x7x7xf32>) -> tensor<2x8x16x16xf32>
    %27 = echo.relu_grad %2, %26 : tensor<2x8x16x16xf32>
    %28 = echo.conv2d_grad_weight %arg0, %27 {padding = array<i64: 1, 1>} : (tensor<2x3x16x16xf32>, tensor<2x8x16x16xf32>) -> tensor<8x3x3x3xf32>
    %29 = echo.reduce sum %27 dims [0, 2, 3] : tensor<2x8x16x16xf32> -> tensor<8xf32>
    return %14, %28, %29, %23, %24, %17, %18 : tensor<f32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<32x8x3x3xf32>, tensor<32xf32>, tensor<10x288xf32>, tensor<10xf32>
  }
}

