func.func @attention(%enc: tensor<2x5x4xf32>, %s: tensor<2x4xf32>, %labels: tensor<2xi32>,
                     %we: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                     %ba: tensor<4xf32> {echo.trainable}, %v: tensor<1x4xf32> {echo.trainable},
                     %wo: tensor<3x4xf32> {echo.trainable}) -> tensor<f32> {
  %ke = echo.linear %enc, %we : (tensor<2x5x4xf32>, tensor<4x4xf32>) -> tensor<2x5x4xf32>
  %q = echo.linear %s, %wq : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q3 = echo.reshape %q : tensor<2x4xf32> -> tensor<2x1x4xf32>
  %e = echo.add %ke, %q3 : (tensor<2x5x4xf32>, tensor<2x1x4xf32>) -> tensor<2x5x4xf32>
  %eb = echo.add %e, %ba : (tensor<2x5x4xf32>, tensor<4xf32>) -> tensor<2x5x4xf32>
  %t = echo.tanh %eb : tensor<2x5x4xf32>
  %sc = echo.linear %t, %v : (tensor<2x5x4xf32>, tensor<1x4xf32>) -> tensor<2x5x1xf32>
  %sc2 = echo.reshape %sc : tensor<2x5x1xf32> -> tensor<2x5xf32>
  %a = echo.softmax %sc2 {axis = 1 : i64} : tensor<2x5xf32>
  %a3 = echo.reshape %a : tensor<2x5xf32> -> tensor<2x1x5xf32>
  %ctx = echo.batch_matmul %a3, %enc : (tensor<2x1x5xf32>, tensor<2x5x4xf32>) -> tensor<2x1x4xf32>
  %ctx2 = echo.reshape %ctx : tensor<2x1x4xf32> -> tensor<2x4xf32>
  %o = echo.linear %ctx2, %wo : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
