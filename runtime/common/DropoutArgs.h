//===- DropoutArgs.h - Checked arguments of the dropout entries --*- C++ -*-===//
//
// The arguments of echo_dropout(_grad), viewed and checked once for every
// backend; the mask's random numbers are echo/dropout.h's.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_DROPOUTARGS_H
#define ECHO_RUNTIME_COMMON_DROPOUTARGS_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace dropout_args {

/// y and the mask (one byte per element) shaped like x.
struct DropoutArgs {
  TensorView x, y, mask;
  /// What the kept elements are multiplied by.
  float scale;
};
DropoutArgs dropoutArgs(const echo_dropout_args &args);

/// The mask and dx shaped like dy.
struct DropoutGradArgs {
  TensorView mask, dy, dx;
  float scale;
};
DropoutGradArgs dropoutGradArgs(const echo_dropout_grad_args &args);

} // namespace dropout_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_DROPOUTARGS_H
