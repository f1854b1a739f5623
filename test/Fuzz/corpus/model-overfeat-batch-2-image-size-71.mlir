module {
  func.func @overfeat(%arg0: tensor<2x3x71x71xf32>, %arg1: tensor<2xi32>, %arg2: tensor<96x3x11x11xf32> {echo.trainable}, %arg3: tensor<96xf32> {echo.trainable}, %arg4: tensor<256x96x5x5xf32> {echo.trainable}, %arg5: tensor<256xf32> {echo.trainable}, %arg6: tensor<512x256x3x3xf32> {echo.trainable}, %arg7: tensor<512xf32> {echo.trainable}, %arg8: tensor<1024x512x3x3xf32> {echo.trainable}, %arg9: tensor<1024xf32> {echo.trainable}, %arg10: tensor<1024x1024x3x3xf32> {echo.trainable}, %arg11: tensor<1024xf32> {echo.trainable}, %arg12: tensor<3072x1024xf32> {echo.trainable}, %arg13: tensor<3072xf32> {echo.trainable}, %arg14: tensor<4096x3072xf32> {echo.trainable}, %arg15: tensor<4096xf32> {echo.trainable}, %arg16: tensor<1000x4096xf32> {echo.trainable}, %arg17: tensor<1000xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {stride = array<i64: 4, 4>} : (tensor<2x3x71x71xf32>, tensor<96x3x11x11xf32>, tensor<96xf32>) -> tensor<2x96x16x16xf32>
    %1 = echo.relu %0 : tensor<2x96x16x16xf32>
    %2 = echo.max_pool2d %1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x96x16x16xf32> -> tensor<2x96x8x8xf32>
    %3 = echo.conv2d %2, %arg4, %arg5 : (tensor<2x96x8x8xf32>, tensor<256x96x5x5xf32>, tensor<256xf32>) -> tensor<2x256x4x4xf32>
    %4 = echo.relu %3 : tensor<2x256x4x4xf32>
    %5 = echo.max_pool2d %4 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x256x4x4xf32> -> tensor<2x256x2x2xf32>
    %6 = echo.conv2d %5, %arg6, %arg7 {padding = array<i64: 1, 1>} : (tensor<2x256x2x2xf32>, tensor<512x256x3x3xf32>, tensor<512xf32>) -> tensor<2x512x2x2xf32>
    %7 = echo.relu %6 : tensor<2x512x2x2xf32>
    %8 = echo.conv2d %7, %arg8, %arg9 {padding = array<i64: 1, 1>} : (tensor<2x512x2x2xf32>, tensor<1024x512x3x3xf32>, tensor<1024xf32>) -> tensor<2x1024x2x2xf32>
    %9 = echo.relu %8 : tensor<2x1024x2x2xf32>
    %10 = echo.conv2d %9, %arg10, %arg11 {padding = array<i64: 1, 1>} : (tensor<2x1024x2x2xf32>, tensor<1024x1024x3x3xf32>, tensor<1024xf32>) -> tensor<2x1024x2x2xf32>
    %11 = echo.relu %10 : tensor<2x1024x2x2xf32>
    %12 = echo.max_pool2d %11 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x1024x2x2xf32> -> tensor<2x1024x1x1xf32>
    %13 = echo.reshape %12 : tensor<2x1024x1x1xf32> -> tensor<2x1024xf32>
    %14 = echo.linear %13, %arg12, %arg13 : (tensor<2x1024xf32>, tensor<3072x1024xf32>, tensor<3072xf32>) -> tensor<2x3072xf32>
    %15 = echo.relu %14 : tensor<2x3072xf32>
    %output, %mask = echo.dropout %15 probability 5.000000e-01 seed 1 : tensor<2x3072xf32> -> tensor<2x3072xf32>, tensor<2x3072xi1>
    %16 = echo.linear %output, %arg14, %arg15 : (tensor<2x3072xf32>, tensor<4096x3072xf32>, tensor<4096xf32>) -> tensor<2x4096xf32>
    %17 = echo.relu %16 : tensor<2x4096xf32>
    %output_0, %mask_1 = echo.dropout %17 probability 5.000000e-01 seed 2 : tensor<2x4096xf32> -> tensor<2x4096xf32>, tensor<2x4096xi1>
    %18 = echo.linear %output_0, %arg16, %arg17 : (tensor<2x4096xf32>, tensor<1000x4096xf32>, tensor<1000xf32>) -> tensor<2x1000xf32>
    %19 = echo.cross_entropy %18, %arg1 : (tensor<2x1000xf32>, tensor<2xi32>) -> tensor<f32>
    return %19 : tensor<f32>
  }
}

