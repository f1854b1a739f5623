//===- AllocSite.h - One entry of the allocation-site table ------*- C++ -*-===//
//
// The compiler names every allocation of a step by a site
// (echo-annotate-alloc-sites): "category|mobility|description", the
// mobility optional (tables written before it existed have two fields).
// Every backend reads the table through this parser.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ALLOCSITE_H
#define ECHO_RUNTIME_COMMON_ALLOCSITE_H

#include "echo/allocator.h"

#include <cstdint>
#include <string>

namespace echo_rt {

struct AllocSite {
  int64_t category = ECHO_MEM_WORKSPACE;
  int64_t mobility = ECHO_MOBILITY_MOVABLE;
  std::string what = "an unnamed buffer";
};

/// The site's fields; an unknown category is the workspace, an unknown or
/// missing mobility is movable (the first field that is not a mobility name
/// starts the description).
AllocSite parseAllocSite(const std::string &entry);

/// "movable", "temporary", "reclaimed"; nullptr out of range. And back, or -1.
const char *mobilityName(int64_t mobility);
int64_t mobilityOf(const std::string &name);

/// "none", "best-fit", "gtbm"; nullptr out of range. And back, or -1.
const char *poolPolicyName(int64_t policy);
int64_t poolPolicyOf(const std::string &name);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ALLOCSITE_H
