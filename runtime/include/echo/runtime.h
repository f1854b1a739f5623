/*===- runtime.h - The echo runtime C ABI, version 3 ---------------------===*
 *
 * The backend-neutral functions that compiled echo steps and their host
 * programs call. Each backend is a shared library exporting exactly these
 * symbols (libecho_runtime_cpu.so; libecho_runtime_cuda.so next); a host
 * loads one at run time (echo/loader.h) or links it. Every function is
 * declared once, in echo/abi.def; this header generates the prototypes.
 *
 * Contexts
 *  - Every call takes an echo_context: the backend, its device and stream,
 *    its allocator and its error state. Contexts share nothing, so two steps
 *    may run side by side on two contexts (one thread per context at a
 *    time).
 *
 * Errors
 *  - Entries and fallible host functions return an echo_status. A failing
 *    entry records "<entry>: <message>" in the context and the status stays
 *    there (sticky): every later entry of the step does nothing and returns
 *    it, so a failed step runs to its end, frees what it allocated and
 *    returns the first error. Compiled steps append the failing op's source
 *    location (echo_error_location). Nothing in a runtime library prints or
 *    ends the process.
 *
 * Memory
 *  - Tensors live in device memory: allocated by echo_alloc (steps) or
 *    echo_mem_alloc (hosts), read and written by the host only through
 *    echo_copy_to_host / echo_copy_to_device. Parameters marked HOST in
 *    abi.def (index lists) are host memory. On the CPU backend both are host
 *    memory, but a host program that follows these rules runs unchanged on a
 *    backend whose memory the host cannot read.
 *
 * Calling convention
 *  - Every tensor argument is an MLIR *unranked* memref, which the LLVM
 *    lowering passes as two arguments: the rank and a pointer to the ranked
 *    descriptor { T *allocated; T *aligned; int64_t offset;
 *    int64_t sizes[rank]; int64_t strides[rank]; }. ECHO_TENSOR(x) declares
 *    both. Tensors must have the identity (row-major, contiguous) layout.
 *  - Element types are part of each parameter's declaration (abi.def): f32
 *    tensors, i1 masks stored one byte per element, i32/i64 index tensors,
 *    i8 encodings, i64 host lists.
 *  - Outputs are preallocated by the caller with their final shapes; entries
 *    never allocate result buffers. An output may be the same buffer as an
 *    input only where abi.def declares the pair with ECHO_ALIAS; no other
 *    tensors may overlap.
 *  - Kernels are deterministic: the same inputs give the same bits whatever
 *    the buffer addresses and however often an entry runs.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_RUNTIME_H
#define ECHO_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "echo/abi_macros.h"
#include "echo/allocator.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A step compiled against another version fails in echo_step_begin with
 * ECHO_ERR_ABI_MISMATCH; a host checks echo_abi_version() after loading a
 * backend. */
#define ECHO_ABI_VERSION 5

typedef struct echo_context echo_context;
/* A step recorded for replay (echo_graph_capture). */
typedef struct echo_graph echo_graph;

typedef enum echo_status {
  ECHO_OK = 0,
  /* A shape, element count, index or option an entry cannot accept. */
  ECHO_ERR_INVALID_ARGUMENT = 1,
  /* An allocation beyond the configured capacity, or the device's. */
  ECHO_ERR_OUT_OF_MEMORY = 2,
  /* The step or host was built against another ABI version. */
  ECHO_ERR_ABI_MISMATCH = 3,
  /* The backend found no usable device. */
  ECHO_ERR_NO_DEVICE = 4,
  /* A failure inside the backend or its libraries (CUDA, cuDNN, ...). */
  ECHO_ERR_INTERNAL = 5
} echo_status;


/* Kinds, passed as the `kind` argument of echo_unary, echo_unary_grad,
 * echo_binary and echo_reduce; the lowering uses these constants.
 * ECHO_GELU is GELU's tanh approximation, ECHO_GELU_ERF the exact
 * x Phi(x) = 0.5 x (1 + erf(x / sqrt 2)) (echo/gelu.h). The unary kinds are
 * 0 .. ECHO_UNARY_KIND_COUNT - 1. */
enum EchoUnaryKind {
  ECHO_RELU = 0, ECHO_TANH = 1, ECHO_SIGMOID = 2, ECHO_GELU = 3, ECHO_EXP = 4,
  ECHO_LOG = 5, ECHO_NEG = 6, ECHO_SQRT = 7, ECHO_RSQRT = 8,
  ECHO_GELU_ERF = 9,
  ECHO_UNARY_KIND_COUNT = 10
};
enum EchoBinaryKind {
  ECHO_ADD = 0, ECHO_SUB = 1, ECHO_MUL = 2, ECHO_DIV = 3, ECHO_MAX = 4
};
enum EchoReduceKind { ECHO_SUM = 0, ECHO_MEAN = 1, ECHO_REDUCE_MAX = 2 };

/* Numerics of a step's heavy ops (echo_step_set_math), X(enumerator,
 * "name", "description") in value order. The compiler's `math` options
 * (--echo-lower-to-cpu, --echo-lower-to-cuda, echo-run, echo-compile) take
 * these names; backends without tensor cores (the CPU) compute IEEE FP32
 * under every mode. */
#define ECHO_MATH_MODES(X)                                                     \
  X(ECHO_MATH_IEEE, "ieee",                                                    \
    "IEEE FP32 and deterministic algorithms only (the default)")               \
  X(ECHO_MATH_TF32, "tf32",                                                    \
    "TF32 tensor-core math and the fastest, possibly non-deterministic, "      \
    "library algorithms")
#define ECHO_MATH_ENUMERATOR(id, name, description) id,
enum EchoMathMode { ECHO_MATH_MODES(ECHO_MATH_ENUMERATOR) ECHO_MATH_COUNT };
#undef ECHO_MATH_ENUMERATOR

/*--- Encoded formats (Gist) --------------------------------------------------
 * Every encoded value is a rank-1 i8 tensor of exactly the size
 * echo/codecs.h computes (the compiler sizes its buffers with the same
 * functions); the bit-level formats are defined there, for every backend.
 *
 * binarize: 1 bit per element, set where x > 0; decodes to 1.0f / 0.0f.
 * mask1:    1 bit per element of an i1 mask; decodes to the mask.
 * fp16:     IEEE half, round to nearest even; fp10 (1-5-4, 3 per 32-bit
 *           word) and fp8 (1-4-3, 4 per word): round to nearest, clamp at
 *           the format's largest finite value, denormals flushed to zero,
 *           NaN and Inf preserved. Decoding gives the rounded f32 value.
 *           fp10 and fp8 also encode f16 and bf16 tensors (entries
 *           echo_encode_fp8_bf16 ...): the same codes of the exact f32
 *           value; decoding gives the same value in the 16-bit type, which
 *           holds it exactly.
 * csr:      Gist's SSDC: rows of 256 columns of the flattened tensor,
 *           1-byte column indices. Layout: 16-byte header (u32 nnz, u32
 *           capacity, u64 reserved 0), u32 row pointers (rows + 1),
 *           values (f32, capacity), column indices (u8, capacity). When x
 *           has more non-zeros than the capacity, encode writes nothing and
 *           returns ECHO_ERR_INVALID_ARGUMENT (counted in
 *           echo_mem_csr_overflows()): no memory outside the plan.
 * pool_argmax: for each pooled output element of the max pooling of x with
 *           the given window, the row-major index of the winning window
 *           position (first maximum; padding never wins), 4 bits per element
 *           for windows of at most 16 positions, else 8 bits.
 *---------------------------------------------------------------------------*/

/*--- Prototypes, from abi.def ------------------------------------------------*/

#define ECHO_ENTRY(name, params, aliases)                                      \
  echo_status name(echo_context *ctx ECHO_PARAMS(params));
#define ECHO_STEP_FUNCTION(ret, name, params) ret name params;
#define ECHO_HOST_FUNCTION(ret, name, params) ret name params;
#include "echo/abi.def"

#ifdef __cplusplus
}
#endif

#endif /* ECHO_RUNTIME_H */
