func.func @lstm_cell(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %c: tensor<2x4xf32>,
                     %labels: tensor<2xi32>,
                     %w: tensor<16x7xf32> {echo.trainable},
                     %b: tensor<16xf32> {echo.trainable},
                     %wo: tensor<5x4xf32> {echo.trainable}) -> tensor<f32> {
  %xh = echo.concat %x, %h axis 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %z = echo.linear %xh, %w, %b : (tensor<2x7xf32>, tensor<16x7xf32>, tensor<16xf32>) -> tensor<2x16xf32>
  %zi, %zf, %zg, %zo = echo.split %z axis 1 : tensor<2x16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  %i = echo.sigmoid %zi : tensor<2x4xf32>
  %f = echo.sigmoid %zf : tensor<2x4xf32>
  %g = echo.tanh %zg : tensor<2x4xf32>
  %o = echo.sigmoid %zo : tensor<2x4xf32>
  %fc = echo.mul %f, %c : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %ig = echo.mul %i, %g : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c1 = echo.add %fc, %ig : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %tc = echo.tanh %c1 : tensor<2x4xf32>
  %h1 = echo.mul %o, %tc : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %logits = echo.linear %h1, %wo : (tensor<2x4xf32>, tensor<5x4xf32>) -> tensor<2x5xf32>
  %l = echo.cross_entropy %logits, %labels : (tensor<2x5xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
