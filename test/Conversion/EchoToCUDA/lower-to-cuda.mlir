// --echo-lower-to-cuda on a step whose light work is already a parallel
// loop: the loop becomes a kernel of 256-thread blocks, launched from the
// host code between echo_step_begin and echo_step_end, compiled for each
// chip; no echo op and no gpu.module survive, and no wall-clock timing of
// the compilation is left in the objects (echo-drop-compile-timings).
// REQUIRES: cuda-toolkit
// RUN: echo-opt %s --echo-lower-to-cuda | FileCheck %s --implicit-check-not=gpu.module --implicit-check-not=TimeInMs
// RUN: echo-opt %s '--echo-lower-to-cuda=chips=sm_90 block-size=128' | FileCheck %s --check-prefix=SM90 --implicit-check-not=TimeInMs
// The PTX of each chip: libdevice is linked (no unresolved __nv_ function
// is left for ptxas to reject).
// RUN: echo-opt %s '--echo-lower-to-cuda=format=isa' | FileCheck %s --check-prefix=PTX --implicit-check-not=__nv_ --implicit-check-not=TimeInMs
// The toolkit option replaces the configured one.
// RUN: echo-opt %s '--echo-lower-to-cuda=toolkit=%cuda_toolkit format=bin chips=sm_80' | FileCheck %s --check-prefix=BIN --implicit-check-not=TimeInMs

// CHECK: module attributes {{{.*}}gpu.container_module
// CHECK-LABEL: llvm.func @step(
// CHECK: %[[BLOCK:.*]] = llvm.mlir.constant(256 : index) : i64
// CHECK: llvm.call @echo_step_begin
// CHECK: gpu.launch_func @echo_kernels::@step_kernel blocks in ({{.*}}) threads in (%[[BLOCK]], {{.*}})
// CHECK: llvm.call @echo_step_end
// CHECK: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">, {{.*}}#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">

// SM90: llvm.mlir.constant(128 : index)
// SM90: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{(properties = [{][^}]*[}], )?}}"{{.*}}">]

// PTX: gpu.binary @echo_kernels
// PTX-SAME: chip = "sm_80"{{.*}}assembly = "{{.*}}.version 8.0\0A.target sm_80{{.*}}.entry step_kernel{{.*}}chip = "sm_90"{{.*}}assembly = "{{.*}}.version 8.0\0A.target sm_90{{.*}}.entry step_kernel{{.*}}ex2.approx

// BIN: gpu.binary @echo_kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">, {{(properties = [{][^}]*[}], )?}}bin = "\7FELF

func.func @step(%a: memref<1000xf32>, %b: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<1000xf32>
    %y = math.exp %x : f32
    memref.store %y, %b[%i] : memref<1000xf32>
    scf.reduce
  }
  return
}
