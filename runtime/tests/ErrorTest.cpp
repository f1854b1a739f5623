//===- ErrorTest.cpp - shape and argument errors exit with status 3 -------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {
class Errors : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};
} // namespace

TEST_F(Errors, RtFailFormat) {
  EXPECT_EXIT(echo_rt_fail("echo_custom", "boom"),
              ::testing::ExitedWithCode(3),
              "^echo runtime error in echo_custom: boom\n$");
}

TEST_F(Errors, LinearContractionMismatch) {
  FTensor x({4, 5}), w({3, 6}), b({3}), y({4, 3});
  EXPECT_EXIT(echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), 1),
              ::testing::ExitedWithCode(3),
              "echo runtime error in echo_linear: x shape \\[4x5\\]");
}

TEST_F(Errors, MatmulBatchMismatch) {
  FTensor a({2, 3, 4}), b({3, 4, 5}), c({2, 3, 5});
  EXPECT_EXIT(echo_matmul(ARG(a), ARG(b), ARG(c), 0, 0),
              ::testing::ExitedWithCode(3),
              "echo runtime error in echo_matmul: b \\(batch dimension\\)");
}

TEST_F(Errors, ConvOutputShapeAndGroups) {
  FTensor x({1, 4, 8, 8}), w({6, 2, 3, 3}), b({6}), y({1, 6, 8, 8});
  EXPECT_EXIT(echo_conv2d(ARG(x), ARG(w), ARG(b), ARG(y), 0, 1, 1, 0, 0, 1, 1,
                          2),
              ::testing::ExitedWithCode(3),
              "echo runtime error in echo_conv2d: y shape \\[1x6x8x8\\]: "
              "dimension 2 must be 6");
  FTensor y6({1, 6, 6, 6});
  EXPECT_EXIT(echo_conv2d(ARG(x), ARG(w), ARG(b), ARG(y6), 0, 1, 1, 0, 0, 1,
                          1, 3),
              ::testing::ExitedWithCode(3), "groups 3 must divide");
}

TEST_F(Errors, EmbeddingIndexOutOfRange) {
  FTensor table({5, 2}), y({3, 2});
  I64Tensor idx({3}, {0, 5, 1});
  EXPECT_EXIT(echo_embedding(ARG(table), ARG(idx), ARG(y), 64),
              ::testing::ExitedWithCode(3),
              "echo_embedding: index 5 at position 1 is outside \\[0, 5\\)");
  EXPECT_EXIT(echo_embedding(ARG(table), ARG(idx), ARG(y), 16),
              ::testing::ExitedWithCode(3), "index_bits must be 32 or 64");
}

TEST_F(Errors, CrossEntropyLabelOutOfRange) {
  FTensor logits({2, 3}), loss(Shape{});
  I32Tensor labels({2}, {2, -1});
  EXPECT_EXIT(echo_cross_entropy(ARG(logits), ARG(labels), ARG(loss), 32),
              ::testing::ExitedWithCode(3),
              "echo_cross_entropy: label -1 of row 1");
}

TEST_F(Errors, NonIdentityLayout) {
  FTensor x({2, 3}), y({2, 3});
  void *d = x.desc();
  static_cast<int64_t *>(d)[3 + 2] = 1; // stride of dim 0: 1 instead of 3
  EXPECT_EXIT(echo_unary(ECHO_RELU, 2, d, ARG(y)), ::testing::ExitedWithCode(3),
              "echo_unary: x must have the identity");
}

TEST_F(Errors, BroadcastAndKinds) {
  FTensor a({3, 4}), b({5}), y({3, 4});
  EXPECT_EXIT(echo_binary(ECHO_ADD, ARG(a), ARG(b), ARG(y)),
              ::testing::ExitedWithCode(3),
              "echo_binary: b shape \\[5\\] does not broadcast");
  EXPECT_EXIT(echo_binary(17, ARG(a), ARG(a), ARG(y)),
              ::testing::ExitedWithCode(3), "unknown binary kind 17");
  EXPECT_EXIT(echo_unary(42, ARG(a), ARG(y)), ::testing::ExitedWithCode(3),
              "unknown unary kind 42");
  FTensor r({3});
  EXPECT_EXIT(echo_reduce_grad(ECHO_REDUCE_MAX, ARG(r), ARG(a), 2),
              ::testing::ExitedWithCode(3), "echo_reduce_max_grad");
  EXPECT_EXIT(echo_reduce(ECHO_SUM, ARG(a), ARG(r), 1),
              ::testing::ExitedWithCode(3), "does not match x");
}

TEST_F(Errors, SliceOutOfBoundsAndBadPermutation) {
  FTensor x({4, 6}), y({2, 3});
  I64Tensor off({2}, {3, 0}), st({2}, {1, 2});
  EXPECT_EXIT(echo_slice(ARG(x), ARG(y), ARG(off), ARG(st)),
              ::testing::ExitedWithCode(3), "reads past the end of dimension 0");
  FTensor t({6, 4});
  I64Tensor perm({2}, {1, 1});
  EXPECT_EXIT(echo_transpose(ARG(x), ARG(t), ARG(perm)),
              ::testing::ExitedWithCode(3), "permutation entry 1 at position 1");
}

TEST_F(Errors, PoolingAndDropoutArguments) {
  FTensor x({1, 1, 4, 4}), y({1, 1, 3, 3});
  EXPECT_EXIT(echo_max_pool2d(ARG(x), ARG(y), 2, 2, 1, 1, 2, 0),
              ::testing::ExitedWithCode(3), "smaller than the kernel");
  MaskTensor m({1, 1, 4, 4});
  FTensor d({1, 1, 4, 4});
  EXPECT_EXIT(echo_dropout(ARG(x), ARG(d), ARG(m), 1.0, 0),
              ::testing::ExitedWithCode(3), "probability must be in \\[0, 1\\)");
}

TEST_F(Errors, BatchNormNeedsTwoValuesPerChannel) {
  FTensor x({1, 3}), v({3}), y({1, 3});
  EXPECT_EXIT(echo_batch_norm(ARG(x), ARG(v), ARG(v), ARG(v), ARG(v), ARG(y),
                              ARG(v), ARG(v), ARG(v), ARG(v), 1e-5, 0.1),
              ::testing::ExitedWithCode(3), "at least 2");
}

TEST_F(Errors, AdamStepMustBePositive) {
  FTensor p({2}), t(Shape{}, {0.0f});
  EXPECT_EXIT(echo_adam_update(ARG(p), ARG(p), ARG(p), ARG(p), ARG(t), ARG(p),
                               ARG(p), ARG(p), 0.1, 0.9, 0.999, 1e-8),
              ::testing::ExitedWithCode(3), "step must be >= 1");
}
