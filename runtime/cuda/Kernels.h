//===- Kernels.h - Kernels the host-only files launch -----------*- C++ -*-===//
//
// Gemm.cpp and Conv.cpp are plain C++ around cuBLAS and cuDNN; the few
// kernels they need (bias additions and broadcasts) are launched from Layers.cu
// through these functions, on the context's stream, and mgpuMemset32's fill.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_KERNELS_H
#define ECHO_RUNTIME_CUDA_KERNELS_H

#include "Context.h"

namespace echo_cuda {

/// y[i, j] += b[j] for a row-major [rows, n] y.
void addBiasRows(Context &ctx, const char *entry, float *y, const float *b,
                 int64_t rows, int64_t n);
/// y[i, j] = b[j] for a row-major [rows, n] y of 16-bit elements.
void broadcastRows16(Context &ctx, const char *entry, uint16_t *y,
                     const uint16_t *b, int64_t rows, int64_t n);
/// y[n, o, :] += b[o] for an [images, channels, plane] y.
void addBiasChannels(Context &ctx, const char *entry, float *y, const float *b,
                     int64_t images, int64_t channels, int64_t plane);

/// y[n, o, :] = b[o] for an [images, channels, plane] y of 16-bit elements.
void broadcastChannels16(Context &ctx, const char *entry, uint16_t *y,
                         const uint16_t *b, int64_t images, int64_t channels,
                         int64_t plane);

/// dst[0, count) = value (32-bit words) on `stream`; the launch status.
cudaError_t memset32(void *dst, unsigned value, size_t count,
                     cudaStream_t stream);

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_KERNELS_H
