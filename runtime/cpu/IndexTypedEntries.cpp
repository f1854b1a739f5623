//===- IndexTypedEntries.cpp - i32/i64-named forwarding entries -----------===//
//
// One MLIR declaration per symbol means an entry cannot be called with both
// i32 and i64 index tensors under one name; these forward to the generic
// entries. The index_bits argument is checked against the name.

#include "Abi.h"
#include "Tensor.h"

#define ECHO_CHECK_BITS(entry, expected)                                       \
  if (index_bits != expected)                                                  \
    echo_rt_fail(entry, "index_bits does not match the entry's index type");

#define ECHO_FORWARD_INDEXED(bits)                                             \
  extern "C" void echo_embedding_i##bits(ECHO_TENSOR(table),                   \
                                         ECHO_TENSOR(indices), ECHO_TENSOR(y), \
                                         int64_t index_bits) {                 \
    ECHO_CHECK_BITS("echo_embedding_i" #bits, bits)                            \
    echo_embedding(table_rank, table_desc, indices_rank, indices_desc,         \
                   y_rank, y_desc, index_bits);                                \
  }                                                                            \
  extern "C" void echo_embedding_grad_i##bits(                                 \
      ECHO_TENSOR(indices), ECHO_TENSOR(dy), ECHO_TENSOR(dtable),              \
      int64_t index_bits) {                                                    \
    ECHO_CHECK_BITS("echo_embedding_grad_i" #bits, bits)                       \
    echo_embedding_grad(indices_rank, indices_desc, dy_rank, dy_desc,          \
                        dtable_rank, dtable_desc, index_bits);                 \
  }                                                                            \
  extern "C" void echo_cross_entropy_i##bits(                                  \
      ECHO_TENSOR(logits), ECHO_TENSOR(labels), ECHO_TENSOR(loss),             \
      int64_t index_bits) {                                                    \
    ECHO_CHECK_BITS("echo_cross_entropy_i" #bits, bits)                        \
    echo_cross_entropy(logits_rank, logits_desc, labels_rank, labels_desc,     \
                       loss_rank, loss_desc, index_bits);                      \
  }                                                                            \
  extern "C" void echo_cross_entropy_grad_i##bits(                             \
      ECHO_TENSOR(logits), ECHO_TENSOR(labels), ECHO_TENSOR(dloss),            \
      ECHO_TENSOR(dlogits), int64_t index_bits) {                              \
    ECHO_CHECK_BITS("echo_cross_entropy_grad_i" #bits, bits)                   \
    echo_cross_entropy_grad(logits_rank, logits_desc, labels_rank,             \
                            labels_desc, dloss_rank, dloss_desc,               \
                            dlogits_rank, dlogits_desc, index_bits);           \
  }

ECHO_FORWARD_INDEXED(32)
ECHO_FORWARD_INDEXED(64)
