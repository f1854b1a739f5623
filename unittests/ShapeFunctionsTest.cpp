//===- ShapeFunctionsTest.cpp - Shape rules without IR --------------------===//

#include "EchoDialect/IR/ShapeFunctions.h"

#include <gtest/gtest.h>

using namespace mlir::echo::shape;
using Vec = std::vector<int64_t>;

namespace {
Vec vec(const Shape &s) { return Vec(s.begin(), s.end()); }
} // namespace

TEST(Broadcast, NumpyRules) {
  std::string why;
  EXPECT_EQ(vec(*broadcast({4, 1, 8}, {3, 1}, why)), (Vec{4, 3, 8}));
  EXPECT_EQ(vec(*broadcast({}, {2, 3}, why)), (Vec{2, 3}));
  EXPECT_EQ(vec(*broadcast({5}, {1}, why)), (Vec{5}));
  EXPECT_TRUE(failed(broadcast({4, 3}, {2, 3}, why)));
  EXPECT_NE(why.find("not broadcast-compatible"), std::string::npos);
}

TEST(Broadcast, BroadcastsTo) {
  EXPECT_TRUE(broadcastsTo({8}, {4, 8}));
  EXPECT_TRUE(broadcastsTo({1, 8}, {4, 8}));
  EXPECT_TRUE(broadcastsTo({}, {4, 8}));
  EXPECT_FALSE(broadcastsTo({4}, {4, 8}));
  EXPECT_FALSE(broadcastsTo({2, 4, 8}, {4, 8}));
}

TEST(Axis, Normalize) {
  std::string why;
  EXPECT_EQ(*normalizeAxis(-1, 3, why), 2);
  EXPECT_EQ(*normalizeAxis(0, 3, why), 0);
  EXPECT_TRUE(failed(normalizeAxis(3, 3, why)));
  EXPECT_TRUE(failed(normalizeAxis(-4, 3, why)));
}

TEST(Linear, Shapes) {
  std::string why;
  Vec bias{16};
  EXPECT_EQ(vec(*linear({2, 5, 8}, {16, 8}, llvm::ArrayRef<int64_t>(bias), why)),
            (Vec{2, 5, 16}));
  EXPECT_TRUE(failed(linear({2, 8}, {16, 7}, std::nullopt, why)));
  Vec badBias{15};
  EXPECT_TRUE(
      failed(linear({2, 8}, {16, 8}, llvm::ArrayRef<int64_t>(badBias), why)));
  EXPECT_TRUE(failed(linear({2, 8}, {16, 8, 1}, std::nullopt, why)));
}

TEST(Matmul, Transposes) {
  std::string why;
  EXPECT_EQ(vec(*matmul({3, 4}, {4, 5}, false, false, why)), (Vec{3, 5}));
  EXPECT_EQ(vec(*matmul({4, 3}, {4, 5}, true, false, why)), (Vec{3, 5}));
  EXPECT_EQ(vec(*matmul({3, 4}, {5, 4}, false, true, why)), (Vec{3, 5}));
  EXPECT_EQ(vec(*matmul({4, 3}, {5, 4}, true, true, why)), (Vec{3, 5}));
  EXPECT_EQ(vec(*matmul({7, 3, 4}, {7, 4, 5}, false, false, why)),
            (Vec{7, 3, 5}));
  EXPECT_TRUE(failed(matmul({3, 4}, {5, 4}, false, false, why)));
  EXPECT_TRUE(failed(matmul({7, 3, 4}, {6, 4, 5}, false, false, why)));
}

TEST(Conv2D, OutputSize) {
  std::string why;
  Conv2DParams p;
  // ResNet stem: 224x224, 7x7 stride 2 pad 3 -> 112x112.
  p.stride = {2, 2};
  p.padding = {3, 3};
  EXPECT_EQ(vec(*conv2d({8, 3, 224, 224}, {64, 3, 7, 7}, std::nullopt, p, why)),
            (Vec{8, 64, 112, 112}));
  // Dilation 2 on a 3x3 kernel spans 5.
  Conv2DParams d;
  d.dilation = {2, 2};
  EXPECT_EQ(vec(*conv2d({1, 4, 9, 9}, {4, 4, 3, 3}, std::nullopt, d, why)),
            (Vec{1, 4, 5, 5}));
  // Grouped (depthwise) convolution.
  Conv2DParams g;
  g.groups = 4;
  EXPECT_EQ(vec(*conv2d({1, 4, 5, 5}, {8, 1, 3, 3}, std::nullopt, g, why)),
            (Vec{1, 8, 3, 3}));
  EXPECT_TRUE(failed(conv2d({1, 4, 5, 5}, {8, 2, 3, 3}, std::nullopt, g, why)));
  EXPECT_TRUE(failed(conv2d({1, 3, 2, 2}, {4, 3, 3, 3}, std::nullopt,
                            Conv2DParams(), why)));
  Conv2DParams bad;
  bad.stride = {0, 1};
  EXPECT_TRUE(failed(conv2d({1, 3, 8, 8}, {4, 3, 3, 3}, std::nullopt, bad, why)));
}

TEST(Pool2D, OutputSize) {
  std::string why;
  EXPECT_EQ(vec(*pool2d({8, 64, 112, 112}, {3, 3}, {2, 2}, {1, 1}, why)),
            (Vec{8, 64, 56, 56}));
  EXPECT_EQ(vec(*pool2d({1, 1, 5, 5}, {2, 2}, {2, 2}, {0, 0}, why)),
            (Vec{1, 1, 2, 2}));
  EXPECT_TRUE(failed(pool2d({1, 1, 5, 5}, {2, 2}, {2, 2}, {2, 2}, why)));
  EXPECT_TRUE(failed(pool2d({1, 1, 5}, {2, 2}, {2, 2}, {0, 0}, why)));
}

TEST(Reduce, Dims) {
  std::string why;
  EXPECT_EQ(vec(*reduce({2, 3, 4}, {1}, false, why)), (Vec{2, 4}));
  EXPECT_EQ(vec(*reduce({2, 3, 4}, {2, 0}, true, why)), (Vec{1, 3, 1}));
  EXPECT_EQ(vec(*reduce({5}, {0}, false, why)), (Vec{}));
  EXPECT_TRUE(failed(reduce({2, 3}, {1, 1}, false, why)));
  EXPECT_TRUE(failed(reduce({2, 3}, {2}, false, why)));
  EXPECT_TRUE(failed(reduce({2, 3}, {}, false, why)));
}

TEST(Transpose, Permutation) {
  std::string why;
  EXPECT_EQ(vec(*transpose({2, 3, 4}, {2, 0, 1}, why)), (Vec{4, 2, 3}));
  EXPECT_TRUE(failed(transpose({2, 3}, {0, 0}, why)));
  EXPECT_TRUE(failed(transpose({2, 3}, {0}, why)));
}

TEST(Concat, Axis) {
  std::string why;
  Vec a{4, 3}, b{4, 5}, c{2, 5};
  llvm::ArrayRef<int64_t> ab[] = {a, b};
  EXPECT_EQ(vec(*concat(ab, 1, why)), (Vec{4, 8}));
  llvm::ArrayRef<int64_t> bc[] = {b, c};
  EXPECT_EQ(vec(*concat(bc, 0, why)), (Vec{6, 5}));
  EXPECT_TRUE(failed(concat(ab, 0, why)));
}

TEST(Slice, Bounds) {
  std::string why;
  EXPECT_TRUE(succeeded(slice({8, 10}, {8, 5}, {0, 5}, {}, why)));
  EXPECT_TRUE(succeeded(slice({8, 10}, {4, 5}, {0, 0}, {2, 2}, why)));
  EXPECT_TRUE(failed(slice({8, 10}, {8, 6}, {0, 5}, {}, why)));
  EXPECT_TRUE(succeeded(slice({8, 10}, {4, 5}, {1, 1}, {2, 2}, why)));
  EXPECT_TRUE(failed(slice({8, 10}, {4, 5}, {2, 2}, {2, 2}, why)));
  EXPECT_TRUE(failed(slice({8, 10}, {8}, {0}, {}, why)));
}
