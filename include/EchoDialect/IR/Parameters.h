//===- Parameters.h - Which values are the model's parameters --*- C++ -*-===//
//
// A step function marks its trainable arguments (`echo.trainable`). Several
// passes must tell those, and values computed from them alone (autocast's
// 16-bit copies, transposed weights), apart from the feature maps computed
// from the step's data: the memory categories, Megatron's layer boundaries,
// attention raising and Gist's lossy encodings (which apply to feature maps
// only, Gist ISCA 2018, Section III).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_PARAMETERS_H
#define ECHODIALECT_IR_PARAMETERS_H

#include "mlir/IR/Value.h"

namespace mlir {
namespace echo {

/// Whether `v` is an argument of a function's entry block marked
/// `echo.trainable`.
bool isTrainableArgument(Value v);

/// Whether `v` is computed from trainable arguments, at least one, and
/// operand-free ops (constants, fills) alone, through region-free ops: a
/// constant by itself is not a parameter. Conservative: false when the
/// chain is longer than 32 ops.
bool isComputedFromParameters(Value v);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_PARAMETERS_H
