//===- DataMovementTest.cpp - slice, concat/split, transpose, copy, fill --===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

struct SliceCase {
  Shape x, y, offsets, strides;
};

SliceCase randomSlice(Rng &rng) {
  SliceCase c;
  for (int64_t r = rng.integer(1, 4); r > 0; --r) {
    int64_t xs = rng.integer(1, 9), st = rng.integer(1, 3);
    int64_t off = rng.integer(0, xs - 1);
    int64_t maxLen = (xs - 1 - off) / st + 1;
    c.x.push_back(xs);
    c.y.push_back(rng.integer(1, maxLen));
    c.offsets.push_back(off);
    c.strides.push_back(st);
  }
  return c;
}

DVec refSlice(const SliceCase &c, const DVec &x) {
  DVec y(numel(c.y));
  Shape yst = rowMajor(c.y), xst = rowMajor(c.x);
  for (int64_t i = 0; i < numel(c.y); ++i) {
    int64_t xi = 0;
    for (size_t d = 0; d < c.y.size(); ++d)
      xi += (c.offsets[d] + ((i / yst[d]) % c.y[d]) * c.strides[d]) * xst[d];
    y[i] = x[xi];
  }
  return y;
}

} // namespace

TEST(DataMovement, SliceAndSliceGrad) {
  Rng rng(800);
  for (int trial = 0; trial < 20; ++trial) {
    SliceCase c = randomSlice(rng);
    int64_t r = c.x.size();
    FTensor x = rng.tensor(c.x), y(c.y), dy = rng.tensor(c.y), dx(c.x);
    I64Tensor off({r}, c.offsets), st({r}, c.strides);
    echo_slice(ARG(x), ARG(y), ARG(off), ARG(st));
    expectClose(y.values(), refSlice(c, toD(x)), 0.0, "slice " + str(c.x));
    echo_slice_grad(ARG(dy), ARG(dx), ARG(off), ARG(st));
    DVec R = toD(dy);
    expectGrad(dx.values(), numericGrad(toD(x), [&](const DVec &v) {
                 return dot(R, refSlice(c, v));
               }),
               "slice_grad " + str(c.x) + " -> " + str(c.y));
  }
}

TEST(DataMovement, ConcatPartAndSplit) {
  Rng rng(801);
  for (int trial = 0; trial < 10; ++trial) {
    Shape whole;
    for (int64_t r = rng.integer(1, 4); r > 0; --r)
      whole.push_back(rng.integer(1, 6));
    int axis = static_cast<int>(rng.integer(0, whole.size() - 1));
    int64_t len = rng.integer(0, whole[axis]);
    int64_t offset = rng.integer(0, whole[axis] - len);
    Shape part = whole;
    part[axis] = len;
    FTensor w = rng.tensor(whole), p = rng.tensor(part), before = w.shifted(0);
    echo_concat_part(ARG(p), ARG(w), axis, offset, 0);
    Shape wst = rowMajor(whole);
    for (int64_t i = 0; i < numel(whole); ++i) {
      int64_t a = (i / wst[axis]) % whole[axis];
      if (a >= offset && a < offset + len) {
        Shape pst = rowMajor(part);
        int64_t pi = 0;
        for (size_t d = 0; d < whole.size(); ++d) {
          int64_t idx = (i / wst[d]) % whole[d];
          pi += (static_cast<int>(d) == axis ? idx - offset : idx) * pst[d];
        }
        ASSERT_EQ(w[i], p[pi]);
      } else {
        ASSERT_EQ(w[i], before[i]);
      }
    }
    FTensor back(part);
    echo_concat_part(ARG(back), ARG(w), axis, offset, 1);
    EXPECT_EQ(back.values(), p.values());
  }
}

TEST(DataMovement, TransposeRandomPermutations) {
  Rng rng(802);
  for (int trial = 0; trial < 12; ++trial) {
    Shape xs;
    for (int64_t r = rng.integer(1, 5); r > 0; --r)
      xs.push_back(rng.integer(1, 5));
    std::vector<int64_t> perm(xs.size());
    for (size_t i = 0; i < perm.size(); ++i)
      perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng.gen());
    Shape ys;
    for (int64_t p : perm)
      ys.push_back(xs[p]);
    FTensor x = rng.tensor(xs), y(ys);
    I64Tensor pt({static_cast<int64_t>(perm.size())}, perm);
    echo_transpose(ARG(x), ARG(y), ARG(pt));
    Shape xst = rowMajor(xs), yst = rowMajor(ys);
    for (int64_t i = 0; i < numel(ys); ++i) {
      int64_t xi = 0;
      for (size_t d = 0; d < ys.size(); ++d)
        xi += ((i / yst[d]) % ys[d]) * xst[perm[d]];
      ASSERT_EQ(y[i], x[xi]) << str(xs) << " element " << i;
    }
  }
}

TEST(DataMovement, CopyReshapesAndFill) {
  Rng rng(803);
  FTensor x = rng.tensor({3, 4}), y({2, 6}), z({12});
  echo_copy(ARG(x), ARG(y));
  EXPECT_EQ(y.values(), x.values());
  echo_fill(ARG(z), 0.25);
  EXPECT_EQ(z.values(), std::vector<float>(12, 0.25f));
  FTensor s(Shape{});
  echo_fill(ARG(s), -3.5);
  EXPECT_EQ(s[0], -3.5f);
}
