module {
  func.func @resnet_cifar(%arg0: tensor<2x3x8x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<16x3x3x3xf32> {echo.trainable}, %arg3: tensor<16xf32> {echo.trainable}, %arg4: tensor<16xf32> {echo.trainable}, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<16x16x3x3xf32> {echo.trainable}, %arg8: tensor<16xf32> {echo.trainable}, %arg9: tensor<16xf32> {echo.trainable}, %arg10: tensor<16xf32>, %arg11: tensor<16xf32>, %arg12: tensor<16x16x3x3xf32> {echo.trainable}, %arg13: tensor<16xf32> {echo.trainable}, %arg14: tensor<16xf32> {echo.trainable}, %arg15: tensor<16xf32>, %arg16: tensor<16xf32>, %arg17: tensor<32x16x3x3xf32> {echo.trainable}, %arg18: tensor<32xf32> {echo.trainable}, %arg19: tensor<32xf32> {echo.trainable}, %arg20: tensor<32xf32>, %arg21: tensor<32xf32>, %arg22: tensor<32x32x3x3xf32> {echo.trainable}, %arg23: tensor<32xf32> {echo.trainable}, %arg24: tensor<32xf32> {echo.trainable}, %arg25: tensor<32xf32>, %arg26: tensor<32xf32>, %arg27: tensor<64x32x3x3xf32> {echo.trainable}, %arg28: tensor<64xf32> {echo.trainable}, %arg29: tensor<64xf32> {echo.trainable}, %arg30: tensor<64xf32>, %arg31: tensor<64xf32>, %arg32: tensor<64x64x3x3xf32> {echo.trainable}, %arg33: tensor<64xf32> {echo.trainable}, %arg34: tensor<64xf32> {echo.trainable}, %arg35: tensor<64xf32>, %arg36: tensor<64xf32>, %arg37: tensor<10x64xf32> {echo.trainable}, %arg38: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<2x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<2x16x8x8xf32>
    %output, %new_running_mean, %new_running_var, %saved_mean, %saved_inv_std = echo.batch_norm %0, %arg3, %arg4, %arg5, %arg6 : (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
    %1 = echo.relu %output : tensor<2x16x8x8xf32>
    %2 = echo.conv2d %1, %arg7 {padding = array<i64: 1, 1>} : (tensor<2x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<2x16x8x8xf32>
    %output_0, %new_running_mean_1, %new_running_var_2, %saved_mean_3, %saved_inv_std_4 = echo.batch_norm %2, %arg8, %arg9, %arg10, %arg11 : (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
    %3 = echo.relu %output_0 : tensor<2x16x8x8xf32>
    %4 = echo.conv2d %3, %arg12 {padding = array<i64: 1, 1>} : (tensor<2x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<2x16x8x8xf32>
    %output_5, %new_running_mean_6, %new_running_var_7, %saved_mean_8, %saved_inv_std_9 = echo.batch_norm %4, %arg13, %arg14, %arg15, %arg16 : (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<2x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
    %5 = echo.add %output_5, %1 : (tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %6 = echo.relu %5 : tensor<2x16x8x8xf32>
    %7 = echo.conv2d %6, %arg17 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x16x8x8xf32>, tensor<32x16x3x3xf32>) -> tensor<2x32x4x4xf32>
    %output_10, %new_running_mean_11, %new_running_var_12, %saved_mean_13, %saved_inv_std_14 = echo.batch_norm %7, %arg18, %arg19, %arg20, %arg21 : (tensor<2x32x4x4xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x32x4x4xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>)
    %8 = echo.relu %output_10 : tensor<2x32x4x4xf32>
    %9 = echo.conv2d %8, %arg22 {padding = array<i64: 1, 1>} : (tensor<2x32x4x4xf32>, tensor<32x32x3x3xf32>) -> tensor<2x32x4x4xf32>
    %output_15, %new_running_mean_16, %new_running_var_17, %saved_mean_18, %saved_inv_std_19 = echo.batch_norm %9, %arg23, %arg24, %arg25, %arg26 : (tensor<2x32x4x4xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x32x4x4xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>)
    %10 = echo.avg_pool2d %6 {kernel = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x16x8x8xf32> -> tensor<2x16x4x4xf32>
    %11 = echo.zeros : tensor<2x16x4x4xf32>
    %12 = echo.concat %10, %11 axis 1 : (tensor<2x16x4x4xf32>, tensor<2x16x4x4xf32>) -> tensor<2x32x4x4xf32>
    %13 = echo.add %output_15, %12 : (tensor<2x32x4x4xf32>, tensor<2x32x4x4xf32>) -> tensor<2x32x4x4xf32>
    %14 = echo.relu %13 : tensor<2x32x4x4xf32>
    %15 = echo.conv2d %14, %arg27 {padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<2x32x4x4xf32>, tensor<64x32x3x3xf32>) -> tensor<2x64x2x2xf32>
    %output_20, %new_running_mean_21, %new_running_var_22, %saved_mean_23, %saved_inv_std_24 = echo.batch_norm %15, %arg28, %arg29, %arg30, %arg31 : (tensor<2x64x2x2xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<2x64x2x2xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>)
    %16 = echo.relu %output_20 : tensor<2x64x2x2xf32>
    %17 = echo.conv2d %16, %arg32 {padding = array<i64: 1, 1>} : (tensor<2x64x2x2xf32>, tensor<64x64x3x3xf32>) -> tensor<2x64x2x2xf32>
    %output_25, %new_running_mean_26, %new_running_var_27, %saved_mean_28, %saved_inv_std_29 = echo.batch_norm %17, %arg33, %arg34, %arg35, %arg36 : (tensor<2x64x2x2xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<2x64x2x2xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>)
    %18 = echo.avg_pool2d %14 {kernel = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<2x32x4x4xf32> -> tensor<2x32x2x2xf32>
    %19 = echo.zeros : tensor<2x32x2x2xf32>
    %20 = echo.concat %18, %19 axis 1 : (tensor<2x32x2x2xf32>, tensor<2x32x2x2xf32>) -> tensor<2x64x2x2xf32>
    %21 = echo.add %output_25, %20 : (tensor<2x64x2x2xf32>, tensor<2x64x2x2xf32>) -> tensor<2x64x2x2xf32>
    %22 = echo.relu %21 : tensor<2x64x2x2xf32>
    %23 = echo.avg_pool2d %22 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x64x2x2xf32> -> tensor<2x64x1x1xf32>
    %24 = echo.reshape %23 : tensor<2x64x1x1xf32> -> tensor<2x64xf32>
    %25 = echo.linear %24, %arg37, %arg38 : (tensor<2x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %26 = echo.cross_entropy %25, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %26 : tensor<f32>
  }
}

