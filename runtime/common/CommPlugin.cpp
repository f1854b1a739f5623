//===- CommPlugin.cpp - The communicator plugin, loaded once ---------------===//

#include "CommPlugin.h"
#include "RuntimeError.h"
#include "echo/comm.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <string>

namespace echo_rt {
namespace {

struct Loaded {
  CommPlugin plugin;
  std::string error; // empty when opened
};

/// The plugin next to this backend's own library, unless ECHO_COMM_LIBRARY
/// names one.
std::string pluginPath() {
  if (const char *path = std::getenv("ECHO_COMM_LIBRARY"); path && *path)
    return path;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&commPlugin), &info) && info.dli_fname) {
    std::string self = info.dli_fname;
    size_t slash = self.rfind('/');
    if (slash != std::string::npos)
      return self.substr(0, slash + 1) + "libecho_comm_mpi.so";
  }
  return "libecho_comm_mpi.so";
}

Loaded open() {
  Loaded l;
  std::string path = pluginPath();
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    l.error = "cannot load the communicator " + path + " (" +
              (why ? why : "unknown") +
              "); a data-parallel step needs the build's MPI plugin "
              "(Open MPI: libopenmpi-dev, then rebuild) or ECHO_COMM_LIBRARY";
    return l;
  }
  auto version = reinterpret_cast<int64_t (*)()>(
      dlsym(handle, "echo_comm_api_version"));
  auto openFn = reinterpret_cast<int (*)(int64_t *, int64_t *, char *, size_t)>(
      dlsym(handle, "echo_comm_open"));
  l.plugin.allgather =
      reinterpret_cast<int (*)(const void *, void *, int64_t, char *, size_t)>(
          dlsym(handle, "echo_comm_allgather"));
  if (!version || !openFn) {
    l.error = path + " is not an echo communicator (echo/comm.h)";
    return l;
  }
  // Before the other symbols: an older plugin lacks some of them, and its
  // version says why.
  if (version() != ECHO_COMM_API_VERSION) {
    l.error = path + " has communicator API version " +
              std::to_string(version()) + ", this backend " +
              std::to_string(ECHO_COMM_API_VERSION);
    return l;
  }
  l.plugin.sendrecv =
      reinterpret_cast<int (*)(const void *, int64_t, int64_t, void *, int64_t,
                               int64_t, char *, size_t)>(
          dlsym(handle, "echo_comm_sendrecv"));
  if (!l.plugin.allgather || !l.plugin.sendrecv) {
    l.error = path + " is not an echo communicator (echo/comm.h): it lacks " +
              (l.plugin.allgather ? "echo_comm_sendrecv"
                                  : "echo_comm_allgather");
    return l;
  }
  char message[512] = {0};
  if (openFn(&l.plugin.rank, &l.plugin.size, message, sizeof message) != 0)
    l.error = std::string("cannot join the job: ") + message;
  return l;
}

} // namespace

CommPlugin &commPlugin(const char *entry) {
  static std::once_flag once;
  static Loaded loaded;
  std::call_once(once, [] { loaded = open(); });
  if (!loaded.error.empty())
    fail(entry, "%s", loaded.error.c_str());
  return loaded.plugin;
}

} // namespace echo_rt
