// RUN: echo-opt %s --pass-pipeline='builtin.module(func.func(echo-sink-updates{alignment=0}))' -verify-diagnostics

func.func private @echo_fill(memref<*xf32>, f64)

// expected-error @below {{echo-sink-updates: alignment must be positive, got 0}}
func.func @step(%out: memref<16xf32>) {
  %lr = arith.constant 1.0e-01 : f64
  %outc = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @echo_fill(%outc, %lr) : (memref<*xf32>, f64) -> ()
  return
}
