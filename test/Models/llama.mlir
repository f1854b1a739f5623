// A Llama-style decoder stack (docs/models.md): RMSNorm and SiLU from
// existing ops, rotary embeddings from constant cos/sin tables with slice,
// concat and mul, causal attention, a SwiGLU MLP, no biases, untied head.
//
// Structure at a small size (h 32, 4 heads of 8, seq 4).
// RUN: echo-models llama --batch 2 --seq-len 4 --hidden 32 --layers 1 --heads 4 --vocab 64 --attention unfused | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @llama(
// cos(t * 10000^(-2i/8)) for i in [0, 4), repeated: row 1 starts cos(1), cos(0.1).
// IR: echo.constant dense<{{\[\[}}1.000000e+00, 1.000000e+00, {{.*}}], [0.540302277, 0.995004177, 0.999949991, 0.999999523, 0.540302277, {{.*}} : tensor<4x8xf32>
// IR: echo.constant dense<{{\[\[}}0.000000e+00, {{.*}} : tensor<4x8xf32>
// RMSNorm
// IR: %[[SQ:.*]] = echo.mul %[[X:.*]], %[[X]] : (tensor<2x4x32xf32>, tensor<2x4x32xf32>)
// IR-NEXT: echo.reduce mean %[[SQ]] dims [2] keepdims
// IR: echo.rsqrt
// Rotary: the halves swapped, the second negated.
// IR: echo.slice {{.*}} -> tensor<8x4x4xf32>
// IR: echo.concat
// IR: echo.softmax
// SwiGLU (MLP width 8h/3 rounded up to a multiple of 32: 96).
// IR: echo.sigmoid {{.*}} : tensor<2x4x96xf32>
// IR: echo.linear {{.*}} -> tensor<2x4x64xf32>
// IR-NEXT: echo.cross_entropy
// No bias on any projection (a linear with a bias has three operands).
// RUN: echo-models llama --batch 2 --seq-len 4 --hidden 32 --layers 1 --heads 4 --vocab 64 | not grep -E "echo.linear %[^,]+, %[^,]+, %"
//
// Default size (Llama-2 7B): 6,738,415,616 parameters, MLP width 11008.
// RUN: echo-models llama | python3 %S/Inputs/count_params.py | FileCheck %s --check-prefix=PARAMS
// PARAMS: trainable parameters: 6738415616
//
// Fused (the default): causal echo.attention, no mask constant.
// RUN: echo-models llama --batch 2 --seq-len 4 --hidden 32 --layers 1 --heads 4 --vocab 64 | FileCheck %s --check-prefix=FUSED
// FUSED-COUNT-2: echo.constant
// FUSED-NOT: echo.constant
// FUSED: echo.attention {{.*}} causal : tensor<2x4x4x8xf32>
// FUSED-NOT: echo.softmax
//
// Gradient check (2 layers, h 32, 4 heads, seq 16, vocab 64).
// RUN: echo-models llama --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 4 --vocab 64 \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models llama --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 4 --vocab 64 --attention unfused \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// GRAD-NOT: FAIL
// GRAD: gradient check passed
//
// Baseline, Echo, Mirror and Echo + lossless Gist: bit-identical, planned
// == measured.
// RUN: python3 %S/Inputs/policies_agree.py %echo_obj_root/bin %t llama --batch 2 --seq-len 8 --hidden 16 --layers 2 --heads 2 --vocab 32 \
// RUN:   | FileCheck %s --check-prefix=AGREE
// AGREE: none: identical, peak agrees
// AGREE: echo: identical, peak agrees: {{.*}} (recompute regions {{[1-9]}}
// AGREE: mirror: identical, peak agrees
// AGREE: echo+gist: identical, peak agrees
// AGREE: policies agree: OK
//
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models llama --hidden 12 --heads 4 | FileCheck %s --check-prefix=ODD
// ODD: echo-models: llama: rotary embeddings need an even head width (--hidden / --heads = 3)
// ODD-NEXT: exit code 1
// REQUIRES: slow
