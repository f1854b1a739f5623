//===- Npy.cpp - Reading NumPy .npy files --------------------------------===//
//
// Format: magic "\x93NUMPY", version, header length (2 bytes in v1, 4 in
// v2/v3), then a Python dict literal with 'descr', 'fortran_order' and
// 'shape', then the raw data.

#include "Npy.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>

namespace echo_run {

bool readNpy(const std::string &path, NpyArray &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  if (bytes.size() < 10 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0) {
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
  if (offset + headerLen > bytes.size()) {
    error = path + ": truncated header";
    return false;
  }
  std::string header(bytes.begin() + offset, bytes.begin() + offset + headerLen);
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr':\\s*'([^']*)'"))) {
    error = path + ": header has no 'descr'";
    return false;
  }
  std::string descr = m[1];
  int64_t itemSize;
  if (descr == "<f4")
    out.dtype = "f32", itemSize = 4;
  else if (descr == "<i4")
    out.dtype = "i32", itemSize = 4;
  else if (descr == "<i8")
    out.dtype = "i64", itemSize = 8;
  else if (descr == "|b1" || descr == "|u1")
    out.dtype = "i1", itemSize = 1;
  else {
    error = path + ": unsupported dtype '" + descr + "' (need <f4, <i4, <i8 or |b1)";
    return false;
  }
  if (std::regex_search(header, m, std::regex("'fortran_order':\\s*True"))) {
    error = path + ": Fortran-order arrays are not supported";
    return false;
  }
  if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)"))) {
    error = path + ": header has no 'shape'";
    return false;
  }
  out.shape.clear();
  std::string dims = m[1];
  std::regex number("[0-9]+");
  int64_t count = 1;
  for (auto it = std::sregex_iterator(dims.begin(), dims.end(), number);
       it != std::sregex_iterator(); ++it) {
    out.shape.push_back(std::stoll(it->str()));
    count *= out.shape.back();
  }
  size_t dataStart = offset + headerLen;
  if ((int64_t)(bytes.size() - dataStart) != count * itemSize) {
    error = path + ": expected " + std::to_string(count * itemSize) +
            " data bytes, found " + std::to_string(bytes.size() - dataStart);
    return false;
  }
  out.data.assign(bytes.begin() + dataStart, bytes.end());
  return true;
}

} // namespace echo_run
