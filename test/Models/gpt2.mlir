// GPT-2 (gpt2: 124M, gpt2-medium: 355M; docs/models.md): pre-LN blocks,
// GELU-tanh MLP of width 4h, learned positions, causal attention (fused
// echo.attention by default; unfused: an additive mask constant), the LM
// head tied to the token embedding.
//
// Structure at a small size (2 layers, h 32, 4 heads, seq 8, vocab 64).
// RUN: echo-models gpt2 --batch 2 --seq-len 8 --hidden 32 --layers 2 --heads 4 --vocab 64 | FileCheck %s --check-prefix=FUSED
// FUSED-LABEL: func.func @gpt2(
// FUSED-NOT: echo.constant
// FUSED: echo.reshape {{.*}} : tensor<8x8x8xf32> -> tensor<2x4x8x8xf32>
// FUSED: echo.attention {{.*}} causal : tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>
// FUSED-NOT: echo.softmax
// FUSED: echo.cross_entropy
// RUN: echo-models gpt2 --batch 2 --seq-len 8 --hidden 32 --layers 2 --heads 4 --vocab 64 --attention unfused | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @gpt2(%arg0: tensor<2x8xi32>, %arg1: tensor<2x8xi32>, %arg2: tensor<64x32xf32> {echo.trainable}, %arg3: tensor<8x32xf32> {echo.trainable},
// IR: echo.embedding %arg2, %arg0
// IR: echo.linear {{.*}} -> tensor<2x8x96xf32>
// IR: echo.split {{.*}} axis 2 : tensor<2x8x96xf32> -> tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32>
// The causal mask, built once: 0 on and below the diagonal, -1e9 above.
// IR: echo.constant dense<{{\[\[}}0.000000e+00, -1.000000e+09, {{.*}}[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<8x8xf32>
// IR-NOT: echo.constant
// IR: echo.batch_matmul {{.*}} transpose_rhs : (tensor<8x8x8xf32>, tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
// IR: echo.fill 0.35355339059327373 : tensor<f32>
// IR: echo.add {{.*}} : (tensor<8x8x8xf32>, tensor<8x8xf32>) -> tensor<8x8x8xf32>
// IR-NEXT: echo.softmax
// IR: echo.gelu {{.*}} : tensor<2x8x128xf32>
// The LM head is the token embedding (%arg2), without a bias.
// IR: echo.linear %{{.*}}, %arg2 : (tensor<2x8x32xf32>, tensor<64x32xf32>) -> tensor<2x8x64xf32>
// IR-NEXT: echo.cross_entropy {{.*}}, %arg1
//
// The default sizes: 124M has 12 blocks (2 layer norms each, plus ln_f) and
// 124,439,808 parameters at seq 1024 (GPT-2's count); 355M has 24 blocks
// and 354,823,168.
// RUN: echo-models gpt2 | grep -c echo.layer_norm | FileCheck %s --check-prefix=LN124
// LN124: 25
// RUN: echo-models gpt2 | python3 %S/Inputs/count_params.py | FileCheck %s --check-prefix=P124
// P124: trainable parameters: 124439808
// RUN: echo-models gpt2-medium | python3 %S/Inputs/count_params.py | FileCheck %s --check-prefix=P355
// P355: trainable parameters: 354823168
//
// Finite-difference gradient check (2 layers, h 64, 4 heads, seq 32, vocab
// 128), fused and unfused, without and with dropout.
// RUN: echo-models gpt2 --batch 2 --seq-len 32 --hidden 64 --layers 2 --heads 4 --vocab 128 > %t.mlir
// RUN: echo-opt %t.mlir --echo-autodiff | echo-run --check-gradients=4 --seed 3 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models gpt2 --batch 2 --seq-len 32 --hidden 64 --layers 2 --heads 4 --vocab 128 --attention unfused \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients=4 --seed 3 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models gpt2 --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 2 --vocab 64 --dropout 0.1 \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients --seed 1 | FileCheck %s --check-prefix=GRAD
// RUN: echo-models gpt2 --batch 2 --seq-len 16 --hidden 32 --layers 2 --heads 2 --vocab 64 --dropout 0.1 --attention unfused \
// RUN:   | echo-opt --echo-autodiff | echo-run --check-gradients --seed 1 | FileCheck %s --check-prefix=GRAD
// GRAD-NOT: FAIL
// GRAD: gradient check passed
//
// Training: echo-run draws one batch and reuses it; 10 Adam steps (lr 0.01)
// must bring the loss down by 4x (measured: 4.97 -> 0.45).
// RUN: echo-opt %t.mlir '--echo-autodiff=optimizer=adam lr=0.01' | echo-run --iterations 10 --print-loss --seed 1 \
// RUN:   | python3 %S/../Execution/Inputs/check_loss_drop.py 4 --min-iterations 10 | FileCheck %s --check-prefix=DROP
// DROP: loss fell from
//
// Baseline, Echo, Mirror and Echo + lossless Gist (1-bit dropout masks)
// give bit-identical results over two SGD steps; Echo recomputes and Gist
// encodes something (the comparisons are not vacuous).
// RUN: echo-models gpt2 --batch 2 --seq-len 32 --hidden 64 --layers 2 --heads 4 --vocab 128 --dropout 0.1 \
// RUN:   | echo-opt '--echo-autodiff=optimizer=sgd lr=0.1' > %t.step.mlir
// RUN: echo-run %t.step.mlir --seed 1 --iterations 2 --dump-results %t.none.out > /dev/null
// RUN: echo-opt %t.step.mlir --echo-remat=policy=echo > %t.echo.mlir
// RUN: echo-run %t.echo.mlir --seed 1 --iterations 2 --dump-results %t.echo.out > /dev/null
// RUN: echo-opt %t.step.mlir --echo-remat=policy=mirror | echo-run --seed 1 --iterations 2 --dump-results %t.mirror.out > /dev/null
// RUN: echo-opt %t.step.mlir --echo-remat=policy=echo --gist-encode > %t.gist.mlir
// RUN: echo-run %t.gist.mlir --seed 1 --iterations 2 --dump-results %t.gist.out > /dev/null
// RUN: cmp %t.none.out %t.echo.out
// RUN: cmp %t.none.out %t.mirror.out
// RUN: cmp %t.none.out %t.gist.out
// RUN: grep -c echo.recompute %t.echo.mlir | FileCheck %s --check-prefix=FIRES
// RUN: grep -c "echo.encode .*mask1" %t.gist.mlir | FileCheck %s --check-prefix=FIRES
// FIRES: {{[1-9][0-9]*}}
//
// The same with unfused attention.
// RUN: python3 %S/Inputs/policies_agree.py %echo_obj_root/bin %t.unfused gpt2 --batch 2 --seq-len 32 --hidden 64 --layers 2 --heads 4 --vocab 128 --dropout 0.1 --attention unfused \
// RUN:   | FileCheck %s --check-prefix=AGREE
// AGREE: none: identical, peak agrees
// AGREE: echo: identical, peak agrees: {{.*}} (recompute regions {{[1-9]}}
// AGREE: mirror: identical, peak agrees
// AGREE: echo+gist: identical, peak agrees
// AGREE: policies agree: OK
//
// Planned == measured, byte for byte, under Baseline, Echo and Echo + Gist.
// RUN: echo-opt %t.step.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.none.report
// RUN: echo-run %t.step.mlir --memory-stats=json > %t.none.stats
// RUN: python3 %S/../Memory/Inputs/compare_peak.py %t.none.report %t.none.stats | FileCheck %s --check-prefix=PEAK
// RUN: echo-opt %t.echo.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.echo.report
// RUN: echo-run %t.echo.mlir --memory-stats=json > %t.echo.stats
// RUN: python3 %S/../Memory/Inputs/compare_peak.py %t.echo.report %t.echo.stats | FileCheck %s --check-prefix=PEAK
// RUN: echo-opt %t.gist.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.gist.report
// RUN: echo-run %t.gist.mlir --memory-stats=json > %t.gist.stats
// RUN: python3 %S/../Memory/Inputs/compare_peak.py %t.gist.report %t.gist.stats | FileCheck %s --check-prefix=PEAK
// PEAK: peak agrees: {{[1-9][0-9]*}} bytes
//
// Bad options are messages with exit status 1.
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models gpt2 --hidden 96 --heads 5 | FileCheck %s --check-prefix=HEADS
// HEADS: echo-models: gpt2: --hidden 96 is not a multiple of --heads 5
// HEADS-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models gpt2 --attention flash | FileCheck %s --check-prefix=ATT
// ATT: echo-models: gpt2: --attention must be fused or unfused (got 'flash')
// ATT-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models gpt2 --dropout 1 | FileCheck %s --check-prefix=DROPOUT
// DROPOUT: echo-models: --dropout must be in [0, 1), got 1
// DROPOUT-NEXT: exit code 1
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-models mlp --heads 2 | FileCheck %s --check-prefix=NOHEADS
// NOHEADS: echo-models: model 'mlp' has no option --heads
// NOHEADS-NEXT: exit code 1
// REQUIRES: slow
