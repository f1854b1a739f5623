//===- CommPlugin.h - The communicator plugin, loaded once -------*- C++ -*-===//
//
// The process's communicator (echo/comm.h): the plugin library is loaded at
// the first collective of more than one rank and kept for the process's
// life (MPI is one per process, so this is the backend's one global). A
// missing or broken plugin is an entry error naming the library and how to
// get it, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_COMMPLUGIN_H
#define ECHO_RUNTIME_COMMON_COMMPLUGIN_H

#include <cstddef>
#include <cstdint>

namespace echo_rt {

struct CommPlugin {
  int64_t rank = 0, size = 1;
  int (*allgather)(const void *, void *, int64_t, char *, size_t) = nullptr;
  int (*sendrecv)(const void *, int64_t, int64_t, void *, int64_t, int64_t,
                  char *, size_t) = nullptr;
  /// Collectives this process has started: every rank must be at the same
  /// one (Collectives.cpp checks it before each collective's data).
  uint64_t calls = 0;
};

/// The opened communicator; throws Error (through fail(entry, ...)) when
/// the plugin cannot be loaded or the job cannot be joined.
CommPlugin &commPlugin(const char *entry);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_COMMPLUGIN_H
