module {
  func.func @lstm_lm(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xi32>, %arg2: tensor<16x8xf32> {echo.trainable}, %arg3: tensor<32x16xf32> {echo.trainable}, %arg4: tensor<32xf32> {echo.trainable}, %arg5: tensor<16x8xf32> {echo.trainable}, %arg6: tensor<16xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.embedding %arg2, %arg0 : (tensor<16x8xf32>, tensor<2x3xi32>) -> tensor<2x3x8xf32>
    %1 = echo.zeros : tensor<2x8xf32>
    %2 = echo.zeros : tensor<2x8xf32>
    %3 = echo.slice %0 offsets [0, 0, 0] : tensor<2x3x8xf32> -> tensor<2x1x8xf32>
    %4 = echo.reshape %3 : tensor<2x1x8xf32> -> tensor<2x8xf32>
    %5 = echo.concat %4, %1 axis 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
    %6 = echo.linear %5, %arg3, %arg4 : (tensor<2x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<2x32xf32>
    %7:4 = echo.split %6 axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
    %8 = echo.sigmoid %7#0 : tensor<2x8xf32>
    %9 = echo.sigmoid %7#1 : tensor<2x8xf32>
    %10 = echo.tanh %7#2 : tensor<2x8xf32>
    %11 = echo.sigmoid %7#3 : tensor<2x8xf32>
    %12 = echo.mul %8, %10 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %13 = echo.mul %9, %2 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %14 = echo.add %13, %12 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %15 = echo.tanh %14 : tensor<2x8xf32>
    %16 = echo.mul %11, %15 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %17 = echo.reshape %16 : tensor<2x8xf32> -> tensor<2x1x8xf32>
    %18 = echo.slice %0 offsets [0, 1, 0] : tensor<2x3x8xf32> -> tensor<2x1x8xf32>
    %19 = echo.reshape %18 : tensor<2x1x8xf32> -> tensor<2x8xf32>
    %20 = echo.concat %19, %16 axis 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
    %21 = echo.linear %20, %arg3, %arg4 : (tensor<2x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<2x32xf32>
    %22:4 = echo.split %21 axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
    %23 = echo.sigmoid %22#0 : tensor<2x8xf32>
    %24 = echo.sigmoid %22#1 : tensor<2x8xf32>
    %25 = echo.tanh %22#2 : tensor<2x8xf32>
    %26 = echo.sigmoid %22#3 : tensor<2x8xf32>
    %27 = echo.mul %23, %25 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %28 = echo.mul %24, %14 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %29 = echo.add %28, %27 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %30 = echo.tanh %29 : tensor<2x8xf32>
    %31 = echo.mul %26, %30 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %32 = echo.reshape %31 : tensor<2x8xf32> -> tensor<2x1x8xf32>
    %33 = echo.slice %0 offsets [0, 2, 0] : tensor<2x3x8xf32> -> tensor<2x1x8xf32>
    %34 = echo.reshape %33 : tensor<2x1x8xf32> -> tensor<2x8xf32>
    %35 = echo.concat %34, %31 axis 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
    %36 = echo.linear %35, %arg3, %arg4 : (tensor<2x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<2x32xf32>
    %37:4 = echo.split %36 axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
    %38 = echo.sigmoid %37#0 : tensor<2x8xf32>
    %39 = echo.sigmoid %37#1 : tensor<2x8xf32>
    %40 = echo.tanh %37#2 : tensor<2x8xf32>
    %41 = echo.sigmoid %37#3 : tensor<2x8xf32>
    %42 = echo.mul %38, %40 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %43 = echo.mul %39, %29 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %44 = echo.add %43, %42 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %45 = echo.tanh %44 : tensor<2x8xf32>
    %46 = echo.mul %41, %45 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %47 = echo.reshape %46 : tensor<2x8xf32> -> tensor<2x1x8xf32>
    %48 = echo.concat %17, %32, %47 axis 1 : (tensor<2x1x8xf32>, tensor<2x1x8xf32>, tensor<2x1x8xf32>) -> tensor<2x3x8xf32>
    %49 = echo.linear %48, %arg5, %arg6 : (tensor<2x3x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<2x3x16xf32>
    %50 = echo.cross_entropy %49, %arg1 : (tensor<2x3x16xf32>, tensor<2x3xi32>) -> tensor<f32>
    return %50 : tensor<f32>
  }
}

