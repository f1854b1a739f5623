//===- EncodingStorage.h - Storage size of encoded tensors -----*- C++ -*-===//
//
// Bytes an encoded tensor occupies, as a pure function of the encoding, the
// tensor shape and element width. The planner sizes `!echo.encoded` buffers
// with it and the runtime allocates exactly this much, so both compute it
// with the runtime's codecs (runtime/include/echo/codecs.h): this API only
// maps compiler arguments onto them. Unit-tested in
// unittests/EncodingStorageTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_ENCODINGSTORAGE_H
#define ECHODIALECT_IR_ENCODINGSTORAGE_H

#include "echo/codecs.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir {
namespace echo {

/// The column count of one SSDC row (Gist): indices within a row fit in a byte.
constexpr int64_t kCsrRowWidth = echo_codecs::kCsrRowWidth;

/// The SSDC header (codecs.h): u32 nnz, u32 capacity, u64 overflow handle.
constexpr int64_t kCsrHeaderBytes = echo_codecs::kCsrHeaderBytes;

/// Bits stored per pooled element for a max-pool window of `positions`.
int64_t poolArgmaxBits(int64_t positions);

/// 1 bit per element (binarize, mask1), rounded up to whole bytes.
int64_t bitmaskBytes(int64_t elements);

/// IEEE half: 2 bytes per element.
int64_t fp16Bytes(int64_t elements);

/// FP10 packs 3 values per 32-bit word, FP8 packs 4.
int64_t fp10Bytes(int64_t elements);
int64_t fp8Bytes(int64_t elements);

/// Non-zeros an SSDC encoding at `density` has room for: ceil(density * n).
int64_t csrCapacity(int64_t elements, double density);

/// SSDC: the 16-byte header, values (elementBytes each) and 1-byte column
/// indices for up to ceil(density * elements) non-zeros, plus one 32-bit row
/// pointer per 256-column row and one terminator.
int64_t csrBytes(int64_t elements, int64_t elementBytes, double density);

/// Argmax map of a max pooling of an NCHW `inputShape` (4 entries) with a
/// (kernel, stride, padding) window: one window position per pooled element.
/// Returns -1 if the window does not fit.
int64_t poolArgmaxBytes(llvm::ArrayRef<int64_t> inputShape,
                        llvm::ArrayRef<int64_t> kernel,
                        llvm::ArrayRef<int64_t> stride,
                        llvm::ArrayRef<int64_t> padding);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ENCODINGSTORAGE_H
