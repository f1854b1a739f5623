// megatron.mlir after echo-autodiff: the input of its RUN lines that test the
// passes after autodiff. Regenerate with
//   echo-opt test/Remat/megatron.mlir --echo-autodiff
module {
  func.func @block(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<8xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<24x8xf32> {echo.trainable}, %arg5: tensor<8x8xf32> {echo.trainable}, %arg6: tensor<16x8xf32> {echo.trainable}, %arg7: tensor<8x16xf32> {echo.trainable}, %arg8: tensor<8x8xf32> {echo.trainable}) -> tensor<f32> {
    %0 = echo.tanh %arg0 : tensor<4x8xf32>
    %output, %mean, %inv_std = echo.layer_norm %0, %arg2, %arg3 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
    %1 = echo.linear %output, %arg4 : (tensor<4x8xf32>, tensor<24x8xf32>) -> tensor<4x24xf32>
    %2:3 = echo.split %1 axis 1 : tensor<4x24xf32> -> tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
    %3 = echo.reshape %2#0 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %4 = echo.reshape %2#1 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %5 = echo.reshape %2#2 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %6 = echo.batch_matmul %3, %4 transpose_rhs : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x4xf32>
    %7 = echo.fill 3.500000e-01 : tensor<f32>
    %8 = echo.mul %6, %7 : (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x4x4xf32>
    %9 = echo.softmax %8 : tensor<1x4x4xf32>
    %output_0, %mask = echo.dropout %9 probability 2.500000e-01 seed 7 : tensor<1x4x4xf32> -> tensor<1x4x4xf32>, tensor<1x4x4xi1>
    %10 = echo.batch_matmul %output_0, %5 : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %11 = echo.reshape %10 : tensor<1x4x8xf32> -> tensor<4x8xf32>
    %12 = echo.linear %11, %arg5 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %13 = echo.add %0, %12 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %output_1, %mean_2, %inv_std_3 = echo.layer_norm %13, %arg2, %arg3 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
    %14 = echo.linear %output_1, %arg6 : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %15 = echo.gelu %14 : tensor<4x16xf32>
    %16 = echo.linear %15, %arg7 : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %17 = echo.add %13, %16 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %18 = echo.linear %17, %arg8 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %19 = echo.cross_entropy %18, %arg1 : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
    return %19 : tensor<f32>
  }
  func.func @train_step(%arg0: tensor<4x8xf32>, %arg1: tensor<4xi32>, %arg2: tensor<8xf32> {echo.trainable}, %arg3: tensor<8xf32> {echo.trainable}, %arg4: tensor<24x8xf32> {echo.trainable}, %arg5: tensor<8x8xf32> {echo.trainable}, %arg6: tensor<16x8xf32> {echo.trainable}, %arg7: tensor<8x16xf32> {echo.trainable}, %arg8: tensor<8x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<8x8xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<8x8xf32>) {
    %0 = echo.tanh %arg0 : tensor<4x8xf32>
    %1 = echo.stash %0 : tensor<4x8xf32>
    %output, %mean, %inv_std = echo.layer_norm %0, %arg2, %arg3 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
    %2 = echo.stash %inv_std : tensor<4xf32>
    %3 = echo.stash %mean : tensor<4xf32>
    %4 = echo.stash %output : tensor<4x8xf32>
    %5 = echo.linear %output, %arg4 : (tensor<4x8xf32>, tensor<24x8xf32>) -> tensor<4x24xf32>
    %6:3 = echo.split %5 axis 1 : tensor<4x24xf32> -> tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
    %7 = echo.reshape %6#0 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %8 = echo.stash %7 : tensor<1x4x8xf32>
    %9 = echo.reshape %6#1 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %10 = echo.stash %9 : tensor<1x4x8xf32>
    %11 = echo.reshape %6#2 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %12 = echo.stash %11 : tensor<1x4x8xf32>
    %13 = echo.batch_matmul %7, %9 transpose_rhs : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x4xf32>
    %14 = echo.fill 3.500000e-01 : tensor<f32>
    %15 = echo.stash %14 : tensor<f32>
    %16 = echo.mul %13, %14 : (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x4x4xf32>
    %17 = echo.softmax %16 : tensor<1x4x4xf32>
    %18 = echo.stash %17 : tensor<1x4x4xf32>
    %output_0, %mask = echo.dropout %17 probability 2.500000e-01 seed 7 : tensor<1x4x4xf32> -> tensor<1x4x4xf32>, tensor<1x4x4xi1>
    %19 = echo.stash %mask : tensor<1x4x4xi1>
    %20 = echo.stash %output_0 : tensor<1x4x4xf32>
    %21 = echo.batch_matmul %output_0, %11 : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %22 = echo.reshape %21 : tensor<1x4x8xf32> -> tensor<4x8xf32>
    %23 = echo.stash %22 : tensor<4x8xf32>
    %24 = echo.linear %22, %arg5 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %25 = echo.add %0, %24 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %26 = echo.stash %25 : tensor<4x8xf32>
    %output_1, %mean_2, %inv_std_3 = echo.layer_norm %25, %arg2, %arg3 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>)
    %27 = echo.stash %inv_std_3 : tensor<4xf32>
    %28 = echo.stash %mean_2 : tensor<4xf32>
    %29 = echo.stash %output_1 : tensor<4x8xf32>
    %30 = echo.linear %output_1, %arg6 : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    %31 = echo.stash %30 : tensor<4x16xf32>
    %32 = echo.gelu %30 : tensor<4x16xf32>
    %33 = echo.stash %32 : tensor<4x16xf32>
    %34 = echo.linear %32, %arg7 : (tensor<4x16xf32>, tensor<8x16xf32>) -> tensor<4x8xf32>
    %35 = echo.add %25, %34 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %36 = echo.stash %35 : tensor<4x8xf32>
    %37 = echo.linear %35, %arg8 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %38 = echo.stash %37 : tensor<4x8xf32>
    %39 = echo.cross_entropy %37, %arg1 : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<f32>
    %40 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
    %41 = echo.cross_entropy_grad %38, %arg1, %40 : (tensor<4x8xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x8xf32>
    %42 = echo.linear_grad_weight %41, %36 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %43 = echo.linear_grad_input %41, %arg8 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %44 = echo.linear_grad_weight %43, %33 : (tensor<4x8xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
    %45 = echo.linear_grad_input %43, %arg7 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %46 = echo.gelu_grad %31, %45 : tensor<4x16xf32>
    %47 = echo.linear_grad_weight %46, %29 : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %48 = echo.linear_grad_input %46, %arg6 : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %input_grad, %gamma_grad, %beta_grad = echo.layer_norm_grad %26, %arg2, %28, %27, %48 : (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
    %49 = echo.add %43, %input_grad : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %50 = echo.linear_grad_weight %49, %23 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %51 = echo.linear_grad_input %49, %arg5 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
    %52 = echo.reshape %51 : tensor<4x8xf32> -> tensor<1x4x8xf32>
    %53 = echo.batch_matmul %52, %12 transpose_rhs : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x4xf32>
    %54 = echo.batch_matmul %20, %52 transpose_lhs : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %55 = echo.dropout_grad %19, %53 probability 2.500000e-01 : tensor<1x4x4xi1>, tensor<1x4x4xf32>
    %56 = echo.softmax_grad %18, %55 : tensor<1x4x4xf32>
    %57 = echo.mul %56, %15 : (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x4x4xf32>
    %58 = echo.batch_matmul %57, %10 : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %59 = echo.batch_matmul %57, %8 transpose_lhs : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %60 = echo.reshape %54 : tensor<1x4x8xf32> -> tensor<4x8xf32>
    %61 = echo.reshape %59 : tensor<1x4x8xf32> -> tensor<4x8xf32>
    %62 = echo.reshape %58 : tensor<1x4x8xf32> -> tensor<4x8xf32>
    %63 = echo.concat %62, %61, %60 axis 1 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x24xf32>
    %64 = echo.linear_grad_weight %63, %4 : (tensor<4x24xf32>, tensor<4x8xf32>) -> tensor<24x8xf32>
    %65 = echo.linear_grad_input %63, %arg4 : (tensor<4x24xf32>, tensor<24x8xf32>) -> tensor<4x8xf32>
    %input_grad_4, %gamma_grad_5, %beta_grad_6 = echo.layer_norm_grad %1, %arg2, %3, %2, %65 : (tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>)
    %66 = echo.add %gamma_grad, %gamma_grad_5 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %67 = echo.add %beta_grad, %beta_grad_6 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return %39, %66, %67, %64, %50, %47, %44, %42 : tensor<f32>, tensor<8xf32>, tensor<8xf32>, tensor<24x8xf32>, tensor<8x8xf32>, tensor<16x8xf32>, tensor<8x16xf32>, tensor<8x8xf32>
  }
}

