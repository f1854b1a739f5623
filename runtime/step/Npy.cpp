//===- Npy.cpp - Reading NumPy .npy files --------------------------------===//
//
// Format: magic "\x93NUMPY", version, header length (2 bytes in v1, 4 in
// v2/v3), then a Python dict literal with 'descr', 'fortran_order' and
// 'shape', then the raw data.

#include "Npy.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>
#include <sys/stat.h>

namespace echo_run {

namespace {
/// Parses the inside of a shape tuple, "2, 3" or "5," or "": non-negative
/// decimal integers separated by commas, with an optional trailing comma.
bool parseShape(const std::string &text, std::vector<int64_t> &shape) {
  shape.clear();
  size_t i = 0, n = text.size();
  auto skipSpace = [&] {
    while (i < n && (text[i] == ' ' || text[i] == '\t'))
      ++i;
  };
  skipSpace();
  while (i < n) {
    if (text[i] < '0' || text[i] > '9')
      return false;
    int64_t value = 0;
    while (i < n && text[i] >= '0' && text[i] <= '9') {
      if (__builtin_mul_overflow(value, (int64_t)10, &value) ||
          __builtin_add_overflow(value, (int64_t)(text[i] - '0'), &value))
        return false;
      ++i;
    }
    shape.push_back(value);
    skipSpace();
    if (i == n)
      break;
    if (text[i] != ',')
      return false;
    ++i;
    skipSpace();
  }
  return true;
}
} // namespace

bool readNpy(const std::string &path, NpyArray &out, std::string &error) {
  struct stat info;
  if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    error = path + " is a directory, not a .npy file";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
  std::string bytes((std::istreambuf_iterator<char>(file)),
                    std::istreambuf_iterator<char>());
  if (file.bad()) {
    error = "cannot read " + path;
    return false;
  }
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY", 6) != 0) {
    error = path + " is not a .npy file";
    return false;
  }
  unsigned major = (unsigned char)bytes[6];
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
    offset = 10;
  } else if ((major == 2 || major == 3) && bytes.size() >= 12) {
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = (headerLen << 8) | (unsigned char)bytes[8 + i];
    offset = 12;
  } else {
    error = path + ": unsupported .npy version " + std::to_string(major);
    return false;
  }
  if (headerLen > bytes.size() - offset) {
    error = path + ": truncated header";
    return false;
  }
  std::string header = bytes.substr(offset, headerLen);
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr':\\s*'([^']*)'"))) {
    error = path + ": header has no 'descr'";
    return false;
  }
  std::string descr = m[1];
  int64_t itemSize;
  if (descr == "<f4")
    out.dtype = "f32", itemSize = 4;
  else if (descr == "<f2")
    out.dtype = "f16", itemSize = 2;
  else if (descr == "<u2")
    // NumPy has no bfloat16: a bf16 tensor is read from its 16-bit
    // patterns (docs/mixed-precision.md).
    out.dtype = "bf16", itemSize = 2;
  else if (descr == "<i4")
    out.dtype = "i32", itemSize = 4;
  else if (descr == "<i8")
    out.dtype = "i64", itemSize = 8;
  else if (descr == "|b1" || descr == "|u1")
    out.dtype = "i1", itemSize = 1;
  else {
    error = path + ": unsupported dtype '" + descr +
            "' (need little-endian <f4, <f2, <u2 (bf16 patterns), <i4, <i8, "
            "or |b1)";
    return false;
  }
  if (!std::regex_search(header, m,
                         std::regex("'fortran_order':\\s*(True|False)"))) {
    error = path + ": header has no 'fortran_order'";
    return false;
  }
  if (m[1] == "True") {
    error = path + ": Fortran-order arrays are not supported";
    return false;
  }
  if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)"))) {
    error = path + ": header has no 'shape'";
    return false;
  }
  if (!parseShape(m[1], out.shape)) {
    error = path + ": shape (" + std::string(m[1]) +
            ") is not a tuple of non-negative integers";
    return false;
  }
  int64_t dataBytes = itemSize;
  for (int64_t d : out.shape)
    if (__builtin_mul_overflow(dataBytes, d, &dataBytes)) {
      error = path + ": shape (" + std::string(m[1]) + ") is too large";
      return false;
    }
  size_t dataStart = offset + headerLen;
  if ((uint64_t)(bytes.size() - dataStart) != (uint64_t)dataBytes) {
    error = path + ": expected " + std::to_string(dataBytes) +
            " data bytes, found " + std::to_string(bytes.size() - dataStart);
    return false;
  }
  out.data.assign(bytes.begin() + dataStart, bytes.end());
  if (out.dtype == "i1")
    for (size_t i = 0; i < out.data.size(); ++i)
      if ((unsigned char)out.data[i] > 1) {
        error = path + ": boolean element " + std::to_string(i) +
                " is neither 0 nor 1";
        return false;
      }
  return true;
}

} // namespace echo_run
