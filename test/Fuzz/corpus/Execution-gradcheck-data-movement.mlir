func.func @moves(%x: tensor<4x3xf32>, %y: tensor<2x4x3xf32>, %x6: tensor<6x3xf32>,
                 %a: tensor<3x4xf32> {echo.trainable},
                 %b: tensor<2x3xf32> {echo.trainable},
                 %c: tensor<1x3xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.transpose %a permutation [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
  %s = echo.slice %t offsets [1, 0] strides [2, 1] : tensor<4x3xf32> -> tensor<2x3xf32>
  %cc = echo.concat %s, %b, %b axis 0 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %p, %q, %unused = echo.split %cc axis 1 : tensor<6x3xf32> -> tensor<6x1xf32>, tensor<6x1xf32>, tensor<6x1xf32>
  %pb = echo.broadcast_to %p : tensor<6x1xf32> -> tensor<6x4xf32>
  %qa = echo.mul %q, %pb : (tensor<6x1xf32>, tensor<6x4xf32>) -> tensor<6x4xf32>
  %m1 = echo.matmul %qa, %a transpose_rhs : (tensor<6x4xf32>, tensor<3x4xf32>) -> tensor<6x3xf32>
  %m2 = echo.matmul %m1, %x6 transpose_lhs : (tensor<6x3xf32>, tensor<6x3xf32>) -> tensor<3x3xf32>
  %m3 = echo.matmul %m2, %a : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %m4 = echo.matmul %a, %m2 transpose_lhs transpose_rhs : (tensor<3x4xf32>, tensor<3x3xf32>) -> tensor<4x3xf32>
  %sm = echo.softmax %m4 {axis = 0 : i64} : tensor<4x3xf32>
  %cb = echo.broadcast_to %c : tensor<1x3xf32> -> tensor<2x4x3xf32>
  %cy = echo.mul %cb, %y : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %cyt = echo.transpose %cy permutation [1, 2, 0] : tensor<2x4x3xf32> -> tensor<4x3x2xf32>
  %mx = echo.reduce max %cyt dims [2] : tensor<4x3x2xf32> -> tensor<4x3xf32>
  %r = echo.reshape %sm : tensor<4x3xf32> -> tensor<12xf32>
  %r2 = echo.reshape %r : tensor<12xf32> -> tensor<4x3xf32>
  %z = echo.add %r2, %mx : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %zx = echo.mul %z, %x : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %rs = echo.reduce sum %zx dims [1] keepdims : tensor<4x3xf32> -> tensor<4x1xf32>
  %rs2 = echo.reduce sum %m3 dims [0] : tensor<3x4xf32> -> tensor<4xf32>
  %rs3 = echo.reshape %rs2 : tensor<4xf32> -> tensor<4x1xf32>
  %sum = echo.add %rs, %rs3 : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %l = echo.reduce mean %sum dims [0, 1] : tensor<4x1xf32> -> tensor<f32>
  return %l : tensor<f32>
}
