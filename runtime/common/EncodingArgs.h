//===- EncodingArgs.h - Checked arguments of the codec entries -*- C++ -*-===//
//
// The arguments of the Gist encode/decode entries (runtime.h, "Encodings of
// stashed feature maps"), viewed and checked once for every backend, so the
// backends agree on what they accept and on the messages of what they
// refuse. Encoded operands must hold exactly the bytes the compiler planned
// (EncodingStorage.h). The CSR headers are read by each backend (host or
// device memory) and checked here.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ENCODINGARGS_H
#define ECHO_RUNTIME_COMMON_ENCODINGARGS_H

#include "CastArgs.h"
#include "EntryArgs.h"
#include "PoolWindow.h"
#include "RuntimeError.h"
#include "TensorView.h"
#include "echo/codecs.h"

#include <cstdint>
#include <string>

namespace echo_rt {
inline namespace encoding_args {

/// Fails unless `bytes` holds `expected` bytes (`what` says why).
void expectBytes(const char *entry, const TensorView &bytes, int64_t expected,
                 const char *what);

/// The fixed-width codecs; each fixes the element type of the decoded side
/// (f32 x / y, or the i8 mask of mask1) and the bytes per element.
enum class Codec { Binarize, Mask1, Fp16, Fp10, Fp8 };

/// The packed precision reductions of abi.def with their source element
/// types: X(codec name, Codec, entry suffix, element traits of CastArgs.h,
/// values per 32-bit word, bits per value) each; echo_encode_fp8_bf16 is
/// X(fp8, Fp8, _bf16, Bf16Elt, ...).
#define ECHO_PACKED_CODECS(X)                                                  \
  X(fp10, Fp10, , F32Elt, echo_codecs::kFp10PerWord, 10)                       \
  X(fp10, Fp10, _f16, F16Elt, echo_codecs::kFp10PerWord, 10)                   \
  X(fp10, Fp10, _bf16, Bf16Elt, echo_codecs::kFp10PerWord, 10)                 \
  X(fp8, Fp8, , F32Elt, echo_codecs::kFp8PerWord, 8)                           \
  X(fp8, Fp8, _f16, F16Elt, echo_codecs::kFp8PerWord, 8)                       \
  X(fp8, Fp8, _bf16, Bf16Elt, echo_codecs::kFp8PerWord, 8)

/// The code of one value under a packed codec, and the value of a code.
template <Codec C> struct PackedCodec;
template <> struct PackedCodec<Codec::Fp10> {
  ECHO_HD static uint32_t encode(float v) { return echo_codecs::encodeFp10(v); }
  ECHO_HD static float decode(uint32_t c) { return echo_codecs::decodeFp10(c); }
};
template <> struct PackedCodec<Codec::Fp8> {
  ECHO_HD static uint32_t encode(float v) { return echo_codecs::encodeFp8(v); }
  ECHO_HD static float decode(uint32_t c) {
    return echo_codecs::decodeFp8((uint8_t)c);
  }
};

/// echo_encode_<codec>(values, bytes) and echo_decode_<codec>(bytes,
/// values): the decoded side and its encoding.
struct CodecArgs {
  TensorView values, bytes;
};
CodecArgs encodeArgs(const char *entry, Codec codec, const Operand &values,
                     const Operand &bytes);
CodecArgs decodeArgs(const char *entry, Codec codec, const Operand &bytes,
                     const Operand &values);

/// echo_relu_grad_binarized: dx = dy where the bit of x > 0 is set.
struct ReluGradBinarizedArgs {
  TensorView bytes, dy, dx;
};
ReluGradBinarizedArgs
reluGradBinarizedArgs(const echo_relu_grad_binarized_args &args);

/// echo_encode_csr: x's n elements into bytes sized for `capacity`.
struct EncodeCsrArgs {
  TensorView x, bytes;
  int64_t n;
};
EncodeCsrArgs encodeCsrArgs(const echo_encode_csr_args &args);

/// echo_decode_csr: bytes (at least the header) into y's n elements.
struct DecodeCsrArgs {
  TensorView bytes, y;
  int64_t n;
};
DecodeCsrArgs decodeCsrArgs(const echo_decode_csr_args &args);

/// Refuses to encode n elements with nnz non-zeros into the planned
/// `capacity` when they do not fit, before anything is written: the map is
/// denser than the bound its plan relied on (gist-encode's profile or
/// csr-density), and the step must not use memory it was not given. Counts
/// the refusal in `overflows` (echo_mem_csr_overflows()); the error is an
/// invalid argument, not out of memory: a larger device would not help.
void refuseCsrOverCapacity(const char *entry, int64_t n, int64_t nnz,
                           int64_t capacity, int64_t &overflows);

/// A CSR's 16-byte header: nnz, capacity (u32 each), a reserved u64.
struct CsrHeader {
  int64_t nnz, capacity;
};
/// Parses the header (a host copy of its kCsrHeaderBytes bytes) and checks
/// it against the storage and y: the non-zeros fit the capacity, the
/// reserved field is 0.
CsrHeader csrHeader(const char *entry, const DecodeCsrArgs &a,
                    const uint8_t *header);

/// The structure checks of a CSR that is read: the row pointers span the
/// nnz non-zeros, row r's end pointer lies in [begin, nnz], its columns
/// address the n elements.
void expectCsrSpan(const char *entry, uint32_t first, uint32_t last,
                   int64_t nnz);
void expectCsrRowEnd(const char *entry, int64_t r, uint32_t begin, uint32_t end,
                     int64_t nnz);
void expectCsrColumn(const char *entry, int64_t r, unsigned column, int64_t n);

/// echo_encode_pool_argmax: the argmax of every window of x, in bytes.
struct PoolArgmaxArgs {
  TensorView x, bytes;
  ArgmaxGeometry g;
};
PoolArgmaxArgs poolArgmaxArgs(const echo_encode_pool_argmax_args &args);

/// echo_max_pool2d_grad_argmax: dy routed to dx by the codes in bytes.
struct PoolArgmaxGradArgs {
  TensorView bytes, dy, dx;
  ArgmaxGeometry g;
};
PoolArgmaxGradArgs
poolArgmaxGradArgs(const echo_max_pool2d_grad_argmax_args &args);

/// Fails naming the code of pooled element o that argmaxSource rejected.
[[noreturn]] void failArgmaxCode(const char *entry, uint32_t code, int64_t o);

} // namespace encoding_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ENCODINGARGS_H
