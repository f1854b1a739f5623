//===- Embedding.cpp - Embedding lookup and its table gradient --------------===//

#include "Context.h"
#include "EmbeddingArgs.h"
#include "TensorView.h"

#include <cstring>

using namespace echo_rt;

namespace {
int64_t checkedIndex(const char *E, const TensorView &idx, int64_t i,
                     int64_t bits, int64_t v) {
  int64_t r = loadIndex(idx, i, bits);
  if (r < 0 || r >= v)
    indexOutOfRange(E, r, i, v);
  return r;
}
} // namespace

static void embedding(const char *E, const Operand &table,
                      const Operand &indices, const Operand &y,
                      int64_t index_bits) {
  EmbeddingArgs a = embeddingArgs(E, table, indices, y);
  const TensorView &T = a.table, &I = a.indices, &Y = a.y;
  int64_t v = a.rows, d = a.width;
  for (int64_t i = 0; i < I.numel; ++i) {
    int64_t r = checkedIndex(E, I, i, index_bits, v);
    if (d)
      std::memcpy(Y.f32() + i * d, T.f32() + r * d, sizeof(float) * d);
  }
}

static void embedding_grad(const char *E, const Operand &indices,
                           const Operand &dy, const Operand &dtable,
                           int64_t index_bits) {
  EmbeddingGradArgs a = embeddingGradArgs(E, indices, dy, dtable);
  const TensorView &I = a.indices, &DY = a.dy, &DT = a.dtable;
  int64_t v = a.rows, d = a.width;
  // Validate every index before touching the output.
  for (int64_t i = 0; i < I.numel; ++i)
    checkedIndex(E, I, i, index_bits, v);
  if (DT.numel)
    std::memset(DT.f32(), 0, sizeof(float) * DT.numel);
  for (int64_t i = 0; i < I.numel; ++i) {
    int64_t r = loadIndex(I, i, index_bits);
    float *out = DT.f32() + r * d;
    const float *in = DY.f32() + i * d;
    for (int64_t j = 0; j < d; ++j)
      out[j] += in[j];
  }
}

// The entries carry the index type in their names (one MLIR declaration per
// symbol); the kernels take it as a width.
#define ECHO_EMBEDDING_ENTRIES(bits)                                           \
  void entry::echo_embedding_i##bits(                                          \
      Context &, const echo_embedding_i##bits##_args &args) {                  \
    embedding(args.entry, args.table, args.indices, args.y, bits);             \
  }                                                                            \
  void entry::echo_embedding_grad_i##bits(                                     \
      Context &, const echo_embedding_grad_i##bits##_args &args) {             \
    embedding_grad(args.entry, args.indices, args.dy, args.dtable, bits);      \
  }
ECHO_EMBEDDING_ENTRIES(32)
ECHO_EMBEDDING_ENTRIES(64)
