//===- Errors.cpp - Runtime error reporting ---------------------------------===//
//
// echo_rt_fail prints "echo runtime error in <entry>: <message>" to stderr and
// exits the process with status 3. The CPU backend has no way to unwind a
// step (the library is built without exceptions), so an error ends the run.
//
//===----------------------------------------------------------------------===//

#include "Tensor.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

extern "C" void echo_rt_fail(const char *entry, const char *message) {
  std::fflush(stdout);
  std::fprintf(stderr, "echo runtime error in %s: %s\n",
               entry ? entry : "<unknown>", message ? message : "");
  std::fflush(stderr);
  std::exit(3);
}

namespace echo_rt {

void fail(const char *entry, const char *fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  echo_rt_fail(entry, buffer);
  // echo_rt_fail never returns; keep the compiler convinced.
  std::abort();
}

} // namespace echo_rt
