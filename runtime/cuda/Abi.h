//===- Abi.h - The exported C ABI of the CUDA backend -----------*- C++ -*-===//
//
// As in the CPU backend: the library is built with hidden visibility and
// exports exactly the functions of echo/runtime.h (generated from
// echo/abi.def) by including it under a default visibility pragma. Each
// entry's implementation, `echo_cuda::entry::<name>`, is declared from the
// same list; it takes the context and the entry's arguments (`<name>_args`,
// common/EntryArgs.h) and reports a failure by throwing echo_cuda::Error
// (Entries.cpp turns it into the status).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_ABI_H
#define ECHO_RUNTIME_CUDA_ABI_H

#pragma GCC visibility push(default)
#include "echo/runtime.h"
#pragma GCC visibility pop

#include "EntryArgs.h"

namespace echo_cuda {
namespace entry {
#define ECHO_ENTRY(name, params, aliases)                                      \
  void name(echo_context &ctx, const echo_rt::name##_args &args);
#include "echo/abi.def"
} // namespace entry

// Each entry's arguments are the backends' one struct (common/EntryArgs.h).
using echo_rt::Operand;
#define ECHO_ENTRY(name, params, aliases) using echo_rt::name##_args;
#include "echo/abi.def"
} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_ABI_H
