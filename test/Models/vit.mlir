// ViT-B/16 (docs/models.md): 16x16 patches by a conv of stride 16, a class
// token, learned positions, pre-LN encoder blocks with exact GELU, a linear
// head on the class token.
//
// Structure at a small size (image 32: 2x2 patches + the class token).
// RUN: echo-models vit --batch 2 --image-size 32 --hidden 32 --layers 1 --heads 4 --attention unfused | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @vit(%arg0: tensor<2x3x32x32xf32>, %arg1: tensor<2xi32>
// IR: echo.conv2d {{.*}} {stride = array<i64: 16, 16>} : {{.*}} -> tensor<2x32x2x2xf32>
// IR: echo.reshape {{.*}} -> tensor<2x32x4xf32>
// IR: echo.transpose {{.*}} permutation [0, 2, 1] : tensor<2x32x4xf32> -> tensor<2x4x32xf32>
// IR: echo.broadcast_to {{.*}} : tensor<1x1x32xf32> -> tensor<2x1x32xf32>
// IR: echo.concat {{.*}} -> tensor<2x5x32xf32>
// IR: echo.add {{.*}} : (tensor<2x5x32xf32>, tensor<5x32xf32>) -> tensor<2x5x32xf32>
// IR: echo.batch_matmul {{.*}} transpose_rhs : (tensor<8x5x8xf32>, tensor<8x5x8xf32>) -> tensor<8x5x5xf32>
// IR-NOT: echo.constant
// IR: echo.gelu_erf
// IR: echo.slice {{.*}} -> tensor<2x1x32xf32>
// IR: echo.linear {{.*}} -> tensor<2x1000xf32>
//
// Default size: 86,567,656 parameters (ViT-B/16's count) and 25 layer norms.
// RUN: echo-models vit | python3 %S/Inputs/count_params.py | FileCheck %s --check-prefix=PARAMS
// PARAMS: trainable parameters: 86567656
// RUN: echo-models vit | grep -c echo.layer_norm | FileCheck %s --check-prefix=LN
// LN: 25
//
// Fused (the default): one echo.attention per layer, not causal.
// RUN: echo-models vit --batch 2 --image-size 32 --hidden 32 --layers 1 --heads 4 | FileCheck %s --check-prefix=FUSED
// FUSED: echo.attention %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<2x4x5x8xf32>
// FUSED-NOT: echo.softmax
//
// Gradient check (image 48: 9 patches + class token, h 32, 2 layers).
// RUN: echo-models vit --batch 2 --image-size 48 --hidden 32 --layers 2 --heads 4 \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models vit --batch 2 --image-size 48 --hidden 32 --layers 2 --heads 4 --attention unfused \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// GRAD-NOT: FAIL
// GRAD: gradient check passed
//
// Baseline, Echo, Mirror and Echo + lossless Gist: bit-identical, planned
// == measured (with dropout 0.1).
// RUN: python3 %S/Inputs/policies_agree.py %echo_obj_root/bin %t vit --batch 2 --image-size 32 --hidden 16 --layers 2 --heads 2 --dropout 0.1 \
// RUN:   | FileCheck %s --check-prefix=AGREE
// AGREE: none: identical, peak agrees
// AGREE: echo: identical, peak agrees: {{.*}} (recompute regions {{[1-9]}}
// AGREE: mirror: identical, peak agrees
// AGREE: echo+gist: identical, peak agrees
// AGREE: policies agree: OK
//
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models vit --image-size 100 | FileCheck %s --check-prefix=SIZE
// SIZE: echo-models: vit: --image-size must be a multiple of the patch size 16 (got 100)
// SIZE-NEXT: exit code 1
// REQUIRES: slow
