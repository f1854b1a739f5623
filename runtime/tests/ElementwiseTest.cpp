//===- ElementwiseTest.cpp - unary, binary, broadcasting, dropout ---------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

double refUnary(int kind, double x) {
  const double c = std::sqrt(2.0 / M_PI);
  switch (kind) {
  case ECHO_RELU:
    return x > 0 ? x : 0;
  case ECHO_TANH:
    return std::tanh(x);
  case ECHO_SIGMOID:
    return 1 / (1 + std::exp(-x));
  case ECHO_GELU:
    return 0.5 * x * (1 + std::tanh(c * (x + 0.044715 * x * x * x)));
  case ECHO_EXP:
    return std::exp(x);
  case ECHO_LOG:
    return std::log(x);
  case ECHO_NEG:
    return -x;
  case ECHO_SQRT:
    return std::sqrt(x);
  case ECHO_RSQRT:
    return 1 / std::sqrt(x);
  case ECHO_GELU_ERF:
    return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
  }
  return NAN;
}

const char *kUnaryNames[] = {"relu", "tanh", "sigmoid", "gelu",    "exp",
                             "log",  "neg",  "sqrt",    "rsqrt", "gelu_erf"};
static_assert(sizeof(kUnaryNames) / sizeof(kUnaryNames[0]) ==
                  ECHO_UNARY_KIND_COUNT,
              "a name for every unary kind");

/// Inputs inside each kind's domain, away from relu's kink.
std::vector<float> unaryInputs(Rng &rng, int kind, int64_t n) {
  std::vector<float> v(n);
  for (auto &x : v) {
    if (kind == ECHO_LOG || kind == ECHO_SQRT || kind == ECHO_RSQRT)
      x = static_cast<float>(rng.uniform(0.2, 2.0));
    else
      x = static_cast<float>(rng.uniform(0.05, 2.0) *
                             (rng.integer(0, 1) ? 1 : -1));
  }
  return v;
}

/// Whether the unary backward reads the forward output (else the input).
bool gradReadsOutput(int kind) {
  return kind != ECHO_GELU && kind != ECHO_GELU_ERF && kind != ECHO_LOG &&
         kind != ECHO_NEG;
}

/// Maps y's linear index to the index of an operand broadcast to y.
int64_t broadcastIndex(const Shape &ys, const Shape &os, int64_t i) {
  Shape yst = rowMajor(ys), ost = rowMajor(os);
  int64_t lead = ys.size() - os.size(), r = 0;
  for (size_t d = 0; d < ys.size(); ++d) {
    int64_t idx = (i / yst[d]) % ys[d];
    if (static_cast<int64_t>(d) >= lead && os[d - lead] != 1)
      r += idx * ost[d - lead];
  }
  return r;
}

DVec refBinary(int kind, const DVec &a, const Shape &as, const DVec &b,
               const Shape &bs, const Shape &ys) {
  DVec y(numel(ys));
  for (int64_t i = 0; i < numel(ys); ++i) {
    double x = a[broadcastIndex(ys, as, i)], z = b[broadcastIndex(ys, bs, i)];
    switch (kind) {
    case ECHO_ADD: y[i] = x + z; break;
    case ECHO_SUB: y[i] = x - z; break;
    case ECHO_MUL: y[i] = x * z; break;
    case ECHO_DIV: y[i] = x / z; break;
    case ECHO_MAX: y[i] = x >= z ? x : z; break;
    }
  }
  return y;
}

DVec refBroadcast(const DVec &x, const Shape &xs, const Shape &ys) {
  DVec y(numel(ys));
  for (int64_t i = 0; i < numel(ys); ++i)
    y[i] = x[broadcastIndex(ys, xs, i)];
  return y;
}

struct BroadcastCase {
  Shape a, b, y;
};
const BroadcastCase kBroadcastCases[] = {
    {{3, 4}, {3, 4}, {3, 4}},
    {{3, 4}, {4}, {3, 4}},
    {{4}, {3, 4}, {3, 4}},
    {{2, 1, 5}, {3, 1}, {2, 3, 5}},
    {{}, {2, 3}, {2, 3}},
    {{2, 3}, {}, {2, 3}},
    {{1}, {1}, {1}},
    {{4, 1, 3, 1}, {1, 5, 1, 2}, {4, 5, 3, 2}},
    {{7, 1}, {1, 9}, {7, 9}},
    {{2, 3, 17}, {2, 1, 17}, {2, 3, 17}},
};

uint64_t splitmix(uint64_t seed, uint64_t i) {
  uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

} // namespace

TEST(Elementwise, UnaryForwardEveryKind) {
  Rng rng(200);
  for (int kind = 0; kind < ECHO_UNARY_KIND_COUNT; ++kind) {
    Shape s = {3, rng.integer(1, 40)};
    FTensor x(s, unaryInputs(rng, kind, numel(s))), y(s);
    echo_unary(kind, ARG(x), ARG(y));
    DVec ref(numel(s));
    for (int64_t i = 0; i < numel(s); ++i)
      ref[i] = refUnary(kind, x[i]);
    expectClose(y.values(), ref, 1e-6, kUnaryNames[kind]);
  }
}

TEST(Elementwise, UnaryGradEveryKind) {
  Rng rng(201);
  for (int kind = 0; kind < ECHO_UNARY_KIND_COUNT; ++kind) {
    Shape s = {2, 3, rng.integer(1, 7)};
    FTensor x(s, unaryInputs(rng, kind, numel(s))), y(s), dy = rng.tensor(s),
        dx(s);
    echo_unary(kind, ARG(x), ARG(y));
    FTensor &fwd = gradReadsOutput(kind) ? y : x;
    echo_unary_grad(kind, ARG(fwd), ARG(dy), ARG(dx));
    DVec R = toD(dy);
    expectGrad(dx.values(), numericGrad(toD(x), [&](const DVec &v) {
                 double s = 0;
                 for (size_t i = 0; i < v.size(); ++i)
                   s += R[i] * refUnary(kind, v[i]);
                 return s;
               }),
               std::string("unary_grad ") + kUnaryNames[kind]);
    // In place: dx aliasing dy gives the same bits.
    FTensor inPlace = dy.shifted(0);
    echo_unary_grad(kind, ARG(fwd), ARG(inPlace), ARG(inPlace));
    EXPECT_TRUE(sameBits(inPlace.values(), dx.values())) << kUnaryNames[kind];
  }
}

TEST(Elementwise, BinaryBroadcastEveryKind) {
  Rng rng(202);
  for (const auto &c : kBroadcastCases)
    for (int kind = 0; kind <= ECHO_MAX; ++kind) {
      FTensor a = rng.tensor(c.a), b(c.b), y(c.y);
      for (int64_t i = 0; i < b.size(); ++i) // keep divisors away from 0
        b[i] = static_cast<float>(rng.uniform(0.5, 2.0) *
                                  (rng.integer(0, 1) ? 1 : -1));
      echo_binary(kind, ARG(a), ARG(b), ARG(y));
      expectClose(y.values(),
                  refBinary(kind, toD(a), c.a, toD(b), c.b, c.y), 1e-6,
                  "binary " + std::to_string(kind) + " " + str(c.a) + " " +
                      str(c.b));
    }
}

TEST(Elementwise, MaxTiesGoToLhs) {
  FTensor a({3}, {-0.0f, 1.0f, 2.0f}), b({3}, {0.0f, 1.0f, 3.0f}), y({3});
  echo_binary(ECHO_MAX, ARG(a), ARG(b), ARG(y));
  EXPECT_TRUE(std::signbit(y[0])); // max(-0, +0) is the lhs, -0
  EXPECT_EQ(y[1], 1.0f);
  EXPECT_EQ(y[2], 3.0f);
  FTensor dy({3}, {1.0f, 2.0f, 4.0f}), da({3}), db({3});
  echo_max_grad(ARG(a), ARG(b), ARG(dy), ARG(da), ARG(db));
  EXPECT_EQ(da.values(), (std::vector<float>{1.0f, 2.0f, 0.0f}));
  EXPECT_EQ(db.values(), (std::vector<float>{0.0f, 0.0f, 4.0f}));
}

// max_grad routes dy; sum_to folds it back to the operand shapes.
TEST(Elementwise, MaxGradAndSumToAgainstFiniteDifferences) {
  Rng rng(203);
  const BroadcastCase cases[] = {{{3, 1, 4}, {5, 1}, {3, 5, 4}},
                                 {{2, 3}, {2, 3}, {2, 3}},
                                 {{}, {4, 2}, {4, 2}}};
  for (const auto &c : cases) {
    std::vector<float> all = rng.distinct(numel(c.a) + numel(c.b));
    FTensor a(c.a, std::vector<float>(all.begin(), all.begin() + numel(c.a)));
    FTensor b(c.b, std::vector<float>(all.begin() + numel(c.a), all.end()));
    FTensor dy = rng.tensor(c.y), daFull(c.y), dbFull(c.y), da(c.a), db(c.b);
    echo_max_grad(ARG(a), ARG(b), ARG(dy), ARG(daFull), ARG(dbFull));
    echo_sum_to(ARG(daFull), ARG(da));
    echo_sum_to(ARG(dbFull), ARG(db));
    DVec R = toD(dy), ad = toD(a), bd = toD(b);
    expectGrad(da.values(), numericGrad(ad, [&](const DVec &v) {
                 return dot(R, refBinary(ECHO_MAX, v, c.a, bd, c.b, c.y));
               }),
               "max_grad lhs " + str(c.a));
    expectGrad(db.values(), numericGrad(bd, [&](const DVec &v) {
                 return dot(R, refBinary(ECHO_MAX, ad, c.a, v, c.b, c.y));
               }),
               "max_grad rhs " + str(c.b));
  }
}

// sum_to is the adjoint of broadcast_to.
TEST(Elementwise, BroadcastToAndSumTo) {
  Rng rng(204);
  const std::pair<Shape, Shape> cases[] = {
      {{4}, {3, 4}},       {{3, 1}, {3, 5}},       {{}, {2, 3}},
      {{1, 1}, {4, 6}},    {{2, 1, 3}, {5, 2, 4, 3}}, {{6}, {6}},
      {{1, 7}, {1000, 7}},
  };
  for (const auto &[xs, ys] : cases) {
    FTensor x = rng.tensor(xs), y(ys), r = rng.tensor(ys), g(xs);
    echo_broadcast_to(ARG(x), ARG(y));
    expectClose(y.values(), refBroadcast(toD(x), xs, ys), 0.0,
                "broadcast_to " + str(xs) + " -> " + str(ys));
    echo_sum_to(ARG(r), ARG(g));
    DVec R = toD(r);
    expectGrad(g.values(), numericGrad(toD(x), [&](const DVec &v) {
                 return dot(R, refBroadcast(v, xs, ys));
               }),
               "sum_to " + str(ys) + " -> " + str(xs));
  }
}

TEST(Dropout, MaskFollowsDocumentedHash) {
  Rng rng(205);
  for (double p : {0.0, 0.1, 0.5, 0.9}) {
    int64_t seed = rng.integer(-1000000, 1000000);
    Shape s = {37, 29};
    FTensor x = rng.tensor(s), y(s);
    MaskTensor mask(s);
    echo_dropout(ARG(x), ARG(y), ARG(mask), p, seed);
    float scale = static_cast<float>(1.0 / (1.0 - p));
    int64_t kept = 0;
    for (int64_t i = 0; i < numel(s); ++i) {
      double u = static_cast<double>(
                     splitmix(static_cast<uint64_t>(seed), i) >> 40) /
                 16777216.0;
      uint8_t m = u >= p;
      ASSERT_EQ(mask[i], m) << "p=" << p << " element " << i;
      float want = m ? x[i] * scale : 0.0f;
      ASSERT_EQ(std::memcmp(&y.data()[i], &want, sizeof(float)), 0);
      kept += m;
    }
    double frac = static_cast<double>(kept) / numel(s);
    EXPECT_NEAR(frac, 1.0 - p, 0.05) << "p=" << p;
  }
}

TEST(Dropout, SameSeedSameMaskOtherSeedOtherMask) {
  Rng rng(206);
  FTensor x = rng.tensor({1000}), y1({1000}), y2({1000}), y3({1000});
  MaskTensor m1({1000}), m2({1000}), m3({1000});
  echo_dropout(ARG(x), ARG(y1), ARG(m1), 0.5, 7);
  echo_dropout(ARG(x), ARG(y2), ARG(m2), 0.5, 7);
  echo_dropout(ARG(x), ARG(y3), ARG(m3), 0.5, 8);
  EXPECT_EQ(m1.values(), m2.values());
  EXPECT_NE(m1.values(), m3.values());
}

TEST(Dropout, GradAgainstFiniteDifferences) {
  Rng rng(207);
  double p = 0.3;
  Shape s = {5, 7};
  FTensor x = rng.tensor(s), y(s), dy = rng.tensor(s), dx(s);
  MaskTensor mask(s);
  echo_dropout(ARG(x), ARG(y), ARG(mask), p, 42);
  echo_dropout_grad(ARG(mask), ARG(dy), ARG(dx), p);
  DVec R = toD(dy);
  expectGrad(dx.values(), numericGrad(toD(x), [&](const DVec &v) {
               double l = 0;
               for (size_t i = 0; i < v.size(); ++i)
                 l += mask[i] ? R[i] * v[i] / (1 - p) : 0.0;
               return l;
             }),
             "dropout_grad");
  float scale = static_cast<float>(1.0 / (1.0 - p));
  for (int64_t i = 0; i < numel(s); ++i)
    EXPECT_EQ(dx[i], mask[i] ? dy[i] * scale : 0.0f);
}
