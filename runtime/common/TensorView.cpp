//===- TensorView.cpp - Views of MLIR memref descriptors ----------------===//

#include "TensorView.h"

#include <cstdio>
#include <cstring>

namespace echo_rt {

namespace {
/// The ranked descriptor: { T *allocated; T *aligned; int64_t offset;
/// int64_t sizes[rank]; int64_t strides[rank]; }.
struct DescriptorHeader {
  void *allocated;
  void *aligned;
  int64_t offset;
};
} // namespace

std::string TensorView::shapeStr() const {
  std::string s = "[";
  for (int d = 0; d < rank; ++d) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), d ? "x%lld" : "%lld",
                  static_cast<long long>(sizes[d]));
    s += buffer;
  }
  return s + "]";
}

TensorView view(const char *entry, const char *name, int64_t rank, void *desc,
                size_t elemBytes) {
  TensorView t;
  if (rank < 0 || rank > kMaxRank)
    fail(entry, "%s has unsupported rank %lld (at most %d)", name,
         static_cast<long long>(rank), kMaxRank);
  if (!desc)
    fail(entry, "%s has a null descriptor", name);
  DescriptorHeader header;
  std::memcpy(&header, desc, sizeof(header));
  const int64_t *sizes = reinterpret_cast<const int64_t *>(
      static_cast<const char *>(desc) + sizeof(DescriptorHeader));
  const int64_t *strides = sizes + rank;
  t.rank = static_cast<int>(rank);
  for (int d = 0; d < t.rank; ++d) {
    if (sizes[d] < 0)
      fail(entry, "%s has negative size %lld in dimension %d", name,
           static_cast<long long>(sizes[d]), d);
    t.sizes[d] = sizes[d];
    t.numel *= sizes[d];
  }
  if (t.numel == 0) {
    t.data = header.aligned;
    return t;
  }
  // Identity layout: row-major contiguous strides (any stride is accepted
  // for dimensions of size 1, which it never multiplies).
  int64_t expected = 1;
  for (int d = t.rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      fail(entry,
           "%s must have the identity (row-major contiguous) layout; "
           "dimension %d of shape %s has stride %lld, expected %lld",
           name, d, t.shapeStr().c_str(), static_cast<long long>(strides[d]),
           static_cast<long long>(expected));
    expected *= sizes[d];
  }
  if (!header.aligned)
    fail(entry, "%s has a null data pointer", name);
  if (header.offset < 0)
    fail(entry, "%s has negative offset %lld", name,
         static_cast<long long>(header.offset));
  t.data = static_cast<char *>(header.aligned) +
           header.offset * static_cast<int64_t>(elemBytes);
  return t;
}

bool sameShape(const TensorView &a, const TensorView &b) {
  if (a.rank != b.rank)
    return false;
  for (int d = 0; d < a.rank; ++d)
    if (a.sizes[d] != b.sizes[d])
      return false;
  return true;
}

void expectSameShape(const char *entry, const TensorView &a, const char *an,
                     const TensorView &b, const char *bn) {
  if (!sameShape(a, b))
    fail(entry, "%s shape %s differs from %s shape %s", an,
         a.shapeStr().c_str(), bn, b.shapeStr().c_str());
}

void expectRank(const char *entry, const TensorView &t, const char *name,
                int rank) {
  if (t.rank != rank)
    fail(entry, "%s must have rank %d, got shape %s", name, rank,
         t.shapeStr().c_str());
}

void expectMinRank(const char *entry, const TensorView &t, const char *name,
                   int rank) {
  if (t.rank < rank)
    fail(entry, "%s must have rank >= %d, got shape %s", name, rank,
         t.shapeStr().c_str());
}

void expectDim(const char *entry, const TensorView &t, const char *name, int d,
               int64_t value) {
  if (d < 0 || d >= t.rank || t.sizes[d] != value)
    fail(entry, "%s shape %s: dimension %d must be %lld", name,
         t.shapeStr().c_str(), d, static_cast<long long>(value));
}

void expectNumel(const char *entry, const TensorView &t, const char *name,
                 int64_t numel) {
  if (t.numel != numel)
    fail(entry, "%s shape %s must have %lld elements", name,
         t.shapeStr().c_str(), static_cast<long long>(numel));
}

void rowMajorStrides(int rank, const int64_t *sizes, int64_t *strides) {
  int64_t s = 1;
  for (int d = rank - 1; d >= 0; --d) {
    strides[d] = s;
    s *= sizes[d];
  }
}

} // namespace echo_rt
