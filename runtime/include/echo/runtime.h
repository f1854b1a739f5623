/*===- runtime.h - The echo runtime C ABI ---------------------------------===*
 *
 * The stable, backend-neutral entry points that lowered echo IR calls. The
 * CPU backend (runtime/cpu) implements them today; a CUDA backend implements
 * the same entries with cuDNN/cuBLAS.
 *
 * Calling convention
 *  - Every tensor argument is an MLIR *unranked* memref, which the LLVM
 *    lowering passes as two arguments: the rank and a pointer to the ranked
 *    descriptor { T *allocated; T *aligned; int64_t offset;
 *    int64_t sizes[rank]; int64_t strides[rank]; }. ECHO_TENSOR(x) declares
 *    both. Tensors must have the identity (row-major, contiguous) layout.
 *  - Element types: float tensors are f32; masks are i1 stored one byte per
 *    element (0 or 1); indices and labels are i32 or i64, chosen by the
 *    `index_bits` argument (32 or 64); index lists (offsets, strides,
 *    permutations) are i64 tensors.
 *  - Outputs are preallocated by the caller with their final shapes; entries
 *    never allocate result buffers. Inputs and outputs never alias unless an
 *    entry says so.
 *  - Kernels are deterministic: the same inputs give the same bits whatever
 *    the buffer addresses and however often an entry runs.
 *  - Errors (bad shapes, an index out of range) are reported through
 *    echo_rt_fail(), which prints the entry name and message and aborts the
 *    step; they are never silently ignored.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_RUNTIME_H
#define ECHO_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECHO_TENSOR(name) int64_t name##_rank, void *name##_desc

/* Kinds, shared with the lowering (EchoToRuntime). */
enum EchoUnaryKind {
  ECHO_RELU = 0, ECHO_TANH = 1, ECHO_SIGMOID = 2, ECHO_GELU = 3, ECHO_EXP = 4,
  ECHO_LOG = 5, ECHO_NEG = 6, ECHO_SQRT = 7, ECHO_RSQRT = 8
};
/* Backward of the activation with the same kind; reads the forward output y
 * (relu, tanh, sigmoid, sqrt, rsqrt) or the forward input x (gelu). */
enum EchoBinaryKind {
  ECHO_ADD = 0, ECHO_SUB = 1, ECHO_MUL = 2, ECHO_DIV = 3, ECHO_MAX = 4
};
enum EchoReduceKind { ECHO_SUM = 0, ECHO_MEAN = 1, ECHO_REDUCE_MAX = 2 };

/*--- Compute-heavy ops ----------------------------------------------------*/

/* y[..., N] = x[..., K] * w[N, K]^T (+ b[N] if has_bias; else b is ignored). */
void echo_linear(ECHO_TENSOR(x), ECHO_TENSOR(w), ECHO_TENSOR(b), ECHO_TENSOR(y),
                 int64_t has_bias);
/* dx[..., K] = dy[..., N] * w[N, K]. */
void echo_linear_grad_input(ECHO_TENSOR(dy), ECHO_TENSOR(w), ECHO_TENSOR(dx));
/* dw[N, K] = sum over rows of dy[..., N]^T x[..., K]. */
void echo_linear_grad_weight(ECHO_TENSOR(dy), ECHO_TENSOR(x), ECHO_TENSOR(dw));
/* c = op(a) * op(b) over identical leading batch dims (rank >= 2). */
void echo_matmul(ECHO_TENSOR(a), ECHO_TENSOR(b), ECHO_TENSOR(c),
                 int64_t transpose_a, int64_t transpose_b);
/* NCHW x OIHW conv; padding symmetric per side. */
void echo_conv2d(ECHO_TENSOR(x), ECHO_TENSOR(w), ECHO_TENSOR(b), ECHO_TENSOR(y),
                 int64_t has_bias, int64_t stride_h, int64_t stride_w,
                 int64_t pad_h, int64_t pad_w, int64_t dilation_h,
                 int64_t dilation_w, int64_t groups);
void echo_conv2d_grad_input(ECHO_TENSOR(dy), ECHO_TENSOR(w), ECHO_TENSOR(dx),
                            int64_t stride_h, int64_t stride_w, int64_t pad_h,
                            int64_t pad_w, int64_t dilation_h,
                            int64_t dilation_w, int64_t groups);
void echo_conv2d_grad_weight(ECHO_TENSOR(x), ECHO_TENSOR(dy), ECHO_TENSOR(dw),
                             int64_t stride_h, int64_t stride_w, int64_t pad_h,
                             int64_t pad_w, int64_t dilation_h,
                             int64_t dilation_w, int64_t groups);
/* y[S..., D] = table[indices[S...], :]. */
void echo_embedding(ECHO_TENSOR(table), ECHO_TENSOR(indices), ECHO_TENSOR(y),
                    int64_t index_bits);
/* dtable = 0; dtable[indices[i], :] += dy[i, :] in index order. */
void echo_embedding_grad(ECHO_TENSOR(indices), ECHO_TENSOR(dy),
                         ECHO_TENSOR(dtable), int64_t index_bits);

/*--- Elementwise ----------------------------------------------------------*/

void echo_unary(int64_t kind, ECHO_TENSOR(x), ECHO_TENSOR(y));
/* dx = d kind(.)/d x * dy, reading `fwd` as documented above. May run in
 * place (dx aliasing dy). */
void echo_unary_grad(int64_t kind, ECHO_TENSOR(fwd), ECHO_TENSOR(dy),
                     ECHO_TENSOR(dx));
/* y = a (op) b with numpy broadcasting to y's shape. */
void echo_binary(int64_t kind, ECHO_TENSOR(a), ECHO_TENSOR(b), ECHO_TENSOR(y));
/* da, db (both shaped like dy): dy routed to a where a >= b, else to b. */
void echo_max_grad(ECHO_TENSOR(a), ECHO_TENSOR(b), ECHO_TENSOR(dy),
                   ECHO_TENSOR(da), ECHO_TENSOR(db));
/* y = x summed down to y's (broadcast-compatible) shape. */
void echo_sum_to(ECHO_TENSOR(x), ECHO_TENSOR(y));
/* y = x broadcast up to y's shape. */
void echo_broadcast_to(ECHO_TENSOR(x), ECHO_TENSOR(y));

/*--- Other layers -----------------------------------------------------------*/

/* mask[i] = hash(seed, i) >= probability (one byte, 0/1);
 * y = mask ? x / (1 - p) : 0. The hash is counter-based and documented in
 * docs/runtime.md so every backend reproduces the same mask. */
void echo_dropout(ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(mask),
                  double probability, int64_t seed);
void echo_dropout_grad(ECHO_TENSOR(mask), ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                       double probability);
/* Max pooling; ties go to the first window position in row-major order.
 * Padding positions never win. */
void echo_max_pool2d(ECHO_TENSOR(x), ECHO_TENSOR(y), int64_t kernel_h,
                     int64_t kernel_w, int64_t stride_h, int64_t stride_w,
                     int64_t pad_h, int64_t pad_w);
void echo_max_pool2d_grad(ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(dy),
                          ECHO_TENSOR(dx), int64_t kernel_h, int64_t kernel_w,
                          int64_t stride_h, int64_t stride_w, int64_t pad_h,
                          int64_t pad_w);
/* Average pooling; padding counts as zeros (divisor kernel_h * kernel_w). */
void echo_avg_pool2d(ECHO_TENSOR(x), ECHO_TENSOR(y), int64_t kernel_h,
                     int64_t kernel_w, int64_t stride_h, int64_t stride_w,
                     int64_t pad_h, int64_t pad_w);
void echo_avg_pool2d_grad(ECHO_TENSOR(dy), ECHO_TENSOR(dx), int64_t kernel_h,
                          int64_t kernel_w, int64_t stride_h, int64_t stride_w,
                          int64_t pad_h, int64_t pad_w);
/* Training-mode batch norm over [N, C, ...]: statistics over all but C.
 * new_var uses the unbiased batch variance; saved_inv_std = 1/sqrt(var+eps)
 * with the biased variance. */
void echo_batch_norm(ECHO_TENSOR(x), ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
                     ECHO_TENSOR(running_mean), ECHO_TENSOR(running_var),
                     ECHO_TENSOR(y), ECHO_TENSOR(new_mean),
                     ECHO_TENSOR(new_var), ECHO_TENSOR(saved_mean),
                     ECHO_TENSOR(saved_inv_std), double epsilon,
                     double momentum);
void echo_batch_norm_grad(ECHO_TENSOR(x), ECHO_TENSOR(gamma),
                          ECHO_TENSOR(saved_mean), ECHO_TENSOR(saved_inv_std),
                          ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                          ECHO_TENSOR(dgamma), ECHO_TENSOR(dbeta));
/* Layer norm over the last dimension. */
void echo_layer_norm(ECHO_TENSOR(x), ECHO_TENSOR(gamma), ECHO_TENSOR(beta),
                     ECHO_TENSOR(y), ECHO_TENSOR(mean), ECHO_TENSOR(inv_std),
                     double epsilon);
void echo_layer_norm_grad(ECHO_TENSOR(x), ECHO_TENSOR(gamma), ECHO_TENSOR(mean),
                          ECHO_TENSOR(inv_std), ECHO_TENSOR(dy),
                          ECHO_TENSOR(dx), ECHO_TENSOR(dgamma),
                          ECHO_TENSOR(dbeta));
/* Softmax (log_softmax if is_log) along `axis` (already normalized). */
void echo_softmax(ECHO_TENSOR(x), ECHO_TENSOR(y), int64_t axis, int64_t is_log);
void echo_softmax_grad(ECHO_TENSOR(y), ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                       int64_t axis, int64_t is_log);
/* Reduce x over the dimensions whose bits are set in dims_mask; y holds the
 * kept dimensions in order (keepdims does not change the memory layout). */
void echo_reduce(int64_t kind, ECHO_TENSOR(x), ECHO_TENSOR(y), int64_t dims_mask);
/* dx (input shape) from dy for sum and mean. */
void echo_reduce_grad(int64_t kind, ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                      int64_t dims_mask);
/* dx: dy routed to the first (row-major) position equal to the maximum y. */
void echo_reduce_max_grad(ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(dy),
                          ECHO_TENSOR(dx), int64_t dims_mask);
/* Mean over rows of -log softmax(logits)[label]; loss is a rank-0 tensor. */
void echo_cross_entropy(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                        ECHO_TENSOR(loss), int64_t index_bits);
/* dlogits = (softmax(logits) - onehot(labels)) * dloss / rows. May run in
 * place (dlogits aliasing logits): each row is read before it is written. */
void echo_cross_entropy_grad(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                             ECHO_TENSOR(dloss), ECHO_TENSOR(dlogits),
                             int64_t index_bits);

/*--- Data movement ---------------------------------------------------------*/

/* y = x[offsets + i * strides] (offsets, strides: rank-long i64 tensors). */
void echo_slice(ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(offsets),
                ECHO_TENSOR(strides));
/* dx = 0; dx[offsets + i * strides] = dy. */
void echo_slice_grad(ECHO_TENSOR(dy), ECHO_TENSOR(dx), ECHO_TENSOR(offsets),
                     ECHO_TENSOR(strides));
/* Copies `part` into `whole` at `offset` along `axis` (concat), or, with
 * to_part != 0, copies that range of `whole` into `part` (split). */
void echo_concat_part(ECHO_TENSOR(part), ECHO_TENSOR(whole), int64_t axis,
                      int64_t offset, int64_t to_part);
/* y[i...] = x[permuted i...] with y.shape[d] = x.shape[perm[d]]. */
void echo_transpose(ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(permutation));
/* Copies x into y (same element count; reshape, stash copies, offload). */
void echo_copy(ECHO_TENSOR(x), ECHO_TENSOR(y));
void echo_fill(ECHO_TENSOR(y), double value);

/*--- Optimizer updates ------------------------------------------------------*/

/* May run in place (new_param aliasing param, new_velocity aliasing
 * velocity). velocity/new_velocity are ignored unless has_velocity. */
void echo_sgd_update(ECHO_TENSOR(param), ECHO_TENSOR(grad),
                     ECHO_TENSOR(velocity), ECHO_TENSOR(new_param),
                     ECHO_TENSOR(new_velocity), double lr, double momentum,
                     double weight_decay, int64_t has_velocity);
void echo_adam_update(ECHO_TENSOR(param), ECHO_TENSOR(grad), ECHO_TENSOR(m),
                      ECHO_TENSOR(v), ECHO_TENSOR(step),
                      ECHO_TENSOR(new_param), ECHO_TENSOR(new_m),
                      ECHO_TENSOR(new_v), double lr, double beta1,
                      double beta2, double epsilon);

/*--- Encodings of stashed feature maps (Gist) ------------------------------*/

/* Every encoded value is a rank-1 i8 tensor of exactly
 * EncodedType::getStorageBytes() bytes (EncodingStorage.h); the bit-level
 * formats are defined once, in echo/codecs.h, for the CPU and GPU backends.
 *
 * binarize: 1 bit per element, set where x > 0; decodes to 1.0f / 0.0f.
 * mask1:    1 bit per element of an i1 mask; decodes to the mask.
 * fp16:     IEEE half, round to nearest even; fp10 (1-5-4, 3 per 32-bit
 *           word) and fp8 (1-4-3, 4 per word): round to nearest, clamp at
 *           the format's largest finite value, denormals flushed to zero,
 *           NaN and Inf preserved. Decoding gives the rounded f32 value.
 * csr:      Gist's SSDC: rows of 256 columns of the flattened tensor,
 *           1-byte column indices. Layout: 16-byte header (u32 nnz, u32
 *           capacity, u64 overflow handle), u32 row pointers (rows + 1),
 *           values (f32, capacity), column indices (u8, capacity). When x
 *           has more non-zeros than the capacity, the whole CSR goes to an
 *           overflow block from the counting allocator (category "encoded",
 *           counted in echo_mem_csr_overflows()); decode reads it and frees
 *           it. Lossless either way.
 * pool_argmax: for each pooled output element of the max pooling of x with
 *           the given window, the row-major index of the winning window
 *           position (first maximum; padding never wins), 4 bits per element
 *           for windows of at most 16 positions, else 8 bits. */
void echo_encode_binarize(ECHO_TENSOR(x), ECHO_TENSOR(bytes));
void echo_decode_binarize(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
void echo_encode_mask1(ECHO_TENSOR(mask), ECHO_TENSOR(bytes));
void echo_decode_mask1(ECHO_TENSOR(bytes), ECHO_TENSOR(mask));
void echo_encode_fp16(ECHO_TENSOR(x), ECHO_TENSOR(bytes));
void echo_decode_fp16(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
void echo_encode_fp10(ECHO_TENSOR(x), ECHO_TENSOR(bytes));
void echo_decode_fp10(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
void echo_encode_fp8(ECHO_TENSOR(x), ECHO_TENSOR(bytes));
void echo_decode_fp8(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
void echo_encode_csr(ECHO_TENSOR(x), ECHO_TENSOR(bytes), int64_t capacity);
void echo_decode_csr(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
void echo_encode_pool_argmax(ECHO_TENSOR(x), ECHO_TENSOR(bytes),
                             int64_t kernel_h, int64_t kernel_w,
                             int64_t stride_h, int64_t stride_w, int64_t pad_h,
                             int64_t pad_w);
/* dx = 0; dx[window position given by the argmax map] += dy, per pooled
 * element (the max-pool backward reading only the encoded argmax). */
void echo_max_pool2d_grad_argmax(ECHO_TENSOR(bytes), ECHO_TENSOR(dy),
                                 ECHO_TENSOR(dx), int64_t kernel_h,
                                 int64_t kernel_w, int64_t stride_h,
                                 int64_t stride_w, int64_t pad_h,
                                 int64_t pad_w);
/* dx = bit ? dy : 0, reading a binarize encoding (ReLU backward from its
 * 1-bit map). May run in place (dx aliasing dy). */
void echo_relu_grad_binarized(ECHO_TENSOR(bytes), ECHO_TENSOR(dy),
                              ECHO_TENSOR(dx));
/* Number of CSR encodings that overflowed their planned capacity since the
 * allocator was last configured. */
int64_t echo_mem_csr_overflows(void);

/*--- Profiling (echo-run --profile-sparsity) ---------------------------------*/

/* Records how many elements of the f32 tensor x are non-zero in the CSR
 * sense (any bit set, so -0.0 counts: echo_codecs::csrIsNonZero) under the
 * profile site `site` (0 <= site < 2^20), keeping per site the largest
 * count seen and the element count, which must be the same on every call.
 * Reads x only. Sites are numbered by the compiler (echo.profile_site). */
void echo_profile_density(int64_t site, ECHO_TENSOR(x));
/* Forgets every site. */
void echo_profile_reset(void);
/* One more than the highest site recorded since the last reset. */
int64_t echo_profile_num_sites(void);
/* Per site: calls recorded, largest non-zero count, element count (all 0
 * for a site never recorded). */
int64_t echo_profile_samples(int64_t site);
int64_t echo_profile_max_nonzeros(int64_t site);
int64_t echo_profile_elements(int64_t site);

/*--- Index-typed variants ----------------------------------------------------*/

/* The lowering declares one MLIR function per symbol, so entries whose index
 * tensor may be i32 or i64 also exist under a name carrying the index type;
 * they forward to the entries above with index_bits set accordingly. */
void echo_embedding_i32(ECHO_TENSOR(table), ECHO_TENSOR(indices),
                        ECHO_TENSOR(y), int64_t index_bits);
void echo_embedding_i64(ECHO_TENSOR(table), ECHO_TENSOR(indices),
                        ECHO_TENSOR(y), int64_t index_bits);
void echo_embedding_grad_i32(ECHO_TENSOR(indices), ECHO_TENSOR(dy),
                             ECHO_TENSOR(dtable), int64_t index_bits);
void echo_embedding_grad_i64(ECHO_TENSOR(indices), ECHO_TENSOR(dy),
                             ECHO_TENSOR(dtable), int64_t index_bits);
void echo_cross_entropy_i32(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                            ECHO_TENSOR(loss), int64_t index_bits);
void echo_cross_entropy_i64(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                            ECHO_TENSOR(loss), int64_t index_bits);
void echo_cross_entropy_grad_i32(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                                 ECHO_TENSOR(dloss), ECHO_TENSOR(dlogits),
                                 int64_t index_bits);
void echo_cross_entropy_grad_i64(ECHO_TENSOR(logits), ECHO_TENSOR(labels),
                                 ECHO_TENSOR(dloss), ECHO_TENSOR(dlogits),
                                 int64_t index_bits);

/*--- Errors -----------------------------------------------------------------*/

/* Reports a runtime error from `entry` and aborts the step (the CPU backend
 * prints "echo runtime error in <entry>: <message>" and exits with code 3). */
void echo_rt_fail(const char *entry, const char *message);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_RUNTIME_H */
