//===- RuntimeError.cpp - Errors inside a backend's entries ------------===//
//
// fail() throws echo_rt::Error with "<entry>: <message>"; the entry's
// exported wrapper (Entries.cpp) catches it and records it in the context.
// Nothing here prints or ends the process.
//
//===----------------------------------------------------------------------===//

#include "RuntimeError.h"

#include <cstdarg>
#include <cstdio>

namespace echo_rt {

void fail(const char *entry, const char *fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  throw Error{ECHO_ERR_INVALID_ARGUMENT,
              std::string(entry ? entry : "<unknown>") + ": " + buffer};
}

} // namespace echo_rt
