// echo-step and echo-compile reject bad input with one message and a
// non-zero exit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-opt %s --echo-autodiff > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/step.so
//
// RUN: not echo-step 2>&1 | FileCheck %s --check-prefix=NOSTEP
// NOSTEP: echo-step: no step given
// RUN: not echo-step %t/missing.so 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: echo-step: cannot load step {{.*}}missing.so
// A shared library that is not a compiled step: the backend itself.
// RUN: not echo-step %echo_lib_dir/libecho_runtime_cpu.so 2>&1 | FileCheck %s --check-prefix=NOTSTEP
// NOTSTEP: echo-step: {{.*}}libecho_runtime_cpu.so is not a step compiled by echo-compile
// RUN: not echo-step %t/step.so --iterations=-1 2>&1 | FileCheck %s --check-prefix=ITER
// ITER: echo-step: --iterations expects an integer >= 0, got '-1'
// RUN: not echo-step %t/step.so --bogus 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: echo-step: unknown option '--bogus'
// RUN: not echo-step %t/step.so --backend=%t/missing-backend.so 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: echo-step: cannot load runtime backend {{.*}}missing-backend.so
// RUN: not echo-step %t/step.so --inputs=0=%t 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: echo-step: --inputs: {{.*}} is a directory, not a .npy file
// A truncated step or backend library is refused before dlopen maps it
// (which would die with SIGBUS on the missing pages).
// RUN: head -c 4000 %t/step.so > %t/truncated.so
// RUN: not echo-step %t/truncated.so 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: echo-step: cannot load step {{.*}}truncated.so: {{.*}}truncated.so: truncated ELF file (4000 bytes; {{.*}})
// RUN: head -c 300000 %echo_lib_dir/libecho_runtime_cpu.so > %t/truncated-backend.so
// RUN: not echo-step %t/step.so --backend=%t/truncated-backend.so 2>&1 | FileCheck %s --check-prefix=TRUNCBACKEND
// TRUNCBACKEND: echo-step: cannot load runtime backend {{.*}}truncated-backend.so: {{.*}}truncated ELF file (300000 bytes;
// RUN: not echo-step %t/step.mlir 2>&1 | FileCheck %s --check-prefix=NOTELF
// NOTELF: echo-step: cannot load step {{.*}}step.mlir: {{.*}}step.mlir: not an ELF file
// A manifest damaged inside the library (one byte of the function name)
// fails its checksum: echo-step trusts nothing it says.
// RUN: python3 -c "import sys; d = open(sys.argv[1], 'rb').read(); i = d.index(b'\nfunction ') + 10; open(sys.argv[2], 'wb').write(d[:i] + b'X' + d[i + 1:])" %t/step.so %t/damaged.so
// RUN: not echo-step %t/damaged.so 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: echo-step: {{.*}}damaged.so: manifest line {{[0-9]+}}: checksum mismatch: the manifest is damaged
// A bare name is a file in the working directory, not a library search.
// RUN: cd %t && echo-step step.so --print-loss | FileCheck %s --check-prefix=BARE
// BARE: iter 0 loss
// The entry profile is the CUDA backend's own.
// RUN: not echo-step %t/step.so --entry-times 2>&1 | FileCheck %s --check-prefix=TIMES
// TIMES: echo-step: --entry-times: the cpu backend does not time its entries (the cuda backend does)
//
// The backend's errors come back as echo-run's do: out of memory exits 4.
// RUN: python3 %S/../Execution/Inputs/exit_code.py echo-step %t/step.so --capacity 100 | FileCheck %s --check-prefix=OOM
// OOM: echo-step: runtime error allocating argument #1 of @train_step: echo_mem_alloc: out of memory
// OOM: exit code 4
//
// RUN: not echo-compile %t/step.mlir 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: echo-compile: for the -o option: must be specified at least once!
// RUN: not echo-compile %t/step.mlir --entry=nope -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: echo-compile: no function @nope with a body
// RUN: not echo-compile %t/step.mlir --shared --emit-llvm -o %t/x.o 2>&1 | FileCheck %s --check-prefix=EXCLUSIVE
// EXCLUSIVE: echo-compile: --shared and --emit-llvm exclude each other
// RUN: echo-opt %t/step.mlir --echo-training-pipeline > %t/planned.mlir
// RUN: not echo-compile %t/planned.mlir -o %t/x.o 2>&1 | FileCheck %s --check-prefix=BUFFERIZED
// BUFFERIZED: echo-compile: @train_step is already bufferized
// RUN: not echo-compile %t/missing.mlir -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: echo-compile: cannot open input file

func.func @model(%x: tensor<4x3xf32>, %w: tensor<5x3xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  %r = echo.relu %y : tensor<4x5xf32>
  %l = echo.reduce mean %r dims [0, 1] : tensor<4x5xf32> -> tensor<f32>
  return %l : tensor<f32>
}
