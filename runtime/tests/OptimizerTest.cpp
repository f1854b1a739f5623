//===- OptimizerTest.cpp - SGD and Adam against hand-computed values ------===//

#include "TestUtil.h"

using namespace echo_test;

TEST(Optimizer, SgdPlain) {
  // p' = p - lr * (g + wd * p): 1 - 0.5 * (0.2 + 0.1 * 1) = 0.85,
  // -2 - 0.5 * (-1 + 0.1 * -2) = -1.4.
  FTensor p({2}, {1.0f, -2.0f}), g({2}, {0.2f, -1.0f}), np({2});
  FTensor unused({1});
  echo_sgd_update(ARG(p), ARG(g), ARG(unused), ARG(np), ARG(unused), 0.5, 0.0,
                  0.1, 0);
  expectClose(np.values(), {0.85, -1.4}, 1e-7, "sgd");
}

TEST(Optimizer, SgdMomentumInPlace) {
  // v' = 0.9 * v + (g + wd * p); p' = p - lr * v'.
  // element 0: v' = 0.9 * 0.5 + (1 + 0.01 * 2) = 1.47, p' = 2 - 0.1 * 1.47
  // = 1.853; element 1: v' = 0.9 * -1 + (0 + 0.01 * -4) = -0.94,
  // p' = -4 + 0.094 = -3.906.
  FTensor p({2}, {2.0f, -4.0f}), g({2}, {1.0f, 0.0f}), v({2}, {0.5f, -1.0f});
  echo_sgd_update(ARG(p), ARG(g), ARG(v), ARG(p), ARG(v), 0.1, 0.9, 0.01, 1);
  expectClose(v.values(), {1.47, -0.94}, 1e-7, "sgd velocity");
  expectClose(p.values(), {1.853, -3.906}, 1e-7, "sgd param");
}

TEST(Optimizer, AdamFirstAndSecondStep) {
  // Step 1, g = 0.5, m = v = 0, b1 = 0.9, b2 = 0.999, lr = 0.01, eps = 1e-8:
  // m' = 0.05, v' = 0.00025, mhat = 0.5, vhat = 0.25, p' = 1 - 0.01 * 0.5 /
  // (0.5 + 1e-8) = 0.99 (to 2e-10).
  FTensor p({1}, {1.0f}), g({1}, {0.5f}), m({1}), v({1}), t(Shape{}, {1.0f});
  FTensor np({1}), nm({1}), nv({1});
  echo_adam_update(ARG(p), ARG(g), ARG(m), ARG(v), ARG(t), ARG(np), ARG(nm),
                   ARG(nv), 0.01, 0.9, 0.999, 1e-8);
  expectClose(nm.values(), {0.05}, 1e-7, "adam m");
  expectClose(nv.values(), {0.00025}, 1e-7, "adam v");
  expectClose(np.values(), {0.99}, 1e-7, "adam p");
  // Step 2 in place with g = -1: m' = 0.045 - 0.1 = -0.055,
  // v' = 0.999 * 0.00025 + 0.001 = 0.00124975, mhat = -0.055 / 0.19
  // = -0.289473684, vhat = 0.00124975 / 0.001999 = 0.625187594,
  // p' = 0.99 + 0.01 * 0.289473684 / 0.790688... = 0.993661044.
  FTensor g2({1}, {-1.0f}), t2(Shape{}, {2.0f});
  echo_adam_update(ARG(np), ARG(g2), ARG(nm), ARG(nv), ARG(t2), ARG(np),
                   ARG(nm), ARG(nv), 0.01, 0.9, 0.999, 1e-8);
  double mhat = -0.055 / 0.19, vhat = 0.00124975 / (1 - 0.999 * 0.999);
  double want = 0.99 - 0.01 * mhat / (std::sqrt(vhat) + 1e-8);
  EXPECT_NEAR(want, 0.993661044, 1e-8);
  expectClose(nm.values(), {-0.055}, 1e-7, "adam m step 2");
  expectClose(nv.values(), {0.00124975}, 1e-7, "adam v step 2");
  expectClose(np.values(), {want}, 1e-6, "adam p step 2");
}
