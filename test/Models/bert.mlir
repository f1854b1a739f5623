// BERT-base masked LM (docs/models.md): summed word, position and token-type
// embeddings with a layer norm, post-LN encoder blocks with exact GELU, the
// MLM head on 15% of the positions (gathered by echo.embedding from the
// flattened rows), its output projection tied to the word embedding.
//
// Structure at a small size (seq 8: ceil(15%) = 2 predicted positions per
// sequence).
// RUN: echo-models bert --batch 2 --seq-len 8 --hidden 32 --layers 1 --heads 4 --vocab 64 --attention unfused | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @bert(%arg0: tensor<2x8xi32>, %arg1: tensor<2x8xi32>, %arg2: tensor<4xi32>, %arg3: tensor<4xi32>, %arg4: tensor<64x32xf32> {echo.trainable}
// IR: echo.embedding %arg4, %arg0
// IR: echo.embedding {{.*}}, %arg1 : (tensor<2x32xf32>, tensor<2x8xi32>) -> tensor<2x8x32xf32>
// IR: echo.layer_norm
// IR: echo.batch_matmul {{.*}} transpose_rhs : (tensor<8x8x8xf32>, tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
// IR-NOT: echo.constant
// Post-LN: the residual sum is normalized.
// IR: %[[SUM:.*]] = echo.add
// IR-NEXT: echo.layer_norm %[[SUM]]
// IR: echo.gelu_erf
// The predicted rows: [B*T, h] gathered at %arg2.
// IR: %[[ROWS:.*]] = echo.reshape {{.*}} -> tensor<16x32xf32>
// IR-NEXT: echo.embedding %[[ROWS]], %arg2 : (tensor<16x32xf32>, tensor<4xi32>) -> tensor<4x32xf32>
// IR: echo.linear {{.*}}, %arg4, {{.*}} -> tensor<4x64xf32>
// IR-NEXT: echo.cross_entropy {{.*}}, %arg3
//
// Default size: 109,514,298 parameters (BERT-base with its MLM head and no
// pooler: the count of Hugging Face's BertForMaskedLM).
// RUN: echo-models bert | python3 %S/Inputs/count_params.py | FileCheck %s --check-prefix=PARAMS
// PARAMS: trainable parameters: 109514298
//
// Fused (the default): one echo.attention per layer, not causal.
// RUN: echo-models bert --batch 2 --seq-len 8 --hidden 32 --layers 1 --heads 4 --vocab 64 | FileCheck %s --check-prefix=FUSED
// FUSED: echo.attention %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<2x4x8x8xf32>
// FUSED-NOT: echo.softmax
//
// Gradient check (2 layers, h 32, 4 heads, seq 16, vocab 64).
// RUN: echo-models bert --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 4 --vocab 64 \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models bert --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 4 --vocab 64 --attention unfused \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 1 | FileCheck %s --check-prefix=GRAD
// GRAD-NOT: FAIL
// GRAD: gradient check passed
//
// Baseline, Echo, Mirror and Echo + lossless Gist: bit-identical, planned
// == measured (with dropout 0.1).
// RUN: python3 %S/Inputs/policies_agree.py %echo_obj_root/bin %t bert --batch 2 --seq-len 8 --hidden 16 --layers 2 --heads 2 --vocab 32 --dropout 0.1 \
// RUN:   | FileCheck %s --check-prefix=AGREE
// AGREE: none: identical, peak agrees
// AGREE: echo: identical, peak agrees: {{.*}} (recompute regions {{[1-9]}}
// AGREE: mirror: identical, peak agrees
// AGREE: echo+gist: identical, peak agrees
// AGREE: policies agree: OK
