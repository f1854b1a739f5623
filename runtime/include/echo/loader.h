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
#include <elf.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace echo_runtime {

/// `path` as dlopen should get it: a bare name is a file in the working
/// directory, as on every command line, not a library search.
inline std::string loadablePath(const std::string &path) {
  return path.find('/') == std::string::npos ? "./" + path : path;
}

/// Whether `path` is a complete 64-bit ELF shared object: every segment the
/// loader maps lies inside the file. dlopen maps a truncated library and
/// dies with SIGBUS when it touches the missing pages; this says why
/// instead. On failure returns false and says why in `error`.
inline bool checkSharedObject(const std::string &path, std::string &error) {
  std::unique_ptr<FILE, int (*)(FILE *)> f(std::fopen(path.c_str(), "rb"),
                                           std::fclose);
  if (!f) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  if (std::fseek(f.get(), 0, SEEK_END) != 0) {
    error = path + ": not a regular file";
    return false;
  }
  long size = std::ftell(f.get());
  Elf64_Ehdr eh;
  std::rewind(f.get());
  if (size < (long)sizeof(eh) || std::fread(&eh, sizeof(eh), 1, f.get()) != 1 ||
      std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) {
    error = path + ": not an ELF file";
    return false;
  }
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_type != ET_DYN ||
      eh.e_phentsize != sizeof(Elf64_Phdr)) {
    error = path + ": not a 64-bit ELF shared object";
    return false;
  }
  auto inside = [&](uint64_t offset, uint64_t bytes) {
    return offset <= (uint64_t)size && bytes <= (uint64_t)size - offset;
  };
  if (!inside(eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr)) ||
      (eh.e_shnum &&
       !inside(eh.e_shoff, (uint64_t)eh.e_shnum * eh.e_shentsize))) {
    error = path + ": truncated ELF file (" + std::to_string(size) +
            " bytes; its headers lie beyond)";
    return false;
  }
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    Elf64_Phdr ph;
    if (std::fseek(f.get(), (long)(eh.e_phoff + i * sizeof(ph)), SEEK_SET) ||
        std::fread(&ph, sizeof(ph), 1, f.get()) != 1) {
      error = path + ": cannot read its program headers";
      return false;
    }
    if (ph.p_type == PT_LOAD && !inside(ph.p_offset, ph.p_filesz)) {
      error = path + ": truncated ELF file (" + std::to_string(size) +
              " bytes; a loadable segment ends at byte " +
              std::to_string(ph.p_offset + ph.p_filesz) + ")";
      return false;
    }
  }
  return true;
}

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
    std::string why;
    if (!checkSharedObject(loadablePath(path), why)) {
      error = "cannot load runtime backend " + path + ": " + why;
      return nullptr;
    }
    void *handle = dlopen(loadablePath(path).c_str(), RTLD_NOW | RTLD_LOCAL);
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
