//===- NcclLibrary.cpp - NCCL, loaded at run time --------------------------===//

#include "NcclLibrary.h"

#include <dlfcn.h>

#include <cstdlib>

namespace echo_cuda {
namespace {

/// dlerror's text on one line (it names the file and the reason).
std::string lastDlError() {
  const char *text = dlerror();
  std::string s = text ? text : "unknown error";
  for (char &c : s)
    if (c == '\n')
      c = ' ';
  return s;
}

/// Resolves `name` into `fn`; false with `why` when the library lacks it.
template <typename Fn>
bool resolve(void *handle, const std::string &path, const char *name, Fn &fn,
             std::string &why) {
  fn = reinterpret_cast<Fn>(dlsym(handle, name));
  if (fn)
    return true;
  why = path + " has no " + name + ": not an NCCL 2 library";
  return false;
}

} // namespace

std::string NcclLibrary::versionString() const {
  // NCCL_VERSION(X, Y, Z): X * 1000 + Y * 100 + Z up to 2.8, then
  // X * 10000 + Y * 100 + Z.
  int major = version >= 10000 ? version / 10000 : version / 1000;
  int minor = version >= 10000 ? version / 100 % 100 : version / 100 % 10;
  return std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(version % 100);
}

std::string NcclLibrary::describe(const char *what,
                                  nccl::Result result) const {
  const char *text = getErrorString ? getErrorString(result) : nullptr;
  return std::string(what) + " failed: " +
         (text ? text : "NCCL error " + std::to_string(result));
}

bool openNccl(NcclLibrary &library, std::string &why) {
  const char *named = std::getenv("ECHO_NCCL_LIBRARY");
  void *handle = nullptr;
  if (named && *named) {
    library.path = named;
    handle = dlopen(named, RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      why = lastDlError();
  } else {
    // The runtime's soname first (what the NCCL packages install), then
    // the development link.
    for (const char *candidate : {"libnccl.so.2", "libnccl.so"}) {
      handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
      if (handle) {
        library.path = candidate;
        break;
      }
      std::string error = lastDlError();
      if (why.empty())
        why = error; // the soname's reason is the one to report
    }
  }
  if (!handle)
    return false;
  why.clear();
  NcclLibrary &l = library;
  const std::string &p = l.path;
  if (!resolve(handle, p, "ncclGetVersion", l.getVersion, why) ||
      !resolve(handle, p, "ncclGetErrorString", l.getErrorString, why) ||
      !resolve(handle, p, "ncclGetUniqueId", l.getUniqueId, why) ||
      !resolve(handle, p, "ncclCommInitRank", l.commInitRank, why) ||
      !resolve(handle, p, "ncclCommDestroy", l.commDestroy, why) ||
      !resolve(handle, p, "ncclAllReduce", l.allReduce, why) ||
      !resolve(handle, p, "ncclAllGather", l.allGather, why) ||
      !resolve(handle, p, "ncclReduceScatter", l.reduceScatter, why))
    return false;
  nccl::Result r = l.getVersion(&l.version);
  if (r != nccl::kSuccess) {
    why = p + ": " + l.describe("ncclGetVersion", r);
    return false;
  }
  // The library stays loaded: its communicator lives until exit.
  return true;
}

std::string ncclNeeded(int64_t ranks, const std::string &why) {
  return "NCCL is needed for collectives of " + std::to_string(ranks) +
         (ranks == 1 ? " rank" : " ranks") + " on the GPU: " + why +
         " (set ECHO_NCCL_LIBRARY, or ECHO_CUDA_COLLECTIVES=host)";
}

} // namespace echo_cuda
