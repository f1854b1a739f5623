//===- PassRegistration.h - Passes the C API's pipelines need --*- C++ -*-===//

#ifndef ECHO_LIB_CAPI_PASSREGISTRATION_H
#define ECHO_LIB_CAPI_PASSREGISTRATION_H

namespace mlir {
namespace echo {

/// Registers the echo passes and pipelines and the upstream passes they are
/// assembled from (the training pipeline parses pipeline texts naming
/// one-shot-bufferize, buffer-results-to-out-params, ...). Runs once per
/// process, whoever calls it first.
void registerCAPIPasses();

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CAPI_PASSREGISTRATION_H
