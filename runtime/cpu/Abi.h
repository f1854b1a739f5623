//===- Abi.h - The exported C ABI of the CPU backend -------------*- C++ -*-===//
//
// The library is built with hidden visibility; only the entries declared in
// echo/runtime.h are exported, by including the header under a default
// visibility pragma.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_ABI_H
#define ECHO_RUNTIME_CPU_ABI_H

#pragma GCC visibility push(default)
#include "echo/runtime.h"
#pragma GCC visibility pop

#endif // ECHO_RUNTIME_CPU_ABI_H
