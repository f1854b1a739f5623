//===- Encoding.cu - Gist encodings of stashed feature maps (CUDA) ---------===//
//
// The encode/decode entries on the device. Bit-level formats come from
// echo/codecs.h, the same functions the CPU backend calls, so the encoded
// bytes are identical. One thread per packed unit (byte, word, element or
// 256-wide CSR row), so there are no write races; encoded buffers need not
// be aligned, so multi-byte fields are read and written byte by byte. The
// CSR encoder needs its non-zero count on the host to check it against the
// planned capacity before writing, and the decoder its header: both wait
// for the stream once.
//
//===----------------------------------------------------------------------===//

#include "EncodingArgs.h"
#include "Launch.h"
#include "PoolCover.h"

#include "echo/codecs.h"

#include <vector>

using namespace echo_cuda;
using namespace echo_rt::encoding_args;
using namespace echo_rt::cast_args;
namespace cd = echo_codecs;

namespace {

__device__ uint32_t ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
__device__ void st32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

void zero(Context &ctx, const char *E, void *p, int64_t bytes) {
  if (bytes > 0)
    check(E, cudaMemsetAsync(p, 0, (size_t)bytes, ctx.stream),
          "cudaMemsetAsync");
}

} // namespace

//--- binarize / mask1 ---------------------------------------------------------

void entry::echo_encode_binarize(Context &ctx,
                                 const echo_encode_binarize_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Binarize, args.x, args.bytes);
  const float *x = a.values.f32();
  uint8_t *out = a.bytes.u8();
  int64_t n = a.values.numel;
  forEach(ctx, args.entry, a.bytes.numel, [=] __device__(int64_t b) {
    uint8_t byte = 0;
    for (int64_t i = 8 * b; i < 8 * b + 8 && i < n; ++i)
      byte |= cd::packBit(i, cd::binarizeBit(x[i]));
    out[b] = byte;
  });
}

void entry::echo_decode_binarize(Context &ctx,
                                 const echo_decode_binarize_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Binarize, args.bytes, args.y);
  const uint8_t *in = a.bytes.u8();
  float *y = a.values.f32();
  forEach(ctx, args.entry, a.values.numel, [=] __device__(int64_t i) {
    y[i] = cd::binarizeValue(cd::getBit(in, i));
  });
}

void entry::echo_relu_grad_binarized(
    Context &ctx, const echo_relu_grad_binarized_args &args) {
  ReluGradBinarizedArgs a = reluGradBinarizedArgs(args);
  const uint8_t *bits = a.bytes.u8();
  const float *g = a.dy.f32();
  float *d = a.dx.f32();
  forEach(ctx, args.entry, a.dy.numel, [=] __device__(int64_t i) {
    d[i] = cd::getBit(bits, i) ? g[i] : 0.0f;
  });
}

void entry::echo_encode_mask1(Context &ctx,
                              const echo_encode_mask1_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Mask1, args.mask, args.bytes);
  const uint8_t *m = a.values.u8();
  uint8_t *out = a.bytes.u8();
  int64_t n = a.values.numel;
  forEach(ctx, args.entry, a.bytes.numel, [=] __device__(int64_t b) {
    uint8_t byte = 0;
    for (int64_t i = 8 * b; i < 8 * b + 8 && i < n; ++i)
      byte |= cd::packBit(i, cd::maskBit(m[i]));
    out[b] = byte;
  });
}

void entry::echo_decode_mask1(Context &ctx,
                              const echo_decode_mask1_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Mask1, args.bytes, args.mask);
  const uint8_t *in = a.bytes.u8();
  uint8_t *m = a.values.u8();
  forEach(ctx, args.entry, a.values.numel,
          [=] __device__(int64_t i) { m[i] = cd::getBit(in, i) ? 1 : 0; });
}

//--- fp16 / fp10 / fp8 --------------------------------------------------------

void entry::echo_encode_fp16(Context &ctx, const echo_encode_fp16_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Fp16, args.x, args.bytes);
  const float *x = a.values.f32();
  uint8_t *out = a.bytes.u8();
  forEach(ctx, args.entry, a.values.numel, [=] __device__(int64_t i) {
    uint16_t h = cd::encodeFp16(x[i]);
    out[2 * i] = (uint8_t)h;
    out[2 * i + 1] = (uint8_t)(h >> 8);
  });
}

void entry::echo_decode_fp16(Context &ctx, const echo_decode_fp16_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Fp16, args.bytes, args.y);
  const uint8_t *in = a.bytes.u8();
  float *y = a.values.f32();
  forEach(ctx, args.entry, a.values.numel, [=] __device__(int64_t i) {
    y[i] = cd::decodeFp16((uint16_t)(in[2 * i] | in[2 * i + 1] << 8));
  });
}

namespace {

/// One thread per packed word when encoding, per element when decoding. Elt
/// is the decoded side (CastArgs.h): f32, or a 16-bit type through its exact
/// f32 value.
template <Codec C, typename Elt, int PerWord, int Width>
void encodeWords(Context &ctx, const char *E, const CodecArgs &a) {
  const auto *x = static_cast<const typename Elt::Storage *>(a.values.data);
  uint8_t *out = a.bytes.u8();
  int64_t n = a.values.numel;
  forEach(ctx, E, a.bytes.numel / 4, [=] __device__(int64_t k) {
    uint32_t word = 0;
    for (int j = 0; j < PerWord; ++j)
      if (k * PerWord + j < n)
        word |= PackedCodec<C>::encode(Elt::toF32(x[k * PerWord + j]))
                << (Width * j);
    st32(out + 4 * k, word);
  });
}

template <Codec C, typename Elt, int PerWord, int Width>
void decodeWords(Context &ctx, const char *E, const CodecArgs &a) {
  const uint8_t *in = a.bytes.u8();
  auto *y = static_cast<typename Elt::Storage *>(a.values.data);
  forEach(ctx, E, a.values.numel, [=] __device__(int64_t i) {
    uint32_t word = ld32(in + 4 * (i / PerWord));
    uint32_t code = (word >> (Width * (int)(i % PerWord))) & ((1u << Width) - 1u);
    y[i] = Elt::fromF32(PackedCodec<C>::decode(code));
  });
}

} // namespace

#define ECHO_CUDA_PACKED_CODEC(NAME, CODEC, SUFFIX, ELT, PER_WORD, WIDTH)     \
  void entry::echo_encode_##NAME##SUFFIX(                                      \
      Context &ctx, const echo_encode_##NAME##SUFFIX##_args &args) {           \
    encodeWords<Codec::CODEC, ELT, PER_WORD, WIDTH>(                           \
        ctx, args.entry,                                                       \
        encodeArgs(args.entry, Codec::CODEC, args.x, args.bytes));             \
  }                                                                            \
  void entry::echo_decode_##NAME##SUFFIX(                                      \
      Context &ctx, const echo_decode_##NAME##SUFFIX##_args &args) {           \
    decodeWords<Codec::CODEC, ELT, PER_WORD, WIDTH>(                           \
        ctx, args.entry,                                                       \
        decodeArgs(args.entry, Codec::CODEC, args.bytes, args.y));             \
  }
ECHO_PACKED_CODECS(ECHO_CUDA_PACKED_CODEC)
#undef ECHO_CUDA_PACKED_CODEC

//--- csr ----------------------------------------------------------------------

namespace {
/// Writes the 16-byte header (the reserved u64 is 0).
void writeHeader(Context &ctx, const char *E, uint8_t *out, uint32_t nnz,
                 uint32_t capacity) {
  forEach(ctx, E, 1, [=] __device__(int64_t) {
    st32(out, nnz);
    st32(out + 4, capacity);
    st32(out + 8, 0u);
    st32(out + 12, 0u);
  });
}

/// The complete CSR of x (row pointers `rowPtr` computed, nnz non-zeros)
/// with room for `capacity`, into `out` (csrBytes(n, capacity) bytes).
void writeCsr(Context &ctx, const char *E, const float *x, int64_t n,
              const uint32_t *rowPtr, int64_t nnz, int64_t capacity,
              uint8_t *out) {
  int64_t rows = cd::csrRows(n);
  writeHeader(ctx, E, out, (uint32_t)nnz, (uint32_t)capacity);
  uint8_t *ptrs = out + cd::csrRowPtrOffset();
  uint8_t *values = out + cd::csrValuesOffset(n);
  uint8_t *columns = out + cd::csrColumnsOffset(n, capacity);
  forEach(ctx, E, rows + 1,
          [=] __device__(int64_t r) { st32(ptrs + 4 * r, rowPtr[r]); });
  forEach(ctx, E, rows, [=] __device__(int64_t r) {
    int64_t k = rowPtr[r];
    int64_t end =
        (r + 1) * cd::kCsrRowWidth < n ? (r + 1) * cd::kCsrRowWidth : n;
    for (int64_t i = r * cd::kCsrRowWidth; i < end; ++i)
      if (cd::csrIsNonZero(x[i])) {
        st32(values + 4 * k, cd::f32Bits(x[i]));
        columns[k] = (uint8_t)(i - r * cd::kCsrRowWidth);
        ++k;
      }
  });
  if (capacity > nnz) {
    zero(ctx, E, values + 4 * nnz, 4 * (capacity - nnz));
    zero(ctx, E, columns + nnz, capacity - nnz);
  }
}

/// Checks the structure of the CSR at `in` (device memory) on the host,
/// then scatters it into y, so a corrupted encoding is an error, not a
/// wild write.
void readCsr(Context &ctx, const char *E, const uint8_t *in, int64_t n,
             int64_t nnz, int64_t capacity, float *y) {
  int64_t rows = cd::csrRows(n);
  const uint8_t *ptrs = in + cd::csrRowPtrOffset();
  const uint8_t *values = in + cd::csrValuesOffset(n);
  const uint8_t *columns = in + cd::csrColumnsOffset(n, capacity);
  zero(ctx, E, y, sizeof(float) * n);
  uint32_t first = 0, last = 0;
  readBack(E, ctx, &first, ptrs, 4);
  readBack(E, ctx, &last, ptrs + 4 * rows, 4);
  expectCsrSpan(E, first, last, nnz);
  resetFlag(E, ctx);
  unsigned long long *flag = ctx.flag;
  forEach(ctx, E, rows, [=] __device__(int64_t r) {
    uint32_t begin = ld32(ptrs + 4 * r), end = ld32(ptrs + 4 * (r + 1));
    bool bad = end < begin || end > nnz;
    for (uint32_t k = begin; !bad && k < end; ++k)
      bad = r * cd::kCsrRowWidth + columns[k] >= n;
    if (bad)
      atomicMin(flag, (unsigned long long)r);
  });
  unsigned long long badRow = readFlag(E, ctx);
  if (badRow != kNoFlag) {
    // The first bad row's pointer or first bad column, named as the
    // CPU's sequential walk names it.
    uint32_t pair[2] = {0, 0};
    readBack(E, ctx, pair, ptrs + 4 * badRow, 8);
    expectCsrRowEnd(E, (int64_t)badRow, pair[0], pair[1], nnz);
    std::vector<uint8_t> cols(pair[1] - pair[0]);
    readBack(E, ctx, cols.data(), columns + pair[0], cols.size());
    for (uint8_t c : cols)
      expectCsrColumn(E, (int64_t)badRow, c, n);
  }
  forEach(ctx, E, rows, [=] __device__(int64_t r) {
    uint32_t begin = ld32(ptrs + 4 * r), end = ld32(ptrs + 4 * (r + 1));
    for (uint32_t k = begin; k < end; ++k)
      y[r * cd::kCsrRowWidth + columns[k]] =
          cd::f32FromBits(ld32(values + 4 * (int64_t)k));
  });
}
} // namespace

void entry::echo_encode_csr(Context &ctx, const echo_encode_csr_args &args) {
  EncodeCsrArgs a = encodeCsrArgs(args);
  int64_t n = a.n;
  int64_t rows = cd::csrRows(n);
  // Row pointers: non-zeros per row, then a prefix sum in row order.
  auto *rowPtr = static_cast<uint32_t *>(
      scratch(args.entry, ctx, sizeof(uint32_t) * (rows + 1)));
  const float *x = a.x.f32();
  forEach(ctx, args.entry, rows, [=] __device__(int64_t r) {
    int64_t end =
        (r + 1) * cd::kCsrRowWidth < n ? (r + 1) * cd::kCsrRowWidth : n;
    uint32_t c = 0;
    for (int64_t i = r * cd::kCsrRowWidth; i < end; ++i)
      c += cd::csrIsNonZero(x[i]);
    rowPtr[r + 1] = c;
  });
  forEach(ctx, args.entry, 1, [=] __device__(int64_t) {
    uint32_t s = 0;
    rowPtr[0] = 0;
    for (int64_t r = 0; r < rows; ++r) {
      s += rowPtr[r + 1];
      rowPtr[r + 1] = s;
    }
  });
  uint32_t nnz32 = 0;
  readBack(args.entry, ctx, &nnz32, rowPtr + rows, sizeof nnz32);
  int64_t nnz = nnz32;
  refuseCsrOverCapacity(args.entry, n, nnz, args.capacity,
                        ctx.memory.csrOverflows);
  writeCsr(ctx, args.entry, x, n, rowPtr, nnz, args.capacity, a.bytes.u8());
}

void entry::echo_decode_csr(Context &ctx, const echo_decode_csr_args &args) {
  DecodeCsrArgs a = decodeCsrArgs(args);
  uint8_t header[cd::kCsrHeaderBytes];
  readBack(args.entry, ctx, header, a.bytes.data, sizeof header);
  CsrHeader h = csrHeader(args.entry, a, header);
  readCsr(ctx, args.entry, a.bytes.u8(), a.n, h.nnz, h.capacity, a.y.f32());
}

//--- pool argmax --------------------------------------------------------------

namespace {

/// The code of pooled element o (all planes' outputs in row-major order).
__device__ uint32_t outputCode(const PoolGeometry &g, const float *x,
                               int64_t o) {
  int64_t p = o / (g.oh * g.ow), oy = (o / g.ow) % g.oh, ox = o % g.ow;
  return argmaxCode(g, x + p * g.h * g.w, oy, ox);
}
} // namespace

void entry::echo_encode_pool_argmax(Context &ctx,
                                    const echo_encode_pool_argmax_args &args) {
  PoolArgmaxArgs a = poolArgmaxArgs(args);
  const ArgmaxGeometry &g = a.g;
  const float *x = a.x.f32();
  uint8_t *out = a.bytes.u8();
  PoolGeometry pg = g;
  int64_t outputs = g.outputs();
  if (g.bits == 8) {
    forEach(ctx, args.entry, outputs, [=] __device__(int64_t o) {
      out[o] = (uint8_t)outputCode(pg, x, o);
    });
    return;
  }
  forEach(ctx, args.entry, a.bytes.numel, [=] __device__(int64_t b) {
    uint32_t even = outputCode(pg, x, 2 * b);
    uint32_t odd = 2 * b + 1 < outputs ? outputCode(pg, x, 2 * b + 1) : 0u;
    out[b] = cd::packArgmax4(even, odd);
  });
}

void entry::echo_max_pool2d_grad_argmax(
    Context &ctx, const echo_max_pool2d_grad_argmax_args &args) {
  PoolArgmaxGradArgs a = poolArgmaxGradArgs(args);
  const ArgmaxGeometry &g = a.g;
  const uint8_t *in = a.bytes.u8();
  PoolGeometry pg = g;
  int bits = g.bits;
  // Every code must point inside the input; the gather below follows only
  // those that do.
  const char *E = args.entry;
  CheckSlot *slot = beginCheck(ctx, E);
  forEach(ctx, E, g.outputs(), [=] __device__(int64_t o) {
    uint32_t code = cd::getArgmax(in, o, bits);
    int64_t oy = (o / pg.ow) % pg.oh, ox = o % pg.ow, iy, ix;
    if (!argmaxSource(pg, oy, ox, code, iy, ix))
      atomicMin(&slot->position, (unsigned long long)o);
  });
  const unsigned long long none = kNoFailure;
  forEach(ctx, E, 1, [=] __device__(int64_t) {
    if (slot->position != none)
      slot->value = cd::getArgmax(in, (int64_t)slot->position, bits);
  });
  endCheck(ctx, slot, E, [E](int64_t position, int64_t code) {
    failArgmaxCode(E, (uint32_t)code, position);
  });
  const float *gs = a.dy.f32();
  float *pdx = a.dx.f32();
  // Gather: each input position adds the gradients of the pooled elements
  // whose code names it, in row-major output order (the CPU's scatter
  // order).
  forEach(ctx, args.entry, a.dx.numel, [=] __device__(int64_t i) {
    int64_t p = i / (pg.h * pg.w), iy = (i / pg.w) % pg.h, ix = i % pg.w;
    int64_t y0, y1, x0, x1;
    coveringOutputs(iy, pg.ph, pg.kh, pg.sh, pg.oh, y0, y1);
    coveringOutputs(ix, pg.pw, pg.kw, pg.sw, pg.ow, x0, x1);
    float acc = 0.0f;
    for (int64_t oy = y0; oy <= y1; ++oy)
      for (int64_t ox = x0; ox <= x1; ++ox) {
        int64_t o = p * pg.oh * pg.ow + oy * pg.ow + ox;
        int64_t sy, sx;
        if (argmaxSource(pg, oy, ox, cd::getArgmax(in, o, bits), sy, sx) &&
            sy == iy && sx == ix)
          acc += gs[o];
      }
    pdx[i] = acc;
  });
}
