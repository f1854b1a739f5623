//===- loader.h - Load a runtime backend library at run time ----*- C++ -*-===//
//
// A backend is a shared library exporting every function of echo/abi.def.
// Backend opens one (dlopen), resolves all of them, and checks its ABI
// version, so a host program (echo-run, echo-step, the backend test suite,
// an embedding framework) can choose its backend at run time. A library
// that lacks a function, or speaks another ABI version, is an error
// returned to the caller, never a crash at the first call.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LOADER_H
#define ECHO_LOADER_H

#include "echo/runtime.h"

#include <dlfcn.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace echo_runtime {

class Backend {
public:
  // One pointer per function of the ABI, named as the function.
#define ECHO_ENTRY(name, params, aliases)                                      \
  echo_status (*name)(echo_context * ECHO_PARAMS(params)) = nullptr;
#define ECHO_STEP_FUNCTION(ret, name, params) ret(*name) params = nullptr;
#define ECHO_HOST_FUNCTION(ret, name, params) ret(*name) params = nullptr;
#include "echo/abi.def"

  Backend(const Backend &) = delete;
  Backend &operator=(const Backend &) = delete;
  ~Backend() {
    if (handle)
      dlclose(handle);
  }

  /// Opens `path`; on failure returns null and says why in `error`.
  static std::unique_ptr<Backend> load(const std::string &path,
                                           std::string &error) {
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = dlerror();
      error = "cannot load runtime backend " + path + ": " +
              (why ? why : "unknown error");
      return nullptr;
    }
    std::unique_ptr<Backend> backend(new Backend(handle));
    std::vector<std::string> missing;
    auto resolve = [&](auto &fn, const char *name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
          dlsym(handle, name));
      if (!fn)
        missing.push_back(name);
      backend->symbols.emplace_back(name, reinterpret_cast<void *>(fn));
    };
#define ECHO_ENTRY(name, params, aliases) resolve(backend->name, #name);
#define ECHO_STEP_FUNCTION(ret, name, params) resolve(backend->name, #name);
#define ECHO_HOST_FUNCTION(ret, name, params) resolve(backend->name, #name);
#include "echo/abi.def"
    if (!missing.empty()) {
      error = "runtime backend " + path + " lacks " +
              std::to_string(missing.size()) + " function(s) of the ABI, " +
              "first " + missing.front();
      return nullptr;
    }
    if (backend->echo_abi_version() != ECHO_ABI_VERSION) {
      error = "runtime backend " + path + " implements ABI version " +
              std::to_string(backend->echo_abi_version()) + ", expected " +
              std::to_string(ECHO_ABI_VERSION);
      return nullptr;
    }
    return backend;
  }

  /// Name and address of every function of the ABI, in abi.def's order
  /// (what a JIT resolves a compiled step's calls against).
  const std::vector<std::pair<const char *, void *>> &allSymbols() const {
    return symbols;
  }

private:
  explicit Backend(void *handle) : handle(handle) {}
  void *handle;
  std::vector<std::pair<const char *, void *>> symbols;
};

} // namespace echo_runtime

#endif // ECHO_LOADER_H
