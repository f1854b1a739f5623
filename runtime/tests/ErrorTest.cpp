//===- ErrorTest.cpp - errors are statuses the caller gets back -----------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {
class Errors : public ::testing::Test {};
} // namespace

TEST_F(Errors, CallerGetsStatusAndKeepsRunning) {
  // An embedding caller sees the failing entry's status and message, and
  // the same context serves the next step once the error is cleared.
  FTensor x({4, 5}), w({3, 6}), b({3}), y({4, 3});
  expectingError() = true;
  EXPECT_EQ(echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), 1),
            ECHO_ERR_INVALID_ARGUMENT);
  // Sticky: later entries of the failed step do nothing.
  FTensor ok({4, 3});
  EXPECT_EQ(echo_unary(ECHO_RELU, ARG(y), ARG(ok)), ECHO_ERR_INVALID_ARGUMENT);
  expectingError() = false;
  EXPECT_THAT(backend().echo_context_error(context()),
              ::testing::StartsWith("echo_linear: x shape [4x5]"));
  backend().echo_context_clear_error(context());
  FTensor w2({3, 5});
  EXPECT_EQ(echo_linear(ARG(x), ARG(w2), ARG(b), ARG(y), 1), ECHO_OK);
  EXPECT_EQ(backend().echo_context_status(context()), ECHO_OK);
}

TEST_F(Errors, StepBeginChecksTheAbiVersion) {
  echo_runtime::Backend &rt = backend();
  EXPECT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  EXPECT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION + 1),
            ECHO_ERR_ABI_MISMATCH);
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::HasSubstr("compiled for runtime ABI version " +
                                   std::to_string(ECHO_ABI_VERSION + 1)));
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_ERR_ABI_MISMATCH);
  rt.echo_error_location(context(), "step.mlir:7:3");
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::EndsWith("(at step.mlir:7:3)"));
  // A new step starts clean.
  EXPECT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_OK);
}

TEST_F(Errors, StepSetMathTakesTheMathModesOnly) {
  // Every EchoMathMode is accepted (the CPU backend computes IEEE FP32
  // under each); anything else is an invalid argument, sticky like an
  // entry's error, and the next step starts clean.
  echo_runtime::Backend &rt = backend();
  ASSERT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  EXPECT_EQ(rt.echo_step_set_math(context(), ECHO_MATH_TF32), ECHO_OK);
  EXPECT_EQ(rt.echo_step_set_math(context(), ECHO_MATH_IEEE), ECHO_OK);
  EXPECT_EQ(rt.echo_step_set_math(context(), ECHO_MATH_COUNT),
            ECHO_ERR_INVALID_ARGUMENT);
  EXPECT_STREQ(rt.echo_context_error(context()),
               "echo_step_set_math: unknown math mode 2 (expected 0 to 1)");
  EXPECT_EQ(rt.echo_step_set_math(context(), ECHO_MATH_IEEE),
            ECHO_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_ERR_INVALID_ARGUMENT);
  ASSERT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  EXPECT_EQ(rt.echo_step_set_math(context(), -1), ECHO_ERR_INVALID_ARGUMENT);
  EXPECT_STREQ(rt.echo_context_error(context()),
               "echo_step_set_math: unknown math mode -1 (expected 0 to 1)");
  ASSERT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  EXPECT_EQ(rt.echo_step_set_math(context(), ECHO_MATH_TF32), ECHO_OK);
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_OK);
}

TEST_F(Errors, OutOfMemoryIsAStatus) {
  echo_runtime::Backend &rt = backend();
  const char *sites[] = {"stashed|memref<512xf32> for echo.relu at f.mlir:2:3"};
  ASSERT_EQ(echo_mem_configure(int64_t(4096), sites, int64_t(1)), ECHO_OK);
  void *first = nullptr, *second = nullptr;
  ASSERT_EQ(echo_mem_alloc(size_t(3000), int64_t(ECHO_MEM_WEIGHTS), "w",
                           &first),
            ECHO_OK);
  // A host allocation beyond the capacity.
  EXPECT_EQ(echo_mem_alloc(size_t(2000), int64_t(ECHO_MEM_INPUTS), "an input",
                           &second),
            ECHO_ERR_OUT_OF_MEMORY);
  EXPECT_EQ(second, nullptr);
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::HasSubstr("cannot allocate 2000 bytes for an input: "
                                   "3000 of 4096 bytes in use"));
  rt.echo_context_clear_error(context());
  // A step's allocation beyond it names its site, and the step's later
  // allocations and entries do nothing.
  EXPECT_EQ(rt.echo_alloc(context(), 2048, 0), nullptr);
  EXPECT_EQ(rt.echo_context_status(context()), ECHO_ERR_OUT_OF_MEMORY);
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::HasSubstr("for memref<512xf32> for echo.relu at "
                                   "f.mlir:2:3"));
  EXPECT_EQ(rt.echo_alloc(context(), 16, 0), nullptr);
  rt.echo_context_clear_error(context());
  // Still usable: what fits is allocated and counted.
  void *small = rt.echo_alloc(context(), 1000, 0);
  EXPECT_NE(small, nullptr);
  EXPECT_EQ(echo_mem_current_bytes(), 4000);
  EXPECT_EQ(echo_mem_peak_bytes_of(int64_t(ECHO_MEM_STASHED)), 1000);
  rt.echo_free(context(), small);
  echo_mem_free(first);
  EXPECT_EQ(echo_mem_current_bytes(), 0);
}

TEST_F(Errors, ContextsAreIndependent) {
  echo_runtime::Backend &rt = backend();
  echo_context *other = nullptr;
  ASSERT_EQ(rt.echo_context_create(&other), ECHO_OK);
  void *block = nullptr;
  ASSERT_EQ(rt.echo_mem_alloc(other, 512, ECHO_MEM_WEIGHTS, "w", &block),
            ECHO_OK);
  EXPECT_EQ(rt.echo_mem_current_bytes(other), 512);
  EXPECT_EQ(echo_mem_current_bytes(), 0);
  // A failure in one leaves the other clean.
  EXPECT_EQ(rt.echo_step_begin(other, 0), ECHO_ERR_ABI_MISMATCH);
  EXPECT_EQ(rt.echo_context_status(context()), ECHO_OK);
  // Destroying a context frees what it still holds.
  rt.echo_context_destroy(other);
}

TEST_F(Errors, FreeOfAForeignPointer) {
  // Only a pointer this context handed out may be freed; any other is
  // refused without being read: host memory, an address nothing maps, and
  // a block of another context.
  std::vector<char> storage(512, 0);
  echo_context *other = nullptr;
  ASSERT_EQ(backend().echo_context_create(&other), ECHO_OK);
  void *othersBlock = nullptr;
  ASSERT_EQ(backend().echo_mem_alloc(other, 64, ECHO_MEM_WEIGHTS, "test",
                                     &othersBlock),
            ECHO_OK);
  for (void *foreign : {static_cast<void *>(storage.data() + 256),
                        reinterpret_cast<void *>(uintptr_t(4096)),
                        othersBlock}) {
    backend().echo_mem_free(context(), foreign);
    EXPECT_EQ(backend().echo_context_status(context()),
              ECHO_ERR_INVALID_ARGUMENT);
    EXPECT_THAT(backend().echo_context_error(context()),
                ::testing::HasSubstr("did not allocate"));
    backend().echo_context_clear_error(context());
  }
  backend().echo_mem_free(other, othersBlock);
  EXPECT_EQ(backend().echo_context_status(other), ECHO_OK);
  backend().echo_context_destroy(other);
}

TEST_F(Errors, LinearContractionMismatch) {
  FTensor x({4, 5}), w({3, 6}), b({3}), y({4, 3});
  EXPECT_RT_ERROR(echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), 1), "echo_linear: x shape \\[4x5\\]");
}

TEST_F(Errors, MatmulBatchMismatch) {
  FTensor a({2, 3, 4}), b({3, 4, 5}), c({2, 3, 5});
  EXPECT_RT_ERROR(echo_matmul(ARG(a), ARG(b), ARG(c), 0, 0), "echo_matmul: b \\(batch dimension\\)");
}

TEST_F(Errors, ConvOutputShapeAndGroups) {
  FTensor x({1, 4, 8, 8}), w({6, 2, 3, 3}), b({6}), y({1, 6, 8, 8});
  EXPECT_RT_ERROR(echo_conv2d(ARG(x), ARG(w), ARG(b), ARG(y), NO_WORKSPACE, 0,
                              1, 1, 0, 0, 1, 1, 2),
                  "echo_conv2d: y shape \\[1x6x8x8\\]: "
                  "dimension 2 must be 6");
  FTensor y6({1, 6, 6, 6});
  EXPECT_RT_ERROR(echo_conv2d(ARG(x), ARG(w), ARG(b), ARG(y6), NO_WORKSPACE, 0,
                              1, 1, 0, 0, 1, 1, 3),
                  "groups 3 must divide");
}

TEST_F(Errors, EmbeddingIndexOutOfRange) {
  FTensor table({5, 2}), y({3, 2});
  I64Tensor idx({3}, {0, 5, 1});
  EXPECT_RT_ERROR(echo_embedding(ARG(table), ARG(idx), ARG(y), 64), "echo_embedding_i64: index 5 at position 1 is outside \\[0, 5\\)");
}

TEST_F(Errors, CrossEntropyLabelOutOfRange) {
  FTensor logits({2, 3}), loss(Shape{});
  I32Tensor labels({2}, {2, -1});
  EXPECT_RT_ERROR(echo_cross_entropy(ARG(logits), ARG(labels), ARG(loss), 32), "echo_cross_entropy_i32: label -1 of row 1");
}

TEST_F(Errors, DataChecksInAStepNameTheCallsLocation) {
  // Inside a step a backend may report a data check (a label, an index, a
  // step count) at echo_step_end instead of at the entry (abi.def,
  // ECHO_DEFERRED_CHECK; the CUDA backend does). Either way the step's
  // status is the first failure, its message ends with the location of
  // that call (echo_check_location before the call, echo_error_location
  // after a failing one, as a compiled step does), and the next step
  // starts clean.
  echo_runtime::Backend &rt = backend();
  FTensor logits({2, 3}), loss(Shape{}), table({5, 2}), y({3, 2});
  I32Tensor badLabels({2}, {2, 7}), labels({2}, {2, 0});
  I64Tensor badIndices({3}, {0, 9, 1});
  auto lossAt = [&](I32Tensor &l, const char *where) {
    rt.echo_check_location(context(), where);
    if (echo_cross_entropy(ARG(logits), ARG(l), ARG(loss), 32) != ECHO_OK)
      rt.echo_error_location(context(), where);
  };
  expectingError() = true;
  ASSERT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  lossAt(labels, "loss.mlir:3:9");
  lossAt(badLabels, "loss.mlir:4:9");
  rt.echo_check_location(context(), "loss.mlir:5:9");
  if (echo_embedding(ARG(table), ARG(badIndices), ARG(y), 64) != ECHO_OK)
    rt.echo_error_location(context(), "loss.mlir:5:9");
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_ERR_INVALID_ARGUMENT);
  expectingError() = false;
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::MatchesRegex("echo_cross_entropy_i32: label 7 of "
                                      "row 1 .*\\(at loss.mlir:4:9\\)"));
  ASSERT_EQ(rt.echo_step_begin(context(), ECHO_ABI_VERSION), ECHO_OK);
  lossAt(labels, "loss.mlir:3:9");
  EXPECT_EQ(rt.echo_step_end(context()), ECHO_OK);
}

TEST_F(Errors, NonIdentityLayout) {
  FTensor x({2, 3}), y({2, 3});
  void *d = x.desc();
  static_cast<int64_t *>(d)[3 + 2] = 1; // stride of dim 0: 1 instead of 3
  EXPECT_RT_ERROR(echo_unary(ECHO_RELU, 2, d, ARG(y)), "echo_unary: x must have the identity");
}

TEST_F(Errors, BroadcastAndKinds) {
  FTensor a({3, 4}), b({5}), y({3, 4});
  EXPECT_RT_ERROR(echo_binary(ECHO_ADD, ARG(a), ARG(b), ARG(y)), "echo_binary: b shape \\[5\\] does not broadcast");
  EXPECT_RT_ERROR(echo_binary(17, ARG(a), ARG(a), ARG(y)), "unknown binary kind 17");
  EXPECT_RT_ERROR(echo_unary(42, ARG(a), ARG(y)), "unknown unary kind 42");
  // The first number past the last kind (ECHO_GELU_ERF) is unknown too.
  EXPECT_RT_ERROR(echo_unary(ECHO_UNARY_KIND_COUNT, ARG(a), ARG(y)), "unknown unary kind 10");
  EXPECT_RT_ERROR(echo_unary_grad(ECHO_UNARY_KIND_COUNT, ARG(a), ARG(a), ARG(y)), "unknown unary kind 10");
  EXPECT_RT_ERROR(echo_unary(-1, ARG(a), ARG(y)), "unknown unary kind -1");
  FTensor r({3});
  EXPECT_RT_ERROR(echo_reduce_grad(ECHO_REDUCE_MAX, ARG(r), ARG(a), 2), "echo_reduce_max_grad");
  EXPECT_RT_ERROR(echo_reduce(ECHO_SUM, ARG(a), ARG(r), 1), "does not match x");
}

TEST_F(Errors, SliceOutOfBoundsAndBadPermutation) {
  FTensor x({4, 6}), y({2, 3});
  I64Tensor off({2}, {3, 0}), st({2}, {1, 2});
  EXPECT_RT_ERROR(echo_slice(ARG(x), ARG(y), ARG(off), ARG(st)), "reads past the end of dimension 0");
  FTensor t({6, 4});
  I64Tensor perm({2}, {1, 1});
  EXPECT_RT_ERROR(echo_transpose(ARG(x), ARG(t), ARG(perm)), "permutation entry 1 at position 1");
}

TEST_F(Errors, PoolingAndDropoutArguments) {
  FTensor x({1, 1, 4, 4}), y({1, 1, 3, 3});
  EXPECT_RT_ERROR(echo_max_pool2d(ARG(x), ARG(y), 2, 2, 1, 1, 2, 0), "smaller than the kernel");
  MaskTensor m({1, 1, 4, 4});
  FTensor d({1, 1, 4, 4});
  EXPECT_RT_ERROR(echo_dropout(ARG(x), ARG(d), ARG(m), 1.0, 0), "probability must be in \\[0, 1\\)");
}

TEST_F(Errors, BatchNormNeedsTwoValuesPerChannel) {
  FTensor x({1, 3}), v({3}), y({1, 3});
  EXPECT_RT_ERROR(echo_batch_norm(ARG(x), ARG(v), ARG(v), ARG(v), ARG(v), ARG(y),
                              ARG(v), ARG(v), ARG(v), ARG(v), 1e-5, 0.1), "at least 2");
}

TEST_F(Errors, AdamStepMustBePositive) {
  FTensor p({2}), t(Shape{}, {0.0f});
  EXPECT_RT_ERROR(echo_adam_update(ARG(p), ARG(p), ARG(p), ARG(p), ARG(t), ARG(p),
                               ARG(p), ARG(p), 0.1, 0.9, 0.999, 1e-8), "step must be >= 1");
}
