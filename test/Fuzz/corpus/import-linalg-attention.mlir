// FUZZ-ARGS: '--echo-import-linalg=weights-as-arguments loss=mse' '--echo-training-pipeline=remat=mirror gist=fp8 offload=greedy'
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module attributes {torch.debug_module_name = "TransformerBlock"} {
  func.func @forward(%arg0: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
    %cst_7 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 7.978846e-01 : f32
    %cst_4 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 3 : i32
    %cst_2 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.828427e+00 : f32
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
    %1 = arith.constant dense<1.000000e-02> : tensor<32x32xf32>
    %2 = arith.constant dense<0.000000e+00> : tensor<32xf32>
    %3 = tensor.empty() : tensor<32x32xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<32x32xf32>) outs(%3 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x32xf32>
    %5 = tensor.empty() : tensor<16x32xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %7 = linalg.matmul ins(%0, %4 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%6 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %8 = tensor.empty() : tensor<16x32xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %2 : tensor<16x32xf32>, tensor<32xf32>) outs(%8 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x32xf32>
    %10 = arith.constant dense<1.000000e-02> : tensor<32x32xf32>
    %11 = arith.constant dense<0.000000e+00> : tensor<32xf32>
    %12 = tensor.empty() : tensor<32x32xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<32x32xf32>) outs(%12 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x32xf32>
    %14 = tensor.empty() : tensor<16x32xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %16 = linalg.matmul ins(%0, %13 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%15 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %17 = tensor.empty() : tensor<16x32xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%16, %11 : tensor<16x32xf32>, tensor<32xf32>) outs(%17 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x32xf32>
    %19 = arith.constant dense<1.000000e-02> : tensor<32x32xf32>
    %20 = arith.constant dense<0.000000e+00> : tensor<32xf32>
    %21 = tensor.empty() : tensor<32x32xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<32x32xf32>) outs(%21 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x32xf32>
    %23 = tensor.empty() : tensor<16x32xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%23 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %25 = linalg.matmul ins(%0, %22 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%24 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %26 = tensor.empty() : tensor<16x32xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%25, %20 : tensor<16x32xf32>, tensor<32xf32>) outs(%26 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x32xf32>
    %28 = tensor.expand_shape %9 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    %29 = tensor.expand_shape %28 [[0], [1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<2x8x32xf32> into tensor<2x8x4x8xf32>
    %30 = tensor.empty() : tensor<2x4x8x8xf32>
    %31 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : tensor<2x8x4x8xf32>) outs(%30 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8x8xf32>
    %32 = tensor.collapse_shape %31 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %33 = tensor.expand_shape %18 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    %34 = tensor.expand_shape %33 [[0], [1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<2x8x32xf32> into tensor<2x8x4x8xf32>
    %35 = tensor.empty() : tensor<2x4x8x8xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x8x4x8xf32>) outs(%35 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8x8xf32>
    %37 = tensor.collapse_shape %36 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %38 = tensor.expand_shape %27 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    %39 = tensor.expand_shape %38 [[0], [1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<2x8x32xf32> into tensor<2x8x4x8xf32>
    %40 = tensor.empty() : tensor<2x4x8x8xf32>
    %41 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<2x8x4x8xf32>) outs(%40 : tensor<2x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8x8xf32>
    %42 = tensor.collapse_shape %41 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %43 = tensor.empty() : tensor<8x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%37 : tensor<8x8x8xf32>) outs(%43 : tensor<8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x8x8xf32>
    %45 = tensor.empty() : tensor<8x8x8xf32>
    %46 = linalg.fill ins(%cst : f32) outs(%45 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %47 = linalg.batch_matmul ins(%32, %44 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%46 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %48 = tensor.empty() : tensor<8x8x8xf32>
    %49 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<8x8x8xf32>) outs(%48 : tensor<8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c0 = arith.divf %in, %cst_1 : f32
      linalg.yield %c0 : f32
    } -> tensor<8x8x8xf32>
    %50 = tensor.empty() : tensor<8x8x1xf32>
    %51 = linalg.fill ins(%cst_2 : f32) outs(%50 : tensor<8x8x1xf32>) -> tensor<8x8x1xf32>
    %52 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%49 : tensor<8x8x8xf32>) outs(%51 : tensor<8x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s0 = arith.maximumf %in, %out : f32
      linalg.yield %s0 : f32
    } -> tensor<8x8x1xf32>
    %53 = tensor.empty() : tensor<8x8x8xf32>
    %54 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49, %52 : tensor<8x8x8xf32>, tensor<8x8x1xf32>) outs(%53 : tensor<8x8x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %e0 = arith.subf %in, %in_1 : f32
      %e1 = math.exp %e0 : f32
      linalg.yield %e1 : f32
    } -> tensor<8x8x8xf32>
    %55 = tensor.empty() : tensor<8x8x1xf32>
    %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<8x8x1xf32>) -> tensor<8x8x1xf32>
    %57 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%54 : tensor<8x8x8xf32>) outs(%56 : tensor<8x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s0 = arith.addf %in, %out : f32
      linalg.yield %s0 : f32
    } -> tensor<8x8x1xf32>
    %58 = tensor.empty() : tensor<8x8x8xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54, %57 : tensor<8x8x8xf32>, tensor<8x8x1xf32>) outs(%58 : tensor<8x8x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %q0 = arith.divf %in, %in_1 : f32
      linalg.yield %q0 : f32
    } -> tensor<8x8x8xf32>
    %60 = tensor.empty() : tensor<8x8x8xf32>
    %61 = linalg.fill ins(%cst : f32) outs(%60 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %62 = linalg.batch_matmul ins(%59, %42 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%61 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %63 = tensor.expand_shape %62 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
    %64 = tensor.empty() : tensor<2x8x4x8xf32>
    %65 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63 : tensor<2x4x8x8xf32>) outs(%64 : tensor<2x8x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x4x8xf32>
    %66 = tensor.collapse_shape %65 [[0, 1], [2, 3]] : tensor<2x8x4x8xf32> into tensor<16x32xf32>
    %67 = arith.constant dense<1.000000e-02> : tensor<32x32xf32>
    %68 = arith.constant dense<0.000000e+00> : tensor<32xf32>
    %69 = tensor.empty() : tensor<32x32xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<32x32xf32>) outs(%69 : tensor<32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x32xf32>
    %71 = tensor.empty() : tensor<16x32xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %73 = linalg.matmul ins(%66, %70 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%72 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %74 = tensor.empty() : tensor<16x32xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%73, %68 : tensor<16x32xf32>, tensor<32xf32>) outs(%74 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x32xf32>
    %76 = tensor.empty() : tensor<16x32xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%0, %75 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%76 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %a0 = arith.addf %in, %in_1 : f32
      linalg.yield %a0 : f32
    } -> tensor<16x32xf32>
    %78 = arith.constant dense<1.000000e-02> : tensor<64x32xf32>
    %79 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %80 = tensor.empty() : tensor<32x64xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<64x32xf32>) outs(%80 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<32x64xf32>
    %82 = tensor.empty() : tensor<16x64xf32>
    %83 = linalg.fill ins(%cst : f32) outs(%82 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %84 = linalg.matmul ins(%77, %81 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%83 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %85 = tensor.empty() : tensor<16x64xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%84, %79 : tensor<16x64xf32>, tensor<64xf32>) outs(%85 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x64xf32>
    %87 = tensor.empty() : tensor<16x64xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%86 : tensor<16x64xf32>) outs(%87 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %g0 = math.fpowi %in, %cst_3 : f32, i32
      %g1 = arith.mulf %g0, %cst_4 : f32
      %g2 = arith.addf %in, %g1 : f32
      %g3 = arith.mulf %g2, %cst_5 : f32
      %g4 = math.tanh %g3 : f32
      %g5 = arith.addf %g4, %cst_6 : f32
      %g6 = arith.mulf %in, %cst_7 : f32
      %g7 = arith.mulf %g6, %g5 : f32
      linalg.yield %g7 : f32
    } -> tensor<16x64xf32>
    %89 = arith.constant dense<1.000000e-02> : tensor<32x64xf32>
    %90 = arith.constant dense<0.000000e+00> : tensor<32xf32>
    %91 = tensor.empty() : tensor<64x32xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<32x64xf32>) outs(%91 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x32xf32>
    %93 = tensor.empty() : tensor<16x32xf32>
    %94 = linalg.fill ins(%cst : f32) outs(%93 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %95 = linalg.matmul ins(%88, %92 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%94 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %96 = tensor.empty() : tensor<16x32xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%95, %90 : tensor<16x32xf32>, tensor<32xf32>) outs(%96 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %l0 = arith.addf %in, %in_1 : f32
      linalg.yield %l0 : f32
    } -> tensor<16x32xf32>
    %98 = tensor.empty() : tensor<16x32xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%77, %97 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%98 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %a0 = arith.addf %in, %in_1 : f32
      linalg.yield %a0 : f32
    } -> tensor<16x32xf32>
    %100 = tensor.expand_shape %99 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    return %100 : tensor<2x8x32xf32>
  }
}
