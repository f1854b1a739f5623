// RUN: echo-opt %s -echo-kernel-report=output=%t.json -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: not echo-opt %s -echo-kernel-report=output=%t.missing/dir/report.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE

// One step: a runtime entry (a convolution), then two kernels: 4 blocks of
// 256 threads whose threads run a loop of 8 iterations nesting one of at
// most 3 (echo.trip_bound), and 2 x 32 threads without loops. The entry and
// the launches count; a declaration-only function does not appear.
// CHECK:      "functions": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "entries": 1,
// CHECK-NEXT:     "entry_counts": {
// CHECK-NEXT:       "echo_fill": 1
// CHECK-NEXT:     },
// CHECK-NEXT:     "function": "step",
// CHECK-NEXT:     "kernel_launches": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "block": 256,
// CHECK-NEXT:         "bytes": 4096,
// CHECK-NEXT:         "kernel": "reduce",
// CHECK-NEXT:         "serial": 24,
// CHECK-NEXT:         "threads": 1024
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "block": 32,
// CHECK-NEXT:         "bytes": 4160,
// CHECK-NEXT:         "kernel": "map",
// CHECK-NEXT:         "serial": 1,
// CHECK-NEXT:         "threads": 64
// CHECK-NEXT:       }
// CHECK-NEXT:     ],
// CHECK-NEXT:     "kernels": 2,
// CHECK-NEXT:     "launches": 3
// CHECK-NEXT:   }
// CHECK-NEXT: ]

// NOFILE: error: echo-kernel-report: cannot write '{{.*}}report.json'

module attributes {gpu.container_module} {
  func.func private @echo_fill(memref<*xf32>, f64)
  func.func @step(%a: memref<1024xf32>, %b: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %one = arith.constant 1.0 : f64
    %au = memref.cast %a : memref<1024xf32> to memref<*xf32>
    call @echo_fill(%au, %one) : (memref<*xf32>, f64) -> ()
    gpu.launch_func @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%a : memref<1024xf32>)
    gpu.launch_func @kernels::@map blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<1024xf32>, %b : memref<16xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @reduce(%a: memref<1024xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %c8 step %c1 {
        %end = arith.addi %t, %c1 : index
        scf.for %j = %t to %end step %c1 {
        } {echo.trip_bound = 3 : i64}
      }
      gpu.return
    }
    gpu.func @map(%a: memref<1024xf32>, %b: memref<16xf32>) kernel {
      gpu.return
    }
  }
}
