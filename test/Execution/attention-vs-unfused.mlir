// echo.attention against the unfused spelling (batch_matmul, scale,
// additive mask, softmax, batch_matmul) on the CPU, forward output and
// dq/dk/dv, and both against float64 (attention_check.py, pure Python).
// Loss sum(out * r) with r trainable: its gradient dr is the output, and
// dout = r. Variants: no mask (Lq = Lk = 33, D = 20, two key tiles and a
// partial one), causal (the unfused step adds -inf above the diagonal),
// and Lq = 17 != Lk = 33 with a [B, 1, 1, Lk] padding mask holding -inf
// and finite entries, scale 0.25, and causal with dropout 0.2.
// Bounds (normwise, max|x - ref| / max|ref|, in f32 epsilon 2^-23): the
// fused step within 4 eps of float64; fused and unfused within 8 eps of
// each other (the unfused step's f32 GEMMs are the larger error).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/attention_check.py inputs %t
// RUN: echo-opt %s '--echo-autodiff=function=plain_fused output=plain_fused_step' '--echo-autodiff=function=plain_unfused output=plain_unfused_step' '--echo-autodiff=function=causal_fused output=causal_fused_step' '--echo-autodiff=function=causal_unfused output=causal_unfused_step' '--echo-autodiff=function=padmask_fused output=padmask_fused_step' '--echo-autodiff=function=padmask_unfused output=padmask_unfused_step' '--echo-autodiff=function=dropout_fused output=dropout_fused_step' '--echo-autodiff=function=dropout_unfused output=dropout_unfused_step' -o %t/steps.mlir
//
// RUN: echo-run %t/steps.mlir --no-cache --entry plain_fused_step --inputs=0=%t/plain_q.npy,1=%t/plain_k.npy,2=%t/plain_v.npy,3=%t/plain_r.npy --dump-results %t/plain_fused.dump
// RUN: echo-run %t/steps.mlir --no-cache --entry plain_unfused_step --inputs=0=%t/plain_q.npy,1=%t/plain_k.npy,2=%t/plain_v.npy,3=%t/plain_r.npy,4=%t/plain_scale.npy --dump-results %t/plain_unfused.dump
// RUN: python3 %S/Inputs/attention_check.py compare %t plain | FileCheck %s --check-prefix=PLAIN
// PLAIN-COUNT-4: plain {{out|dq|dk|dv}}: fused {{.*}} ok
// PLAIN: plain: within bounds
//
// RUN: echo-run %t/steps.mlir --no-cache --entry causal_fused_step --inputs=0=%t/causal_q.npy,1=%t/causal_k.npy,2=%t/causal_v.npy,3=%t/causal_r.npy --dump-results %t/causal_fused.dump
// RUN: echo-run %t/steps.mlir --no-cache --entry causal_unfused_step --inputs=0=%t/causal_q.npy,1=%t/causal_k.npy,2=%t/causal_v.npy,3=%t/causal_r.npy,4=%t/causal_scale.npy,5=%t/causal_causal.npy --dump-results %t/causal_unfused.dump
// RUN: python3 %S/Inputs/attention_check.py compare %t causal | FileCheck %s --check-prefix=CAUSAL
// CAUSAL-COUNT-4: causal {{out|dq|dk|dv}}: fused {{.*}} ok
// CAUSAL: causal: within bounds
//
// RUN: echo-run %t/steps.mlir --no-cache --entry padmask_fused_step --inputs=0=%t/padmask_q.npy,1=%t/padmask_k.npy,2=%t/padmask_v.npy,3=%t/padmask_r.npy,4=%t/padmask_pad.npy --dump-results %t/padmask_fused.dump
// RUN: echo-run %t/steps.mlir --no-cache --entry padmask_unfused_step --inputs=0=%t/padmask_q.npy,1=%t/padmask_k.npy,2=%t/padmask_v.npy,3=%t/padmask_r.npy,4=%t/padmask_scale.npy,5=%t/padmask_pad.npy --dump-results %t/padmask_unfused.dump
// RUN: python3 %S/Inputs/attention_check.py compare %t padmask | FileCheck %s --check-prefix=PAD
// PAD-COUNT-4: padmask {{out|dq|dk|dv}}: fused {{.*}} ok
// PAD: padmask: within bounds
//
// Dropout: the unfused step applies echo.dropout (same probability and seed)
// to the softmax, whose mask is the fused op's.
// RUN: echo-run %t/steps.mlir --no-cache --entry dropout_fused_step --inputs=0=%t/dropout_q.npy,1=%t/dropout_k.npy,2=%t/dropout_v.npy,3=%t/dropout_r.npy --dump-results %t/dropout_fused.dump
// RUN: echo-run %t/steps.mlir --no-cache --entry dropout_unfused_step --inputs=0=%t/dropout_q.npy,1=%t/dropout_k.npy,2=%t/dropout_v.npy,3=%t/dropout_r.npy,4=%t/dropout_scale.npy,5=%t/dropout_causal.npy --dump-results %t/dropout_unfused.dump
// RUN: python3 %S/Inputs/attention_check.py compare %t dropout | FileCheck %s --check-prefix=DROP
// DROP-COUNT-4: dropout {{out|dq|dk|dv}}: fused {{.*}} ok
// DROP: dropout: within bounds
//
// The fused step is bit-identical on one and on two threads.
// RUN: env OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 echo-run %t/steps.mlir --no-cache --entry causal_fused_step --inputs=0=%t/causal_q.npy,1=%t/causal_k.npy,2=%t/causal_v.npy,3=%t/causal_r.npy --dump-results %t/causal_fused.1
// RUN: env OMP_NUM_THREADS=2 OPENBLAS_NUM_THREADS=2 echo-run %t/steps.mlir --no-cache --entry causal_fused_step --inputs=0=%t/causal_q.npy,1=%t/causal_k.npy,2=%t/causal_v.npy,3=%t/causal_r.npy --dump-results %t/causal_fused.2
// RUN: cmp %t/causal_fused.1 %t/causal_fused.2

// ---- no mask ----
func.func @plain_fused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                       %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable}) -> tensor<f32> {
  %o, %lse = echo.attention %q, %k, %v : tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @plain_unfused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                         %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable},
                         %scale: tensor<1xf32>) -> tensor<f32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x33xf32>
  %ss = echo.mul %s, %scale : (tensor<2x3x33x33xf32>, tensor<1xf32>) -> tensor<2x3x33x33xf32>
  %a = echo.softmax %ss : tensor<2x3x33x33xf32>
  %o = echo.batch_matmul %a, %v : (tensor<2x3x33x33xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ---- causal ----
func.func @causal_fused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                        %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable}) -> tensor<f32> {
  %o, %lse = echo.attention %q, %k, %v causal : tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @causal_unfused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                          %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable},
                          %scale: tensor<1xf32>, %causal: tensor<33x33xf32>) -> tensor<f32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x33xf32>
  %ss = echo.mul %s, %scale : (tensor<2x3x33x33xf32>, tensor<1xf32>) -> tensor<2x3x33x33xf32>
  %sm = echo.add %ss, %causal : (tensor<2x3x33x33xf32>, tensor<33x33xf32>) -> tensor<2x3x33x33xf32>
  %a = echo.softmax %sm : tensor<2x3x33x33xf32>
  %o = echo.batch_matmul %a, %v : (tensor<2x3x33x33xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ---- Lq != Lk, padding mask, explicit scale ----
func.func @padmask_fused(%q: tensor<2x3x17x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                         %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x17x20xf32> {echo.trainable},
                         %pad: tensor<2x1x1x33xf32>) -> tensor<f32> {
  %o, %lse = echo.attention %q, %k, %v mask %pad {scale = 0.25 : f64} : tensor<2x3x17x20xf32>, tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>, tensor<2x1x1x33xf32>
  %p = echo.mul %o, %r : (tensor<2x3x17x20xf32>, tensor<2x3x17x20xf32>) -> tensor<2x3x17x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x17x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @padmask_unfused(%q: tensor<2x3x17x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                           %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x17x20xf32> {echo.trainable},
                           %scale: tensor<1xf32>, %pad: tensor<2x1x1x33xf32>) -> tensor<f32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x3x17x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x17x33xf32>
  %ss = echo.mul %s, %scale : (tensor<2x3x17x33xf32>, tensor<1xf32>) -> tensor<2x3x17x33xf32>
  %sm = echo.add %ss, %pad : (tensor<2x3x17x33xf32>, tensor<2x1x1x33xf32>) -> tensor<2x3x17x33xf32>
  %a = echo.softmax %sm : tensor<2x3x17x33xf32>
  %o = echo.batch_matmul %a, %v : (tensor<2x3x17x33xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x17x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x17x20xf32>, tensor<2x3x17x20xf32>) -> tensor<2x3x17x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x17x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// ---- causal, dropout 0.2 on the probabilities ----
func.func @dropout_fused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                         %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable}) -> tensor<f32> {
  %o, %lse = echo.attention %q, %k, %v causal {dropout = 0.2 : f64, seed = 11} : tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}

func.func @dropout_unfused(%q: tensor<2x3x33x20xf32> {echo.trainable}, %k: tensor<2x3x33x20xf32> {echo.trainable},
                           %v: tensor<2x3x33x20xf32> {echo.trainable}, %r: tensor<2x3x33x20xf32> {echo.trainable},
                           %scale: tensor<1xf32>, %causal: tensor<33x33xf32>) -> tensor<f32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x33xf32>
  %ss = echo.mul %s, %scale : (tensor<2x3x33x33xf32>, tensor<1xf32>) -> tensor<2x3x33x33xf32>
  %sm = echo.add %ss, %causal : (tensor<2x3x33x33xf32>, tensor<33x33xf32>) -> tensor<2x3x33x33xf32>
  %a = echo.softmax %sm : tensor<2x3x33x33xf32>
  %ad, %keep = echo.dropout %a probability 2.000000e-01 seed 11 : tensor<2x3x33x33xf32> -> tensor<2x3x33x33xf32>, tensor<2x3x33x33xi1>
  %o = echo.batch_matmul %ad, %v : (tensor<2x3x33x33xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %p = echo.mul %o, %r : (tensor<2x3x33x20xf32>, tensor<2x3x33x20xf32>) -> tensor<2x3x33x20xf32>
  %l = echo.reduce sum %p dims [0, 1, 2, 3] : tensor<2x3x33x20xf32> -> tensor<f32>
  return %l : tensor<f32>
}
