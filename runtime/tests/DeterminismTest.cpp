//===- DeterminismTest.cpp - same inputs, same bits -----------------------===//
//
// Every entry that reduces (sgemm, conv, sums, statistics, scatters) runs
// repeatedly on copies of the same inputs placed at differently aligned
// addresses (element shifts 0, 1, 3, 5, 7 split between the aligned pointer
// and the descriptor offset), writing outputs at different alignments too;
// all runs must give bit-identical outputs. The sgemm users are also run
// with one to four OpenBLAS threads.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "echo/codecs.h"

#include <cblas.h>
#include <cmath>
#include <cstring>

using namespace echo_test;

namespace {

using Outputs = std::vector<std::vector<float>>;
using Run = std::function<Outputs(size_t shift)>;

void expectDeterministic(const std::string &name, const Run &run) {
  Outputs ref = run(0);
  for (size_t shift : {1, 3, 5, 7, 0, 1}) {
    Outputs got = run(shift);
    ASSERT_EQ(got.size(), ref.size());
    for (size_t i = 0; i < ref.size(); ++i)
      EXPECT_TRUE(sameBits(got[i], ref[i]))
          << name << ": output " << i << " differs at shift " << shift;
  }
}

/// A fresh, shifted copy of `t` (inputs) or a shifted output of `shape`.
FTensor at(const FTensor &t, size_t shift) { return t.shifted(shift); }
FTensor out(const Shape &s, size_t shift) {
  FTensor r = FTensor::zerosAt(s, shift);
  for (int64_t i = 0; i < r.size(); ++i)
    r[i] = NAN; // outputs must be fully written
  return r;
}

struct ConvFixture {
  Shape xs = {4, 6, 17, 15}, ws = {8, 3, 3, 3}, ys = {4, 8, 9, 8};
  int64_t sh = 2, sw = 2, ph = 1, pw = 1, dh = 1, dw = 1, g = 2;
};

} // namespace

TEST(Determinism, GemmEntries) {
  Rng rng(900);
  FTensor x = rng.tensor({96, 300}), w = rng.tensor({200, 300}),
          b = rng.tensor({200}), dy = rng.tensor({96, 200});
  expectDeterministic("linear", [&](size_t s) {
    FTensor xi = at(x, s), wi = at(w, s + 1), bi = at(b, s), y = out({96, 200}, s);
    echo_linear(ARG(xi), ARG(wi), ARG(bi), ARG(y), 1);
    return Outputs{y.values()};
  });
  expectDeterministic("linear_grad_input/weight", [&](size_t s) {
    FTensor dyi = at(dy, s), wi = at(w, s + 2), xi = at(x, s + 1),
            dx = out({96, 300}, s), dw = out({200, 300}, s + 3);
    echo_linear_grad_input(ARG(dyi), ARG(wi), ARG(dx));
    echo_linear_grad_weight(ARG(dyi), ARG(xi), ARG(dw));
    return Outputs{dx.values(), dw.values()};
  });
  FTensor a = rng.tensor({3, 40, 70}), bb = rng.tensor({3, 50, 70});
  expectDeterministic("matmul", [&](size_t s) {
    FTensor ai = at(a, s), bi = at(bb, s + 1), c = out({3, 40, 50}, s);
    echo_matmul(ARG(ai), ARG(bi), ARG(c), 0, 1);
    return Outputs{c.values()};
  });
}

TEST(Determinism, ConvEntries) {
  Rng rng(901);
  ConvFixture f;
  FTensor x = rng.tensor(f.xs), w = rng.tensor(f.ws), b = rng.tensor({8}),
          dy = rng.tensor(f.ys);
  expectDeterministic("conv2d and grads", [&](size_t s) {
    FTensor xi = at(x, s), wi = at(w, s + 1), bi = at(b, s + 2),
            dyi = at(dy, s + 3), y = out(f.ys, s), dx = out(f.xs, s + 1),
            dw = out(f.ws, s + 2);
    echo_conv2d(ARG(xi), ARG(wi), ARG(bi), ARG(y), NO_WORKSPACE, 1, f.sh, f.sw,
                f.ph, f.pw, f.dh, f.dw, f.g);
    echo_conv2d_grad_input(ARG(dyi), ARG(wi), ARG(dx), NO_WORKSPACE, f.sh, f.sw,
                           f.ph, f.pw, f.dh, f.dw, f.g);
    echo_conv2d_grad_weight(ARG(xi), ARG(dyi), ARG(dw), NO_WORKSPACE, f.sh,
                            f.sw, f.ph, f.pw, f.dh, f.dw, f.g);
    return Outputs{y.values(), dx.values(), dw.values()};
  });
}

TEST(Determinism, OpenBlasThreadCountDoesNotMatter) {
  // Shapes cut along rows and along columns, with extents that are not
  // multiples of OpenBLAS's register blocks (where some of its kernels
  // round differently): test/Execution/determinism-blas-kernels.test runs
  // this under each x86 kernel family.
  Rng rng(902);
  ConvFixture f;
  FTensor x = rng.tensor({256, 384}), w = rng.tensor({320, 384}),
          b = rng.tensor({320}), dy = rng.tensor({256, 320}),
          tx = rng.tensor({37, 200}), tw = rng.tensor({1000, 200}),
          tdy = rng.tensor({37, 1000}), ma = rng.tensor({2, 300, 150}),
          mb = rng.tensor({2, 150, 130}), cx = rng.tensor(f.xs),
          cdy = rng.tensor(f.ys);
  auto run = [&]() {
    FTensor y({256, 320}), dx({256, 384}), dw({320, 384}), ty({37, 1000}),
        tdx({37, 200}), tdw({1000, 200}), mc({2, 300, 130}), cdw(f.ws),
        none({1});
    echo_linear(ARG(x), ARG(w), ARG(b), ARG(y), 1);
    echo_linear_grad_input(ARG(dy), ARG(w), ARG(dx));
    echo_linear_grad_weight(ARG(dy), ARG(x), ARG(dw));
    echo_linear(ARG(tx), ARG(tw), ARG(none), ARG(ty), 0);
    echo_linear_grad_input(ARG(tdy), ARG(tw), ARG(tdx));
    echo_linear_grad_weight(ARG(tdy), ARG(tx), ARG(tdw));
    echo_matmul(ARG(ma), ARG(mb), ARG(mc), 0, 0);
    echo_conv2d_grad_weight(ARG(cx), ARG(cdy), ARG(cdw), NO_WORKSPACE, f.sh,
                            f.sw, f.ph, f.pw, f.dh, f.dw, f.g);
    return Outputs{y.values(),   dx.values(),  dw.values(), ty.values(),
                   tdx.values(), tdw.values(), mc.values(), cdw.values()};
  };
  int saved = openblas_get_num_threads();
  openblas_set_num_threads(1);
  Outputs one = run();
  for (int threads : {2, 3, 4, 1}) {
    openblas_set_num_threads(threads);
    Outputs other = run();
    EXPECT_EQ(openblas_get_num_threads(), threads)
        << "the entries must leave the thread count as they found it";
    for (size_t i = 0; i < one.size(); ++i)
      EXPECT_TRUE(sameBits(one[i], other[i]))
          << "output " << i << " with " << threads << " threads";
  }
  openblas_set_num_threads(saved);
}

TEST(Determinism, BackendThreadCountDoesNotMatter) {
  // Elementwise entries, optimizer updates, the fixed-width codecs, batch
  // norm's channels and layer norm's rows run on the backend's threads
  // (Parallel.h). Sizes large enough to be cut, and not multiples of the
  // pieces, of a word or of a byte's 8 elements.
  Rng rng(904);
  const int64_t n = 200003, rows = 263, cols = 1001;
  FTensor x = rng.tensor({n}), g = rng.tensor({n}), v = rng.tensor({n}),
          m = rng.tensor({n}), sq = rng.tensor({n}, 0.1, 1.0),
          mat = rng.tensor({rows, cols}), bias = rng.tensor({cols}),
          step(Shape{}, {3.0f});
  const int64_t bnC = 67;
  const Shape bnShape = {5, bnC, 17, 19};
  FTensor bnX = rng.tensor(bnShape), bnDy = rng.tensor(bnShape),
          bnG = rng.tensor({bnC}), bnB = rng.tensor({bnC}),
          bnRm = rng.tensor({bnC}), bnRv = rng.tensor({bnC}, 0.5, 1.0),
          lnG = rng.tensor({cols}), lnB = rng.tensor({cols});
  auto bytes = [](const MaskTensor &t) {
    std::vector<float> out;
    for (int64_t i = 0; i < t.size(); ++i)
      out.push_back(float(t[i]));
    return out;
  };
  auto run = [&]() {
    FTensor t = out({n}, 0), dt = out({n}, 1), sum = out({n}, 2),
            scaled = out({rows, cols}, 3), np = out({n}, 0),
            nv = out({n}, 1), ap = out({n}, 2), am = out({n}, 3),
            av = out({n}, 0), d16 = out({n}, 1), d8 = out({n}, 2),
            dbin = out({n}, 3), rg = out({n}, 0);
    MaskTensor b16({echo_codecs::fp16Bytes(n)}),
        b8({echo_codecs::fp8Bytes(n)}), bin({echo_codecs::bitmaskBytes(n)});
    echo_unary(ECHO_TANH, ARG(x), ARG(t));
    echo_unary_grad(ECHO_TANH, ARG(t), ARG(g), ARG(dt));
    echo_binary(ECHO_ADD, ARG(x), ARG(g), ARG(sum));
    echo_binary(ECHO_MUL, ARG(mat), ARG(bias), ARG(scaled)); // broadcast
    echo_sgd_update(ARG(x), ARG(g), ARG(v), ARG(np), ARG(nv), 0.1, 0.9, 0.01,
                    1);
    echo_adam_update(ARG(x), ARG(g), ARG(m), ARG(sq), ARG(step), ARG(ap),
                     ARG(am), ARG(av), 0.01, 0.9, 0.999, 1e-8);
    echo_encode_fp16(ARG(x), ARG(b16));
    echo_decode_fp16(ARG(b16), ARG(d16));
    echo_encode_fp8(ARG(x), ARG(b8));
    echo_decode_fp8(ARG(b8), ARG(d8));
    echo_encode_binarize(ARG(x), ARG(bin));
    echo_decode_binarize(ARG(bin), ARG(dbin));
    echo_relu_grad_binarized(ARG(bin), ARG(g), ARG(rg));
    Outputs o{t.values(),   dt.values(),   sum.values(), scaled.values(),
              np.values(),  nv.values(),   ap.values(),  am.values(),
              av.values(),  d16.values(),  d8.values(),  dbin.values(),
              rg.values(),  bytes(b16),    bytes(b8),    bytes(bin)};
    // Batch norm by channels, layer norm by rows.
    FTensor y = out(bnShape, 0), nm = out({bnC}, 1), nvar = out({bnC}, 2),
            sm = out({bnC}, 3), si = out({bnC}, 0), dx = out(bnShape, 1),
            dg = out({bnC}, 2), db = out({bnC}, 3);
    echo_batch_norm(ARG(bnX), ARG(bnG), ARG(bnB), ARG(bnRm), ARG(bnRv), ARG(y),
                    ARG(nm), ARG(nvar), ARG(sm), ARG(si), 1e-5, 0.1);
    echo_batch_norm_grad(ARG(bnX), ARG(bnG), ARG(sm), ARG(si), ARG(bnDy),
                         ARG(dx), ARG(dg), ARG(db));
    FTensor ly = out({rows, cols}, 0), lm = out({rows}, 1),
            li = out({rows}, 2);
    echo_layer_norm(ARG(mat), ARG(lnG), ARG(lnB), ARG(ly), ARG(lm), ARG(li),
                    1e-5);
    for (FTensor *r : {&y, &nm, &nvar, &sm, &si, &dx, &dg, &db, &ly, &lm, &li})
      o.push_back(r->values());
    return o;
  };
  int saved = openblas_get_num_threads();
  openblas_set_num_threads(1);
  Outputs one = run();
  for (int threads : {2, 3, 4}) {
    openblas_set_num_threads(threads);
    Outputs other = run();
    for (size_t i = 0; i < one.size(); ++i)
      EXPECT_TRUE(sameBits(one[i], other[i]))
          << "output " << i << " with " << threads << " threads";
  }
  openblas_set_num_threads(saved);
  // The single-threaded results are the reference loops' (a spot check of
  // the cut: every element written, none twice).
  // tanh is libm's on the CPU backend; a GPU backend's (libdevice's tanhf)
  // is within its documented 2 ulp of it.
  bool libm = std::strcmp(backend().echo_backend_name(), "cpu") == 0;
  for (int64_t i : {int64_t(0), n / 2, n / 3, n - 1}) {
    float want = std::tanh(x[i]);
    if (libm) {
      EXPECT_EQ(one[0][i], want) << "tanh at " << i;
    } else {
      float lo = want, hi = want;
      for (int k = 0; k < 2; ++k)
        lo = std::nextafter(lo, -INFINITY), hi = std::nextafter(hi, INFINITY);
      EXPECT_TRUE(one[0][i] >= lo && one[0][i] <= hi)
          << "tanh at " << i << ": " << one[0][i] << " vs libm's " << want;
    }
    EXPECT_EQ(one[2][i], x[i] + g[i]) << "add at " << i;
  }
  for (int64_t r : {int64_t(0), rows / 2, rows - 1})
    EXPECT_EQ(one[3][r * cols + 7], mat[r * cols + 7] * bias[7]);
}

TEST(Determinism, ReductionsAndStatistics) {
  Rng rng(903);
  Shape s = {16, 8, 12, 10};
  FTensor x = rng.tensor(s), dy = rng.tensor(s), g = rng.tensor({8}),
          bt = rng.tensor({8}), rm = rng.tensor({8}), rv = rng.tensor({8}, 0.5, 1);
  expectDeterministic("sum_to / reduce", [&](size_t sh) {
    FTensor xi = at(x, sh), st = out({8, 1, 10}, sh), r = out({12}, sh + 1),
            mx = out({16, 1, 1, 10}, sh);
    echo_sum_to(ARG(xi), ARG(st));
    echo_reduce(ECHO_MEAN, ARG(xi), ARG(r), 0b1011);
    echo_reduce(ECHO_REDUCE_MAX, ARG(xi), ARG(mx), 0b0110);
    FTensor dmx = at(mx, 0), dx = out(s, sh + 2);
    echo_reduce_max_grad(ARG(xi), ARG(mx), ARG(dmx), ARG(dx), 0b0110);
    return Outputs{st.values(), r.values(), mx.values(), dx.values()};
  });
  expectDeterministic("batch_norm + grad", [&](size_t sh) {
    FTensor xi = at(x, sh), gi = at(g, sh + 1), bi = at(bt, sh),
            rmi = at(rm, sh), rvi = at(rv, sh), dyi = at(dy, sh + 3),
            y = out(s, sh), nm = out({8}, sh), nv = out({8}, sh + 1),
            sm = out({8}, sh), si = out({8}, sh + 2), dx = out(s, sh + 1),
            dg = out({8}, sh), db = out({8}, sh + 3);
    echo_batch_norm(ARG(xi), ARG(gi), ARG(bi), ARG(rmi), ARG(rvi), ARG(y),
                    ARG(nm), ARG(nv), ARG(sm), ARG(si), 1e-5, 0.1);
    echo_batch_norm_grad(ARG(xi), ARG(gi), ARG(sm), ARG(si), ARG(dyi), ARG(dx),
                         ARG(dg), ARG(db));
    return Outputs{y.values(),  nm.values(), nv.values(), sm.values(),
                   si.values(), dx.values(), dg.values(), db.values()};
  });
  Shape ls = {64, 120};
  FTensor lx = rng.tensor(ls), ldy = rng.tensor(ls), lg = rng.tensor({120}),
          lb = rng.tensor({120});
  expectDeterministic("layer_norm + grad, softmax", [&](size_t sh) {
    FTensor xi = at(lx, sh), gi = at(lg, sh + 1), bi = at(lb, sh + 2),
            dyi = at(ldy, sh), y = out(ls, sh), m = out({64}, sh),
            iv = out({64}, sh + 1), dx = out(ls, sh + 2), dg = out({120}, sh),
            db = out({120}, sh + 1), p = out(ls, sh + 3), dp = out(ls, sh);
    echo_layer_norm(ARG(xi), ARG(gi), ARG(bi), ARG(y), ARG(m), ARG(iv), 1e-5);
    echo_layer_norm_grad(ARG(xi), ARG(gi), ARG(m), ARG(iv), ARG(dyi), ARG(dx),
                         ARG(dg), ARG(db));
    echo_softmax(ARG(xi), ARG(p), 1, 0);
    echo_softmax_grad(ARG(p), ARG(dyi), ARG(dp), 1, 0);
    return Outputs{y.values(), m.values(), iv.values(), dx.values(),
                   dg.values(), db.values(), p.values(), dp.values()};
  });
}

TEST(Determinism, ScattersLossesAndLayers) {
  Rng rng(904);
  std::vector<int32_t> idx(300), lab(64);
  for (auto &i : idx)
    i = static_cast<int32_t>(rng.integer(0, 19));
  for (auto &l : lab)
    l = static_cast<int32_t>(rng.integer(0, 9));
  I32Tensor indices({300}, idx), labels({64}, lab);
  FTensor edy = rng.tensor({300, 16}), logits = rng.tensor({64, 10}, -3, 3),
          px = rng.tensor({2, 3, 13, 11});
  expectDeterministic("embedding_grad, cross_entropy, pools, dropout",
                      [&](size_t s) {
    FTensor e = at(edy, s), dt = out({20, 16}, s), lg = at(logits, s + 1),
            loss = out({}, s), dl(Shape{}, {1.0f}), dlg = out({64, 10}, s),
            x = at(px, s + 2), y = out({2, 3, 7, 6}, s), dx = out(px.shape(), s),
            ya = out({2, 3, 7, 6}, s + 1), dxa = out(px.shape(), s + 1),
            dro = out(px.shape(), s);
    MaskTensor mask = MaskTensor::zerosAt(px.shape(), s);
    echo_embedding_grad(ARG(indices), ARG(e), ARG(dt), 32);
    echo_cross_entropy(ARG(lg), ARG(labels), ARG(loss), 32);
    echo_cross_entropy_grad(ARG(lg), ARG(labels), ARG(dl), ARG(dlg), 32);
    echo_max_pool2d(ARG(x), ARG(y), 3, 3, 2, 2, 1, 1);
    FTensor dy = at(y, 0);
    echo_max_pool2d_grad(ARG(x), ARG(y), ARG(dy), ARG(dx), 3, 3, 2, 2, 1, 1);
    echo_avg_pool2d(ARG(x), ARG(ya), 3, 3, 2, 2, 1, 1);
    echo_avg_pool2d_grad(ARG(ya), ARG(dxa), 3, 3, 2, 2, 1, 1);
    echo_dropout(ARG(x), ARG(dro), ARG(mask), 0.25, 1234);
    std::vector<float> maskf(mask.data(), mask.data() + mask.size());
    return Outputs{dt.values(), loss.values(), dlg.values(), y.values(),
                   dx.values(), ya.values(), dxa.values(), dro.values(), maskf};
  });
}
