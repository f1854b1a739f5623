//===- CpuKernelsTest.cpp - The CPU backend's two convolution paths -------===//
//
// The CPU backend runs convolutions as oneDNN primitives, one OpenMP
// thread each, on pieces of the batch cut by the shape and run on the
// backend's threads (OpenBLAS's count), and keeps its im2col + OpenBLAS
// kernels as the reference (ECHO_CPU_KERNELS=reference, read when a context
// first runs a convolution). These tests check what only that backend
// promises: neither thread count changes a bit, and both paths agree. Other
// backends skip them, saying so.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <cblas.h>
#include <omp.h>

#include <cstdlib>
#include <cstring>

using namespace echo_test;

namespace {

bool isCpuBackend() {
  return std::strcmp(backend().echo_backend_name(), "cpu") == 0;
}

using Outputs = std::vector<std::vector<float>>;

/// Forward, grad-input and grad-weight of one convolution in `ctx`.
Outputs convAll(echo_context *ctx, FTensor &x, FTensor &w,
                FTensor &b, FTensor &dy, const Shape &ys,
                int64_t s, int64_t p, int64_t g) {
  FTensor y(ys), dx(x.shape()), dw(w.shape());
  auto &rt = backend();
  EXPECT_EQ(rt.echo_conv2d(ctx, ARG(x), ARG(w), ARG(b), ARG(y), NO_WORKSPACE, 1,
                           s, s, p, p, 1, 1, g),
            ECHO_OK);
  EXPECT_EQ(rt.echo_conv2d_grad_input(ctx, ARG(dy), ARG(w), ARG(dx),
                                      NO_WORKSPACE, s, s, p, p, 1, 1, g),
            ECHO_OK);
  EXPECT_EQ(rt.echo_conv2d_grad_weight(ctx, ARG(x), ARG(dy), ARG(dw),
                                       NO_WORKSPACE, s, s, p, p, 1, 1, g),
            ECHO_OK);
  return {y.values(), dx.values(), dw.values()};
}

struct Case {
  Shape xs, ws, ys;
  int64_t s, p, g;
};

// Sizes where oneDNN's blocked kernels and its threading matter: channels
// in blocks of 16, batches cut into 2 and 3 pieces and batches not cut, a
// stride and groups.
const Case kCases[] = {
    {{8, 32, 20, 20}, {48, 32, 3, 3}, {8, 48, 20, 20}, 1, 1, 1},
    {{6, 64, 15, 15}, {64, 32, 3, 3}, {6, 64, 8, 8}, 2, 1, 2},
    {{4, 16, 12, 12}, {32, 16, 1, 1}, {4, 32, 12, 12}, 1, 0, 1},
    {{64, 16, 8, 8}, {16, 16, 3, 3}, {64, 16, 8, 8}, 1, 1, 1},
    {{32, 64, 4, 4}, {128, 64, 3, 3}, {32, 128, 4, 4}, 1, 1, 1},
    {{9, 32, 24, 24}, {48, 32, 3, 3}, {9, 48, 24, 24}, 1, 1, 1},
};

} // namespace

TEST(CpuKernels, OneDnnThreadCountDoesNotMatter) {
  if (!isCpuBackend())
    GTEST_SKIP() << "only the CPU backend runs oneDNN";
  auto &rt = backend();
  // A context creates its primitives on first use; each thread count gets
  // its own context, so each creates and runs its own primitives. The
  // OpenMP count is what oneDNN would use on its own, the OpenBLAS count
  // how many pieces of the batch run at once.
  auto runWith = [&](int omp, int blas, FTensor &x, FTensor &w, FTensor &b,
                     FTensor &dy, const Case &c) {
    echo_context *ctx = nullptr;
    EXPECT_EQ(rt.echo_context_create(&ctx), ECHO_OK);
    int savedOmp = omp_get_max_threads();
    int savedBlas = openblas_get_num_threads();
    omp_set_num_threads(omp);
    openblas_set_num_threads(blas);
    Outputs out = convAll(ctx, x, w, b, dy, c.ys, c.s, c.p, c.g);
    omp_set_num_threads(savedOmp);
    openblas_set_num_threads(savedBlas);
    rt.echo_context_destroy(ctx);
    return out;
  };
  Rng rng(910);
  for (const Case &c : kCases) {
    FTensor x = rng.tensor(c.xs), w = rng.tensor(c.ws),
            b = rng.tensor({c.ws[0]}), dy = rng.tensor(c.ys);
    Outputs one = runWith(1, 1, x, w, b, dy, c);
    for (auto [omp, blas] : {std::pair{2, 1}, {16, 1}, {1, 2}, {1, 3},
                             {2, 2}, {3, 4}, {16, 16}}) {
      Outputs many = runWith(omp, blas, x, w, b, dy, c);
      for (size_t i = 0; i < one.size(); ++i)
        EXPECT_TRUE(sameBits(one[i], many[i]))
            << "output " << i << " with " << omp << " OpenMP and " << blas
            << " OpenBLAS threads, batch " << c.xs[0];
    }
  }
}

TEST(CpuKernels, ReferenceKernelsAgreeWithOneDnn) {
  if (!isCpuBackend())
    GTEST_SKIP() << "only the CPU backend has reference kernels";
  auto &rt = backend();
  echo_context *reference = nullptr;
  ASSERT_EQ(rt.echo_context_create(&reference), ECHO_OK);
  // The variable is read by the first convolution of each context.
  ASSERT_EQ(setenv("ECHO_CPU_KERNELS", "reference", 1), 0);
  FTensor probeX = FTensor::zerosAt({1, 1, 3, 3}, 0), probeW({1, 1, 1, 1}),
          probeB({1}), probeY({1, 1, 3, 3});
  EXPECT_EQ(rt.echo_conv2d(reference, ARG(probeX), ARG(probeW), ARG(probeB),
                           ARG(probeY), NO_WORKSPACE, 0, 1, 1, 0, 0, 1, 1, 1),
            ECHO_OK);
  unsetenv("ECHO_CPU_KERNELS");
  Rng rng(911);
  bool someBitsDiffer = false;
  for (const Case &c : kCases) {
    FTensor x = rng.tensor(c.xs), w = rng.tensor(c.ws),
            b = rng.tensor({c.ws[0]}), dy = rng.tensor(c.ys);
    Outputs dnn = convAll(context(), x, w, b, dy, c.ys, c.s, c.p, c.g);
    Outputs ref = convAll(reference, x, w, b, dy, c.ys, c.s, c.p, c.g);
    for (size_t i = 0; i < dnn.size(); ++i) {
      expectClose(dnn[i], toD(ref[i]), 1e-5, "output " + std::to_string(i));
      someBitsDiffer |= !sameBits(dnn[i], ref[i]);
    }
  }
  // Two different summation orders: if every bit agreed, both contexts
  // would have run the same path and the comparison would prove nothing.
  EXPECT_TRUE(someBitsDiffer);
  rt.echo_context_destroy(reference);
}
