//===- Layers.cu - Embedding, pooling, normalization, data movement --------===//
//
// The CPU entries (runtime/cpu/Embedding.cpp, Pooling.cpp,
// Normalization.cpp, DataMovement.cpp, Profile.cpp) on the device, with the
// same checks and arithmetic. Scatters of the CPU (pooling gradients,
// embedding gradient) become gathers that add in the CPU's order (the
// embedding gradient's after a stable counting sort of the positions), so
// results are bit-identical and never depend on scheduling.
// Batch norm's per-channel statistics are deterministic parallel sums in
// double (ChannelReduce.h): the CPU's precision in another, fixed order,
// so results match the CPU's to the last bit or close to it and never vary
// from run to run; layer norm's rows are summed by one block each
// (BlockReduce.h) and its dgamma/dbeta columns as channels, likewise.
//
//===----------------------------------------------------------------------===//

#include "BlockReduce.h"
#include "ChannelReduce.h"
#include "EmbeddingArgs.h"
#include "Kernels.h"
#include "Launch.h"
#include "NormalizationArgs.h"
#include "OffloadArgs.h"
#include "PoolArgs.h"
#include "PoolCover.h"
#include "SliceLayout.h"

#include <cstring>

#include "echo/codecs.h"

#include <algorithm>

using namespace echo_cuda;
using namespace echo_rt::embedding_args;
using namespace echo_rt::norm_args;
using namespace echo_rt::pool_args;
using echo_rt::concatLayout;
using echo_rt::ConcatLayout;
using echo_rt::copyArgs;
using echo_rt::CopyArgs;
using echo_rt::sliceArgs;
using echo_rt::SliceArgs;
using echo_rt::transposeArgs;
using echo_rt::TransposeArgs;
using echo_rt::uploadArgs;
using echo_rt::UploadArgs;

void echo_cuda::addBiasRows(Context &ctx, const char *E, float *y,
                            const float *b, int64_t rows, int64_t n) {
  forEach(ctx, E, rows * n,
          [=] __device__(int64_t i) { y[i] += b[i % n]; });
}

void echo_cuda::broadcastRows16(Context &ctx, const char *E, uint16_t *y,
                                const uint16_t *b, int64_t rows, int64_t n) {
  forEach(ctx, E, rows * n, [=] __device__(int64_t i) { y[i] = b[i % n]; });
}

void echo_cuda::addBiasChannels(Context &ctx, const char *E, float *y,
                                const float *b, int64_t images,
                                int64_t channels, int64_t plane) {
  forEach(ctx, E, images * channels * plane, [=] __device__(int64_t i) {
    y[i] += b[(i / plane) % channels];
  });
}

void echo_cuda::broadcastChannels16(Context &ctx, const char *E, uint16_t *y,
                                    const uint16_t *b, int64_t images,
                                    int64_t channels, int64_t plane) {
  forEach(ctx, E, images * channels * plane, [=] __device__(int64_t i) {
    y[i] = b[(i / plane) % channels];
  });
}

namespace {
__global__ void fill32(uint32_t *dst, uint32_t value, int64_t count) {
  int64_t step = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += step)
    dst[i] = value;
}
} // namespace

cudaError_t echo_cuda::memset32(void *dst, unsigned value, size_t count,
                                cudaStream_t stream) {
  if (!count)
    return cudaSuccess;
  int64_t blocks = ((int64_t)count + kThreads - 1) / kThreads;
  if (blocks > (int64_t(1) << 20))
    blocks = int64_t(1) << 20;
  fill32<<<(unsigned)blocks, kThreads, 0, stream>>>(
      static_cast<uint32_t *>(dst), value, (int64_t)count);
  return cudaGetLastError();
}

namespace {
void zero(Context &ctx, const char *E, void *p, int64_t bytes) {
  if (bytes > 0)
    check(E, cudaMemsetAsync(p, 0, (size_t)bytes, ctx.stream),
          "cudaMemsetAsync");
}
} // namespace

//--- index checks (embedding here, cross-entropy labels in Elementwise.cu) --

void echo_cuda::checkIndices(Context &ctx, const char *E, const TensorView &T,
                             int64_t n, int bits, int64_t bound,
                             CheckReport report) {
  const void *data = T.data;
  CheckSlot *slot = beginCheck(ctx, E);
  forEach(ctx, E, n, [=] __device__(int64_t i) {
    if (!inRange(loadIndex(data, i, bits), bound))
      atomicMin(&slot->position, static_cast<unsigned long long>(i));
  });
  const unsigned long long none = kNoFailure;
  forEach(ctx, E, 1, [=] __device__(int64_t) {
    if (slot->position != none)
      slot->value = loadIndex(data, (int64_t)slot->position, bits);
  });
  endCheck(ctx, slot, E, std::move(report));
}

//--- embedding ----------------------------------------------------------------

namespace {
void embedding(Context &ctx, const char *E, const Operand &table,
               const Operand &indices, const Operand &y, int bits) {
  EmbeddingArgs a = embeddingArgs(E, table, indices, y);
  const TensorView &T = a.table, &I = a.indices, &Y = a.y;
  int64_t v = a.rows, d = a.width;
  checkIndices(ctx, E, I, I.numel, bits, v,
               [E, v](int64_t position, int64_t value) {
                 indexOutOfRange(E, value, position, v);
               });
  const float *pt = T.f32();
  float *py = Y.f32();
  const void *idx = I.data;
  forEach(ctx, E, I.numel * d, [=] __device__(int64_t k) {
    int64_t i = k / d, j = k % d;
    int64_t r = loadIndex(idx, i, bits);
    py[k] = inRange(r, v) ? pt[r * d + j] : 0.0f;
  });
}

constexpr int kSortThreads = 1024;

/// offsets[r] = the number of positions whose index is below r, for r in
/// [0, v]; counts holds the count of each index at counts[r + 1]. One block:
/// each thread scans a contiguous run, then the runs' totals are added in
/// order by thread 0.
__global__ void exclusiveScan(int64_t *counts, int64_t v) {
  __shared__ int64_t runTotal[kSortThreads];
  int t = threadIdx.x;
  int64_t len = v + 1, run = (len + kSortThreads - 1) / kSortThreads;
  int64_t begin = t * run, end = begin + run < len ? begin + run : len;
  int64_t s = 0;
  for (int64_t r = begin; r < end; ++r)
    s += counts[r];
  runTotal[t] = s;
  __syncthreads();
  if (t == 0) {
    int64_t before = 0;
    for (int k = 0; k < kSortThreads; ++k) {
      int64_t total = runTotal[k];
      runTotal[k] = before;
      before += total;
    }
  }
  __syncthreads();
  s = runTotal[t];
  for (int64_t r = begin; r < end; ++r) {
    s += counts[r];
    counts[r] = s;
  }
}

/// positions[offsets[r] ...] = the positions i with index r, in increasing
/// order (a stable counting sort). One block walks the positions in tiles
/// of kSortThreads; a position's rank among the equal indices of its tile
/// is counted in shared memory, and the last of them advances the index's
/// cursor (offsets, turned into the next free slot) after the tile.
__global__ void stableFill(const void *idx, int bits, int64_t n, int64_t v,
                           int64_t *cursor, int64_t *positions) {
  __shared__ int64_t keys[kSortThreads];
  int t = threadIdx.x;
  for (int64_t tile = 0; tile < n; tile += kSortThreads) {
    int64_t i = tile + t;
    int64_t key = i < n ? loadIndex(idx, i, bits) : -1;
    if (!inRange(key, v))
      key = -1; // a bad index (its check pending) adds nothing
    keys[t] = key;
    __syncthreads();
    int64_t rank = 0;
    bool last = true;
    if (key >= 0) {
      for (int k = 0; k < t; ++k)
        rank += keys[k] == key;
      for (int k = t + 1; k < kSortThreads; ++k)
        last = last && keys[k] != key;
      positions[cursor[key] + rank] = i;
    }
    __syncthreads(); // every slot of the tile read its cursor
    if (key >= 0 && last)
      cursor[key] += rank + 1;
    __syncthreads();
  }
}

void embeddingGrad(Context &ctx, const char *E, const Operand &indices,
                   const Operand &dy, const Operand &dtable, int bits) {
  EmbeddingGradArgs a = embeddingGradArgs(E, indices, dy, dtable);
  const TensorView &I = a.indices, &DY = a.dy, &DT = a.dtable;
  int64_t v = a.rows, d = a.width;
  checkIndices(ctx, E, I, I.numel, bits, v,
               [E, v](int64_t position, int64_t value) {
                 indexOutOfRange(E, value, position, v);
               });
  const float *pg = DY.f32();
  float *pt = DT.f32();
  const void *idx = I.data;
  int64_t n = I.numel;
  if (DT.numel == 0)
    return;
  // The positions of each table row in increasing order (a stable counting
  // sort), then one thread per table element adds its rows' gradients in
  // that order from 0: the CPU's scatter in index order, as a gather.
  int64_t *offsets = static_cast<int64_t *>(
      scratch(E, ctx, sizeof(int64_t) * (2 * (v + 1) + n)));
  int64_t *starts = offsets + (v + 1), *positions = starts + (v + 1);
  zero(ctx, E, offsets, sizeof(int64_t) * (v + 1));
  forEach(ctx, E, n, [=] __device__(int64_t i) {
    int64_t r = loadIndex(idx, i, bits);
    if (inRange(r, v)) // integer counts: the same whatever the order
      atomicAdd(reinterpret_cast<unsigned long long *>(offsets + r + 1), 1ull);
  });
  exclusiveScan<<<1, kSortThreads, 0, ctx.stream>>>(offsets, v);
  checkLaunch(E, "exclusiveScan");
  check(E,
        cudaMemcpyAsync(starts, offsets, sizeof(int64_t) * (v + 1),
                        cudaMemcpyDeviceToDevice, ctx.stream),
        "cudaMemcpyAsync");
  stableFill<<<1, kSortThreads, 0, ctx.stream>>>(idx, bits, n, v, offsets,
                                                  positions);
  checkLaunch(E, "stableFill");
  forEach(ctx, E, v * d, [=] __device__(int64_t k) {
    int64_t r = k / d, j = k - r * d;
    float acc = 0.0f;
    for (int64_t p = starts[r]; p < starts[r + 1]; ++p)
      acc += pg[positions[p] * d + j];
    pt[k] = acc;
  });
}
} // namespace

#define ECHO_EMBEDDING_ENTRIES(bits)                                           \
  void entry::echo_embedding_i##bits(                                          \
      Context &ctx, const echo_embedding_i##bits##_args &args) {               \
    embedding(ctx, args.entry, args.table, args.indices, args.y, bits);        \
  }                                                                            \
  void entry::echo_embedding_grad_i##bits(                                     \
      Context &ctx, const echo_embedding_grad_i##bits##_args &args) {          \
    embeddingGrad(ctx, args.entry, args.indices, args.dy, args.dtable, bits);  \
  }
ECHO_EMBEDDING_ENTRIES(32)
ECHO_EMBEDDING_ENTRIES(64)

//--- pooling --------------------------------------------------------------------

void entry::echo_max_pool2d(Context &ctx, const echo_max_pool2d_args &args) {
  PoolArgs a = poolArgs(args);
  const TensorView &X = a.x, &Y = a.y;
  PoolGeometry g = a.g;
  const float *px = X.f32();
  float *py = Y.f32();
  forEach(ctx, args.entry, g.planes * g.oh * g.ow, [=] __device__(int64_t o) {
    int64_t p = o / (g.oh * g.ow), oy = (o / g.ow) % g.oh, ox = o % g.ow;
    py[o] = windowPeak(g, px + p * g.h * g.w, poolWindow(g, oy, ox));
  });
}

void entry::echo_max_pool2d_grad(Context &ctx,
                                 const echo_max_pool2d_grad_args &args) {
  MaxPoolGradArgs a = maxPoolGradArgs(args);
  const TensorView &X = a.x, &Y = a.y, &DY = a.dy, &DX = a.dx;
  PoolGeometry g = a.g;
  const float *px = X.f32(), *py = Y.f32(), *pg = DY.f32();
  float *pdx = DX.f32();
  // Each output's window argument once (one thread per output), then each
  // dx element gathers from the outputs whose argument it is, in the
  // CPU's order.
  int64_t outputs = g.planes * g.oh * g.ow;
  auto *argmax = static_cast<int64_t *>(
      scratch(args.entry, ctx, sizeof(int64_t) * (outputs > 0 ? outputs : 1)));
  forEach(ctx, args.entry, outputs, [=] __device__(int64_t o) {
    int64_t p = o / (g.oh * g.ow), oy = (o / g.ow) % g.oh, ox = o % g.ow;
    argmax[o] = windowArg(g, px + p * g.h * g.w, poolWindow(g, oy, ox), py[o]);
  });
  forEach(ctx, args.entry, DX.numel, [=] __device__(int64_t i) {
    int64_t p = i / (g.h * g.w), iy = (i / g.w) % g.h, ix = i % g.w;
    int64_t self = iy * g.w + ix, y0, y1, x0, x1;
    coveringOutputs(iy, g.ph, g.kh, g.sh, g.oh, y0, y1);
    coveringOutputs(ix, g.pw, g.kw, g.sw, g.ow, x0, x1);
    float acc = 0.0f;
    for (int64_t oy = y0; oy <= y1; ++oy)
      for (int64_t ox = x0; ox <= x1; ++ox) {
        int64_t o = p * g.oh * g.ow + oy * g.ow + ox;
        if (argmax[o] == self)
          acc += pg[o];
      }
    pdx[i] = acc;
  });
}

void entry::echo_avg_pool2d(Context &ctx, const echo_avg_pool2d_args &args) {
  PoolArgs a = poolArgs(args);
  const TensorView &X = a.x, &Y = a.y;
  PoolGeometry g = a.g;
  float inv = 1.0f / static_cast<float>(g.kh * g.kw);
  const float *px = X.f32();
  float *py = Y.f32();
  forEach(ctx, args.entry, g.planes * g.oh * g.ow, [=] __device__(int64_t o) {
    int64_t p = o / (g.oh * g.ow), oy = (o / g.ow) % g.oh, ox = o % g.ow;
    py[o] = windowSum(g, px + p * g.h * g.w, poolWindow(g, oy, ox)) * inv;
  });
}

void entry::echo_avg_pool2d_grad(Context &ctx,
                                 const echo_avg_pool2d_grad_args &args) {
  AvgPoolGradArgs a = avgPoolGradArgs(args);
  const TensorView &DY = a.dy, &DX = a.dx;
  PoolGeometry g = a.g;
  float inv = 1.0f / static_cast<float>(g.kh * g.kw);
  const float *pg = DY.f32();
  float *pdx = DX.f32();
  forEach(ctx, args.entry, DX.numel, [=] __device__(int64_t i) {
    int64_t p = i / (g.h * g.w), iy = (i / g.w) % g.h, ix = i % g.w;
    int64_t y0, y1, x0, x1;
    coveringOutputs(iy, g.ph, g.kh, g.sh, g.oh, y0, y1);
    coveringOutputs(ix, g.pw, g.kw, g.sw, g.ow, x0, x1);
    float acc = 0.0f;
    for (int64_t oy = y0; oy <= y1; ++oy)
      for (int64_t ox = x0; ox <= x1; ++ox)
        acc += pg[p * g.oh * g.ow + oy * g.ow + ox] * inv;
    pdx[i] = acc;
  });
}

//--- normalization --------------------------------------------------------------

void entry::echo_batch_norm(Context &ctx, const echo_batch_norm_args &args) {
  BatchNormArgs a = batchNormArgs(args);
  int64_t n = a.n, c = a.c, inner = a.inner, count = n * inner;
  // One pass over x (ChannelReduce.h): per channel, the sums of d = x - s
  // and d * d in double, s the channel's first element (a shift that keeps
  // the variance E[d^2] - E[d]^2 free of cancellation when the mean is far
  // from 0). Then the statistics, then y, one thread per element.
  ChannelSplit split = channelSplit(n, c, inner);
  double *partials = static_cast<double *>(scratch(
      args.entry, ctx, sizeof(double) * (2 * c * split.chunks + 2 * c + 1)));
  double *affine = partials + 2 * c * split.chunks;
  const float *x = a.x.f32(), *pg = a.gamma.f32(), *pb = a.beta.f32(),
              *rm = a.running_mean.f32(), *rv = a.running_var.f32();
  float *nm = a.new_mean.f32(), *nv = a.new_var.f32(), *sm = a.saved_mean.f32(),
        *si = a.saved_inv_std.f32();
  channelPartials<2>(ctx, args.entry, split, partials,
                     [=] __device__(int64_t ch, int64_t off, double *acc) {
                       double d = static_cast<double>(x[off]) - x[ch * inner];
                       acc[0] += d;
                       acc[1] += d * d;
                     });
  // The kernel captures the scalars, not the whole argument struct.
  double epsilon = args.epsilon, momentum = args.momentum;
  forEach(ctx, args.entry, c, [=] __device__(int64_t ch) {
    double shift = count ? static_cast<double>(x[ch * inner]) : 0.0;
    double sd = channelTotal<2>(split, partials, ch, 0);
    double sdd = channelTotal<2>(split, partials, ch, 1);
    double mean = shift + sd / count;
    double sq = sdd - sd * (sd / count); // sum of (x - mean)^2
    sq = sq > 0.0 ? sq : 0.0;
    double var = sq / count;
    double invStd = 1.0 / sqrt(var + epsilon);
    double scale = pg[ch] * invStd;
    affine[2 * ch] = scale;
    affine[2 * ch + 1] = pb[ch] - mean * scale;
    double unbiased = sq / (count - 1);
    nm[ch] = static_cast<float>((1.0 - momentum) * rm[ch] + momentum * mean);
    nv[ch] =
        static_cast<float>((1.0 - momentum) * rv[ch] + momentum * unbiased);
    sm[ch] = static_cast<float>(mean);
    si[ch] = static_cast<float>(invStd);
  });
  float *py = a.y.f32();
  forEachInRows(
      ctx, args.entry, n * c, inner, [=] __device__(int64_t row, int64_t i) {
        int64_t ch = row % c;
        py[i] = static_cast<float>(x[i] * affine[2 * ch] + affine[2 * ch + 1]);
      });
}

void entry::echo_batch_norm_grad(Context &ctx,
                                 const echo_batch_norm_grad_args &args) {
  BatchNormGradArgs a = batchNormGradArgs(args);
  int64_t n = a.n, c = a.c, inner = a.inner;
  int64_t count = n * inner;
  // Per channel: the sums of dy and dy * xhat (ChannelReduce.h), then
  // a = gamma * inv, m1, m2, mean, inv.
  ChannelSplit split = channelSplit(n, c, inner);
  double *partials = static_cast<double *>(scratch(
      args.entry, ctx, sizeof(double) * (2 * c * split.chunks + 5 * c + 1)));
  double *stats = partials + 2 * c * split.chunks;
  const float *x = a.x.f32(), *dy = a.dy.f32(), *pg = a.gamma.f32(),
              *psm = a.saved_mean.f32(), *psi = a.saved_inv_std.f32();
  float *pdg = a.dgamma.f32(), *pdb = a.dbeta.f32(), *dx = a.dx.f32();
  channelPartials<2>(ctx, args.entry, split, partials,
                     [=] __device__(int64_t ch, int64_t off, double *acc) {
                       double mean = psm[ch], inv = psi[ch];
                       float g = dy[off];
                       acc[0] += g;
                       acc[1] += g * ((x[off] - mean) * inv);
                     });
  forEach(ctx, args.entry, c, [=] __device__(int64_t ch) {
    double mean = psm[ch], inv = psi[ch];
    double sdy = channelTotal<2>(split, partials, ch, 0);
    double sdyx = channelTotal<2>(split, partials, ch, 1);
    pdb[ch] = static_cast<float>(sdy);
    pdg[ch] = static_cast<float>(sdyx);
    double *s = stats + 5 * ch;
    s[0] = pg[ch] * inv;
    s[1] = count ? sdy / count : 0.0;
    s[2] = count ? sdyx / count : 0.0;
    s[3] = mean;
    s[4] = inv;
  });
  forEachInRows(
      ctx, args.entry, n * c, inner, [=] __device__(int64_t row, int64_t i) {
        const double *s = stats + 5 * (row % c);
        double xhat = (x[i] - s[3]) * s[4];
        dx[i] = static_cast<float>(s[0] * (dy[i] - s[1] - xhat * s[2]));
      });
}

void entry::echo_layer_norm(Context &ctx, const echo_layer_norm_args &args) {
  LayerNormArgs a = layerNormArgs(args);
  int64_t rows = a.x.rows(), d = a.x.last();
  const float *px = a.x.f32(), *g = a.gamma.f32(), *b = a.beta.f32();
  float *py = a.y.f32(), *pm = a.mean.f32(), *pi = a.inv_std.f32();
  double epsilon = args.epsilon; // captured alone, not the whole struct
  // One block per row (BlockReduce.h); two passes, as on the CPU.
  perLine(ctx, args.entry, rows, [=] __device__(int64_t r, LineTrees tr) {
    const float *p = px + r * d;
    float *q = py + r * d;
    double sum = 0.0;
    for (int64_t j = threadIdx.x; j < d; j += kLineThreads)
      sum += p[j];
    double mu = blockSum(sum, tr.sum) / d;
    double sq = 0.0;
    for (int64_t j = threadIdx.x; j < d; j += kLineThreads) {
      double t = p[j] - mu;
      sq += t * t;
    }
    double inv = 1.0 / sqrt(blockSum(sq, tr.sum) / d + epsilon);
    for (int64_t j = threadIdx.x; j < d; j += kLineThreads)
      q[j] = static_cast<float>((p[j] - mu) * inv * g[j] + b[j]);
    if (threadIdx.x == 0) {
      pm[r] = static_cast<float>(mu);
      pi[r] = static_cast<float>(inv);
    }
  });
}

void entry::echo_layer_norm_grad(Context &ctx,
                                 const echo_layer_norm_grad_args &args) {
  LayerNormGradArgs a = layerNormGradArgs(args);
  int64_t rows = a.x.rows(), d = a.x.last();
  const float *px = a.x.f32(), *g = a.gamma.f32(), *pm = a.mean.f32(),
              *pi = a.inv_std.f32(), *pgy = a.dy.f32();
  float *pdx = a.dx.f32(), *pdg = a.dgamma.f32(), *pdb = a.dbeta.f32();
  // dx: one block per row (BlockReduce.h).
  perLine(ctx, args.entry, rows, [=] __device__(int64_t r, LineTrees tr) {
    const float *p = px + r * d;
    const float *gy = pgy + r * d;
    float *q = pdx + r * d;
    double mu = pm[r], inv = pi[r];
    double s1 = 0.0, s2 = 0.0;
    for (int64_t j = threadIdx.x; j < d; j += kLineThreads) {
      double xhat = (p[j] - mu) * inv;
      double t = static_cast<double>(gy[j]) * g[j];
      s1 += t;
      s2 += t * xhat;
    }
    double m1 = blockSum(s1, tr.sum) / d, m2 = blockSum(s2, tr.sum) / d;
    for (int64_t j = threadIdx.x; j < d; j += kLineThreads) {
      double xhat = (p[j] - mu) * inv;
      q[j] = static_cast<float>(
          inv * (static_cast<double>(gy[j]) * g[j] - m1 - xhat * m2));
    }
  });
  // dgamma and dbeta: column sums over the rows, a [rows, d, 1] channel
  // reduction (ChannelReduce.h).
  ChannelSplit split = channelSplit(rows, d, 1);
  double *partials = static_cast<double *>(
      scratch(args.entry, ctx, sizeof(double) * (2 * d * split.chunks + 1)));
  channelPartials<2>(ctx, args.entry, split, partials,
                     [=] __device__(int64_t j, int64_t off, double *acc) {
                       int64_t r = off / d;
                       double xhat = (px[off] - static_cast<double>(pm[r])) *
                                     static_cast<double>(pi[r]);
                       acc[0] += pgy[off] * xhat;
                       acc[1] += pgy[off];
                     });
  forEach(ctx, args.entry, d, [=] __device__(int64_t j) {
    pdg[j] = static_cast<float>(channelTotal<2>(split, partials, j, 0));
    pdb[j] = static_cast<float>(channelTotal<2>(split, partials, j, 1));
  });
}

//--- data movement ----------------------------------------------------------------

namespace {

/// dst[i * dSt] = src[i * sSt] over `shape`.
void stridedCopy(Context &ctx, const char *E, int rank, const int64_t *shape,
                 int64_t numel, const float *src, const int64_t *sSt,
                 float *dst, const int64_t *dSt) {
  const int64_t *st[2] = {sSt, dSt};
  Layout<2> l(rank, shape, st);
  forEach(ctx, E, numel, [=] __device__(int64_t i) {
    int64_t off[2];
    l.offsets(i, off);
    dst[off[1]] = src[off[0]];
  });
}
} // namespace

void entry::echo_slice(Context &ctx, const echo_slice_args &args) {
  SliceArgs a = sliceArgs(args);
  if (a.part.numel)
    stridedCopy(ctx, args.entry, a.part.rank, a.part.sizes, a.part.numel,
                a.whole.f32() + a.base, a.wholeStrides, a.part.f32(),
                a.partStrides);
}

void entry::echo_slice_grad(Context &ctx, const echo_slice_grad_args &args) {
  SliceArgs a = sliceArgs(args);
  zero(ctx, args.entry, a.whole.data, sizeof(float) * a.whole.numel);
  if (a.part.numel)
    stridedCopy(ctx, args.entry, a.part.rank, a.part.sizes, a.part.numel,
                a.part.f32(), a.partStrides, a.whole.f32() + a.base,
                a.wholeStrides);
}

void entry::echo_concat_part(Context &ctx, const echo_concat_part_args &args) {
  TensorView P = args.part.view();
  TensorView W = args.whole.view();
  ConcatLayout l = concatLayout(args.entry, P, W, args.axis, args.offset);
  int64_t outer = l.outer, pRow = l.partRow, wRow = l.wholeRow;
  if (pRow == 0 || outer == 0)
    return;
  float *p = P.f32();
  float *w = W.f32() + l.start;
  size_t width = sizeof(float) * pRow;
  if (args.to_part)
    check(args.entry,
          cudaMemcpy2DAsync(p, width, w, sizeof(float) * wRow, width, outer,
                            cudaMemcpyDeviceToDevice, ctx.stream),
          "cudaMemcpy2DAsync");
  else
    check(args.entry,
          cudaMemcpy2DAsync(w, sizeof(float) * wRow, p, width, width, outer,
                            cudaMemcpyDeviceToDevice, ctx.stream),
          "cudaMemcpy2DAsync");
}

void entry::echo_transpose(Context &ctx, const echo_transpose_args &args) {
  TransposeArgs a = transposeArgs(args);
  if (a.y.numel)
    stridedCopy(ctx, args.entry, a.y.rank, a.y.sizes, a.y.numel, a.x.f32(),
                a.xStrides, a.y.f32(), a.yStrides);
}

void entry::echo_copy(Context &ctx, const echo_copy_args &args) {
  CopyArgs a = copyArgs(args);
  if (a.x.numel && a.x.data != a.y.data)
    check(args.entry,
          cudaMemcpyAsync(a.y.data, a.x.data, sizeof(float) * a.x.numel,
                          cudaMemcpyDeviceToDevice, ctx.stream),
          "cudaMemcpyAsync");
}

void entry::echo_fill(Context &ctx, const echo_fill_args &args) {
  TensorView Y = args.y.view();
  float v = static_cast<float>(args.value);
  float *py = Y.f32();
  forEach(ctx, args.entry, Y.numel, [=] __device__(int64_t i) { py[i] = v; });
}

void entry::echo_upload(Context &ctx, const echo_upload_args &args) {
  UploadArgs a = uploadArgs(args);
  if (!a.src.numel)
    return;
  size_t bytes = (size_t)(a.src.numel * args.element_bytes);
  const void *src = a.src.data;
  if (ctx.recording) {
    // A recorded copy reads its source at every replay: a pinned copy of
    // the constant, the graph's.
    void *pinned = nullptr;
    check(args.entry, cudaMallocHost(&pinned, bytes), "cudaMallocHost");
    ctx.recording->pinned.push_back(pinned);
    std::memcpy(pinned, src, bytes);
    src = pinned;
  }
  // From pageable memory, cudaMemcpyAsync returns once it has read the
  // source (into a staging buffer), so nothing waits for the device here.
  check(args.entry,
        cudaMemcpyAsync(a.dst.data, src, bytes, cudaMemcpyHostToDevice,
                        ctx.stream),
        "cudaMemcpyAsync (host to device)");
}

//--- sparsity profile (runtime/cpu/Profile.cpp) -------------------------------------

namespace cd = echo_codecs;

void entry::echo_profile_density(Context &ctx,
                                 const echo_profile_density_args &args) {
  echo_rt::ProfileSites::checkSite(args.entry, args.site);
  TensorView X = args.x.view();
  // An integer count: atomic additions give the same result in any order.
  auto *count = static_cast<unsigned long long *>(
      scratch(args.entry, ctx, sizeof(unsigned long long)));
  zero(ctx, args.entry, count, sizeof(unsigned long long));
  const float *p = X.f32();
  forEach(ctx, args.entry, X.numel, [=] __device__(int64_t i) {
    if (cd::csrIsNonZero(p[i]))
      atomicAdd(count, 1ull);
  });
  unsigned long long nnzHost = 0;
  readBack(args.entry, ctx, &nnzHost, count, sizeof nnzHost);
  ctx.profile.record(args.entry, args.site, X, (int64_t)nnzHost);
}
