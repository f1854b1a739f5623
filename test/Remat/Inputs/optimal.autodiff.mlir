// optimal.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Remat/optimal.mlir --echo-autodiff
module {
  func.func @scores(%arg0: tensor<8x4xf32>, %arg1: tensor<5x4xf32>, %arg2: tensor<8xi32>, %arg3: tensor<4x4xf32> {echo.trainable}, %arg4: tensor<4x4xf32> {echo.trainable}, %arg5: tensor<1x4xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.linear %arg0, %arg3 : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %1 = echo.linear %arg1, %arg4 : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5x4xf32>
    %2 = echo.slice %1 offsets [0, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %3 = echo.add %0, %2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %4 = echo.tanh %3 : tensor<8x4xf32>
    %5 = echo.slice %1 offsets [1, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %6 = echo.add %0, %5 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %7 = echo.tanh %6 : tensor<8x4xf32>
    %8 = echo.slice %1 offsets [2, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %9 = echo.add %0, %8 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %10 = echo.tanh %9 : tensor<8x4xf32>
    %11 = echo.slice %1 offsets [3, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %12 = echo.add %0, %11 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %13 = echo.tanh %12 : tensor<8x4xf32>
    %14 = echo.slice %1 offsets [4, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %15 = echo.add %0, %14 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %16 = echo.tanh %15 : tensor<8x4xf32>
    %17 = echo.concat %4, %7, %10, %13, %16 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<40x4xf32>
    %18 = echo.linear %17, %arg5 : (tensor<40x4xf32>, tensor<1x4xf32>) -> tensor<40x1xf32>
    %19 = echo.reshape %18 : tensor<40x1xf32> -> tensor<8x5xf32>
    %20 = echo.cross_entropy %19, %arg2 : (tensor<8x5xf32>, tensor<8xi32>) -> tensor<f32>
    return %20 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<8x4xf32>, %arg1: tensor<5x4xf32>, %arg2: tensor<8xi32>, %arg3: tensor<4x4xf32> {echo.trainable}, %arg4: tensor<4x4xf32> {echo.trainable}, %arg5: tensor<1x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>) {
    %0 = echo.linear %arg0, %arg3 : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
    %1 = echo.linear %arg1, %arg4 : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5x4xf32>
    %2 = echo.slice %1 offsets [0, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %3 = echo.add %0, %2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %4 = echo.tanh %3 : tensor<8x4xf32>
    %5 = echo.stash %4 : tensor<8x4xf32>
    %6 = echo.slice %1 offsets [1, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %7 = echo.add %0, %6 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %8 = echo.tanh %7 : tensor<8x4xf32>
    %9 = echo.stash %8 : tensor<8x4xf32>
    %10 = echo.slice %1 offsets [2, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %11 = echo.add %0, %10 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %12 = echo.tanh %11 : tensor<8x4xf32>
    %13 = echo.stash %12 : tensor<8x4xf32>
    %14 = echo.slice %1 offsets [3, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %15 = echo.add %0, %14 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %16 = echo.tanh %15 : tensor<8x4xf32>
    %17 = echo.stash %16 : tensor<8x4xf32>
    %18 = echo.slice %1 offsets [4, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
    %19 = echo.add %0, %18 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
    %20 = echo.tanh %19 : tensor<8x4xf32>
    %21 = echo.stash %20 : tensor<8x4xf32>
    %22 = echo.concat %4, %8, %12, %16, %20 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<40x4xf32>
    %23 = echo.stash %22 : tensor<40x4xf32>
    %24 = echo.linear %22, %arg5 : (tensor<40x4xf32>, tensor<1x4xf32>) -> tensor<40x1xf32>
    %25 = echo.reshape %24 : tensor<40x1xf32> -> tensor<8x5xf32>
    %26 = echo.stash %25 : tensor<8x5xf32>
    %27 = echo.cross_entropy %25, %arg2 : (tensor<8x5xf32>, tensor<8xi32>) -> tensor<f32>
    %28 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %29 = echo.cross_entropy_grad %26, %arg2, %28 : (tensor<8x5xf32>, tensor<8xi32>, tensor<f32>) -> tensor<8x5xf32>
    %30 = echo.reshape %29 : tensor<8x5xf32> -> tensor<40x1xf32>
    %31 = echo.linear_grad_weight %30, %23 : (tensor<40x1xf32>, tensor<40x4xf32>) -> tensor<1x4xf32>
    %32 = echo.linear_grad_input %30, %arg5 : (tensor<40x1xf32>, tensor<1x4xf32>) -> tensor<40x4xf32>
    %33 = echo.slice %32 offsets [0, 0] : tensor<40x4xf32> -> tensor<8x4xf32>
    %34 = echo.slice %32 offsets [8, 0] : tensor<40x4xf32> -> tensor<8x4xf32>
    %35 = echo.slice %32 offsets [16, 0] : tensor<40x4xf32> -> tensor<8x4xf32>
    %36 = echo.slice %32 offsets [24, 0] : tensor<40x4xf32> -> tensor<8x4xf32>
    %37 = echo.slice %32 offsets [32, 0] : tensor<40x4xf32> -> tensor<8x4xf32>
    %38 = echo.tanh_grad %21, %37 : tensor<8x4xf32>
    %39 = echo.sum_to %38 : tensor<8x4xf32> -> tensor<1x4xf32>
    %40 = echo.slice_grad %39 offsets [4, 0] : tensor<1x4xf32> -> tensor<5x4xf32>
    %41 = echo.tanh_grad %17, %36 : tensor<8x4xf32>
    %42 = echo.sum_to %41 : tensor<8x4xf32> -> tensor<1x4xf32>
    %43 = echo.add %38, %41 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %44 = echo.slice_grad %42 offsets [3, 0] : tensor<1x4xf32> -> tensor<5x4xf32>
    %45 = echo.add %40, %44 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %46 = echo.tanh_grad %13, %35 : tensor<8x4xf32>
    %47 = echo.sum_to %46 : tensor<8x4xf32> -> tensor<1x4xf32>
    %48 = echo.add %43, %46 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %49 = echo.slice_grad %47 offsets [2, 0] : tensor<1x4xf32> -> tensor<5x4xf32>
    %50 = echo.add %45, %49 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %51 = echo.tanh_grad %9, %34 : tensor<8x4xf32>
    %52 = echo.sum_to %51 : tensor<8x4xf32> -> tensor<1x4xf32>
    %53 = echo.add %48, %51 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %54 = echo.slice_grad %52 offsets [1, 0] : tensor<1x4xf32> -> tensor<5x4xf32>
    %55 = echo.add %50, %54 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %56 = echo.tanh_grad %5, %33 : tensor<8x4xf32>
    %57 = echo.sum_to %56 : tensor<8x4xf32> -> tensor<1x4xf32>
    %58 = echo.add %53, %56 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %59 = echo.slice_grad %57 offsets [0, 0] : tensor<1x4xf32> -> tensor<5x4xf32>
    %60 = echo.add %55, %59 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %61 = echo.linear_grad_weight %60, %arg1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<4x4xf32>
    %62 = echo.linear_grad_weight %58, %arg0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
    return %27, %62, %61, %31 : tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<1x4xf32>
  }
}

