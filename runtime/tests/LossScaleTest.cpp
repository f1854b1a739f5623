//===- LossScaleTest.cpp - Dynamic loss scaling entries ------------------===//
//
// echo_nonfinite_count, echo_select and echo_loss_scale_update (the ops of
// echo-autodiff's loss-scale=dynamic) against hand-computed values, in place
// where abi.def allows it, and their argument checks.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace echo_test;

namespace {
const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

std::vector<uint32_t> bitsOf(const FTensor &t) {
  std::vector<float> v = t.values();
  std::vector<uint32_t> bits(v.size());
  std::memcpy(bits.data(), v.data(), v.size() * sizeof(float));
  return bits;
}
} // namespace

TEST(LossScale, NonfiniteCountCountsInfAndNaN) {
  FTensor finite({2, 3}, {1.0f, -0.0f, 65504.0f, -3.4e38f, 1e-45f, 7.0f});
  FTensor count(Shape{}, {-1.0f});
  echo_nonfinite_count(ARG(finite), ARG(count));
  EXPECT_EQ(count.values()[0], 0.0f);
  FTensor mixed({2, 3}, {kInf, 1.0f, -kInf, kNaN, -kNaN, 2.0f});
  echo_nonfinite_count(ARG(mixed), ARG(count));
  EXPECT_EQ(count.values()[0], 4.0f);
  // Large enough to be split over the backend's threads: the count is an
  // integer sum, the same however it is split.
  std::vector<float> big(100003, 0.5f);
  for (size_t i = 0; i < big.size(); i += 1000)
    big[i] = (i / 1000) % 2 ? kNaN : -kInf;
  FTensor many({(int64_t)big.size()}, big);
  echo_nonfinite_count(ARG(many), ARG(count));
  EXPECT_EQ(count.values()[0], 101.0f);
}

TEST(LossScale, SelectPicksByPredicateBitForBit) {
  FTensor a({4}, {1.0f, kNaN, -0.0f, kInf}), b({4}, {5.0f, 6.0f, 7.0f, 8.0f});
  FTensor y({4});
  FTensor zero(Shape{}, {0.0f}), two(Shape{}, {2.0f}), nan(Shape{}, {kNaN});
  echo_select(ARG(two), ARG(a), ARG(b), ARG(y));
  EXPECT_EQ(bitsOf(y), bitsOf(a));
  echo_select(ARG(zero), ARG(a), ARG(b), ARG(y));
  EXPECT_EQ(bitsOf(y), bitsOf(b));
  // A NaN predicate is nonzero.
  echo_select(ARG(nan), ARG(a), ARG(b), ARG(y));
  EXPECT_EQ(bitsOf(y), bitsOf(a));
  // In place over either operand.
  FTensor a2 = a.shifted(0), b2 = b.shifted(0);
  echo_select(ARG(zero), ARG(a2), ARG(b2), ARG(a2));
  EXPECT_EQ(bitsOf(a2), bitsOf(b));
  echo_select(ARG(two), ARG(a), ARG(b2), ARG(b2));
  EXPECT_EQ(bitsOf(b2), bitsOf(a));
}

TEST(LossScale, UpdateBacksOffGrowsAndCounts) {
  FTensor state({2}, {65536.0f, 5.0f}), out({2});
  FTensor none(Shape{}, {0.0f}), some(Shape{}, {3.0f});
  // A non-finite gradient: scale * backoff, count reset.
  echo_loss_scale_update(ARG(state), ARG(some), ARG(out), 2000, 2.0, 0.5);
  EXPECT_EQ(out.values(), (std::vector<float>{32768.0f, 0.0f}));
  // A good step below the interval: the count grows.
  echo_loss_scale_update(ARG(state), ARG(none), ARG(out), 2000, 2.0, 0.5);
  EXPECT_EQ(out.values(), (std::vector<float>{65536.0f, 6.0f}));
  // The interval reached (5 + 1 = 6): scale * growth, count reset; one
  // more would be needed with an interval of 7.
  echo_loss_scale_update(ARG(state), ARG(none), ARG(out), 6, 2.0, 0.5);
  EXPECT_EQ(out.values(), (std::vector<float>{131072.0f, 0.0f}));
  echo_loss_scale_update(ARG(state), ARG(none), ARG(out), 7, 2.0, 0.5);
  EXPECT_EQ(out.values(), (std::vector<float>{65536.0f, 6.0f}));
  // In place, three good steps with interval 3 and growth 4, then one bad
  // one with backoff 0.25.
  FTensor s({2}, {1.0f, 0.0f});
  for (int i = 0; i < 3; ++i)
    echo_loss_scale_update(ARG(s), ARG(none), ARG(s), 3, 4.0, 0.25);
  EXPECT_EQ(s.values(), (std::vector<float>{4.0f, 0.0f}));
  echo_loss_scale_update(ARG(s), ARG(none), ARG(s), 3, 4.0, 0.25);
  EXPECT_EQ(s.values(), (std::vector<float>{4.0f, 1.0f}));
  echo_loss_scale_update(ARG(s), ARG(some), ARG(s), 3, 4.0, 0.25);
  EXPECT_EQ(s.values(), (std::vector<float>{1.0f, 0.0f}));
}

TEST(LossScale, ArgumentChecks) {
  FTensor state({2}, {1.0f, 0.0f}), out({2}), n(Shape{}, {0.0f});
  FTensor three({3}), x({4}), y({5}), pred2({2});
  // Each refused call's message names the entry; the error is cleared so
  // the next call is checked on its own (errors are sticky).
  auto refused = [](echo_status status, const char *entry) {
    EXPECT_EQ(status, ECHO_ERR_INVALID_ARGUMENT) << entry;
    EXPECT_THAT(backend().echo_context_error(context()),
                ::testing::StartsWith(entry));
    backend().echo_context_clear_error(context());
  };
  expectingError() = true;
  refused(echo_loss_scale_update(ARG(three), ARG(n), ARG(three), 1, 2.0, 0.5),
          "echo_loss_scale_update: ");
  refused(echo_loss_scale_update(ARG(state), ARG(n), ARG(out), 0, 2.0, 0.5),
          "echo_loss_scale_update: growth_interval");
  refused(echo_loss_scale_update(ARG(state), ARG(n), ARG(out), 1, 1.0, 0.5),
          "echo_loss_scale_update: growth");
  refused(echo_loss_scale_update(ARG(state), ARG(n), ARG(out), 1, 2.0, 1.0),
          "echo_loss_scale_update: backoff");
  refused(echo_select(ARG(n), ARG(x), ARG(x), ARG(y)), "echo_select: ");
  refused(echo_select(ARG(pred2), ARG(x), ARG(x), ARG(x)), "echo_select: ");
  refused(echo_nonfinite_count(ARG(x), ARG(pred2)), "echo_nonfinite_count: ");
  expectingError() = false;
  EXPECT_EQ(echo_loss_scale_update(ARG(state), ARG(n), ARG(out), 1, 2.0, 0.5),
            ECHO_OK);
}
