func.func @cell(%xh: tensor<2x16xf32>, %cin: tensor<2x8xf32>, %labels: tensor<2xi32>,
                %w: tensor<32x16xf32> {echo.trainable}, %wc: tensor<8x8xf32> {echo.trainable},
                %wo: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
  %z = echo.linear %xh, %w : (tensor<2x16xf32>, tensor<32x16xf32>) -> tensor<2x32xf32>
  %c = echo.linear %cin, %wc : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %ip, %fp, %gp, %op = echo.split %z axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
  %i = echo.sigmoid %ip : tensor<2x8xf32>
  %f = echo.sigmoid %fp : tensor<2x8xf32>
  %g = echo.tanh %gp : tensor<2x8xf32>
  %o = echo.sigmoid %op : tensor<2x8xf32>
  %fc = echo.mul %f, %c : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %ig = echo.mul %i, %g : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %c1 = echo.add %fc, %ig : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %tc = echo.tanh %c1 : tensor<2x8xf32>
  %h1 = echo.mul %o, %tc : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %s = echo.add %h1, %c1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %y = echo.linear %s, %wo : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %l = echo.cross_entropy %y, %labels : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
