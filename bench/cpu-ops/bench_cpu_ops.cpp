//===- bench_cpu_ops.cpp - CPU runtime kernels against their baselines -----===//
//
// Measures the CPU runtime (runtime/cpu) against the work done directly, in
// one process and one run, so that machine noise hits both sides alike:
//
//  * Heavy ops: every echo_* entry against the same OpenBLAS cblas_sgemm
//    call(s) made directly on the same buffers (conv2d against a plain
//    Caffe-style im2col + cblas_sgemm written here). Repetitions alternate
//    A, B, A, B, ...; the median of each side and the overhead
//    (echo / direct - 1) are printed, PASS when the overhead is <= 10%.
//  * Elementwise ops: echo_unary(relu), echo_binary(add), echo_unary_grad
//    (relu) and echo_sgd_update on 16M-element f32 tensors against memcpy of
//    the same bytes, round-robin. Effective bandwidth = bytes read + written
//    per time (memcpy: 2 * bytes / time); PASS when an op reaches >= 50% of
//    the memcpy bandwidth.
//
// OpenBLAS gets the same thread count for both sides (openblas_set_num_threads,
// --threads, default 2); the runtime and this binary share one libopenblas.
// The elementwise entries run on the OpenBLAS thread count (the runtime's
// Parallel.h); each is also run at one thread in the same rounds, and the
// ratio printed. memcpy and the scale loop are single-threaded.
//
// Every echo result is checked against its baseline before timing. The exit
// status is 1 when a target is missed (2 on a usage or check error).
//
//===----------------------------------------------------------------------===//

#include "echo/runtime.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

// OpenBLAS extensions (declared by its cblas.h; repeated here so that a
// netlib-style cblas.h still compiles; the link needs OpenBLAS anyway).
extern "C" {
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
char *openblas_get_config(void);
char *openblas_get_corename(void);
}

namespace {

/// The runtime context every measured entry runs on (ABI v2).
echo_context *gCtx = nullptr;

using Clock = std::chrono::steady_clock;
using Shape = std::vector<int64_t>;

constexpr double kHeavyLimit = 0.10;      // overhead <= 10%
constexpr double kBandwidthTarget = 0.50; // >= 50% of memcpy bandwidth

//--- Options -------------------------------------------------------------------

struct Options {
  int threads = 2;
  int64_t elements = int64_t(1) << 24; // 16M f32 = 64 MiB per tensor
  double heavySeconds = 4.0;           // per heavy case, both sides together
  int heavyMinReps = 9, heavyMaxReps = 81;
  int elemReps = 25;                   // elementwise rounds
  bool heavy = true, elementwise = true;
};

void usage() {
  std::fprintf(
      stderr,
      "usage: bench_cpu_ops [--threads N] [--elements N] [--heavy-seconds S]\n"
      "                     [--elem-reps N] [--only heavy|elementwise] "
      "[--quick]\n");
}

bool parse(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&](const char *&v) {
      if (i + 1 >= argc)
        return false;
      v = argv[++i];
      return true;
    };
    const char *v = nullptr;
    if (a == "--threads" && next(v))
      o.threads = std::atoi(v);
    else if (a == "--elements" && next(v))
      o.elements = std::atoll(v);
    else if (a == "--heavy-seconds" && next(v))
      o.heavySeconds = std::atof(v);
    else if (a == "--elem-reps" && next(v))
      o.elemReps = std::atoi(v);
    else if (a == "--only" && next(v)) {
      std::string w = v;
      if (w != "heavy" && w != "elementwise")
        return false;
      o.heavy = w == "heavy";
      o.elementwise = w == "elementwise";
    } else if (a == "--quick") {
      o.heavySeconds = 0.5;
      o.heavyMinReps = 5;
      o.elemReps = 9;
      o.elements = int64_t(1) << 22;
    } else
      return false;
  }
  return o.threads >= 1 && o.elements >= 1024 && o.elemReps >= 1 &&
         o.heavySeconds > 0;
}

//--- Buffers and memref descriptors ------------------------------------------

/// A 64-byte aligned f32 buffer, touched at creation (no page faults while
/// timing).
class Buffer {
public:
  explicit Buffer(int64_t n) : n_(n) {
    size_t bytes = ((size_t(n) * sizeof(float) + 63) / 64) * 64;
    p_ = static_cast<float *>(std::aligned_alloc(64, std::max<size_t>(bytes, 64)));
    if (!p_) {
      std::fprintf(stderr, "bench_cpu_ops: out of memory (%lld floats)\n",
                   (long long)n);
      std::exit(2);
    }
    std::memset(p_, 0, bytes);
  }
  ~Buffer() { std::free(p_); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  float *data() const { return p_; }
  int64_t size() const { return n_; }
  void random(uint64_t seed, float lo = -1.0f, float hi = 1.0f) {
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int64_t i = 0; i < n_; ++i) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17; // xorshift64
      float u = float((s >> 40) * (1.0 / 16777216.0));
      p_[i] = lo + (hi - lo) * u;
    }
  }

private:
  float *p_ = nullptr;
  int64_t n_ = 0;
};

/// A ranked memref descriptor { allocated, aligned, offset, sizes, strides }
/// for a row-major view of `data` with `shape`; passed as (rank, &desc).
class Desc {
public:
  Desc(float *data, Shape shape) : shape_(std::move(shape)) {
    size_t r = shape_.size();
    d_.assign(3 + 2 * r, 0);
    std::memcpy(&d_[0], &data, sizeof(void *));
    std::memcpy(&d_[1], &data, sizeof(void *));
    d_[2] = 0;
    int64_t st = 1;
    for (size_t i = r; i-- > 0;) {
      d_[3 + i] = shape_[i];
      d_[3 + r + i] = st;
      st *= shape_[i];
    }
  }
  int64_t rank() const { return int64_t(shape_.size()); }
  void *ptr() { return d_.data(); }

private:
  Shape shape_;
  std::vector<int64_t> d_;
};

#define ARG(d) (d).rank(), (d).ptr()

std::string shapeStr(const Shape &s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "x" : "") + std::to_string(s[i]);
  return r + "]";
}

int64_t numel(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

//--- Timing ----------------------------------------------------------------------

double seconds(const std::function<void()> &fn) {
  auto t0 = Clock::now();
  fn();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// max |a - b| / max(1, max |b|).
double relDiff(const float *a, const float *b, int64_t n) {
  double worst = 0.0, scale = 1.0;
  for (int64_t i = 0; i < n; ++i) {
    scale = std::max(scale, double(std::fabs(b[i])));
    double e = std::fabs(double(a[i]) - double(b[i]));
    if (!(e <= worst))
      worst = e;
  }
  return worst / scale;
}

bool gCheckFailed = false;
volatile float gOne = 1.0f;

void check(const char *what, const float *got, const float *want, int64_t n,
           double tol = 1e-5) {
  double e = relDiff(got, want, n);
  if (!(e <= tol)) {
    std::fprintf(stderr,
                 "bench_cpu_ops: CHECK FAILED for %s: relative difference %g "
                 "(tolerance %g)\n",
                 what, e, tol);
    gCheckFailed = true;
  }
}

//--- Heavy ops -------------------------------------------------------------------

struct HeavyResult {
  std::string op, shape;
  double gflop, echoMs, directMs, overhead;
  double paired; // median over repetitions of echo_r / direct_r - 1
  int reps;
  bool pass;
  std::string note;
};

void sgemmRM(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const float *a,
             int64_t lda, const float *b, int64_t ldb, float beta, float *c,
             int64_t ldc) {
  cblas_sgemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans,
              tb ? CblasTrans : CblasNoTrans, int(m), int(n), int(k), 1.0f, a,
              int(lda), b, int(ldb), beta, c, int(ldc));
}

/// One interleaved series of `reps` repetitions of each side.
void series(int reps, const std::function<void()> &echo,
            const std::function<void()> &direct, HeavyResult &h) {
  std::vector<double> te, td, ratios;
  for (int r = 0; r < reps; ++r) {
    // Alternate which side goes first, so neither always runs on a cache
    // warmed (or a frequency raised) by the other.
    if (r % 2 == 0) {
      te.push_back(seconds(echo));
      td.push_back(seconds(direct));
    } else {
      td.push_back(seconds(direct));
      te.push_back(seconds(echo));
    }
    ratios.push_back(te.back() / td.back());
  }
  h.echoMs = 1e3 * median(te);
  h.directMs = 1e3 * median(td);
  h.overhead = h.echoMs / h.directMs - 1.0;
  h.paired = median(ratios) - 1.0;
  h.reps = reps;
  h.pass = h.overhead <= kHeavyLimit;
}

/// Times `echo` against `direct` interleaved; a warm-up pair first, then the
/// repetition count from the warm-up time (within the configured bounds).
/// A miss is measured once more with twice the repetitions (a burst of load
/// on a shared machine can land on one side); the second series decides and
/// the first is reported in the note.
HeavyResult compare(const Options &o, std::string op, std::string shape,
                    double gflop, const std::function<void()> &echo,
                    const std::function<void()> &direct) {
  double w = 0.0;
  for (int i = 0; i < 2; ++i)
    w = seconds(echo) + seconds(direct);
  int reps = int(o.heavySeconds / std::max(w, 1e-6));
  reps = std::max(o.heavyMinReps, std::min(o.heavyMaxReps, reps));
  HeavyResult h;
  h.op = std::move(op);
  h.shape = std::move(shape);
  h.gflop = gflop;
  series(reps, echo, direct, h);
  if (!h.pass) {
    char first[160];
    std::snprintf(first, sizeof(first),
                  "re-measured: first series %.3f vs %.3f ms, overhead "
                  "%+.1f%%, paired %+.1f%%, n %d",
                  h.echoMs, h.directMs, 100 * h.overhead, 100 * h.paired,
                  h.reps);
    series(2 * reps, echo, direct, h);
    h.note = first;
  }
  return h;
}

/// y[m, n] = x[m, k] * w[n, k]^T (+ b).
HeavyResult benchLinear(const Options &o, int64_t m, int64_t k, int64_t n,
                        bool bias) {
  Buffer x(m * k), w(n * k), b(n), ye(m * n), yd(m * n);
  x.random(1), w.random(2), b.random(3);
  Desc X(x.data(), {m, k}), W(w.data(), {n, k}), B(b.data(), {n}),
      Y(ye.data(), {m, n});
  // The direct side writes to its own buffer for the check, then (timing)
  // to the echo output, so both sides store to the same memory.
  float *dst = yd.data();
  auto echo = [&] { echo_linear(gCtx, ARG(X), ARG(W), ARG(B), ARG(Y), bias); };
  auto direct = [&] {
    sgemmRM(false, true, m, n, k, x.data(), k, w.data(), k, 0.0f, dst, n);
    if (bias) {
      float *out = dst;
      const float *bp = b.data();
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          out[i * n + j] += bp[j];
    }
  };
  echo(), direct();
  check("echo_linear", ye.data(), yd.data(), m * n);
  dst = ye.data();
  return compare(o, bias ? "linear+bias" : "linear",
                 shapeStr({m, k}) + "x" + shapeStr({n, k}) + "^T",
                 2e-9 * m * n * k, echo, direct);
}

/// dx[m, k] = dy[m, n] * w[n, k].
HeavyResult benchLinearGradInput(const Options &o, int64_t m, int64_t k,
                                 int64_t n) {
  Buffer dy(m * n), w(n * k), dxe(m * k), dxd(m * k);
  dy.random(4), w.random(5);
  Desc DY(dy.data(), {m, n}), W(w.data(), {n, k}), DX(dxe.data(), {m, k});
  // The direct side writes to its own buffer for the check, then (timing)
  // to the echo output, so both sides store to the same memory.
  float *dst = dxd.data();
  auto echo = [&] { echo_linear_grad_input(gCtx, ARG(DY), ARG(W), ARG(DX)); };
  auto direct = [&] {
    sgemmRM(false, false, m, k, n, dy.data(), n, w.data(), k, 0.0f,
            dst, k);
  };
  echo(), direct();
  check("echo_linear_grad_input", dxe.data(), dxd.data(), m * k);
  dst = dxe.data();
  return compare(o, "linear_grad_input",
                 shapeStr({m, n}) + "x" + shapeStr({n, k}), 2e-9 * m * n * k,
                 echo, direct);
}

/// dw[n, k] = dy[m, n]^T * x[m, k].
HeavyResult benchLinearGradWeight(const Options &o, int64_t m, int64_t k,
                                  int64_t n) {
  Buffer dy(m * n), x(m * k), dwe(n * k), dwd(n * k);
  dy.random(6), x.random(7);
  Desc DY(dy.data(), {m, n}), X(x.data(), {m, k}), DW(dwe.data(), {n, k});
  // The direct side writes to its own buffer for the check, then (timing)
  // to the echo output, so both sides store to the same memory.
  float *dst = dwd.data();
  auto echo = [&] { echo_linear_grad_weight(gCtx, ARG(DY), ARG(X), ARG(DW)); };
  auto direct = [&] {
    sgemmRM(true, false, n, k, m, dy.data(), n, x.data(), k, 0.0f, dst,
            k);
  };
  echo(), direct();
  check("echo_linear_grad_weight", dwe.data(), dwd.data(), n * k);
  dst = dwe.data();
  return compare(o, "linear_grad_weight",
                 shapeStr({m, n}) + "^Tx" + shapeStr({m, k}),
                 2e-9 * m * n * k, echo, direct);
}

/// c[batch, m, n] = a[batch, m, k] * op(b) (b is [batch, n, k] if transB).
HeavyResult benchMatmul(const Options &o, int64_t batch, int64_t m, int64_t k,
                        int64_t n, bool transB) {
  Buffer a(batch * m * k), b(batch * k * n), ce(batch * m * n),
      cd(batch * m * n);
  a.random(8), b.random(9);
  Shape sa = {m, k}, sb = transB ? Shape{n, k} : Shape{k, n}, sc = {m, n};
  if (batch > 1) {
    sa.insert(sa.begin(), batch);
    sb.insert(sb.begin(), batch);
    sc.insert(sc.begin(), batch);
  }
  Desc A(a.data(), sa), B(b.data(), sb), C(ce.data(), sc);
  // The direct side writes to its own buffer for the check, then (timing)
  // to the echo output, so both sides store to the same memory.
  float *dst = cd.data();
  auto echo = [&] { echo_matmul(gCtx, ARG(A), ARG(B), ARG(C), 0, transB); };
  auto direct = [&] {
    int64_t ldb = transB ? k : n;
    for (int64_t i = 0; i < batch; ++i)
      sgemmRM(false, transB, m, n, k, a.data() + i * m * k, k,
              b.data() + i * k * n, ldb, 0.0f, dst + i * m * n, n);
  };
  echo(), direct();
  check("echo_matmul", ce.data(), cd.data(), batch * m * n);
  dst = ce.data();
  return compare(o, "matmul",
                 shapeStr(sa) + "x" + shapeStr(sb) + (transB ? "^T" : ""),
                 2e-9 * batch * m * n * k, echo, direct);
}

struct Conv {
  int64_t n, c, h, w, o, kh, kw, pad;
  int64_t oh() const { return h + 2 * pad - kh + 1; }
  int64_t ow() const { return w + 2 * pad - kw + 1; }
};

/// The textbook (Caffe-style) im2col for stride 1, dilation 1:
/// col[(c, i, j), (y, x)] = x[c, y - pad + i, x - pad + j] or 0.
void im2col(const Conv &g, const float *x, float *col) {
  int64_t oh = g.oh(), ow = g.ow();
  for (int64_t c = 0; c < g.c; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j) {
        float *row = col + ((c * g.kh + i) * g.kw + j) * oh * ow;
        for (int64_t y = 0; y < oh; ++y) {
          int64_t iy = y - g.pad + i;
          float *out = row + y * ow;
          if (iy < 0 || iy >= g.h) {
            for (int64_t xo = 0; xo < ow; ++xo)
              out[xo] = 0.0f;
            continue;
          }
          const float *in = x + (c * g.h + iy) * g.w;
          for (int64_t xo = 0; xo < ow; ++xo) {
            int64_t ix = xo - g.pad + j;
            out[xo] = (ix >= 0 && ix < g.w) ? in[ix] : 0.0f;
          }
        }
      }
}

/// NCHW x OIHW, stride 1, dilation 1, one group, no bias; the direct side
/// is im2col (skipped for 1x1 without padding) + one sgemm per image, with
/// the column buffer allocated once outside the timed region.
HeavyResult benchConv(const Options &o, const Conv &g) {
  int64_t oh = g.oh(), ow = g.ow(), ckk = g.c * g.kh * g.kw;
  Buffer x(g.n * g.c * g.h * g.w), w(g.o * ckk), b(g.o),
      ye(g.n * g.o * oh * ow), yd(g.n * g.o * oh * ow);
  bool oneByOne = g.kh == 1 && g.kw == 1 && g.pad == 0;
  Buffer col(oneByOne ? 1 : ckk * oh * ow);
  x.random(10), w.random(11, -0.1f, 0.1f);
  Desc X(x.data(), {g.n, g.c, g.h, g.w}), W(w.data(), {g.o, g.c, g.kh, g.kw}),
      B(b.data(), {g.o}), Y(ye.data(), {g.n, g.o, oh, ow}),
      NoWorkspace(nullptr, {0}); // the CPU backend needs none
  // The direct side writes to its own buffer for the check, then (timing)
  // to the echo output, so both sides store to the same memory.
  float *dst = yd.data();
  auto echo = [&] {
    echo_conv2d(gCtx, ARG(X), ARG(W), ARG(B), ARG(Y), ARG(NoWorkspace), 0, 1,
                1, g.pad, g.pad, 1, 1, 1);
  };
  auto direct = [&] {
    for (int64_t i = 0; i < g.n; ++i) {
      const float *xi = x.data() + i * g.c * g.h * g.w;
      const float *cp = xi;
      if (!oneByOne) {
        im2col(g, xi, col.data());
        cp = col.data();
      }
      sgemmRM(false, false, g.o, oh * ow, ckk, w.data(), ckk, cp, oh * ow,
              0.0f, dst + i * g.o * oh * ow, oh * ow);
    }
  };
  echo(), direct();
  check("echo_conv2d", ye.data(), yd.data(), g.n * g.o * oh * ow);
  dst = ye.data();
  char shape[160];
  std::snprintf(shape, sizeof(shape), "x[%lldx%lldx%lldx%lld] w[%lldx%lldx%lldx%lld] pad %lld",
                (long long)g.n, (long long)g.c, (long long)g.h, (long long)g.w,
                (long long)g.o, (long long)g.c, (long long)g.kh,
                (long long)g.kw, (long long)g.pad);
  HeavyResult r = compare(o, "conv2d", shape,
                          2e-9 * g.n * g.o * oh * ow * ckk, echo, direct);
  if (!oneByOne) {
    // How much of the direct side is im2col (the same unfolding in both).
    std::vector<double> t;
    for (int rep = 0; rep < 5; ++rep)
      t.push_back(seconds([&] {
        for (int64_t i = 0; i < g.n; ++i)
          im2col(g, x.data() + i * g.c * g.h * g.w, col.data());
      }));
    r.note += std::string(r.note.empty() ? "" : "; ") + "im2col alone: " + std::to_string(1e3 * median(t)).substr(0, 6) +
             " ms of the direct time";
  }
  return r;
}

bool runHeavy(const Options &o) {
  std::vector<HeavyResult> rs;
  auto add = [&](HeavyResult r) {
    std::printf("  %-19s %-38s %6.3f %8.3f %9.3f %+8.1f%% %+7.1f%%  %5.1f  %3d  "
                "%s\n",
                r.op.c_str(), r.shape.c_str(), r.gflop, r.echoMs, r.directMs,
                100.0 * r.overhead, 100.0 * r.paired,
                r.gflop / (r.echoMs * 1e-3), r.reps, r.pass ? "PASS" : "FAIL");
    if (!r.note.empty())
      std::printf("  %-19s (%s)\n", "", r.note.c_str());
    std::fflush(stdout);
    rs.push_back(r);
  };
  std::printf("Heavy ops: echo entry vs the same OpenBLAS work called directly "
              "(median of interleaved reps; PASS: overhead <= %.0f%%)\n",
              100 * kHeavyLimit);
  std::printf("  overhead = median(echo) / median(direct) - 1 (judged); paired ="
              " median of per-pair ratios - 1 (noise check)\n");
  std::printf("  %-19s %-38s %6s %8s %9s %9s %8s  %5s  %3s  %s\n", "op",
              "shape", "GFLOP", "echo ms", "direct ms", "overhead", "paired",
              "GF/s", "n", "result");
  // Transformer-ish MLP and projection, then an LSTM gate GEMM (4 * 1024).
  add(benchLinear(o, 256, 1024, 1024, false));
  add(benchLinear(o, 128, 512, 2048, false));
  add(benchLinear(o, 128, 1024, 4096, false));
  add(benchLinear(o, 128, 1024, 4096, true));
  add(benchMatmul(o, 1, 1024, 1024, 1024, false));
  add(benchMatmul(o, 32, 128, 64, 128, true)); // attention scores
  add(benchLinearGradInput(o, 256, 1024, 1024));
  add(benchLinearGradInput(o, 128, 1024, 4096));
  add(benchLinearGradWeight(o, 256, 1024, 1024));
  add(benchLinearGradWeight(o, 128, 1024, 4096));
  add(benchConv(o, {8, 64, 56, 56, 64, 3, 3, 1}));  // ResNet conv2_x 3x3
  add(benchConv(o, {8, 256, 56, 56, 64, 1, 1, 0})); // ResNet 1x1 reduce
  bool ok = true;
  for (auto &r : rs)
    ok &= r.pass;
  return ok;
}

//--- Elementwise ops -------------------------------------------------------------

struct ElemCase {
  std::string name;
  double streams; // f32 tensors read + written per element
  bool target;    // judged against the memcpy bandwidth
  std::function<void()> fn;
  std::vector<double> t;
  int of = -1; // the same entry at --threads, for a case at one thread
  bool entry = true; // a runtime entry (runs on the thread count)
};

bool runElementwise(const Options &o) {
  int64_t n = o.elements;
  double mib = n * 4.0 / (1 << 20);
  Buffer a(n), b(n), c(n), d(n), e(n);
  a.random(20), b.random(21), c.random(22);
  Desc A(a.data(), {n}), B(b.data(), {n}), C(c.data(), {n}), D(d.data(), {n}),
      E(e.data(), {n});

  // Correctness against scalar references (small prefix is enough).
  {
    int64_t m = std::min<int64_t>(n, 1 << 16);
    std::vector<float> ref(m);
    echo_unary(gCtx, ECHO_RELU, ARG(A), ARG(D));
    for (int64_t i = 0; i < m; ++i)
      ref[i] = a.data()[i] > 0 ? a.data()[i] : 0.0f;
    check("echo_unary(relu)", d.data(), ref.data(), m, 0);
    echo_binary(gCtx, ECHO_ADD, ARG(A), ARG(B), ARG(D));
    for (int64_t i = 0; i < m; ++i)
      ref[i] = a.data()[i] + b.data()[i];
    check("echo_binary(add)", d.data(), ref.data(), m, 0);
    echo_unary_grad(gCtx, ECHO_RELU, ARG(A), ARG(B), ARG(D));
    for (int64_t i = 0; i < m; ++i)
      ref[i] = a.data()[i] > 0 ? b.data()[i] : 0.0f;
    check("echo_unary_grad(relu)", d.data(), ref.data(), m, 0);
  }

  // Parameters a (param), b (grad), c (velocity); outputs d, e. Inputs are
  // never overwritten, so every round sees the same data.
  const double lr = 0.01, mom = 0.9, wd = 1e-4;
  std::vector<ElemCase> cs;
  cs.push_back({"memcpy", 2, false,
                [&] { std::memcpy(d.data(), a.data(), n * sizeof(float)); },
                {}, -1, false});
  // A plain load/store loop (a scale by a runtime 1.0f, so the compiler
  // cannot turn it into memcpy): what any ordinary-store loop can reach.
  cs.push_back({"scale loop (ref)", 2, false,
                [&] {
                  const float *__restrict in = a.data();
                  float *__restrict out = e.data();
                  const float one = gOne;
                  for (int64_t i = 0; i < n; ++i)
                    out[i] = in[i] * one;
                },
                {}, -1, false});
  cs.push_back({"unary relu", 2, true,
                [&] { echo_unary(gCtx, ECHO_RELU, ARG(A), ARG(D)); }, {}});
  cs.push_back({"binary add", 3, true,
                [&] { echo_binary(gCtx, ECHO_ADD, ARG(A), ARG(B), ARG(D)); }, {}});
  cs.push_back({"unary_grad relu", 3, true,
                [&] { echo_unary_grad(gCtx, ECHO_RELU, ARG(A), ARG(B), ARG(D)); },
                {}});
  cs.push_back({"sgd_update", 3, true,
                [&] {
                  echo_sgd_update(gCtx, ARG(A), ARG(B), ARG(C), ARG(D), ARG(E), lr,
                                  0.0, wd, 0);
                },
                {}});
  cs.push_back({"sgd_update momentum", 5, true,
                [&] {
                  echo_sgd_update(gCtx, ARG(A), ARG(B), ARG(C), ARG(D), ARG(E), lr,
                                  mom, wd, 1);
                },
                {}});

  // Gist codecs (not judged): bytes in and out, counted in f32 tensors.
  // fp8: 4 elements per 32-bit word (n is a multiple of 4 here); bits: 8
  // per byte. Descriptors carry no element type: sizes in bytes.
  Desc Bytes(e.data(), {(n + 3) / 4 * 4}), Bits(e.data(), {(n + 7) / 8});
  cs.push_back({"encode fp8", 1.25, false,
                [&] { echo_encode_fp8(gCtx, ARG(A), ARG(Bytes)); }, {}});
  cs.push_back({"decode fp8", 1.25, false,
                [&] { echo_decode_fp8(gCtx, ARG(Bytes), ARG(D)); }, {}});
  cs.push_back({"encode binarize", 1 + 1.0 / 32, false,
                [&] { echo_encode_binarize(gCtx, ARG(A), ARG(Bits)); }, {}});
  cs.push_back({"relu_grad binarized", 2 + 1.0 / 32, false,
                [&] { echo_relu_grad_binarized(gCtx, ARG(Bits), ARG(B), ARG(D)); },
                {}});

  // Each entry again at one thread, in the same rounds.
  for (size_t i = 0, end = cs.size(); i < end; ++i) {
    if (!cs[i].entry || o.threads == 1)
      continue;
    std::function<void()> fn = cs[i].fn;
    int threads = o.threads;
    cs.push_back({cs[i].name + " @1", cs[i].streams, false,
                  [fn, threads] {
                    openblas_set_num_threads(1);
                    fn();
                    openblas_set_num_threads(threads);
                  },
                  {}, int(i), true});
  }
  for (auto &k : cs) // warm-up
    k.fn();
  for (int r = 0; r < o.elemReps; ++r) {
    // Rotate the starting case each round so that no case always follows
    // the same neighbour.
    for (size_t i = 0; i < cs.size(); ++i) {
      ElemCase &k = cs[(i + r) % cs.size()];
      k.t.push_back(seconds(k.fn));
    }
  }

  double bytes = n * 4.0;
  double copyMs = 1e3 * median(cs[0].t);
  double copyGBs = 2 * bytes / (copyMs * 1e-3) / 1e9;
  std::printf("\nElementwise ops: %lld f32 elements (%.0f MiB per tensor), "
              "entries on %d threads (\"@1\": on one), memcpy on one, %d "
              "interleaved rounds\n",
              (long long)n, mib, o.threads, o.elemReps);
  std::printf("  bandwidth = f32 tensors read + written * bytes / median "
              "time; PASS: >= %.0f%% of memcpy\n",
              100 * kBandwidthTarget);
  std::printf("  %-24s %5s %8s %9s %9s  %s\n", "op", "tens.", "ms", "GB/s",
              "of memcpy", "result");
  bool ok = true;
  for (auto &k : cs) {
    double ms = 1e3 * median(k.t);
    double gbs = k.streams * bytes / (ms * 1e-3) / 1e9;
    double ratio = gbs / copyGBs;
    bool pass = ratio >= kBandwidthTarget;
    if (k.target)
      ok &= pass;
    std::string note = k.target ? (pass ? "PASS" : "FAIL")
                                : (&k == &cs[0] ? "(baseline)" : "(info)");
    if (k.of >= 0) {
      char speedup[64];
      std::snprintf(speedup, sizeof speedup, " (%d threads: %.2fx faster)",
                    o.threads, ms / (1e3 * median(cs[k.of].t)));
      note += speedup;
    }
    std::printf("  %-24s %5.2f %8.2f %9.2f %8.0f%%  %s\n", k.name.c_str(),
                k.streams, ms, gbs, 100 * ratio, note.c_str());
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  if (echo_context_create(&gCtx) != ECHO_OK) {
    std::fprintf(stderr, "bench_cpu_ops: cannot create a runtime context\n");
    return 2;
  }
  Options o;
  if (!parse(argc, argv, o)) {
    usage();
    return 2;
  }
  openblas_set_num_threads(o.threads);
  std::printf("bench/cpu-ops: echo CPU runtime vs direct calls\n");
  std::printf("OpenBLAS: %s (core %s); threads set with "
              "openblas_set_num_threads(%d), openblas_get_num_threads() = %d "
              "(both sides share this libopenblas)\n",
              openblas_get_config(), openblas_get_corename(), o.threads,
              openblas_get_num_threads());
  const char *env = std::getenv("OPENBLAS_NUM_THREADS");
  const char *core = std::getenv("OPENBLAS_CORETYPE");
  std::printf("OPENBLAS_NUM_THREADS=%s (overridden by the call above), "
              "OPENBLAS_CORETYPE=%s\n",
              env ? env : "<unset>", core ? core : "<unset>");
  std::string coreName = openblas_get_corename();
  if (__builtin_cpu_supports("avx2") &&
      (coreName == "Prescott" || coreName == "Core2" || coreName == "Nehalem"))
    std::printf("NOTE: this CPU has AVX2 but OpenBLAS picked the %s kernels "
                "(CPU model not recognised); sgemm runs several times slower "
                "than it could. Both sides are affected alike; try "
                "OPENBLAS_CORETYPE=Haswell or SkylakeX.\n",
                coreName.c_str());
  std::printf("\n");
  std::fflush(stdout);
  auto t0 = Clock::now();
  bool ok = true;
  if (o.heavy)
    ok &= runHeavy(o);
  if (o.elementwise)
    ok &= runElementwise(o);
  double total = std::chrono::duration<double>(Clock::now() - t0).count();
  if (gCheckFailed) {
    std::printf("\nRESULT: CHECK FAILED (echo results differ from the "
                "baselines; see stderr) in %.1f s\n",
                total);
    return 2;
  }
  std::printf("\nRESULT: %s (%.1f s)\n", ok ? "ALL PASS" : "SOME TARGETS MISSED",
              total);
  return ok ? 0 : 1;
}
