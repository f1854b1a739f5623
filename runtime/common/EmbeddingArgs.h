//===- EmbeddingArgs.h - Checked arguments of the embedding entries -*- C++ -*-===//
//
// The arguments of echo_embedding_i32/i64(_grad), viewed and checked once
// for every backend: a table [V, D], indices of any shape S, rows S x [D].
// The indices' values are data; each backend checks them where it reads
// them and reports the first bad one with indexOutOfRange.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_EMBEDDINGARGS_H
#define ECHO_RUNTIME_COMMON_EMBEDDINGARGS_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace embedding_args {

struct EmbeddingArgs {
  TensorView table, indices, y;
  int64_t rows, width; // V and D
};
EmbeddingArgs embeddingArgs(const char *entry, const Operand &table,
                            const Operand &indices, const Operand &y);

struct EmbeddingGradArgs {
  TensorView indices, dy, dtable;
  int64_t rows, width; // V and D
};
EmbeddingGradArgs embeddingGradArgs(const char *entry, const Operand &indices,
                                    const Operand &dy, const Operand &dtable);

/// Fails for index `index` at position `position`, outside [0, rows).
[[noreturn]] void indexOutOfRange(const char *entry, int64_t index,
                                  int64_t position, int64_t rows);

} // namespace embedding_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_EMBEDDINGARGS_H
