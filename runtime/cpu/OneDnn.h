//===- OneDnn.h - Heavy CPU kernels through oneDNN ---------------*- C++ -*-===//
//
// Convolutions run as oneDNN primitives, created once per shape and kept
// in the context (OneDnnState.h), on pieces of the batch cut by the shape.
// Every primitive is created and executed with exactly one OpenMP thread,
// the pieces side by side on the backend's threads, so the results do not
// depend on OMP_NUM_THREADS, on the OpenBLAS thread count or on the
// buffers' addresses: the same shape always runs the same kernels, on the
// same pieces, in the same order.
// ECHO_CPU_KERNELS=reference (read when a context first needs a kernel)
// selects the im2col + sgemm path instead, the implementation before oneDNN,
// kept for comparison (bench/step-time) and for the shapes oneDNN rejects.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_ONEDNN_H
#define ECHO_RUNTIME_CPU_ONEDNN_H

#include "Context.h"

namespace echo_rt {

struct ConvGeometry;

/// False when the context runs the reference kernels (ECHO_CPU_KERNELS).
bool useOneDnn(Context &ctx);

/// y = conv(x, w) (+ b when b is not null). False when oneDNN has no
/// primitive for this geometry; the caller then runs the reference kernel.
bool oneDnnConvForward(Context &ctx, const char *entry, const ConvGeometry &g,
                       const float *x, const float *w, const float *b,
                       float *y);
/// dx = the gradient of the convolution with respect to its input.
bool oneDnnConvBackwardData(Context &ctx, const char *entry,
                            const ConvGeometry &g, const float *dy,
                            const float *w, float *dx);
/// dw = the gradient with respect to the weight, over the whole batch.
bool oneDnnConvBackwardWeights(Context &ctx, const char *entry,
                               const ConvGeometry &g, const float *x,
                               const float *dy, float *dw);

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_ONEDNN_H
