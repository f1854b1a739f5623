module {
  func.func @vgg16(%arg0: tensor<2x3x32x32xf32>, %arg1: tensor<2xi32>, %arg2: tensor<64x3x3x3xf32> {echo.trainable}, %arg3: tensor<64xf32> {echo.trainable}, %arg4: tensor<64x64x3x3xf32> {echo.trainable}, %arg5: tensor<64xf32> {echo.trainable}, %arg6: tensor<128x64x3x3xf32> {echo.trainable}, %arg7: tensor<128xf32> {echo.trainable}, %arg8: tensor<128x128x3x3xf32> {echo.trainable}, %arg9: tensor<128xf32> {echo.trainable}, %arg10: tensor<256x128x3x3xf32> {echo.trainable}, %arg11: tensor<256xf32> {echo.trainable}, %arg12: tensor<256x256x3x3xf32> {echo.trainable}, %arg13: tensor<256xf32> {echo.trainable}, %arg14: tensor<256x256x3x3xf32> {echo.trainable}, %arg15: tensor<256xf32> {echo.trainable}, %arg16: tensor<512x256x3x3xf32> {echo.trainable}, %arg17: tensor<512xf32> {echo.trainable}, %arg18: tensor<512x512x3x3xf32> {echo.trainable}, %arg19: tensor<512xf32> {echo.trainable}, %arg20: tensor<512x512x3x3xf32> {echo.trainable}, %arg21: tensor<512xf32> {echo.trainable}, %arg22: tensor<512x512x3x3xf32> {echo.trainable}, %arg23: tensor<512xf32> {echo.trainable}, %arg24: tensor<512x512x3x3xf32> {echo.trainable}, %arg25: tensor<512xf32> {echo.trainable}, %arg26: tensor<512x512x3x3xf32> {echo.trainable}, %arg27: tensor<512xf32> {echo.trainable}, %arg28: tensor<4096x512xf32> {echo.trainable}, %arg29: tensor<4096xf32> {echo.trainable}, %arg30: tensor<4096x4096xf32> {echo.trainable}, %arg31: tensor<4096xf32> {echo.trainable}, %arg32: tensor<1000x4096xf32> {echo.trainable}, %arg33: tensor<1000xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2, %arg3 {padding = array<i64: 1, 1>} : (tensor<2x3x32x32xf32>, tensor<64x3x3x3xf32>, tensor<64xf32>) -> tensor<2x64x32x32xf32>
    %1 = echo.relu %0 : tensor<2x64x32x32xf32>
    %2 = echo.conv2d %1, %arg4, %arg5 {padding = array<i64: 1, 1>} : (tensor<2x64x32x32xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>) -> tensor<2x64x32x32xf32>
    %3 = echo.relu %2 : tensor<2x64x32x32xf32>
    %4 = echo.max_pool2d %3 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x64x32x32xf32> -> tensor<2x64x16x16xf32>
    %5 = echo.conv2d %4, %arg6, %arg7 {padding = array<i64: 1, 1>} : (tensor<2x64x16x16xf32>, tensor<128x64x3x3xf32>, tensor<128xf32>) -> tensor<2x128x16x16xf32>
    %6 = echo.relu %5 : tensor<2x128x16x16xf32>
    %7 = echo.conv2d %6, %arg8, %arg9 {padding = array<i64: 1, 1>} : (tensor<2x128x16x16xf32>, tensor<128x128x3x3xf32>, tensor<128xf32>) -> tensor<2x128x16x16xf32>
    %8 = echo.relu %7 : tensor<2x128x16x16xf32>
    %9 = echo.max_pool2d %8 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x128x16x16xf32> -> tensor<2x128x8x8xf32>
    %10 = echo.conv2d %9, %arg10, %arg11 {padding = array<i64: 1, 1>} : (tensor<2x128x8x8xf32>, tensor<256x128x3x3xf32>, tensor<256xf32>) -> tensor<2x256x8x8xf32>
    %11 = echo.relu %10 : tensor<2x256x8x8xf32>
    %12 = echo.conv2d %11, %arg12, %arg13 {padding = array<i64: 1, 1>} : (tensor<2x256x8x8xf32>, tensor<256x256x3x3xf32>, tensor<256xf32>) -> tensor<2x256x8x8xf32>
    %13 = echo.relu %12 : tensor<2x256x8x8xf32>
    %14 = echo.conv2d %13, %arg14, %arg15 {padding = array<i64: 1, 1>} : (tensor<2x256x8x8xf32>, tensor<256x256x3x3xf32>, tensor<256xf32>) -> tensor<2x256x8x8xf32>
    %15 = echo.relu %14 : tensor<2x256x8x8xf32>
    %16 = echo.max_pool2d %15 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x256x8x8xf32> -> tensor<2x256x4x4xf32>
    %17 = echo.conv2d %16, %arg16, %arg17 {padding = array<i64: 1, 1>} : (tensor<2x256x4x4xf32>, tensor<512x256x3x3xf32>, tensor<512xf32>) -> tensor<2x512x4x4xf32>
    %18 = echo.relu %17 : tensor<2x512x4x4xf32>
    %19 = echo.conv2d %18, %arg18, %arg19 {padding = array<i64: 1, 1>} : (tensor<2x512x4x4xf32>, tensor<512x512x3x3xf32>, tensor<512xf32>) -> tensor<2x512x4x4xf32>
    %20 = echo.relu %19 : tensor<2x512x4x4xf32>
    %21 = echo.conv2d %20, %arg20, %arg21 {padding = array<i64: 1, 1>} : (tensor<2x512x4x4xf32>, tensor<512x512x3x3xf32>, tensor<512xf32>) -> tensor<2x512x4x4xf32>
    %22 = echo.relu %21 : tensor<2x512x4x4xf32>
    %23 = echo.max_pool2d %22 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x512x4x4xf32> -> tensor<2x512x2x2xf32>
    %24 = echo.conv2d %23, %arg22, %arg23 {padding = array<i64: 1, 1>} : (tensor<2x512x2x2xf32>, tensor<512x512x3x3xf32>, tensor<512xf32>) -> tensor<2x512x2x2xf32>
    %25 = echo.relu %24 : tensor<2x512x2x2xf32>
    %26 = echo.conv2d %25, %arg24, %arg25 {padding = array<i64: 1, 1>} : (tensor<2x512x2x2xf32>, tensor<512x512x3x3xf32>, tensor<512xf32>) -> tensor<2x512x2x2xf32>
    %27 = echo.relu %26 : tensor<2x512x2x2xf32>
    %28 = echo.conv2d %27, %arg26, %arg27 {padding = array<i64: 1, 1>} : (tensor<2x512x2x2xf32>, tensor<512x512x3x3xf32>, tensor<512xf32>) -> tensor<2x512x2x2xf32>
    %29 = echo.relu %28 : tensor<2x512x2x2xf32>
    %30 = echo.max_pool2d %29 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x512x2x2xf32> -> tensor<2x512x1x1xf32>
    %31 = echo.reshape %30 : tensor<2x512x1x1xf32> -> tensor<2x512xf32>
    %32 = echo.linear %31, %arg28, %arg29 : (tensor<2x512xf32>, tensor<4096x512xf32>, tensor<4096xf32>) -> tensor<2x4096xf32>
    %33 = echo.relu %32 : tensor<2x4096xf32>
    %output, %mask = echo.dropout %33 probability 5.000000e-01 seed 1 : tensor<2x4096xf32> -> tensor<2x4096xf32>, tensor<2x4096xi1>
    %34 = echo.linear %output, %arg30, %arg31 : (tensor<2x4096xf32>, tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<2x4096xf32>
    %35 = echo.relu %34 : tensor<2x4096xf32>
    %output_0, %mask_1 = echo.dropout %35 probability 5.000000e-01 seed 2 : tensor<2x4096xf32> -> tensor<2x4096xf32>, tensor<2x4096xi1>
    %36 = echo.linear %output_0, %arg32, %arg33 : (tensor<2x4096xf32>, tensor<1000x4096xf32>, tensor<1000xf32>) -> tensor<2x1000xf32>
    %37 = echo.cross_entropy %36, %arg1 : (tensor<2x1000xf32>, tensor<2xi32>) -> tensor<f32>
    return %37 : tensor<f32>
  }
}

