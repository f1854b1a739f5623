//===- LightKernels.h - Loop kernels of the light runtime entries -*- C++ -*-===//
//
// The table from runtime entry name to the builder of its loops: the one
// place that says which entries echo-light-calls-to-loops generates.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTKERNELS_H
#define ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTKERNELS_H

#include "LightCall.h"

namespace mlir {
namespace echo {
namespace light {

/// Builds the loops of `call` at the emitter's insertion point (before the
/// call). Fails, having built nothing, when the arguments are outside what
/// the kernel reproduces (an unknown kind, shapes the runtime would reject,
/// an out-of-range scalar): the call stays, and the runtime reports it.
using KernelBuilder = LogicalResult (*)(LoopEmitter &, const LightCall &);

/// The builder of entry `name`, or null for an entry left to the runtime.
KernelBuilder lookupKernel(StringRef name);

} // namespace light
} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTKERNELS_H
