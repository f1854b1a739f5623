//===- StepCache.h - Compiled training steps on disk --------------------===//
//
// echo-run keeps the native code of each step it compiles (StepObject.h)
// with the step's manifest, in one file per key, so that running the same
// step again skips parsing, the CPU pipeline and code generation. The key
// hashes the input IR's bytes, the options that change the lowering and
// the identity of the echo-run binary (its path, size and modification
// time, and the LLVM version), so a rebuilt tool never reuses an entry.
//
// An entry carries its key, its sizes and a checksum of its contents; one
// that does not match (truncated, overwritten, another key's file, an older
// format) is reported and replaced, never trusted. Entries are written to a
// temporary file and renamed into place, so concurrent runs see either a
// whole entry or none.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUN_STEPCACHE_H
#define ECHO_RUN_STEPCACHE_H

#include "StepSignature.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace echo_run {

class StepCache {
public:
  /// `$ECHO_CACHE_DIR`, else `$XDG_CACHE_HOME/echo-mlir`, else
  /// `~/.cache/echo-mlir`; empty when there is no home directory.
  static std::string defaultDirectory();

  /// What identifies the running tool: `executable`'s path, size and
  /// modification time, and the LLVM version it was built with.
  static std::string toolIdentity(llvm::StringRef executable);

  /// The key of a step: a hash of the input IR, the options that change
  /// its lowering (as text) and the tool identity, in hex.
  static std::string key(llvm::StringRef input, llvm::StringRef options,
                         llvm::StringRef tool);

  explicit StepCache(std::string directory)
      : directory(std::move(directory)) {}

  std::string pathOf(llvm::StringRef key) const;

  enum class Found { Hit, Miss, Corrupt };

  /// Reads the entry of `key`. Hit: `manifest` and `object` are set. Miss:
  /// there is none. Corrupt: there is one that does not check out, and
  /// `why` says how.
  Found lookup(llvm::StringRef key, StepManifest &manifest,
               std::unique_ptr<llvm::MemoryBuffer> &object,
               std::string &why) const;

  /// Writes (or replaces) the entry of `key`; false with `error` set when
  /// the directory or the file cannot be written.
  bool store(llvm::StringRef key, const StepManifest &manifest,
             llvm::StringRef object, std::string &error) const;

private:
  std::string directory;
};

} // namespace echo_run

#endif // ECHO_RUN_STEPCACHE_H
