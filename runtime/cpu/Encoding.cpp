//===- Encoding.cpp - Gist encodings of stashed feature maps --------------===//
//
// The CPU entries of the encodings (runtime.h, "Encodings of stashed feature
// maps"). The bit-level formats live in echo/codecs.h, shared with a CUDA
// backend; this file walks the tensors and checks sizes. Every encoded
// operand must hold exactly the bytes the compiler planned
// (EncodingStorage.h); a mismatch, or a CSR map denser than its planned
// capacity, is an error. Encoded
// buffers need not be aligned, so multi-byte fields go through memcpy.
// The fixed-width codecs run on the backend's threads (Parallel.h), each
// thread on whole bytes or words; CSR stays sequential (its offsets are a
// running count).
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "EncodingArgs.h"
#include "Parallel.h"

#include "echo/codecs.h"

#pragma GCC visibility push(default)
#include "echo/allocator.h"
#pragma GCC visibility pop

#include <algorithm>
#include <cstring>

using namespace echo_rt;
namespace cd = echo_codecs;


namespace {

template <typename T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <typename T> void store(uint8_t *p, T v) {
  std::memcpy(p, &v, sizeof v);
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

//--- Packed small floats ------------------------------------------------------

// Element j of word k is element k * PerWord + j, in bits
// [j * Width, (j + 1) * Width) (codecs.h packFp10 / packFp8). Elt reads and
// writes the decoded side (CastArgs.h): f32, or a 16-bit type through its
// exact f32 value.
template <Codec C, typename Elt, int PerWord, int Width>
void encodeWords(const typename Elt::Storage *x, int64_t n, uint8_t *out) {
  parallelRanges(
      ceilDiv(n, PerWord),
      [&](int64_t first, int64_t last) {
        for (int64_t k = first; k < last; ++k) {
          uint32_t word = 0;
          for (int j = 0; j < PerWord; ++j) {
            int64_t i = k * PerWord + j;
            if (i < n)
              word |= PackedCodec<C>::encode(Elt::toF32(x[i])) << (Width * j);
          }
          store<uint32_t>(out + 4 * k, word);
        }
      },
      1, kMinElementsPerThread / PerWord);
}

template <Codec C, typename Elt, int PerWord, int Width>
void decodeWords(const uint8_t *in, int64_t n, typename Elt::Storage *y) {
  constexpr uint32_t mask = (1u << Width) - 1u;
  parallelRanges(
      ceilDiv(n, PerWord),
      [&](int64_t first, int64_t last) {
        for (int64_t k = first; k < last; ++k) {
          uint32_t word = load<uint32_t>(in + 4 * k);
          for (int j = 0; j < PerWord; ++j) {
            int64_t i = k * PerWord + j;
            if (i < n)
              y[i] = Elt::fromF32(
                  PackedCodec<C>::decode((word >> (Width * j)) & mask));
          }
        }
      },
      1, kMinElementsPerThread / PerWord);
}

//--- CSR ----------------------------------------------------------------------

/// Writes the complete CSR of x (nnz non-zeros) with room for `capacity`
/// into `out` (csrBytes(n, capacity) bytes); slots past nnz are zero.
void writeCsr(const float *x, int64_t n, int64_t nnz, int64_t capacity,
              uint8_t *out) {
  store<uint32_t>(out + 0, (uint32_t)nnz);
  store<uint32_t>(out + 4, (uint32_t)capacity);
  store<uint64_t>(out + 8, 0); // reserved
  int64_t rows = cd::csrRows(n);
  uint8_t *rowPtr = out + cd::csrRowPtrOffset();
  uint8_t *values = out + cd::csrValuesOffset(n);
  uint8_t *columns = out + cd::csrColumnsOffset(n, capacity);
  int64_t k = 0;
  for (int64_t r = 0; r < rows; ++r) {
    store<uint32_t>(rowPtr + 4 * r, (uint32_t)k);
    int64_t end =
        (r + 1) * cd::kCsrRowWidth < n ? (r + 1) * cd::kCsrRowWidth : n;
    for (int64_t i = r * cd::kCsrRowWidth; i < end; ++i)
      if (cd::csrIsNonZero(x[i])) {
        std::memcpy(values + 4 * k, &x[i], 4);
        columns[k] = (uint8_t)(i - r * cd::kCsrRowWidth);
        ++k;
      }
  }
  store<uint32_t>(rowPtr + 4 * rows, (uint32_t)k);
  if (capacity > k) {
    std::memset(values + 4 * k, 0, 4 * (capacity - k));
    std::memset(columns + k, 0, capacity - k);
  }
}

/// Scatters the CSR in `in` (capacity slots) into the zeroed y, checking the
/// structure so that a corrupted encoding is an error, not a wild write.
void readCsr(const char *E, const uint8_t *in, int64_t n, int64_t nnz,
             int64_t capacity, float *y) {
  int64_t rows = cd::csrRows(n);
  const uint8_t *rowPtr = in + cd::csrRowPtrOffset();
  const uint8_t *values = in + cd::csrValuesOffset(n);
  const uint8_t *columns = in + cd::csrColumnsOffset(n, capacity);
  if (n)
    std::memset(y, 0, sizeof(float) * n);
  uint32_t begin = load<uint32_t>(rowPtr);
  expectCsrSpan(E, begin, load<uint32_t>(rowPtr + 4 * rows), nnz);
  for (int64_t r = 0; r < rows; ++r) {
    uint32_t end = load<uint32_t>(rowPtr + 4 * (r + 1));
    expectCsrRowEnd(E, r, begin, end, nnz);
    for (uint32_t k = begin; k < end; ++k) {
      expectCsrColumn(E, r, columns[k], n);
      std::memcpy(&y[r * cd::kCsrRowWidth + columns[k]],
                  values + 4 * (int64_t)k, 4);
    }
    begin = end;
  }
}

} // namespace


//--- binarize / mask1 ---------------------------------------------------------

void entry::echo_encode_binarize(Context &ctx,
                                 const echo_encode_binarize_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Binarize, args.x, args.bytes);
  const float *x = a.values.f32();
  uint8_t *out = a.bytes.u8();
  const int64_t n = a.values.numel, whole = n / 8;
  parallelRanges(
      a.bytes.numel,
      [x, out, n, whole](int64_t first, int64_t last) {
        // Whole bytes without a branch per element (random signs would
        // mispredict half of them).
        for (int64_t b = first; b < std::min(last, whole); ++b) {
          const float *p = x + 8 * b;
          unsigned byte = 0;
          for (int j = 0; j < 8; ++j)
            byte |= unsigned(cd::binarizeBit(p[j])) << j;
          out[b] = uint8_t(byte);
        }
        for (int64_t b = std::max(first, whole); b < last; ++b) {
          uint8_t byte = 0;
          for (int64_t i = 8 * b; i < n; ++i)
            byte |= cd::packBit(i, cd::binarizeBit(x[i]));
          out[b] = byte;
        }
      },
      1, kMinElementsPerThread / 8);
}

void entry::echo_decode_binarize(Context &ctx,
                                 const echo_decode_binarize_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Binarize, args.bytes, args.y);
  const uint8_t *in = a.bytes.u8();
  float *y = a.values.f32();
  parallelRanges(a.values.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = cd::binarizeValue(cd::getBit(in, i));
  });
}

void entry::echo_relu_grad_binarized(
    Context &ctx, const echo_relu_grad_binarized_args &args) {
  ReluGradBinarizedArgs a = reluGradBinarizedArgs(args);
  const uint8_t *bits = a.bytes.u8();
  const float *g = a.dy.f32();
  float *d = a.dx.f32();
  // Element i is read before it is written: safe in place. dy's bits or
  // those of +0.0f, selected by a mask instead of a branch.
  parallelRanges(a.dy.numel, [bits, g, d](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      uint32_t keep = 0u - uint32_t(cd::getBit(bits, i)), v;
      std::memcpy(&v, g + i, 4);
      v &= keep;
      std::memcpy(d + i, &v, 4);
    }
  });
}

void entry::echo_encode_mask1(Context &ctx,
                              const echo_encode_mask1_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Mask1, args.mask, args.bytes);
  const uint8_t *m = a.values.u8();
  uint8_t *out = a.bytes.u8();
  parallelRanges(
      a.bytes.numel,
      [&](int64_t first, int64_t last) {
        for (int64_t b = first; b < last; ++b) {
          uint8_t byte = 0;
          for (int64_t i = 8 * b; i < 8 * b + 8 && i < a.values.numel; ++i)
            byte |= cd::packBit(i, cd::maskBit(m[i]));
          out[b] = byte;
        }
      },
      1, kMinElementsPerThread / 8);
}

void entry::echo_decode_mask1(Context &ctx,
                              const echo_decode_mask1_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Mask1, args.bytes, args.mask);
  const uint8_t *in = a.bytes.u8();
  uint8_t *m = a.values.u8();
  parallelRanges(a.values.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      m[i] = cd::getBit(in, i) ? 1 : 0;
  });
}

//--- fp16 / fp10 / fp8 --------------------------------------------------------

void entry::echo_encode_fp16(Context &ctx, const echo_encode_fp16_args &args) {
  CodecArgs a = encodeArgs(args.entry, Codec::Fp16, args.x, args.bytes);
  const float *x = a.values.f32();
  uint8_t *out = a.bytes.u8();
  parallelRanges(a.values.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      store<uint16_t>(out + 2 * i, cd::encodeFp16(x[i]));
  });
}

void entry::echo_decode_fp16(Context &ctx, const echo_decode_fp16_args &args) {
  CodecArgs a = decodeArgs(args.entry, Codec::Fp16, args.bytes, args.y);
  const uint8_t *in = a.bytes.u8();
  float *y = a.values.f32();
  parallelRanges(a.values.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = cd::decodeFp16(load<uint16_t>(in + 2 * i));
  });
}

#define ECHO_CPU_PACKED_CODEC(NAME, CODEC, SUFFIX, ELT, PER_WORD, WIDTH)      \
  void entry::echo_encode_##NAME##SUFFIX(                                      \
      Context &, const echo_encode_##NAME##SUFFIX##_args &args) {              \
    CodecArgs a = encodeArgs(args.entry, Codec::CODEC, args.x, args.bytes);    \
    encodeWords<Codec::CODEC, ELT, PER_WORD, WIDTH>(                           \
        static_cast<const ELT::Storage *>(a.values.data), a.values.numel,      \
        a.bytes.u8());                                                         \
  }                                                                            \
  void entry::echo_decode_##NAME##SUFFIX(                                      \
      Context &, const echo_decode_##NAME##SUFFIX##_args &args) {              \
    CodecArgs a = decodeArgs(args.entry, Codec::CODEC, args.bytes, args.y);    \
    decodeWords<Codec::CODEC, ELT, PER_WORD, WIDTH>(                           \
        a.bytes.u8(), a.values.numel,                                          \
        static_cast<ELT::Storage *>(a.values.data));                           \
  }
ECHO_PACKED_CODECS(ECHO_CPU_PACKED_CODEC)
#undef ECHO_CPU_PACKED_CODEC

//--- csr ----------------------------------------------------------------------

void entry::echo_encode_csr(Context &ctx, const echo_encode_csr_args &args) {
  EncodeCsrArgs a = encodeCsrArgs(args);
  int64_t n = a.n;
  const float *x = a.x.f32();
  int64_t nnz = 0;
  for (int64_t i = 0; i < n; ++i)
    nnz += cd::csrIsNonZero(x[i]);
  refuseCsrOverCapacity(args.entry, n, nnz, args.capacity,
                        ctx.memory.csrOverflows);
  writeCsr(x, n, nnz, args.capacity, a.bytes.u8());
}

void entry::echo_decode_csr(Context &ctx, const echo_decode_csr_args &args) {
  DecodeCsrArgs a = decodeCsrArgs(args);
  uint8_t *in = a.bytes.u8();
  CsrHeader h = csrHeader(args.entry, a, in);
  readCsr(args.entry, in, a.n, h.nnz, h.capacity, a.y.f32());
}

//--- pool argmax --------------------------------------------------------------

void entry::echo_encode_pool_argmax(Context &ctx,
                                    const echo_encode_pool_argmax_args &args) {
  PoolArgmaxArgs a = poolArgmaxArgs(args);
  const ArgmaxGeometry &g = a.g;
  uint8_t *out = a.bytes.u8();
  if (a.bytes.numel)
    std::memset(out, 0, (size_t)a.bytes.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = a.x.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        // The same window and maximum as echo_max_pool2d(_grad).
        cd::orArgmax(out, (p * g.oh + oy) * g.ow + ox,
                     argmaxCode(g, plane, oy, ox), (int)g.bits);
      }
  }
}

void entry::echo_max_pool2d_grad_argmax(
    Context &ctx, const echo_max_pool2d_grad_argmax_args &args) {
  PoolArgmaxGradArgs a = poolArgmaxGradArgs(args);
  const ArgmaxGeometry &g = a.g;
  const uint8_t *in = a.bytes.u8();
  if (a.dx.numel)
    std::memset(a.dx.f32(), 0, sizeof(float) * a.dx.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *gs = a.dy.f32() + p * g.oh * g.ow;
    float *dplane = a.dx.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        int64_t o = oy * g.ow + ox;
        uint32_t code = cd::getArgmax(in, p * g.oh * g.ow + o, (int)g.bits);
        int64_t iy, ix;
        if (!argmaxSource(g, oy, ox, code, iy, ix))
          failArgmaxCode(args.entry, code, p * g.oh * g.ow + o);
        dplane[iy * g.w + ix] += gs[o];
      }
  }
}
