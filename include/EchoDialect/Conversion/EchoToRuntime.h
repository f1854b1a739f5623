//===- EchoToRuntime.h - Bufferizing echo into runtime calls ---*- C++ -*-===//
//
// Every echo op implements BufferizableOpInterface
// (registerBufferizableOpInterfaceExternalModels). An op bufferizes by
// allocating its result buffers and calling its runtime entry (the
// destination-passing call is its memref-level form, RuntimeAbi/
// RuntimeCalls.h); `echo.stash` bufferizes to its operand's buffer, because
// a stash keeps a value alive rather than copying it. The pipelines that
// run it are in Pipelines/LowerToCPU.h.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CONVERSION_ECHOTORUNTIME_H
#define ECHODIALECT_CONVERSION_ECHOTORUNTIME_H

namespace mlir {
class DialectRegistry;
namespace echo {

class StashOp;

/// Attaches the BufferizableOpInterface models to every echo op.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CONVERSION_ECHOTORUNTIME_H
