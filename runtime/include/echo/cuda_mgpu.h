/*===- cuda_mgpu.h - The GPU-dialect launch functions of the CUDA backend -===*
 *
 * MLIR's gpu-to-llvm lowering turns gpu.launch_func, gpu.alloc, gpu.memcpy
 * and the module constructors into calls of these `mgpu*` functions (the
 * names and signatures of upstream's CUDA runtime wrappers). Debian ships no
 * libmlir_cuda_runtime.so, so libecho_runtime_cuda.so exports them,
 * implemented on the CUDA runtime API (cudaLibraryLoadData,
 * cudaLibraryGetKernel, cudaLaunchKernel): no libcuda link. Handles are the
 * runtime API's (cudaLibrary_t, cudaKernel_t, cudaStream_t, cudaEvent_t)
 * passed as void *.
 *
 * Errors: these functions have no context to record an error in and return
 * nothing the generated code checks. Each thread keeps its first failure,
 * "<function>: <call> failed: <status>", until it is cleared; later calls
 * on that thread still run (a failed launch does not stop the step). The
 * host program reads it after a step with echo_cuda_mgpu_error(), which
 * returns "" when nothing failed, and clears it with
 * echo_cuda_mgpu_clear_error(). A function that fails returns a null
 * handle where it returns one.
 *
 * Inside a step (between a successful echo_step_begin and echo_step_end on
 * the calling thread), generated kernels run on the step context's stream,
 * in order with the entries: mgpuStreamCreate returns that stream (after
 * making it wait, on the device, for the context's pending offload and
 * prefetch copies), mgpuStreamSynchronize and mgpuStreamDestroy of it do
 * nothing (echo_step_end waits for the stream), a failure is also recorded
 * as the context's sticky error (ECHO_ERR_INTERNAL), so the step's status
 * reports it, and a launch after the context has failed does nothing.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_CUDA_MGPU_H
#define ECHO_CUDA_MGPU_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);

/* The calling thread's first mgpu failure since the last clear, or "". */
const char *echo_cuda_mgpu_error(void);
void echo_cuda_mgpu_clear_error(void);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_CUDA_MGPU_H */
