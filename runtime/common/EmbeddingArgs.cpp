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

EmbeddingArgs echo_rt::embeddingArgs(const char *E, const Operand &table,
                                     const Operand &indices, const Operand &y) {
  EmbeddingArgs a;
  a.table = table.view();
  a.indices = indices.view();
  a.y = y.view();
  checkShapes(E, a.table, "table", a.indices, a.y, "y");
  a.rows = a.table.size(0);
  a.width = a.table.size(1);
  return a;
}

EmbeddingGradArgs echo_rt::embeddingGradArgs(const char *E,
                                             const Operand &indices,
                                             const Operand &dy,
                                             const Operand &dtable) {
  EmbeddingGradArgs a;
  a.indices = indices.view();
  a.dy = dy.view();
  a.dtable = dtable.view();
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
