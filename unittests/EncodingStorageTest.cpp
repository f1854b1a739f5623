//===- EncodingStorageTest.cpp - Storage size of encoded tensors ----------===//

#include "EchoDialect/IR/EncodingStorage.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir::echo;

TEST(EncodingStorage, Bitmask) {
  EXPECT_EQ(bitmaskBytes(0), 0);
  EXPECT_EQ(bitmaskBytes(1), 1);
  EXPECT_EQ(bitmaskBytes(8), 1);
  EXPECT_EQ(bitmaskBytes(9), 2);
  // 32x smaller than FP32 for whole bytes.
  EXPECT_EQ(bitmaskBytes(1024) * 32, 1024 * 4);
}

TEST(EncodingStorage, ReducedPrecision) {
  EXPECT_EQ(fp16Bytes(7), 14);
  // FP10: 3 values per 32-bit word.
  EXPECT_EQ(fp10Bytes(3), 4);
  EXPECT_EQ(fp10Bytes(4), 8);
  EXPECT_EQ(fp10Bytes(300), 400);
  // FP8: 4 values per word.
  EXPECT_EQ(fp8Bytes(4), 4);
  EXPECT_EQ(fp8Bytes(5), 8);
}

TEST(EncodingStorage, Csr) {
  // 1024 f32 elements at density 0.25: the 16-byte header (nnz, capacity,
  // overflow handle) + 256 values of 4 bytes + 256 one-byte column indices +
  // (4 rows + 1) 32-bit row pointers.
  EXPECT_EQ(csrBytes(1024, 4, 0.25), 16 + 256 * 5 + 5 * 4);
  // A partial last row still needs a pointer.
  EXPECT_EQ(csrBytes(300, 4, 1.0), 16 + 300 * 5 + 3 * 4);
  // The capacity rounds up: ceil(0.1 * 25) = 3 non-zeros.
  EXPECT_EQ(csrBytes(25, 4, 0.1), 16 + 3 * 5 + 2 * 4);
  // An empty tensor still has the header and the terminating row pointer.
  EXPECT_EQ(csrBytes(0, 4, 0.5), 16 + 4);
  // Dense CSR is larger than the dense tensor: the planner must not pick it
  // blindly (Gist applies SSDC only to sparse maps).
  EXPECT_GT(csrBytes(4096, 4, 1.0), 4096 * 4);
}

// csrCapacity avoids <cmath> (codecs.h is shared with device code): it must
// still be ceil, including at exact products and tiny remainders.
TEST(EncodingStorage, CsrCapacityIsCeil) {
  for (int64_t n : {0, 1, 7, 25, 256, 1000, 4096, 1 << 20})
    for (double d : {0.0, 0.01, 0.1, 0.25, 1.0 / 3, 0.5, 0.999, 1.0})
      EXPECT_EQ(csrCapacity(n, d), (int64_t)std::ceil(d * (double)n))
          << n << " " << d;
  // f16 values: 2 bytes each instead of f32's 4.
  EXPECT_EQ(csrBytes(1024, 2, 0.25), 16 + 256 * 3 + 5 * 4);
}

TEST(EncodingStorage, PoolArgmax) {
  EXPECT_EQ(poolArgmaxBits(4), 4);
  EXPECT_EQ(poolArgmaxBits(16), 4);
  EXPECT_EQ(poolArgmaxBits(25), 8);
  // 2x2/2 pooling of 1x1x4x4: 4 outputs x 4 bits = 2 bytes.
  EXPECT_EQ(poolArgmaxBytes({1, 1, 4, 4}, {2, 2}, {2, 2}, {0, 0}), 2);
  // 3x3/2 pad 1 of 8x64x112x112 -> 8x64x56x56 outputs, 4 bits each.
  EXPECT_EQ(poolArgmaxBytes({8, 64, 112, 112}, {3, 3}, {2, 2}, {1, 1}),
            8 * 64 * 56 * 56 / 2);
  // 5x5 windows need 8 bits.
  EXPECT_EQ(poolArgmaxBytes({1, 1, 5, 5}, {5, 5}, {1, 1}, {0, 0}), 1);
  EXPECT_EQ(poolArgmaxBytes({1, 1, 2, 2}, {3, 3}, {1, 1}, {0, 0}), -1);
}
