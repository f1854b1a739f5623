// The runtime ABI is declared once (runtime/include/echo/abi.def). The CPU
// backend exports exactly its functions, no more and no fewer: the library's
// dynamic symbols equal the list echo-run generates from the declaration
// (and resolves, by name, when it loads the backend).
// RUN: echo-run --list-abi | sort > %t.abi
// RUN: llvm-nm -D --defined-only %echo_lib_dir/libecho_runtime_cpu.so | awk '{print $3}' | grep '^echo_' | sort > %t.lib
// RUN: diff %t.abi %t.lib
// RUN: FileCheck %s < %t.abi
// CHECK-DAG: echo_abi_version
// CHECK-DAG: echo_context_create
// CHECK-DAG: echo_step_begin
// CHECK-DAG: echo_alloc
// CHECK-DAG: echo_linear
// CHECK-DAG: echo_upload
//
// A library that is not a backend is refused when loaded, with its name.
// RUN: not echo-run --backend=%t.abi %s 2>&1 | FileCheck %s --check-prefix=NOTLIB
// NOTLIB: echo-run: cannot load runtime backend {{.*}}abi-symbols.mlir.tmp.abi: {{.*}}not an ELF file
// A truncated backend is refused before the dynamic loader maps it (SIGBUS).
// RUN: head -c 300000 %echo_lib_dir/libecho_runtime_cpu.so > %t.truncated.so
// RUN: not echo-run --backend=%t.truncated.so %s 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: echo-run: cannot load runtime backend {{.*}}truncated.so: {{.*}}truncated ELF file (300000 bytes;
// The CUDA backend's symbols and its no-device error: test/Cuda.
