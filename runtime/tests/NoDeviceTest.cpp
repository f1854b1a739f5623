//===- NoDeviceTest.cpp - A backend without a device says so cleanly ------===//
//
// A backend that needs a device (the CUDA library) must answer a machine
// without one with one clear error, never a crash or a success: the context
// is created anyway so the host can read why, every call that needs the
// device returns ECHO_ERR_NO_DEVICE naming itself, and the context can be
// destroyed. With a device (or on the CPU backend) creation must succeed
// instead; --expect-no-device (TestMain.cpp) demands the no-device answer.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

namespace echo_test {
bool expectNoDevice();
}

using namespace echo_test;

TEST(NoDevice, ContextCreationIsSuccessOrACleanNoDeviceError) {
  echo_runtime::Backend &rt = backend();
  echo_context *ctx = nullptr;
  echo_status status = rt.echo_context_create(&ctx);
  ASSERT_NE(ctx, nullptr) << "the context must exist to carry the error";
  if (expectNoDevice()) {
    EXPECT_EQ(status, ECHO_ERR_NO_DEVICE)
        << "--expect-no-device, but creation returned " << status << ": "
        << rt.echo_context_error(ctx);
  }
  if (status == ECHO_OK) {
    EXPECT_EQ(rt.echo_context_status(ctx), ECHO_OK);
    EXPECT_STREQ(rt.echo_context_error(ctx), "");
    rt.echo_context_destroy(ctx);
    return;
  }
  ASSERT_EQ(status, ECHO_ERR_NO_DEVICE) << rt.echo_context_error(ctx);
  EXPECT_EQ(rt.echo_context_status(ctx), ECHO_ERR_NO_DEVICE);
  // One line: the call, then why.
  std::string message = rt.echo_context_error(ctx);
  EXPECT_THAT(message, ::testing::MatchesRegex(
                           "echo_context_create: no (usable )?CUDA device: "
                           "[^\n]+"));

  // Cleared, the context still has no device: each call says so, naming
  // itself, and changes nothing.
  rt.echo_context_clear_error(ctx);
  FTensor y({3}, {1.0f, 2.0f, 3.0f});
  EXPECT_EQ(rt.echo_fill(ctx, ARG(y), 7.0), ECHO_ERR_NO_DEVICE);
  EXPECT_THAT(rt.echo_context_error(ctx),
              ::testing::StartsWith("echo_fill: no "));
  EXPECT_EQ(y[0], 1.0f);
  rt.echo_context_clear_error(ctx);
  void *block = &y;
  EXPECT_EQ(rt.echo_mem_alloc(ctx, 64, ECHO_MEM_WEIGHTS, "w", &block),
            ECHO_ERR_NO_DEVICE);
  EXPECT_EQ(block, nullptr);
  EXPECT_THAT(rt.echo_context_error(ctx),
              ::testing::StartsWith("echo_mem_alloc: no "));
  rt.echo_context_clear_error(ctx);
  EXPECT_EQ(rt.echo_step_begin(ctx, ECHO_ABI_VERSION), ECHO_ERR_NO_DEVICE);
  EXPECT_EQ(rt.echo_step_set_math(ctx, ECHO_MATH_TF32), ECHO_ERR_NO_DEVICE);
  EXPECT_EQ(rt.echo_alloc(ctx, 16, 0), nullptr);
  EXPECT_EQ(rt.echo_step_end(ctx), ECHO_ERR_NO_DEVICE);
  rt.echo_context_clear_error(ctx);
  echo_graph *graph = reinterpret_cast<echo_graph *>(&y);
  auto run = [](void *) { return ECHO_OK; };
  EXPECT_EQ(rt.echo_graph_capture(ctx, run, nullptr, &graph),
            ECHO_ERR_NO_DEVICE);
  EXPECT_EQ(graph, nullptr);
  EXPECT_THAT(rt.echo_context_error(ctx),
              ::testing::StartsWith("echo_graph_capture: no "));
  EXPECT_EQ(rt.echo_mem_current_bytes(ctx), 0);
  rt.echo_context_destroy(ctx);
}
