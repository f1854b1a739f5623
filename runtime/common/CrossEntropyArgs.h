//===- CrossEntropyArgs.h - Checked arguments of cross-entropy ----*- C++ -*-===//
//
// The arguments of echo_cross_entropy_i32/i64(_grad), viewed and checked
// once for every backend: logits [..., C], one label per row, a scalar loss
// (or its gradient). The labels' values are data; each backend checks them
// where it reads them and reports the first bad one with labelOutOfRange.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_CROSSENTROPYARGS_H
#define ECHO_RUNTIME_COMMON_CROSSENTROPYARGS_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace cross_entropy_args {

struct CrossEntropyArgs {
  TensorView logits, labels, loss;
  int64_t rows, classes;
};
CrossEntropyArgs crossEntropyArgs(const char *entry, const Operand &logits,
                                  const Operand &labels, const Operand &loss);

/// dlogits shaped like logits; dloss a scalar.
struct CrossEntropyGradArgs {
  TensorView logits, labels, dloss, dlogits;
  int64_t rows, classes;
};
CrossEntropyGradArgs crossEntropyGradArgs(const char *entry,
                                          const Operand &logits,
                                          const Operand &labels,
                                          const Operand &dloss,
                                          const Operand &dlogits);

/// Fails for label `label` of row `row`, outside [0, classes).
[[noreturn]] void labelOutOfRange(const char *entry, int64_t label, int64_t row,
                                  int64_t classes);

} // namespace cross_entropy_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_CROSSENTROPYARGS_H
