//===- GraphTest.cpp - A recorded step replays as the step ----------------===//
//
// echo_graph_capture records one call of a step without running it, and
// each echo_graph_replay does what the call would have done: the same
// results, bit for bit, the same allocation counts, and the same errors
// with their locations. On the CPU backend the graph is the call itself;
// on the CUDA backend it is a CUDA graph.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

/// A small step: y = relu(x w^T + b), loss = cross_entropy(y, labels), a
/// counted temporary allocated and freed in between.
struct MiniStep {
  FTensor x{{4, 5}}, w{{3, 5}}, b{{3}}, y{{4, 3}}, loss{Shape{}};
  I32Tensor labels{{4}, {0, 2, 1, 2}};

  MiniStep() {
    for (int64_t i = 0; i < x.size(); ++i)
      x[i] = 0.25f * float(i % 7) - 0.5f;
    for (int64_t i = 0; i < w.size(); ++i)
      w[i] = 0.125f * float(i % 5) - 0.25f;
    b.set({0.1f, -0.2f, 0.3f});
  }

  /// The compiled step's protocol: begin, entries with their locations,
  /// end.
  echo_status call() {
    echo_runtime::Backend &rt = backend();
    echo_context *ctx = context();
    if (echo_status s = rt.echo_step_begin(ctx, ECHO_ABI_VERSION))
      return s;
    void *temp = rt.echo_alloc(ctx, 4096, 0);
    if (rt.echo_linear(ctx, ARG(x), ARG(w), ARG(b), ARG(y), 1))
      rt.echo_error_location(ctx, "mini.mlir:2:3");
    if (rt.echo_unary(ctx, ECHO_RELU, ARG(y), ARG(y)))
      rt.echo_error_location(ctx, "mini.mlir:3:3");
    rt.echo_check_location(ctx, "mini.mlir:4:3");
    if (rt.echo_cross_entropy_i32(ctx, ARG(y), ARG(labels), ARG(loss)))
      rt.echo_error_location(ctx, "mini.mlir:4:3");
    rt.echo_free(ctx, temp);
    return rt.echo_step_end(ctx);
  }
  static echo_status run(void *self) {
    return static_cast<MiniStep *>(self)->call();
  }
};

class Graphs : public ::testing::Test {
protected:
  void SetUp() override {
    const char *sites[] = {"immediate|the mini step's scratch"};
    ASSERT_EQ(echo_mem_configure(int64_t(0), sites, int64_t(1)), ECHO_OK);
  }
};

} // namespace

TEST_F(Graphs, ReplayIsTheStep) {
  echo_runtime::Backend &rt = backend();
  MiniStep eager, recorded;
  ASSERT_EQ(eager.call(), ECHO_OK) << rt.echo_context_error(context());
  int64_t eagerPeak = rt.echo_mem_peak_bytes(context());
  EXPECT_GE(eagerPeak, 4096);

  echo_graph *graph = nullptr;
  ASSERT_EQ(rt.echo_graph_capture(context(), &MiniStep::run, &recorded, &graph),
            ECHO_OK)
      << rt.echo_context_error(context());
  ASSERT_NE(graph, nullptr);
  // Recording runs nothing.
  EXPECT_EQ(recorded.loss[0], 0.0f);
  EXPECT_EQ(recorded.y[0], 0.0f);
  // Replays count the step's allocations, as the call does.
  const char *sites[] = {"immediate|the mini step's scratch"};
  ASSERT_EQ(echo_mem_configure(int64_t(0), sites, int64_t(1)), ECHO_OK);
  for (int replay = 0; replay < 2; ++replay) {
    ASSERT_EQ(rt.echo_graph_replay(context(), graph), ECHO_OK)
        << rt.echo_context_error(context());
    EXPECT_EQ(recorded.y.values(), eager.y.values()) << "replay " << replay;
    EXPECT_EQ(recorded.loss.values(), eager.loss.values());
    EXPECT_EQ(rt.echo_mem_peak_bytes(context()), eagerPeak);
    EXPECT_EQ(rt.echo_mem_current_bytes(context()), 0);
  }
  // A replay runs the step again: new inputs give the call's new results.
  recorded.x[0] = 3.0f;
  eager.x[0] = 3.0f;
  ASSERT_EQ(eager.call(), ECHO_OK);
  ASSERT_EQ(rt.echo_graph_replay(context(), graph), ECHO_OK);
  EXPECT_EQ(recorded.y.values(), eager.y.values());
  EXPECT_EQ(recorded.loss.values(), eager.loss.values());
  rt.echo_graph_destroy(context(), graph);
}

TEST_F(Graphs, ReplayReportsTheStepsErrorWithItsLocation) {
  // A label outside the classes: the call fails in echo_cross_entropy (CPU)
  // or at its end (a check the CUDA backend defers); the replay gives the
  // same status and message, and the next replay of a good step is clean.
  echo_runtime::Backend &rt = backend();
  MiniStep bad;
  bad.labels.set({0, 2, 5, 2});
  echo_graph *graph = nullptr;
  expectingError() = true;
  echo_status captured =
      rt.echo_graph_capture(context(), &MiniStep::run, &bad, &graph);
  ASSERT_EQ(captured, ECHO_OK) << rt.echo_context_error(context());
  EXPECT_EQ(rt.echo_graph_replay(context(), graph), ECHO_ERR_INVALID_ARGUMENT);
  expectingError() = false;
  EXPECT_THAT(rt.echo_context_error(context()),
              ::testing::MatchesRegex("echo_cross_entropy_i32: label 5 of "
                                      "row 2 .*\\(at mini.mlir:4:3\\)"));
  bad.labels.set({0, 2, 1, 2});
  EXPECT_EQ(rt.echo_graph_replay(context(), graph), ECHO_OK)
      << rt.echo_context_error(context());
  rt.echo_graph_destroy(context(), graph);
}

TEST_F(Graphs, CaptureTakesARunFunctionAndAGraph) {
  echo_runtime::Backend &rt = backend();
  MiniStep step;
  echo_graph *graph = nullptr;
  EXPECT_EQ(rt.echo_graph_capture(context(), nullptr, &step, &graph),
            ECHO_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(rt.echo_graph_capture(context(), &MiniStep::run, &step, nullptr),
            ECHO_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(rt.echo_graph_replay(context(), nullptr),
            ECHO_ERR_INVALID_ARGUMENT);
  rt.echo_graph_destroy(context(), nullptr); // nothing to free
}
