//===- OffloadTest.cpp - offload to the host pool and prefetch back -------===//
//
// echo_offload / echo_prefetch run on the backend's copy stream. An entry
// that touches a pending copy's device bytes waits for it, so overwriting
// the offloaded buffer right after the offload cannot corrupt the copy, and
// the prefetched values are the offloaded ones, bit for bit.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

using namespace echo_test;

TEST(Offload, RoundTripSurvivesReuseOfTheBuffer) {
  Rng rng(1600);
  FTensor x = rng.tensor({64, 1024}), zero({64, 1024}), y({64, 1024});
  std::vector<float> original = x.values();
  EXPECT_EQ(echo_offload(ARG(x), 5), ECHO_OK);
  // Reuses x's bytes at once (the planner may): waits for the copy first.
  EXPECT_EQ(echo_unary(ECHO_RELU, ARG(zero), ARG(x)), ECHO_OK);
  EXPECT_EQ(echo_prefetch(ARG(y), 5), ECHO_OK);
  // The host reads y directly: wait for the slot's copies first.
  EXPECT_EQ(echo_offload_wait(5), ECHO_OK);
  EXPECT_EQ(y.values(), original);
  EXPECT_EQ(x.values(), zero.values());
}

TEST(Offload, EncodedBytesAndSeveralSlots) {
  Rng rng(1601);
  FTensor a = rng.tensor({3, 7}), b = rng.tensor({5}), a2({3, 7}), b2({5});
  MaskTensor bytes({37}), bytes2({37});
  for (int64_t i = 0; i < 37; ++i)
    bytes.data()[i] = uint8_t(i * 7 + 1);
  EXPECT_EQ(echo_offload(ARG(a), 0), ECHO_OK);
  EXPECT_EQ(echo_offload_bytes(ARG(bytes), 1), ECHO_OK);
  EXPECT_EQ(echo_offload(ARG(b), 2), ECHO_OK);
  EXPECT_EQ(echo_prefetch(ARG(b2), 2), ECHO_OK);
  EXPECT_EQ(echo_prefetch_bytes(ARG(bytes2), 1), ECHO_OK);
  EXPECT_EQ(echo_prefetch(ARG(a2), 0), ECHO_OK);
  for (int64_t slot = 0; slot < 3; ++slot)
    EXPECT_EQ(echo_offload_wait(slot), ECHO_OK);
  EXPECT_EQ(a2.values(), a.values());
  EXPECT_EQ(b2.values(), b.values());
  EXPECT_EQ(bytes2.values(), bytes.values());
}

TEST(Offload, PrefetchChecksTheSlot) {
  FTensor x({4, 4}), small({3}), y({4, 4});
  EXPECT_RT_ERROR(echo_prefetch(ARG(y), 77), "nothing was offloaded into slot 77");
  EXPECT_EQ(echo_offload(ARG(x), 8), ECHO_OK);
  EXPECT_RT_ERROR(echo_prefetch(ARG(small), 8),
                  "slot 8 holds 64 bytes, y \\[3\\] needs 12");
  EXPECT_RT_ERROR(echo_offload(ARG(x), -1), "slot -1 is outside");
  EXPECT_RT_ERROR(echo_offload_wait(1 << 21), "is outside");
}

// Masks and indices (echo/offload_types.def) round-trip with their element
// sizes: a slot holds the bytes of its tensor, whatever the element type.
TEST(Offload, MasksAndIndices) {
  MaskTensor m({9}), m2({9});
  I32Tensor i({5}), i2({5});
  I64Tensor l({3}), l2({3});
  for (int64_t k = 0; k < 9; ++k)
    m.data()[k] = uint8_t(k % 2);
  for (int64_t k = 0; k < 5; ++k)
    i.data()[k] = int32_t(k * 1000003 - 7);
  for (int64_t k = 0; k < 3; ++k)
    l.data()[k] = int64_t(k) << 40 | 5;
  EXPECT_EQ(echo_offload_mask(ARG(m), 0), ECHO_OK);
  EXPECT_EQ(echo_offload_i32(ARG(i), 1), ECHO_OK);
  EXPECT_EQ(echo_offload_i64(ARG(l), 2), ECHO_OK);
  EXPECT_EQ(echo_prefetch_i64(ARG(l2), 2), ECHO_OK);
  EXPECT_EQ(echo_prefetch_i32(ARG(i2), 1), ECHO_OK);
  EXPECT_EQ(echo_prefetch_mask(ARG(m2), 0), ECHO_OK);
  for (int64_t slot = 0; slot < 3; ++slot)
    EXPECT_EQ(echo_offload_wait(slot), ECHO_OK);
  EXPECT_EQ(m2.values(), m.values());
  EXPECT_EQ(i2.values(), i.values());
  EXPECT_EQ(l2.values(), l.values());
  // 5 i32 are 20 bytes: 3 i64 need 24.
  EXPECT_RT_ERROR(echo_prefetch_i64(ARG(l2), 1),
                  "slot 1 holds 20 bytes, y \\[3\\] needs 24");
}
