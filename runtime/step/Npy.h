//===- Npy.h - Reading NumPy .npy files ----------------------------------===//

#ifndef ECHO_STEPDRIVER_NPY_H
#define ECHO_STEPDRIVER_NPY_H

#include <cstdint>
#include <string>
#include <vector>

namespace echo_run {

struct NpyArray {
  std::string dtype; // "f32", "f16", "bf16" (read from <u2), "i32", "i64", "i1"
  std::vector<int64_t> shape;
  std::vector<char> data; // C order, little endian
};

/// Reads a version 1/2/3 .npy file of little-endian f4, f2, u2 (the bit
/// patterns of a bf16 tensor: NumPy has no bfloat16), i4, i8 or b1 in C
/// order. On failure returns false and sets `error`.
bool readNpy(const std::string &path, NpyArray &out, std::string &error);

} // namespace echo_run

#endif // ECHO_STEPDRIVER_NPY_H
