//===- TensorView.h - Views of MLIR memref descriptors ----------*- C++ -*-===//
//
// Every tensor argument of the runtime ABI arrives as an unranked memref:
// (rank, pointer to the ranked descriptor). TensorView decodes the descriptor,
// checks the identity (row-major, contiguous) layout and exposes the data
// pointer (aligned + offset), the sizes and the element count. All checks
// throw echo_rt::Error (fail), which the exported wrapper returns as a status.
// Shared by every backend: the descriptors are host memory on all of them,
// so shape checks and their messages are the same everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_TENSORVIEW_H
#define ECHO_RUNTIME_COMMON_TENSORVIEW_H

#include "RuntimeError.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace echo_rt {

/// Ranks above this are rejected; it bounds the fixed-size index arrays of
/// the strided loops.
constexpr int kMaxRank = 16;

struct TensorView {
  void *data = nullptr;
  int rank = 0;
  int64_t sizes[kMaxRank] = {};
  int64_t numel = 1;

  int64_t size(int d) const { return sizes[d]; }
  float *f32() const { return static_cast<float *>(data); }
  uint8_t *u8() const { return static_cast<uint8_t *>(data); }
  int32_t *i32() const { return static_cast<int32_t *>(data); }
  int64_t *i64() const { return static_cast<int64_t *>(data); }
  /// Product of sizes[from, to).
  int64_t prod(int from, int to) const {
    int64_t p = 1;
    for (int d = from; d < to; ++d)
      p *= sizes[d];
    return p;
  }
  /// Product of all sizes but the last (rows of a [..., K] tensor).
  int64_t rows() const { return rank == 0 ? 1 : prod(0, rank - 1); }
  int64_t last() const { return rank == 0 ? 1 : sizes[rank - 1]; }
  std::string shapeStr() const;
};

/// Decodes (rank, desc) with elements of `elemBytes` bytes.
TensorView view(const char *entry, const char *name, int64_t rank, void *desc,
                size_t elemBytes);

inline int64_t loadIndex(const TensorView &t, int64_t i, int64_t bits) {
  return bits == 32 ? static_cast<int64_t>(t.i32()[i]) : t.i64()[i];
}

bool sameShape(const TensorView &a, const TensorView &b);
void expectSameShape(const char *entry, const TensorView &a, const char *an,
                     const TensorView &b, const char *bn);
void expectRank(const char *entry, const TensorView &t, const char *name,
                int rank);
void expectMinRank(const char *entry, const TensorView &t, const char *name,
                   int rank);
void expectDim(const char *entry, const TensorView &t, const char *name, int d,
               int64_t value);
void expectNumel(const char *entry, const TensorView &t, const char *name,
                 int64_t numel);

/// Row-major strides of `sizes[0, rank)` into `strides`.
void rowMajorStrides(int rank, const int64_t *sizes, int64_t *strides);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_TENSORVIEW_H
