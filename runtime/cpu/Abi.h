//===- Abi.h - The exported C ABI of the CPU backend -------------*- C++ -*-===//
//
// The library is built with hidden visibility; only the functions declared
// in echo/runtime.h (generated from echo/abi.def) are exported, by including
// the header under a default visibility pragma. Each entry's implementation
// is declared here too, from the same list: `echo_rt::entry::<name>` takes
// the context and the entry's arguments (`<name>_args`, EntryArgs.h) and
// reports errors by throwing echo_rt::Error.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_ABI_H
#define ECHO_RUNTIME_CPU_ABI_H

#pragma GCC visibility push(default)
#include "echo/runtime.h"
#pragma GCC visibility pop

#include "EntryArgs.h"

namespace echo_rt {
namespace entry {
#define ECHO_ENTRY(name, params, aliases)                                      \
  void name(echo_context &ctx, const echo_rt::name##_args &args);
#include "echo/abi.def"
} // namespace entry
} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_ABI_H
