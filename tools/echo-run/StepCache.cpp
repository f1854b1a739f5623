//===- StepCache.cpp - Compiled training steps on disk ------------------===//

#include "StepCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>

namespace echo_run {

namespace {

/// First line of every entry; bump the number when the layout changes.
constexpr llvm::StringLiteral kFormat = "echo-mlir step cache 1";

std::string hex128(llvm::StringRef data) {
  llvm::XXH128_hash_t h =
      llvm::xxh3_128bits(llvm::ArrayRef(data.bytes_begin(), data.size()));
  return llvm::utohexstr(h.high64, /*LowerCase=*/true, /*Width=*/16) +
         llvm::utohexstr(h.low64, /*LowerCase=*/true, /*Width=*/16);
}

std::string checksum(llvm::StringRef manifest, llvm::StringRef object) {
  return hex128((hex128(manifest) + hex128(object)));
}

} // namespace

std::string StepCache::defaultDirectory() {
  if (const char *dir = std::getenv("ECHO_CACHE_DIR"); dir && *dir)
    return dir;
  llvm::SmallString<256> path;
  if (!llvm::sys::path::cache_directory(path))
    return "";
  llvm::sys::path::append(path, "echo-mlir");
  return std::string(path);
}

std::string StepCache::toolIdentity(llvm::StringRef executable) {
  std::string identity;
  llvm::raw_string_ostream os(identity);
  os << executable << ' ' << LLVM_VERSION_STRING;
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(executable, status))
    os << ' ' << status.getSize() << ' '
       << status.getLastModificationTime().time_since_epoch().count();
  return identity;
}

std::string StepCache::key(llvm::StringRef input, llvm::StringRef options,
                           llvm::StringRef tool) {
  return hex128(hex128(input) + "\n" + options.str() + "\n" + tool.str());
}

std::string StepCache::pathOf(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key + ".step");
  return std::string(path);
}

StepCache::Found StepCache::lookup(llvm::StringRef key,
                                   StepManifest &manifest,
                                   std::unique_ptr<llvm::MemoryBuffer> &object,
                                   std::string &why) const {
  std::string path = pathOf(key);
  if (!llvm::sys::fs::exists(path))
    return Found::Miss;
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    why = "cannot be read: " + file.getError().message();
    return Found::Corrupt;
  }
  // Header: format, key, "<manifest bytes> <object bytes> <checksum>".
  llvm::StringRef rest = (*file)->getBuffer(), format, entryKey, sizes;
  std::tie(format, rest) = rest.split('\n');
  std::tie(entryKey, rest) = rest.split('\n');
  std::tie(sizes, rest) = rest.split('\n');
  if (format != kFormat) {
    why = "is not in the format '" + kFormat.str() + "'";
    return Found::Corrupt;
  }
  if (entryKey != key) {
    why = "belongs to another key (" + entryKey.str() + ")";
    return Found::Corrupt;
  }
  llvm::SmallVector<llvm::StringRef, 3> fields;
  sizes.split(fields, ' ');
  uint64_t manifestBytes = 0, objectBytes = 0;
  if (fields.size() != 3 || fields[0].getAsInteger(10, manifestBytes) ||
      fields[1].getAsInteger(10, objectBytes) ||
      manifestBytes > rest.size() ||
      objectBytes != rest.size() - manifestBytes) {
    why = "has a damaged header or is truncated";
    return Found::Corrupt;
  }
  llvm::StringRef manifestText = rest.take_front(manifestBytes),
                  objectCode = rest.drop_front(manifestBytes);
  if (checksum(manifestText, objectCode) != fields[2]) {
    why = "fails its checksum";
    return Found::Corrupt;
  }
  std::string error;
  if (!parseManifest(manifestText.str(), manifest, error)) {
    why = "has an unreadable manifest: " + error;
    return Found::Corrupt;
  }
  object = llvm::MemoryBuffer::getMemBufferCopy(objectCode, path);
  return Found::Hit;
}

bool StepCache::store(llvm::StringRef key, const StepManifest &manifest,
                      llvm::StringRef object, std::string &error) const {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory)) {
    error = "cannot create " + directory + ": " + ec.message();
    return false;
  }
  std::string path = pathOf(key), manifestText = writeManifest(manifest);
  llvm::SmallString<256> temporary;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          path + ".tmp-%%%%%%%%", fd, temporary)) {
    error = "cannot write in " + directory + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kFormat << '\n'
       << key << '\n'
       << manifestText.size() << ' ' << object.size() << ' '
       << checksum(manifestText, object) << '\n'
       << manifestText << object;
    os.close();
    if (os.has_error()) {
      error = "cannot write " + std::string(temporary) + ": " +
              os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    error = "cannot rename " + std::string(temporary) + " to " + path + ": " +
            ec.message();
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

} // namespace echo_run
