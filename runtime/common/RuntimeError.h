//===- RuntimeError.h - Errors inside a backend's entries ---*- C++ -*-===//
//
// Shared by every backend: an entry's implementation throws Error, and the
// backend's exported wrapper returns it as the entry's status. Exceptions
// never cross the C ABI; nothing here prints or ends the process.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_RUNTIMEERROR_H
#define ECHO_RUNTIME_COMMON_RUNTIMEERROR_H

#include "echo/runtime.h"

#include <string>

namespace echo_rt {

/// A failure inside an entry's implementation.
struct Error {
  echo_status status;
  std::string message;
};

/// Throws Error{ECHO_ERR_INVALID_ARGUMENT, "<entry>: <message>"}, printf-style.
[[noreturn]] void fail(const char *entry, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_RUNTIMEERROR_H
