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

static void embedding(const char *E, ECHO_TENSOR(table), ECHO_TENSOR(indices),
                               ECHO_TENSOR(y), int64_t index_bits) {
  EmbeddingArgs a = embeddingArgs(E, table_rank, table_desc, indices_rank,
                                  indices_desc, y_rank, y_desc, index_bits);
  const TensorView &T = a.table, &I = a.indices, &Y = a.y;
  int64_t v = a.rows, d = a.width;
  for (int64_t i = 0; i < I.numel; ++i) {
    int64_t r = checkedIndex(E, I, i, index_bits, v);
    if (d)
      std::memcpy(Y.f32() + i * d, T.f32() + r * d, sizeof(float) * d);
  }
}

static void embedding_grad(const char *E, ECHO_TENSOR(indices), ECHO_TENSOR(dy),
                                    ECHO_TENSOR(dtable), int64_t index_bits) {
  EmbeddingGradArgs a =
      embeddingGradArgs(E, indices_rank, indices_desc, dy_rank, dy_desc,
                        dtable_rank, dtable_desc, index_bits);
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
  void entry::echo_embedding_i##bits(Context &, ECHO_TENSOR(table),            \
                                     ECHO_TENSOR(indices), ECHO_TENSOR(y)) {   \
    embedding("echo_embedding_i" #bits, table_rank, table_desc, indices_rank,  \
              indices_desc, y_rank, y_desc, bits);                             \
  }                                                                            \
  void entry::echo_embedding_grad_i##bits(Context &, ECHO_TENSOR(indices),     \
                                          ECHO_TENSOR(dy),                     \
                                          ECHO_TENSOR(dtable)) {               \
    embedding_grad("echo_embedding_grad_i" #bits, indices_rank, indices_desc,  \
                   dy_rank, dy_desc, dtable_rank, dtable_desc, bits);          \
  }
ECHO_EMBEDDING_ENTRIES(32)
ECHO_EMBEDDING_ENTRIES(64)
