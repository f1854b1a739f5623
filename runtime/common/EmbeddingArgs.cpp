//===- EmbeddingArgs.cpp - Checked arguments of the embedding entries -----===//

#include "EmbeddingArgs.h"

using namespace echo_rt;

namespace {
/// Checks table/dtable [V, D], indices S and y/dy S x [D].
void checkShapes(const char *E, const TensorView &table, const char *tn,
                 const TensorView &idx, const TensorView &y, const char *yn) {
  expectRank(E, table, tn, 2);
  expectRank(E, y, yn, idx.rank + 1);
  for (int d = 0; d < idx.rank; ++d)
    expectDim(E, y, yn, d, idx.size(d));
  expectDim(E, y, yn, idx.rank, table.size(1));
}
} // namespace

EmbeddingArgs echo_rt::embeddingArgs(const char *E, ECHO_TENSOR(table),
                                     ECHO_TENSOR(indices), ECHO_TENSOR(y),
                                     int64_t indexBits) {
  EmbeddingArgs a;
  a.table = fview(E, "table", table_rank, table_desc);
  a.indices = iview(E, "indices", indices_rank, indices_desc, indexBits);
  a.y = fview(E, "y", y_rank, y_desc);
  checkShapes(E, a.table, "table", a.indices, a.y, "y");
  a.rows = a.table.size(0);
  a.width = a.table.size(1);
  return a;
}

EmbeddingGradArgs echo_rt::embeddingGradArgs(const char *E,
                                             ECHO_TENSOR(indices),
                                             ECHO_TENSOR(dy),
                                             ECHO_TENSOR(dtable),
                                             int64_t indexBits) {
  EmbeddingGradArgs a;
  a.indices = iview(E, "indices", indices_rank, indices_desc, indexBits);
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.dtable = fview(E, "dtable", dtable_rank, dtable_desc);
  checkShapes(E, a.dtable, "dtable", a.indices, a.dy, "dy");
  a.rows = a.dtable.size(0);
  a.width = a.dtable.size(1);
  return a;
}

void echo_rt::indexOutOfRange(const char *E, int64_t index, int64_t position,
                              int64_t rows) {
  fail(E, "index %lld at position %lld is outside [0, %lld)",
       (long long)index, (long long)position, (long long)rows);
}
