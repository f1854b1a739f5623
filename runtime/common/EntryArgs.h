//===- EntryArgs.h - Each entry's arguments, from abi.def -------*- C++ -*-===//
//
// For every ECHO_ENTRY(name, params, aliases) of echo/abi.def, the struct
// `echo_rt::name_args` holds the entry's arguments by parameter name: an
// Operand per tensor parameter, int64_t per INT and double per REAL. Its
// one constructor, `name_args::unpack(entry, <C parameters>)`, is what the
// backends' exported wrappers call; implementations and the shared checks
// (common/*Args.h) take the struct, so no backend restates a parameter list.
//
// An Operand keeps its descriptor and decodes it (with TensorView's checks
// and messages) only when the entry asks, in the entry's order: optional
// operands (`b` without has_bias, `velocity` without has_velocity, `mask`
// without has_mask) may come with null descriptors and must never be
// decoded, and which check fails first on a bad call is part of the
// messages the tests compare.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ENTRYARGS_H
#define ECHO_RUNTIME_COMMON_ENTRYARGS_H

#include "TensorView.h"
#include "echo/abi_macros.h"

#include <cstddef>
#include <cstdint>

namespace echo_rt {

/// A tensor parameter: the unranked memref (rank, descriptor) and what its
/// kind says about the elements.
struct Operand {
  const char *entry = nullptr; // the entry's name, for messages
  const char *name = nullptr;  // the parameter's name, for messages
  int64_t rank = 0;
  void *desc = nullptr;
  /// Bytes per element of the kind; 0 for ANY and HOST_ANY, whose element
  /// size is another argument of the entry.
  size_t elementBytes = 0;

  /// The checked view (TensorView.h's `view`) with the kind's element size.
  TensorView view() const {
    return echo_rt::view(entry, name, rank, desc, elementBytes);
  }
  /// The same with the element size an argument states (ANY, HOST_ANY).
  TensorView view(size_t bytes) const {
    return echo_rt::view(entry, name, rank, desc, bytes);
  }
};

// Element bytes of each tensor kind (abi.def's list of kinds); the await
// of pending copies (AwaitParams.h) reads the same table.
#define ECHO_ELEMENT_BYTES_F32 4
#define ECHO_ELEMENT_BYTES_F16 2
#define ECHO_ELEMENT_BYTES_BF16 2
#define ECHO_ELEMENT_BYTES_MASK 1
#define ECHO_ELEMENT_BYTES_IDX32 4
#define ECHO_ELEMENT_BYTES_IDX64 8
#define ECHO_ELEMENT_BYTES_BYTES 1
#define ECHO_ELEMENT_BYTES_HOST_I64 8
#define ECHO_ELEMENT_BYTES_HOST_ANY 0
#define ECHO_ELEMENT_BYTES_ANY 0

// A field per parameter, and its initialization from the C parameters.
#define ECHO_ARGS_TENSOR_FIELD(n) Operand n;
#define ECHO_ARGS_FIELD_F32(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_F16(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_BF16(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_MASK(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_IDX32(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_IDX64(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_BYTES(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_HOST_I64(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_HOST_ANY(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_ANY(n) ECHO_ARGS_TENSOR_FIELD(n)
#define ECHO_ARGS_FIELD_INT(n) int64_t n = 0;
#define ECHO_ARGS_FIELD_REAL(n) double n = 0;

#define ECHO_ARGS_TENSOR_SET(n, kind)                                          \
  a.n = Operand{entry, #n, n##_rank, n##_desc, ECHO_ELEMENT_BYTES_##kind};
#define ECHO_ARGS_SET_F32(n) ECHO_ARGS_TENSOR_SET(n, F32)
#define ECHO_ARGS_SET_F16(n) ECHO_ARGS_TENSOR_SET(n, F16)
#define ECHO_ARGS_SET_BF16(n) ECHO_ARGS_TENSOR_SET(n, BF16)
#define ECHO_ARGS_SET_MASK(n) ECHO_ARGS_TENSOR_SET(n, MASK)
#define ECHO_ARGS_SET_IDX32(n) ECHO_ARGS_TENSOR_SET(n, IDX32)
#define ECHO_ARGS_SET_IDX64(n) ECHO_ARGS_TENSOR_SET(n, IDX64)
#define ECHO_ARGS_SET_BYTES(n) ECHO_ARGS_TENSOR_SET(n, BYTES)
#define ECHO_ARGS_SET_HOST_I64(n) ECHO_ARGS_TENSOR_SET(n, HOST_I64)
#define ECHO_ARGS_SET_HOST_ANY(n) ECHO_ARGS_TENSOR_SET(n, HOST_ANY)
#define ECHO_ARGS_SET_ANY(n) ECHO_ARGS_TENSOR_SET(n, ANY)
#define ECHO_ARGS_SET_INT(n) a.n = n;
#define ECHO_ARGS_SET_REAL(n) a.n = n;

// ECHO_PARAM_ITEM is the includer's too (AwaitParams.h): keep its meaning.
#pragma push_macro("ECHO_PARAM_ITEM")
#undef ECHO_PARAM_ITEM
#define ECHO_PARAM_ITEM(kind, n) ECHO_ARGS_FIELD_##kind(n)
#define ECHO_ENTRY(name, params, aliases)                                      \
  struct name##_args {                                                         \
    const char *entry = nullptr; /* the entry's name, for messages */          \
    ECHO_FOR_EACH_PARAM(params)                                                \
    static name##_args unpack(const char *entry ECHO_PARAMS(params));          \
  };
#include "echo/abi.def"
#undef ECHO_PARAM_ITEM

#define ECHO_PARAM_ITEM(kind, n) ECHO_ARGS_SET_##kind(n)
#define ECHO_ENTRY(name, params, aliases)                                      \
  inline name##_args name##_args::unpack(                                      \
      const char *entry ECHO_PARAMS(params)) {                                 \
    name##_args a;                                                             \
    a.entry = entry;                                                           \
    ECHO_FOR_EACH_PARAM(params)                                                \
    return a;                                                                  \
  }
#include "echo/abi.def"
#undef ECHO_PARAM_ITEM
#pragma pop_macro("ECHO_PARAM_ITEM")

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ENTRYARGS_H
