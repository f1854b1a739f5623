func.func @step(%in: tensor<16x64xf32>, %labels: tensor<1xi32>,
                %w1: tensor<64x64xf32> {echo.trainable},
                %w2: tensor<10x16xf32> {echo.trainable}) -> tensor<f32> {
  %x = echo.linear %in, %w1 : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %r = echo.relu %x : tensor<16x64xf32>
  %d, %mask = echo.dropout %r probability 2.500000e-01 seed 7 : tensor<16x64xf32> -> tensor<16x64xf32>, tensor<16x64xi1>
  %s = echo.reduce sum %d dims [1] : tensor<16x64xf32> -> tensor<16xf32>
  %s2 = echo.reshape %s : tensor<16xf32> -> tensor<1x16xf32>
  %o = echo.linear %s2, %w2 : (tensor<1x16xf32>, tensor<10x16xf32>) -> tensor<1x10xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<1x10xf32>, tensor<1xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
