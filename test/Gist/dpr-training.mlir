// Training with DPR: Inputs/cnn-c.mlir (3 conv layers + relu + max_pool,
// batch 4) trained for 200 SGD-momentum steps on a fixed batch, FP32
// stashes vs Gist with dpr=fp16|fp10|fp8 (dpr-min-bytes=0), lossless on and
// off. The FP32 loss goes 2.295 -> 0.003481; measured final loss / FP32
// final: Gist fp16 1.001, fp10 1.004, fp8 1.005; DPR alone (lossless=false)
// fp16 0.997, fp10 1.011, fp8 1.031.
// Asserted: final loss within 1.25x of FP32 (and FP32 dropped >= 100x).
//
// RUN: echo-opt %S/Inputs/cnn-c.mlir "--echo-autodiff=optimizer=sgd lr=0.05 momentum=0.9" > %t.mlir
// RUN: echo-run %t.mlir --iterations 200 --print-loss --seed 1 > %t.fp32.log
// RUN: echo-opt %t.mlir --gist-encode="dpr=fp16 dpr-min-bytes=0" | echo-run - --iterations 200 --print-loss --seed 1 > %t.fp16.log
// RUN: echo-opt %t.mlir --gist-encode="dpr=fp10 dpr-min-bytes=0" | echo-run - --iterations 200 --print-loss --seed 1 > %t.fp10.log
// RUN: echo-opt %t.mlir --gist-encode="dpr=fp8 dpr-min-bytes=0" | echo-run - --iterations 200 --print-loss --seed 1 > %t.fp8.log
// RUN: echo-opt %t.mlir --gist-encode="lossless=false dpr=fp8 dpr-min-bytes=0" | echo-run - --iterations 200 --print-loss --seed 1 > %t.raw8.log
// RUN: python3 %S/Inputs/loss_margin.py %t.fp32.log %t.fp16.log --ratio 1.25 | FileCheck %s
// RUN: python3 %S/Inputs/loss_margin.py %t.fp32.log %t.fp10.log --ratio 1.25 | FileCheck %s
// RUN: python3 %S/Inputs/loss_margin.py %t.fp32.log %t.fp8.log --ratio 1.25 | FileCheck %s
// RUN: python3 %S/Inputs/loss_margin.py %t.fp32.log %t.raw8.log --ratio 1.25 | FileCheck %s
// CHECK: steps 200
// CHECK: margin ok
// Lossless Gist trains bit-identically.
// RUN: echo-opt %t.mlir --gist-encode | echo-run - --iterations 200 --print-loss --seed 1 > %t.lossless.log
// RUN: diff %t.fp32.log %t.lossless.log
