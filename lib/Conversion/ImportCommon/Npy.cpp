//===- Npy.cpp - Write the .npy files echo-run --inputs reads --------------===//
//
// Format version 1.0: magic "\x93NUMPY", version, a 2-byte header length,
// then the header dict padded with spaces to a multiple of 64 bytes and
// ended by a newline, then the raw little-endian data.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

LogicalResult mlir::echo::writeNpyF32(StringRef path, ArrayRef<int64_t> shape,
                                      ArrayRef<float> values,
                                      std::string &error) {
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (int64_t d : shape)
    dict += std::to_string(d) + ", ";
  if (!shape.empty()) {
    dict.pop_back();
    if (shape.size() > 1)
      dict.pop_back();
  }
  dict += "), }";
  size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  if (dict.size() > 0xffff) {
    error = path.str() + ": header too long for .npy version 1.0";
    return failure();
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write " + path.str() + ": " + ec.message();
    return failure();
  }
  os << "\x93NUMPY" << char(1) << char(0) << char(dict.size() & 0xff)
     << char(dict.size() >> 8) << dict;
  for (float v : values) {
    char bytes[4];
    llvm::support::endian::write32le(bytes, llvm::bit_cast<uint32_t>(v));
    os.write(bytes, 4);
  }
  os.close();
  if (os.has_error()) {
    error = "cannot write " + path.str() + ": " + os.error().message();
    os.clear_error();
    return failure();
  }
  return success();
}
