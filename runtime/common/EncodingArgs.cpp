//===- EncodingArgs.cpp - Checked arguments of the codec entries ----------===//

#include "EncodingArgs.h"
#include "PoolArgs.h"
#include "RuntimeError.h"

#include "echo/codecs.h"

#include <cstring>

using namespace echo_rt;
namespace cd = echo_codecs;

namespace {

const char *const kCsrLayout =
    "16-byte header, row pointers, capacity values and columns";

/// The storage of n elements under `codec`, and its description.
int64_t codecBytes(const char *E, Codec codec, int64_t n, const char *&what) {
  switch (codec) {
  case Codec::Binarize:
  case Codec::Mask1:
    what = "1 bit per element";
    return cd::bitmaskBytes(n);
  case Codec::Fp16:
    what = "2 bytes per element";
    return cd::fp16Bytes(n);
  case Codec::Fp10:
    what = "3 elements per 32-bit word";
    return cd::fp10Bytes(n);
  case Codec::Fp8:
    what = "4 elements per 32-bit word";
    return cd::fp8Bytes(n);
  }
  fail(E, "unknown codec %d", (int)codec);
}

void expectCodecBytes(const char *E, Codec codec, const CodecArgs &a) {
  const char *what = nullptr;
  int64_t bytes = codecBytes(E, codec, a.values.numel, what);
  expectBytes(E, a.bytes, bytes, what);
}

uint32_t load32(const uint8_t *p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
uint64_t load64(const uint8_t *p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

} // namespace

void echo_rt::expectBytes(const char *E, const TensorView &bytes,
                          int64_t expected, const char *what) {
  if (bytes.numel != expected)
    fail(E,
         "bytes shape %s must hold %lld bytes (%s); the storage size must "
         "match the compiler's (EncodingStorage.h)",
         bytes.shapeStr().c_str(), (long long)expected, what);
}

CodecArgs echo_rt::encodeArgs(const char *E, Codec codec, const Operand &values,
                              const Operand &bytes) {
  CodecArgs a;
  a.values = values.view();
  a.bytes = bytes.view();
  expectCodecBytes(E, codec, a);
  return a;
}

CodecArgs echo_rt::decodeArgs(const char *E, Codec codec, const Operand &bytes,
                              const Operand &values) {
  CodecArgs a;
  a.bytes = bytes.view();
  a.values = values.view();
  expectCodecBytes(E, codec, a);
  return a;
}

ReluGradBinarizedArgs
echo_rt::reluGradBinarizedArgs(const echo_relu_grad_binarized_args &args) {
  const char *E = args.entry;
  ReluGradBinarizedArgs a;
  a.bytes = args.bytes.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  expectSameShape(E, a.dx, "dx", a.dy, "dy");
  expectBytes(E, a.bytes, cd::bitmaskBytes(a.dy.numel), "1 bit per element");
  return a;
}

EncodeCsrArgs echo_rt::encodeCsrArgs(const echo_encode_csr_args &args) {
  const char *E = args.entry;
  EncodeCsrArgs a;
  a.x = args.x.view();
  a.bytes = args.bytes.view();
  if (a.x.numel > (int64_t)UINT32_MAX)
    fail(E, "x shape %s has more elements than 32-bit row pointers address",
         a.x.shapeStr().c_str());
  if (args.capacity < 0 || args.capacity > a.x.numel)
    fail(E, "capacity %lld must be in [0, %lld]", (long long)args.capacity,
         (long long)a.x.numel);
  a.n = a.x.numel;
  expectBytes(E, a.bytes, cd::csrBytes(a.n, args.capacity), kCsrLayout);
  return a;
}

DecodeCsrArgs echo_rt::decodeCsrArgs(const echo_decode_csr_args &args) {
  const char *E = args.entry;
  DecodeCsrArgs a;
  a.bytes = args.bytes.view();
  a.y = args.y.view();
  a.n = a.y.numel;
  if (a.bytes.numel < cd::kCsrHeaderBytes)
    fail(E, "bytes shape %s is shorter than the 16-byte csr header",
         a.bytes.shapeStr().c_str());
  return a;
}

void echo_rt::refuseCsrOverCapacity(const char *E, int64_t n, int64_t nnz,
                                    int64_t capacity, int64_t &overflows) {
  if (nnz <= capacity)
    return;
  ++overflows;
  // Not out of memory: more capacity would not help, the plan would.
  fail(E,
       "the map of %lld elements has %lld non-zeros, more than the %lld its "
       "csr encoding was planned for (a density bound this data does not "
       "meet: re-profile with echo-run --profile-sparsity on such batches, "
       "raise gist-encode's csr-margin, or plan without csr-density); "
       "nothing was written",
       (long long)n, (long long)nnz, (long long)capacity);
}

CsrHeader echo_rt::csrHeader(const char *E, const DecodeCsrArgs &a,
                             const uint8_t *header) {
  CsrHeader h;
  h.nnz = load32(header + 0);
  h.capacity = load32(header + 4);
  expectBytes(E, a.bytes, cd::csrBytes(a.n, h.capacity), kCsrLayout);
  if (h.nnz > a.n)
    fail(E, "corrupted csr encoding: %lld non-zeros in %lld elements",
         (long long)h.nnz, (long long)a.n);
  if (h.nnz > h.capacity)
    fail(E, "corrupted csr encoding: %lld non-zeros over its capacity %lld",
         (long long)h.nnz, (long long)h.capacity);
  if (load64(header + 8) != 0)
    fail(E, "corrupted csr encoding: the reserved header field is not 0");
  return h;
}

void echo_rt::expectCsrSpan(const char *E, uint32_t first, uint32_t last,
                            int64_t nnz) {
  if (first != 0 || last != nnz)
    fail(E,
         "corrupted csr encoding: row pointers do not span the %lld "
         "non-zeros",
         (long long)nnz);
}

void echo_rt::expectCsrRowEnd(const char *E, int64_t r, uint32_t begin,
                              uint32_t end, int64_t nnz) {
  if (end < begin || end > nnz)
    fail(E, "corrupted csr encoding: row pointer %lld is %u",
         (long long)(r + 1), end);
}

void echo_rt::expectCsrColumn(const char *E, int64_t r, unsigned column,
                              int64_t n) {
  if (r * cd::kCsrRowWidth + column >= n)
    fail(E,
         "corrupted csr encoding: column %u of row %lld is past the "
         "%lld elements",
         column, (long long)r, (long long)n);
}

PoolArgmaxArgs
echo_rt::poolArgmaxArgs(const echo_encode_pool_argmax_args &args) {
  const char *E = args.entry;
  PoolArgmaxArgs a;
  a.x = args.x.view();
  a.bytes = args.bytes.view();
  a.g = argmaxGeometry(E, a.x, "x", args.kernel_h, args.kernel_w, args.stride_h,
                       args.stride_w, args.pad_h, args.pad_w);
  expectBytes(E, a.bytes, a.g.bytes(), "one argmax code per pooled element");
  return a;
}

PoolArgmaxGradArgs
echo_rt::poolArgmaxGradArgs(const echo_max_pool2d_grad_argmax_args &args) {
  const char *E = args.entry;
  PoolArgmaxGradArgs a;
  a.bytes = args.bytes.view();
  a.dy = args.dy.view();
  a.dx = args.dx.view();
  a.g = argmaxGeometry(E, a.dx, "dx", args.kernel_h, args.kernel_w,
                       args.stride_h, args.stride_w, args.pad_h, args.pad_w);
  expectPooled(E, a.g, a.dx, a.dy, "dy");
  expectBytes(E, a.bytes, a.g.bytes(), "one argmax code per pooled element");
  return a;
}

void echo_rt::failArgmaxCode(const char *E, uint32_t code, int64_t o) {
  fail(E,
       "corrupted argmax: code %u of pooled element %lld points outside the "
       "input",
       code, (long long)o);
}
