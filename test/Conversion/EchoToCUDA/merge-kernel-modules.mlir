// RUN: echo-opt %s --echo-merge-kernel-modules --split-input-file -verify-diagnostics | FileCheck %s

// Two outlined kernels end up in one module, named after their modules (the
// second module's kernel had the first one's name); the launches follow.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func @step
// CHECK: gpu.launch_func @echo_kernels::@step_kernel
// CHECK: gpu.launch_func @echo_kernels::@step_kernel_0
// CHECK: gpu.module @echo_kernels {
// CHECK-NEXT: gpu.func @step_kernel(
// CHECK: gpu.func @step_kernel_0(
// CHECK-NEXT: gpu.thread_id
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.mulf
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @step(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @step_kernel::@step_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @step_kernel_0::@step_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
  gpu.module @step_kernel {
    gpu.func @step_kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @step_kernel_0 {
    gpu.func @step_kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

// A module with one kernel only gets its new name.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.launch_func @echo_kernels::@k
// CHECK: gpu.module @echo_kernels {
// CHECK-NEXT: gpu.func @k(
module attributes {gpu.container_module} {
  func.func @step() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A module with several symbols names them <module>_<symbol>: here one
// clashes with another module's kernel.
module attributes {gpu.container_module} {
  gpu.module @a {
    gpu.func @b() kernel {
      gpu.return
    }
    gpu.func @c() kernel {
      gpu.return
    }
  }
  gpu.module @a_b {
    // expected-error @+1 {{kernel module symbol 'a_b' is defined in two modules}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A host symbol already named echo_kernels.
module attributes {gpu.container_module} {
  // expected-error @+1 {{a symbol named 'echo_kernels' prevents merging the kernel modules}}
  func.func private @echo_kernels()
  gpu.module @a {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
