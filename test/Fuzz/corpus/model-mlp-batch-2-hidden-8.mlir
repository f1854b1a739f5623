module {
  func.func @mlp(%arg0: tensor<2x784xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x784xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<8x8xf32> {echo.trainable}, %arg5: tensor<8xf32> {echo.trainable}, %arg6: tensor<10x8xf32> {echo.trainable}, %arg7: tensor<10xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg2, %arg3 : (tensor<2x784xf32>, tensor<8x784xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %1 = echo.relu %0 : tensor<2x8xf32>
    %2 = echo.linear %1, %arg4, %arg5 : (tensor<2x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
    %3 = echo.relu %2 : tensor<2x8xf32>
    %4 = echo.linear %3, %arg6, %arg7 : (tensor<2x8xf32>, tensor<10x8xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %5 = echo.cross_entropy %4, %arg1 : (tensor<2x10xf32>, tensor<2xi32>) -> tensor<f32>
    return %5 : tensor<f32>
  }
}

