// lstm-cell-nonlinear.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Remat/lstm-cell-nonlinear.mlir --echo-autodiff
module {
  func.func @cell(%arg0: tensor<2x16xf32>, %arg1: tensor<2x8xf32>, %arg2: tensor<2xi32>, %arg3: tensor<32x16xf32> {echo.trainable}, %arg4: tensor<8x8xf32> {echo.trainable}, %arg5: tensor<3x8xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg3 : (tensor<2x16xf32>, tensor<32x16xf32>) -> tensor<2x32xf32>
    %1 = echo.linear %arg1, %arg4 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %2:4 = echo.split %0 axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
    %3 = echo.sigmoid %2#0 : tensor<2x8xf32>
    %4 = echo.sigmoid %2#1 : tensor<2x8xf32>
    %5 = echo.tanh %2#2 : tensor<2x8xf32>
    %6 = echo.sigmoid %2#3 : tensor<2x8xf32>
    %7 = echo.mul %4, %1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %8 = echo.mul %3, %5 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %9 = echo.add %7, %8 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %10 = echo.tanh %9 : tensor<2x8xf32>
    %11 = echo.mul %6, %10 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %12 = echo.add %11, %9 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %13 = echo.linear %12, %arg5 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
    %14 = echo.cross_entropy %13, %arg2 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    return %14 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<2x16xf32>, %arg1: tensor<2x8xf32>, %arg2: tensor<2xi32>, %arg3: tensor<32x16xf32> {echo.trainable}, %arg4: tensor<8x8xf32> {echo.trainable}, %arg5: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<32x16xf32>, tensor<8x8xf32>, tensor<3x8xf32>) {
    %0 = echo.linear %arg0, %arg3 : (tensor<2x16xf32>, tensor<32x16xf32>) -> tensor<2x32xf32>
    %1 = echo.linear %arg1, %arg4 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %2 = echo.stash %1 : tensor<2x8xf32>
    %3:4 = echo.split %0 axis 1 : tensor<2x32xf32> -> tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>
    %4 = echo.sigmoid %3#0 : tensor<2x8xf32>
    %5 = echo.stash %4 : tensor<2x8xf32>
    %6 = echo.sigmoid %3#1 : tensor<2x8xf32>
    %7 = echo.stash %6 : tensor<2x8xf32>
    %8 = echo.tanh %3#2 : tensor<2x8xf32>
    %9 = echo.stash %8 : tensor<2x8xf32>
    %10 = echo.sigmoid %3#3 : tensor<2x8xf32>
    %11 = echo.stash %10 : tensor<2x8xf32>
    %12 = echo.mul %6, %1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %13 = echo.mul %4, %8 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %14 = echo.add %12, %13 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %15 = echo.tanh %14 : tensor<2x8xf32>
    %16 = echo.stash %15 : tensor<2x8xf32>
    %17 = echo.mul %10, %15 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %18 = echo.add %17, %14 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %19 = echo.stash %18 : tensor<2x8xf32>
    %20 = echo.linear %18, %arg5 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
    %21 = echo.stash %20 : tensor<2x3xf32>
    %22 = echo.cross_entropy %20, %arg2 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    %23 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %24 = echo.cross_entropy_grad %21, %arg2, %23 : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
    %25 = echo.linear_grad_weight %24, %19 : (tensor<2x3xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
    %26 = echo.linear_grad_input %24, %arg5 : (tensor<2x3xf32>, tensor<3x8xf32>) -> tensor<2x8xf32>
    %27 = echo.mul %26, %16 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %28 = echo.mul %26, %11 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %29 = echo.tanh_grad %16, %28 : tensor<2x8xf32>
    %30 = echo.add %26, %29 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %31 = echo.mul %30, %9 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %32 = echo.mul %30, %5 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %33 = echo.mul %30, %2 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %34 = echo.mul %30, %7 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    %35 = echo.sigmoid_grad %11, %27 : tensor<2x8xf32>
    %36 = echo.tanh_grad %9, %32 : tensor<2x8xf32>
    %37 = echo.sigmoid_grad %7, %33 : tensor<2x8xf32>
    %38 = echo.sigmoid_grad %5, %31 : tensor<2x8xf32>
    %39 = echo.concat %38, %37, %36, %35 axis 1 : (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x32xf32>
    %40 = echo.linear_grad_weight %34, %arg1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
    %41 = echo.linear_grad_weight %39, %arg0 : (tensor<2x32xf32>, tensor<2x16xf32>) -> tensor<32x16xf32>
    return %22, %41, %40, %25 : tensor<f32>, tensor<32x16xf32>, tensor<8x8xf32>, tensor<3x8xf32>
  }
}

