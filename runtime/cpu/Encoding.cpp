//===- Encoding.cpp - Gist encodings of stashed feature maps --------------===//
//
// The CPU entries of the encodings (runtime.h, "Encodings of stashed feature
// maps"). The bit-level formats live in echo/codecs.h, shared with a CUDA
// backend; this file walks the tensors, checks sizes and handles the CSR
// overflow block. Every encoded operand must hold exactly the bytes the
// compiler planned (EncodingStorage.h); a mismatch is an error. Encoded
// buffers need not be aligned, so multi-byte fields go through memcpy.
// The fixed-width codecs run on the backend's threads (Parallel.h), each
// thread on whole bytes or words; CSR stays sequential (its offsets are a
// running count).
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Parallel.h"
#include "PoolWindow.h"

#include "echo/codecs.h"

#pragma GCC visibility push(default)
#include "echo/allocator.h"
#pragma GCC visibility pop

#include <algorithm>
#include <cstring>

using namespace echo_rt;
namespace cd = echo_codecs;


namespace {

TensorView bytesView(const char *E, const char *name, int64_t rank,
                     void *desc) {
  return view(E, name, rank, desc, 1);
}

template <typename T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <typename T> void store(uint8_t *p, T v) {
  std::memcpy(p, &v, sizeof v);
}

void expectBytes(const char *E, const TensorView &bytes, int64_t expected,
                 const char *what) {
  if (bytes.numel != expected)
    fail(E,
         "bytes shape %s must hold %lld bytes (%s); the storage size must "
         "match the compiler's (EncodingStorage.h)",
         bytes.shapeStr().c_str(), (long long)expected, what);
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

//--- Packed small floats ------------------------------------------------------

// Element j of word k is element k * PerWord + j, in bits
// [j * Width, (j + 1) * Width) (codecs.h packFp10 / packFp8).
template <int PerWord, int Width, uint32_t (*Enc)(float)>
void encodeWords(const float *x, int64_t n, uint8_t *out) {
  parallelRanges(
      ceilDiv(n, PerWord),
      [&](int64_t first, int64_t last) {
        for (int64_t k = first; k < last; ++k) {
          uint32_t word = 0;
          for (int j = 0; j < PerWord; ++j) {
            int64_t i = k * PerWord + j;
            if (i < n)
              word |= Enc(x[i]) << (Width * j);
          }
          store<uint32_t>(out + 4 * k, word);
        }
      },
      1, kMinElementsPerThread / PerWord);
}

template <int PerWord, int Width, float (*Dec)(uint32_t)>
void decodeWords(const uint8_t *in, int64_t n, float *y) {
  constexpr uint32_t mask = (1u << Width) - 1u;
  parallelRanges(
      ceilDiv(n, PerWord),
      [&](int64_t first, int64_t last) {
        for (int64_t k = first; k < last; ++k) {
          uint32_t word = load<uint32_t>(in + 4 * k);
          for (int j = 0; j < PerWord; ++j) {
            int64_t i = k * PerWord + j;
            if (i < n)
              y[i] = Dec((word >> (Width * j)) & mask);
          }
        }
      },
      1, kMinElementsPerThread / PerWord);
}

uint32_t encFp10(float x) { return cd::encodeFp10(x); }
float decFp10(uint32_t c) { return cd::decodeFp10(c); }
uint32_t encFp8(float x) { return cd::encodeFp8(x); }
float decFp8(uint32_t c) { return cd::decodeFp8((uint8_t)c); }

//--- CSR ----------------------------------------------------------------------

/// Writes the complete CSR of x (nnz non-zeros) with room for `capacity`
/// into `out` (csrBytes(n, capacity) bytes); slots past nnz are zero.
void writeCsr(const float *x, int64_t n, int64_t nnz, int64_t capacity,
              uint64_t overflow, uint8_t *out) {
  store<uint32_t>(out + 0, (uint32_t)nnz);
  store<uint32_t>(out + 4, (uint32_t)capacity);
  store<uint64_t>(out + 8, overflow);
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
  if (begin != 0 || load<uint32_t>(rowPtr + 4 * rows) != nnz)
    fail(E,
         "corrupted csr encoding: row pointers do not span the %lld "
         "non-zeros",
         (long long)nnz);
  for (int64_t r = 0; r < rows; ++r) {
    uint32_t end = load<uint32_t>(rowPtr + 4 * (r + 1));
    if (end < begin || end > nnz)
      fail(E, "corrupted csr encoding: row pointer %lld is %u",
           (long long)(r + 1), end);
    for (uint32_t k = begin; k < end; ++k) {
      int64_t i = r * cd::kCsrRowWidth + columns[k];
      if (i >= n)
        fail(E,
             "corrupted csr encoding: column %u of row %lld is past the "
             "%lld elements",
             (unsigned)columns[k], (long long)r, (long long)n);
      std::memcpy(&y[i], values + 4 * (int64_t)k, 4);
    }
    begin = end;
  }
}

} // namespace


//--- binarize / mask1 ---------------------------------------------------------

void entry::echo_encode_binarize(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes)) {
  const char *E = "echo_encode_binarize";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  expectBytes(E, B, cd::bitmaskBytes(X.numel), "1 bit per element");
  const float *x = X.f32();
  uint8_t *out = B.u8();
  const int64_t n = X.numel, whole = n / 8;
  parallelRanges(
      B.numel,
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

void entry::echo_decode_binarize(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(y)) {
  const char *E = "echo_decode_binarize";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  expectBytes(E, B, cd::bitmaskBytes(Y.numel), "1 bit per element");
  const uint8_t *in = B.u8();
  float *y = Y.f32();
  parallelRanges(Y.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = cd::binarizeValue(cd::getBit(in, i));
  });
}

void entry::echo_relu_grad_binarized(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(dy),
                              ECHO_TENSOR(dx)) {
  const char *E = "echo_relu_grad_binarized";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView G = fview(E, "dy", dy_rank, dy_desc);
  TensorView D = fview(E, "dx", dx_rank, dx_desc);
  expectSameShape(E, D, "dx", G, "dy");
  expectBytes(E, B, cd::bitmaskBytes(G.numel), "1 bit per element");
  const uint8_t *bits = B.u8();
  const float *g = G.f32();
  float *d = D.f32();
  // Element i is read before it is written: safe in place. dy's bits or
  // those of +0.0f, selected by a mask instead of a branch.
  parallelRanges(G.numel, [bits, g, d](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      uint32_t keep = 0u - uint32_t(cd::getBit(bits, i)), v;
      std::memcpy(&v, g + i, 4);
      v &= keep;
      std::memcpy(d + i, &v, 4);
    }
  });
}

void entry::echo_encode_mask1(Context &ctx, ECHO_TENSOR(mask), ECHO_TENSOR(bytes)) {
  const char *E = "echo_encode_mask1";
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  expectBytes(E, B, cd::bitmaskBytes(M.numel), "1 bit per element");
  const uint8_t *m = M.u8();
  uint8_t *out = B.u8();
  parallelRanges(
      B.numel,
      [&](int64_t first, int64_t last) {
        for (int64_t b = first; b < last; ++b) {
          uint8_t byte = 0;
          for (int64_t i = 8 * b; i < 8 * b + 8 && i < M.numel; ++i)
            byte |= cd::packBit(i, cd::maskBit(m[i]));
          out[b] = byte;
        }
      },
      1, kMinElementsPerThread / 8);
}

void entry::echo_decode_mask1(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(mask)) {
  const char *E = "echo_decode_mask1";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView M = view(E, "mask", mask_rank, mask_desc, 1);
  expectBytes(E, B, cd::bitmaskBytes(M.numel), "1 bit per element");
  const uint8_t *in = B.u8();
  uint8_t *m = M.u8();
  parallelRanges(M.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      m[i] = cd::getBit(in, i) ? 1 : 0;
  });
}

//--- fp16 / fp10 / fp8 --------------------------------------------------------

void entry::echo_encode_fp16(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes)) {
  const char *E = "echo_encode_fp16";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  expectBytes(E, B, cd::fp16Bytes(X.numel), "2 bytes per element");
  const float *x = X.f32();
  uint8_t *out = B.u8();
  parallelRanges(X.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      store<uint16_t>(out + 2 * i, cd::encodeFp16(x[i]));
  });
}

void entry::echo_decode_fp16(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(y)) {
  const char *E = "echo_decode_fp16";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  expectBytes(E, B, cd::fp16Bytes(Y.numel), "2 bytes per element");
  const uint8_t *in = B.u8();
  float *y = Y.f32();
  parallelRanges(Y.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = cd::decodeFp16(load<uint16_t>(in + 2 * i));
  });
}

void entry::echo_encode_fp10(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes)) {
  const char *E = "echo_encode_fp10";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  expectBytes(E, B, cd::fp10Bytes(X.numel), "3 elements per 32-bit word");
  encodeWords<cd::kFp10PerWord, 10, encFp10>(X.f32(), X.numel, B.u8());
}

void entry::echo_decode_fp10(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(y)) {
  const char *E = "echo_decode_fp10";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  expectBytes(E, B, cd::fp10Bytes(Y.numel), "3 elements per 32-bit word");
  decodeWords<cd::kFp10PerWord, 10, decFp10>(B.u8(), Y.numel, Y.f32());
}

void entry::echo_encode_fp8(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes)) {
  const char *E = "echo_encode_fp8";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  expectBytes(E, B, cd::fp8Bytes(X.numel), "4 elements per 32-bit word");
  encodeWords<cd::kFp8PerWord, 8, encFp8>(X.f32(), X.numel, B.u8());
}

void entry::echo_decode_fp8(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(y)) {
  const char *E = "echo_decode_fp8";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  expectBytes(E, B, cd::fp8Bytes(Y.numel), "4 elements per 32-bit word");
  decodeWords<cd::kFp8PerWord, 8, decFp8>(B.u8(), Y.numel, Y.f32());
}

//--- csr ----------------------------------------------------------------------

void entry::echo_encode_csr(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes), int64_t capacity) {
  const char *E = "echo_encode_csr";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  if (X.numel > (int64_t)UINT32_MAX)
    fail(E, "x shape %s has more elements than 32-bit row pointers address",
         X.shapeStr().c_str());
  if (capacity < 0 || capacity > X.numel)
    fail(E, "capacity %lld must be in [0, %lld]", (long long)capacity,
         (long long)X.numel);
  int64_t n = X.numel;
  expectBytes(E, B, cd::csrBytes(n, capacity),
              "16-byte header, row pointers, capacity values and columns");
  const float *x = X.f32();
  int64_t nnz = 0;
  for (int64_t i = 0; i < n; ++i)
    nnz += cd::csrIsNonZero(x[i]);
  uint8_t *out = B.u8();
  if (nnz <= capacity) {
    writeCsr(x, n, nnz, capacity, 0, out);
    return;
  }
  // Overflow: the whole CSR, sized for its nnz, goes to a block of the
  // counting allocator; the planned buffer keeps the header (with the
  // block's address) and zeros.
  std::string error;
  auto *block = static_cast<uint8_t *>(ctx.memory.allocate(
      cd::csrBytes(n, nnz), ECHO_MEM_ENCODED, "csr overflow", error));
  if (!block)
    throw Error{ECHO_ERR_OUT_OF_MEMORY, std::string(E) + ": " + error};
  writeCsr(x, n, nnz, nnz, 0, block);
  std::memset(out, 0, (size_t)B.numel);
  store<uint32_t>(out + 0, (uint32_t)nnz);
  store<uint32_t>(out + 4, (uint32_t)capacity);
  store<uint64_t>(out + 8, (uint64_t)(uintptr_t)block);
  ++ctx.memory.csrOverflows;
}

void entry::echo_decode_csr(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(y)) {
  const char *E = "echo_decode_csr";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  int64_t n = Y.numel;
  if (B.numel < cd::kCsrHeaderBytes)
    fail(E, "bytes shape %s is shorter than the 16-byte csr header",
         B.shapeStr().c_str());
  uint8_t *in = B.u8();
  int64_t nnz = load<uint32_t>(in + 0);
  int64_t capacity = load<uint32_t>(in + 4);
  uint64_t overflow = load<uint64_t>(in + 8);
  expectBytes(E, B, cd::csrBytes(n, capacity),
              "16-byte header, row pointers, capacity values and columns");
  if (nnz > n)
    fail(E, "corrupted csr encoding: %lld non-zeros in %lld elements",
         (long long)nnz, (long long)n);
  if (!overflow) {
    if (nnz > capacity)
      fail(E,
           "csr encoding overflowed its capacity %lld but has no overflow "
           "block (was it decoded twice?)",
           (long long)capacity);
    readCsr(E, in, n, nnz, capacity, Y.f32());
    return;
  }
  auto *block = reinterpret_cast<uint8_t *>((uintptr_t)overflow);
  if (nnz <= capacity || load<uint32_t>(block + 0) != nnz ||
      load<uint32_t>(block + 4) != nnz || load<uint64_t>(block + 8) != 0)
    fail(E, "corrupted csr encoding: bad overflow block");
  readCsr(E, block, n, nnz, nnz, Y.f32());
  if (!ctx.memory.release(block))
    fail(E, "corrupted csr encoding: the overflow block is not this "
            "context's");
  // The block is gone: a second decode must not read or free it again.
  store<uint64_t>(in + 8, 0);
}

//--- pool argmax --------------------------------------------------------------

void entry::echo_encode_pool_argmax(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(bytes),
                             int64_t kernel_h, int64_t kernel_w,
                             int64_t stride_h, int64_t stride_w, int64_t pad_h,
                             int64_t pad_w) {
  const char *E = "echo_encode_pool_argmax";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  ArgmaxGeometry g = argmaxGeometry(E, X, "x", kernel_h, kernel_w, stride_h,
                                    stride_w, pad_h, pad_w);
  expectBytes(E, B, g.bytes(), "one argmax code per pooled element");
  uint8_t *out = B.u8();
  if (B.numel)
    std::memset(out, 0, (size_t)B.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = X.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        // The same window and maximum as echo_max_pool2d(_grad).
        PoolWindow r = poolWindow(g, oy, ox);
        int64_t best = windowMax(g, plane, r);
        int64_t by = best / g.w, bx = best % g.w;
        uint32_t code = (uint32_t)((by - r.top) * g.kw + (bx - r.left));
        cd::orArgmax(out, (p * g.oh + oy) * g.ow + ox, code, (int)g.bits);
      }
  }
}

void entry::echo_max_pool2d_grad_argmax(Context &ctx, ECHO_TENSOR(bytes), ECHO_TENSOR(dy),
                                 ECHO_TENSOR(dx), int64_t kernel_h,
                                 int64_t kernel_w, int64_t stride_h,
                                 int64_t stride_w, int64_t pad_h,
                                 int64_t pad_w) {
  const char *E = "echo_max_pool2d_grad_argmax";
  TensorView B = bytesView(E, "bytes", bytes_rank, bytes_desc);
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  ArgmaxGeometry g = argmaxGeometry(E, DX, "dx", kernel_h, kernel_w,
                                    stride_h, stride_w, pad_h, pad_w);
  expectRank(E, DY, "dy", 4);
  expectDim(E, DY, "dy", 0, DX.size(0));
  expectDim(E, DY, "dy", 1, DX.size(1));
  expectDim(E, DY, "dy", 2, g.oh);
  expectDim(E, DY, "dy", 3, g.ow);
  expectBytes(E, B, g.bytes(), "one argmax code per pooled element");
  const uint8_t *in = B.u8();
  if (DX.numel)
    std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *gs = DY.f32() + p * g.oh * g.ow;
    float *dplane = DX.f32() + p * g.h * g.w;
    for (int64_t oy = 0; oy < g.oh; ++oy)
      for (int64_t ox = 0; ox < g.ow; ++ox) {
        int64_t o = oy * g.ow + ox;
        uint32_t code = cd::getArgmax(in, p * g.oh * g.ow + o, (int)g.bits);
        int64_t iy = oy * g.sh - g.ph + code / g.kw;
        int64_t ix = ox * g.sw - g.pw + code % g.kw;
        if (code >= (uint32_t)(g.kh * g.kw) || iy < 0 || iy >= g.h || ix < 0 ||
            ix >= g.w)
          fail(E,
               "corrupted argmax: code %u of pooled element %lld points "
               "outside the input",
               code, (long long)(p * g.oh * g.ow + o));
        dplane[iy * g.w + ix] += gs[o];
      }
  }
}

