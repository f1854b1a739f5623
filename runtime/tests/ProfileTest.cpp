//===- ProfileTest.cpp - Sparsity profile entries -------------------------===//
//
// echo_profile_density keeps, per site, the largest non-zero count over its
// calls, with the CSR encoder's notion of non-zero (-0.0 counts), and
// rejects a site whose element count changes.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <limits>

using namespace echo_test;

TEST(Profile, MaxOverCallsPerSite) {
  echo_profile_reset();
  FTensor a({2, 4}, {0, 1, 0, 2, 0, 0, 0, 3});   // 3 of 8
  FTensor b({2, 4}, {1, 1, 0, 2, 5, 0, 0, 3});   // 5 of 8
  FTensor c({2, 4}, {0, 0, 0, 0, 0, 0, 0, 7});   // 1 of 8
  FTensor d({3}, {0, 0, 0});                     // 0 of 3
  echo_profile_density(2, ARG(a));
  echo_profile_density(2, ARG(b));
  echo_profile_density(2, ARG(c));
  echo_profile_density(0, ARG(d));
  EXPECT_EQ(echo_profile_num_sites(), 3);
  EXPECT_EQ(echo_profile_samples(2), 3);
  EXPECT_EQ(echo_profile_max_nonzeros(2), 5);
  EXPECT_EQ(echo_profile_elements(2), 8);
  EXPECT_EQ(echo_profile_samples(0), 1);
  EXPECT_EQ(echo_profile_max_nonzeros(0), 0);
  EXPECT_EQ(echo_profile_elements(0), 3);
  // Site 1 was never recorded; out-of-range queries read as never recorded.
  EXPECT_EQ(echo_profile_samples(1), 0);
  EXPECT_EQ(echo_profile_elements(1), 0);
  EXPECT_EQ(echo_profile_samples(-1), 0);
  EXPECT_EQ(echo_profile_samples(99), 0);
  echo_profile_reset();
  EXPECT_EQ(echo_profile_num_sites(), 0);
  EXPECT_EQ(echo_profile_samples(2), 0);
}

TEST(Profile, NonZeroIsTheCsrEncodersTest) {
  echo_profile_reset();
  float nan = std::numeric_limits<float>::quiet_NaN();
  float tiny = std::numeric_limits<float>::denorm_min();
  FTensor x({6}, {0.0f, -0.0f, nan, tiny, 0.0f, -1.0f});
  echo_profile_density(0, ARG(x));
  EXPECT_EQ(echo_profile_max_nonzeros(0), 4);
  // The same map, shifted in memory, measures the same.
  FTensor shifted = x.shifted(3);
  echo_profile_density(1, ARG(shifted));
  EXPECT_EQ(echo_profile_max_nonzeros(1), 4);
  echo_profile_reset();
}

TEST(Profile, Errors) {
  FTensor a({4}), b({5});
  EXPECT_RT_ERROR(echo_profile_density(-1, ARG(a)), "echo_profile_density: site -1 must be in");
  EXPECT_RT_ERROR(
      {
        echo_profile_density(0, ARG(a));
        echo_profile_density(0, ARG(b));
      }, "echo_profile_density: site 0 had 4 elements, now x shape \\[5\\]");
}
