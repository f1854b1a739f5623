//===- Attention.cpp - Fused scaled dot-product attention -------------------===//
//
// echo_attention and echo_attention_grad on the CPU: the arithmetic of
// AttentionMath.h (online softmax over blocks of keys; the backward
// recomputes the probabilities from lse) on tiles of kTile query rows by
// kTile keys, each product of a tile one double-precision OpenBLAS call
// (dgemmTile) on tiles converted from f32:
//   forward, per row block:  S = Q Kᵀ, P = exp(scale S + mask - m),
//                            O += P V (rescaled when the row maximum m grows);
//   backward, per key block (dk, dv) and per row block (dq), P recomputed
//   from lse: dP = dO Vᵀ, dS = P (f dP - delta), dV += (P f)ᵀ dO,
//   dK += dSᵀ Q, dQ += dS K.
// Causal attention skips the key blocks that lie wholly above the
// diagonal. Each output element is computed by one item (a row block or a
// key block) in a fixed order, blocks of rows and keys in increasing order,
// so the bits do not depend on the thread count.
//
// Memory: no L x L buffer. A thread's tiles, with t = min(kTile, max(Lq,
// Lk)), are 6 t x D + 2 t x kTile + 2 t doubles of the context's attention
// scratch (Context.h), allocated before the threads start and kept for the
// next call.
//
//===----------------------------------------------------------------------===//

#include "AttentionArgs.h"
#include "Blas.h"
#include "Context.h"
#include "Parallel.h"

#include <algorithm>
#include <climits>
#include <cstring>

using namespace echo_rt;
using namespace echo_attn;

namespace {

/// Query rows and keys per tile.
constexpr int64_t kTile = 64;
/// Below this many multiply-adds in all an entry runs on one thread.
constexpr double kMinParallelMacs = double(1 << 21);

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// e^x in double, within a few units in the last place (the probabilities
/// only need f32 accuracy): x = k ln2 + r with |r| <= ln2 / 2, the Taylor
/// series of e^r to degree 13 (truncation below 1e-17), times 2^k built in
/// the exponent bits. e^x below 2^-1021 (x < -708, -inf included) is 0; NaN
/// stays NaN. Only +, -, * in a fixed order: the same bits everywhere, and
/// a loop of it vectorizes, where libm's exp is a call per element.
inline double expD(double x) {
  const double xc = x > 709.0 ? 709.0 : (x < -745.0 ? -745.0 : x);
  const double shift = 6755399441055744.0; // 1.5 * 2^52: rounds to integer
  const double t = xc * 1.4426950408889634 + shift;
  const double kf = t - shift;
  const double r = (xc - kf * 6.93147180369123816490e-01) -
                   kf * 1.90821492927058770002e-10;
  double p = 1.0 / 6227020800.0; // 1/13!
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  uint64_t bits, kbits;
  std::memcpy(&bits, &t, sizeof bits);
  kbits = (bits - 0x4338000000000000ULL + 1023) << 52;
  double scale;
  std::memcpy(&scale, &kbits, sizeof scale);
  return xc < -708.0 ? 0.0 : p * scale;
}

/// x[0, n) = e^(x - sub). Clones for wider vectors give the same bits: the
/// same operations, never contracted (-ffp-contract=off).
__attribute__((noinline, target_clones("avx512f", "avx2", "default"))) void
expShifted(double *x, int64_t n, double sub) {
  for (int64_t w = 0; w < n; ++w)
    x[w] = expD(x[w] - sub);
}

void toDouble(const float *src, int64_t n, double *dst) {
  for (int64_t e = 0; e < n; ++e)
    dst[e] = src[e];
}

/// One thread's tiles in its scratch buffer, for tiles of at most `t`
/// (= min(kTile, max(Lq, Lk))) rows or keys; the score tiles' rows are
/// kTile apart.
struct Tiles {
  double *q, *dout, *k, *v; // t x D each, the f32 operands converted
  double *acc0, *acc1;      // t x D: out (forward); dk, dv or dq
  double *s, *dp;           // t x kTile: scores / probabilities, dP / dS
  double *rowA, *rowB;      // t: m and l (forward); lse and delta

  static int64_t doubles(int64_t t, int64_t d) {
    return 6 * t * d + 2 * t * kTile + 2 * t;
  }
  Tiles(double *base, int64_t t, int64_t d) {
    double **tiles[] = {&q, &dout, &k, &v, &acc0, &acc1};
    for (double **tile : tiles) {
      *tile = base;
      base += t * d;
    }
    s = base;
    dp = s + t * kTile;
    rowA = dp + t * kTile;
    rowB = rowA + t;
  }
};

/// Runs body(tiles, item) for items [0, items) side by side on the
/// backend's threads with OpenBLAS single-threaded, each thread on its own
/// tiles. `macs` (the entry's multiply-adds) decides whether threads pay.
template <typename Body>
void forItems(Context &ctx, const Geometry &g, int64_t items, double macs,
              Body &&body) {
  withSerialBlas([&](int threads) {
    int64_t pieces = macs < kMinParallelMacs
                         ? 1
                         : std::min<int64_t>(threads, items);
    pieces = std::max<int64_t>(pieces, 1);
    auto &scratch = ctx.attentionScratch;
    const int64_t tile = minI(kTile, std::max(g.lq, g.lk));
    const size_t need = static_cast<size_t>(Tiles::doubles(tile, g.d));
    if (scratch.size() < static_cast<size_t>(pieces))
      scratch.resize(pieces);
    for (int64_t p = 0; p < pieces; ++p)
      if (scratch[p].size() < need)
        scratch[p].resize(need);
    parallelPieces(items, pieces, [&](int64_t p, int64_t begin, int64_t end) {
      Tiles tiles(scratch[p].data(), tile, g.d);
      for (int64_t item = begin; item < end; ++item)
        body(tiles, item);
    });
  });
}

/// The mask element (i, j) of slice bh, as score() reads it.
struct MaskRows {
  const float *base = nullptr;
  int64_t rowStride = 0, colStride = 0;
  MaskRows(const Geometry &g, const float *mask, int64_t bh) {
    if (!g.hasMask)
      return;
    int64_t b = bh / g.heads, h = bh % g.heads;
    base = mask + b * g.maskStride[0] + h * g.maskStride[1];
    rowStride = g.maskStride[2];
    colStride = g.maskStride[3];
  }
};

/// s[u][w] (row stride kTile) = scale * q_i . k_j + mask_ij for rows
/// i = i0 + u < i0 + rn and keys j = j0 + w < j0 + jn, from the converted
/// tiles; -inf where j is hidden by the causal mask.
void scoreTile(const Geometry &g, const MaskRows &mask, int64_t i0,
               int64_t rn, int64_t j0, int64_t jn, const double *q,
               const double *k, double *s) {
  dgemmTile(false, true, rn, jn, g.d, 1.0, q, g.d, k, g.d, 0.0, s, kTile);
  for (int64_t u = 0; u < rn; ++u) {
    const int64_t i = i0 + u, visible = visibleKeys(g, i) - j0;
    double *row = s + u * kTile;
    for (int64_t w = 0; w < jn; ++w)
      row[w] *= g.scale;
    if (mask.base) {
      const float *mrow = mask.base + i * mask.rowStride + j0 * mask.colStride;
      for (int64_t w = 0; w < jn; ++w)
        row[w] += mrow[w * mask.colStride];
    }
    for (int64_t w = std::max<int64_t>(visible, 0); w < jn; ++w)
      row[w] = -INFINITY;
  }
}

/// out and lse of rows [i0, i0 + kTile) of slice bh.
void forwardBlock(const Geometry &g, const ForwardTensors &t, Tiles &w,
                  int64_t bh, int64_t i0) {
  const int64_t d = g.d, rn = minI(kTile, g.lq - i0);
  // Keys the block's last row sees; the blocks past it are skipped.
  const int64_t keys = visibleKeys(g, i0 + rn - 1);
  const MaskRows mask(g, t.mask, bh);
  double *o = w.acc0, *m = w.rowA, *l = w.rowB;
  toDouble(t.q + (bh * g.lq + i0) * d, rn * d, w.q);
  std::fill(o, o + rn * d, 0.0);
  std::fill(m, m + rn, -INFINITY);
  std::fill(l, l + rn, 0.0);
  for (int64_t j0 = 0; j0 < keys; j0 += kTile) {
    const int64_t jn = minI(kTile, keys - j0);
    toDouble(t.k + (bh * g.lk + j0) * d, jn * d, w.k);
    scoreTile(g, mask, i0, rn, j0, jn, w.q, w.k, w.s);
    for (int64_t u = 0; u < rn; ++u) {
      double *row = w.s + u * kTile;
      double tileMax = -INFINITY;
      for (int64_t x = 0; x < jn; ++x)
        tileMax = row[x] > tileMax ? row[x] : tileMax;
      if (tileMax > m[u]) { // rescale what was summed against the old maximum
        double r = expD(m[u] - tileMax);
        l[u] *= r;
        for (int64_t c = 0; c < d; ++c)
          o[u * d + c] *= r;
        m[u] = tileMax;
      }
      if (m[u] == -INFINITY) { // every key so far hidden
        std::fill(row, row + jn, 0.0);
        continue;
      }
      expShifted(row, jn, m[u]);
      for (int64_t x = 0; x < jn; ++x)
        l[u] += row[x];
      if (g.dropout != 0.0) // l sums the undropped ones
        for (int64_t x = 0; x < jn; ++x)
          row[x] *= dropFactor(g, bh, i0 + u, j0 + x);
    }
    toDouble(t.v + (bh * g.lk + j0) * d, jn * d, w.v);
    dgemmTile(false, false, rn, d, jn, 1.0, w.s, kTile, w.v, d, 1.0, o, d);
  }
  for (int64_t u = 0; u < rn; ++u) {
    float *out = t.out + (bh * g.lq + i0 + u) * d;
    for (int64_t c = 0; c < d; ++c)
      out[c] = l[u] > 0.0 ? static_cast<float>(o[u * d + c] / l[u]) : 0.0f;
    t.lse[bh * g.lq + i0 + u] =
        l[u] > 0.0 ? static_cast<float>(m[u] + log(l[u])) : -INFINITY;
  }
}

/// The rows [i0, i0 + rn) of slice bh that a backward tile reads: q and
/// dout converted, lse and delta_i = dout_i . out_i.
void loadRows(const Geometry &g, const GradTensors &t, Tiles &w, int64_t bh,
              int64_t i0, int64_t rn) {
  const int64_t row0 = bh * g.lq + i0;
  toDouble(t.q + row0 * g.d, rn * g.d, w.q);
  toDouble(t.dout + row0 * g.d, rn * g.d, w.dout);
  for (int64_t u = 0; u < rn; ++u) {
    w.rowA[u] = t.lse[row0 + u];
    w.rowB[u] = w.rowA[u] == -INFINITY
                    ? 0.0
                    : dot(t.dout + (row0 + u) * g.d,
                          t.out + (row0 + u) * g.d, g.d);
  }
}

/// For rows [i0, i0 + rn) (loaded) and keys [j0, j0 + jn) (converted):
/// w.s = p_ij f_ij and w.dp = ds_ij = p_ij (f_ij dout_i . v_j - delta_i),
/// both 0 where j is hidden from i or row i has no visible key.
void gradTile(const Geometry &g, const MaskRows &mask, Tiles &w, int64_t bh,
              int64_t i0, int64_t rn, int64_t j0, int64_t jn) {
  scoreTile(g, mask, i0, rn, j0, jn, w.q, w.k, w.s);
  dgemmTile(false, true, rn, jn, g.d, 1.0, w.dout, g.d, w.v, g.d, 0.0, w.dp,
            kTile);
  for (int64_t u = 0; u < rn; ++u) {
    const int64_t i = i0 + u;
    const double lse = w.rowA[u], delta = w.rowB[u];
    double *p = w.s + u * kTile, *ds = w.dp + u * kTile;
    const int64_t visible =
        lse == -INFINITY ? 0 : std::max<int64_t>(visibleKeys(g, i) - j0, 0);
    const int64_t n = minI(visible, jn);
    expShifted(p, n, lse);
    if (g.dropout == 0.0) {
      for (int64_t x = 0; x < n; ++x)
        ds[x] = p[x] * (ds[x] - delta);
    } else {
      for (int64_t x = 0; x < n; ++x) {
        double f = dropFactor(g, bh, i, j0 + x);
        ds[x] = p[x] * (f * ds[x] - delta);
        p[x] *= f;
      }
    }
    std::fill(p + n, p + jn, 0.0);
    std::fill(ds + n, ds + jn, 0.0);
  }
}

/// dk and dv of keys [j0, j0 + kTile) of slice bh: rows in blocks of
/// kTile, in increasing order.
void keyBlock(const Geometry &g, const GradTensors &t, Tiles &w, int64_t bh,
              int64_t j0) {
  const int64_t d = g.d, jn = minI(kTile, g.lk - j0);
  const int64_t key0 = bh * g.lk + j0;
  const MaskRows mask(g, t.mask, bh);
  toDouble(t.k + key0 * d, jn * d, w.k);
  toDouble(t.v + key0 * d, jn * d, w.v);
  double *dk = w.acc0, *dv = w.acc1;
  std::fill(dk, dk + jn * d, 0.0);
  std::fill(dv, dv + jn * d, 0.0);
  // Rows before j0 see none of these keys when causal.
  for (int64_t i0 = g.causal ? j0 : 0; i0 < g.lq; i0 += kTile) {
    const int64_t rn = minI(kTile, g.lq - i0);
    loadRows(g, t, w, bh, i0, rn);
    gradTile(g, mask, w, bh, i0, rn, j0, jn);
    dgemmTile(true, false, jn, d, rn, 1.0, w.s, kTile, w.dout, d, 1.0, dv, d);
    dgemmTile(true, false, jn, d, rn, 1.0, w.dp, kTile, w.q, d, 1.0, dk, d);
  }
  for (int64_t e = 0; e < jn * d; ++e) {
    t.dk[key0 * d + e] = static_cast<float>(g.scale * dk[e]);
    t.dv[key0 * d + e] = static_cast<float>(dv[e]);
  }
}

/// dq of rows [i0, i0 + kTile) of slice bh: keys in blocks of kTile, in
/// increasing order.
void rowBlock(const Geometry &g, const GradTensors &t, Tiles &w, int64_t bh,
              int64_t i0) {
  const int64_t d = g.d, rn = minI(kTile, g.lq - i0);
  const int64_t keys = visibleKeys(g, i0 + rn - 1);
  const MaskRows mask(g, t.mask, bh);
  loadRows(g, t, w, bh, i0, rn);
  double *dq = w.acc0;
  std::fill(dq, dq + rn * d, 0.0);
  for (int64_t j0 = 0; j0 < keys; j0 += kTile) {
    const int64_t jn = minI(kTile, keys - j0);
    toDouble(t.k + (bh * g.lk + j0) * d, jn * d, w.k);
    toDouble(t.v + (bh * g.lk + j0) * d, jn * d, w.v);
    gradTile(g, mask, w, bh, i0, rn, j0, jn);
    dgemmTile(false, false, rn, d, jn, 1.0, w.dp, kTile, w.k, d, 1.0, dq, d);
  }
  float *out = t.dq + (bh * g.lq + i0) * d;
  for (int64_t e = 0; e < rn * d; ++e)
    out[e] = static_cast<float>(g.scale * dq[e]);
}

/// The head dimension is a BLAS leading dimension.
void checkHeadDim(const char *entry, const Geometry &g) {
  if (g.d > INT_MAX)
    fail(entry, "head dimension %lld exceeds the BLAS integer range",
         static_cast<long long>(g.d));
}

} // namespace

void entry::echo_attention(Context &ctx, const echo_attention_args &args) {
  AttentionArgs a = attentionArgs(args);
  const Geometry g = a.g;
  checkHeadDim(args.entry, g);
  const ForwardTensors t{a.q.f32(), a.k.f32(), a.v.f32(),
                         g.hasMask ? a.mask.f32() : nullptr, a.out.f32(),
                         a.lse.f32()};
  const int64_t blocks = ceilDiv(g.lq, kTile);
  const double macs = 2.0 * g.batch * g.heads * g.lq * g.lk * g.d;
  forItems(ctx, g, g.batch * g.heads * blocks, macs,
           [&](Tiles &w, int64_t item) {
             forwardBlock(g, t, w, item / blocks, item % blocks * kTile);
           });
}

void entry::echo_attention_grad(Context &ctx,
                                const echo_attention_grad_args &args) {
  AttentionGradArgs a = attentionGradArgs(args);
  const Geometry g = a.g;
  checkHeadDim(args.entry, g);
  const GradTensors t{a.q.f32(),   a.k.f32(),
                      a.v.f32(),   g.hasMask ? a.mask.f32() : nullptr,
                      a.out.f32(), a.lse.f32(),
                      a.dout.f32(), a.dq.f32(),
                      a.dk.f32(),  a.dv.f32()};
  const int64_t slices = g.batch * g.heads;
  const double macs = 4.0 * slices * g.lq * g.lk * g.d;
  const int64_t keyBlocks = ceilDiv(g.lk, kTile);
  forItems(ctx, g, slices * keyBlocks, macs, [&](Tiles &w, int64_t item) {
    keyBlock(g, t, w, item / keyBlocks, item % keyBlocks * kTile);
  });
  const int64_t rowBlocks = ceilDiv(g.lq, kTile);
  forItems(ctx, g, slices * rowBlocks, macs, [&](Tiles &w, int64_t item) {
    rowBlock(g, t, w, item / rowBlocks, item % rowBlocks * kTile);
  });
}
