//===- Tensor.h - Views of MLIR memref descriptors (CUDA) -------*- C++ -*-===//
//
// The descriptor of every tensor argument is in host memory, its data in
// device memory (HOST_* parameters excepted). TensorView decodes the
// descriptor on the host with the CPU backend's checks and messages
// (identity layout, ranks, shapes); kernels get the data pointer and sizes.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_TENSOR_H
#define ECHO_RUNTIME_CUDA_TENSOR_H

#include "Context.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace echo_cuda {

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
  int64_t prod(int from, int to) const {
    int64_t p = 1;
    for (int d = from; d < to; ++d)
      p *= sizes[d];
    return p;
  }
  int64_t rows() const { return rank == 0 ? 1 : prod(0, rank - 1); }
  int64_t last() const { return rank == 0 ? 1 : sizes[rank - 1]; }
  std::string shapeStr() const;
};

TensorView view(const char *entry, const char *name, int64_t rank, void *desc,
                size_t elemBytes);
inline TensorView fview(const char *entry, const char *name, int64_t rank,
                        void *desc) {
  return view(entry, name, rank, desc, sizeof(float));
}
TensorView iview(const char *entry, const char *name, int64_t rank, void *desc,
                 int64_t indexBits);

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
void rowMajorStrides(int rank, const int64_t *sizes, int64_t *strides);
/// Strides reading `operand` broadcast (numpy rules) to `out`'s shape.
void broadcastStrides(const char *entry, const TensorView &operand,
                      const char *name, const TensorView &out,
                      const char *outName, int64_t *strides);

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_TENSOR_H
