//===- Gemm16Test.cpp - The 16-bit products against the f32 entries -------===//
//
// echo_linear_<t>, its gradients and echo_matmul_<t> (t = bf16, f16) next to
// what echo-compute-in-f32 computes without them (Rounded16.h).
//
//===----------------------------------------------------------------------===//

#include "Rounded16.h"

using namespace echo_test;

using namespace echo_test::rounded16;

TEST(Gemm16, LinearMatchesTheF32EntryRounded) {
  Rng rng(61);
  for (const Format &f : kFormats)
    for (int trial = 0; trial < 6; ++trial) {
      SCOPED_TRACE(std::string(f.name) + " trial " + std::to_string(trial));
      int64_t rows = rng.integer(1, 9), k = rng.integer(1, 90),
              n = rng.integer(1, 40);
      bool bias = trial % 2;
      Shape xs = trial < 3 ? Shape{rows, k} : Shape{2, rows, k};
      Shape ys = xs;
      ys.back() = n;
      Operand x = operand(rng, f, xs), w = operand(rng, f, {n, k}),
              b = operand(rng, f, {n}), dy = operand(rng, f, ys);
      HTensor y(ys), dx(xs), dw({n, k});
      FTensor yf(ys), dxf(xs), dwf({n, k});
      echo_linear(ARG(x.wide), ARG(w.wide), ARG(b.wide), ARG(yf), bias);
      echo_linear_grad_input(ARG(dy.wide), ARG(w.wide), ARG(dxf));
      echo_linear_grad_weight(ARG(dy.wide), ARG(x.wide), ARG(dwf));
      if (f.mantissaBits == 7) {
        echo_linear_bf16(ARG(x.low), ARG(w.low), ARG(b.low), ARG(y), bias);
        echo_linear_grad_input_bf16(ARG(dy.low), ARG(w.low), ARG(dx));
        echo_linear_grad_weight_bf16(ARG(dy.low), ARG(x.low), ARG(dw));
      } else {
        echo_linear_f16(ARG(x.low), ARG(w.low), ARG(b.low), ARG(y), bias);
        echo_linear_grad_input_f16(ARG(dy.low), ARG(w.low), ARG(dx));
        echo_linear_grad_weight_f16(ARG(dy.low), ARG(x.low), ARG(dw));
      }
      expectRounded(f, y, yf, k + 1, "linear " + str(xs));
      expectRounded(f, dx, dxf, n, "linear_grad_input");
      expectRounded(f, dw, dwf, numel(ys) / n, "linear_grad_weight");
    }
}

TEST(Gemm16, MatmulMatchesTheF32EntryRounded) {
  Rng rng(62);
  for (const Format &f : kFormats)
    for (int trial = 0; trial < 8; ++trial) {
      SCOPED_TRACE(std::string(f.name) + " trial " + std::to_string(trial));
      bool ta = trial & 1, tb = trial & 2;
      Shape batch = trial & 4 ? Shape{3} : Shape{};
      int64_t m = rng.integer(1, 30), n = rng.integer(1, 30),
              k = rng.integer(1, 70);
      Shape as = batch, bs = batch, cs = batch;
      as.insert(as.end(), {ta ? k : m, ta ? m : k});
      bs.insert(bs.end(), {tb ? n : k, tb ? k : n});
      cs.insert(cs.end(), {m, n});
      Operand a = operand(rng, f, as), b = operand(rng, f, bs);
      HTensor c(cs);
      FTensor cf(cs);
      echo_matmul(ARG(a.wide), ARG(b.wide), ARG(cf), ta, tb);
      if (f.mantissaBits == 7)
        echo_matmul_bf16(ARG(a.low), ARG(b.low), ARG(c), ta, tb);
      else
        echo_matmul_f16(ARG(a.low), ARG(b.low), ARG(c), ta, tb);
      expectRounded(f, c, cf, k, "matmul " + str(as) + " " + str(bs));
    }
}

// The shape checks are the f32 entries' (one GemmArgs for every form).
TEST(Gemm16, ShapeErrorsNameTheEntry) {
  HTensor x({2, 3}), w({4, 5}), b({4}), y({2, 4});
  EXPECT_RT_ERROR(echo_linear_bf16(ARG(x), ARG(w), ARG(b), ARG(y), 1),
                  "echo_linear_bf16: x");
  HTensor a({2, 3}), bm({4, 5}), c({2, 5});
  EXPECT_RT_ERROR(echo_matmul_f16(ARG(a), ARG(bm), ARG(c), 0, 0),
                  "echo_matmul_f16: contraction sizes differ");
}
