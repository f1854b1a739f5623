//===- OneDnnConv.cpp - Convolution and its gradients on oneDNN ----------===//
//
// One plan per (direction, geometry). The batch is cut into pieces by the
// shape alone (batchPieces); one primitive, created with layouts of its
// choice (blocked formats, `any`) for a piece's batch, runs every piece,
// on the backend's threads, each piece with one OpenMP thread, its own
// stream, buffers and scratch memory (user-mode scratchpad, so no
// primitive allocates while it runs). Images are independent in the
// forward and backward-data directions; the weight gradient is each
// piece's partial sum, added over the pieces in piece order. So the bits
// depend on the shape, never on the thread count (docs/runtime.md,
// "Determinism").
//
//===----------------------------------------------------------------------===//

#include "ConvGeometry.h"
#include "OneDnn.h"
#include "OneDnnState.h"
#include "Parallel.h"
#include "RuntimeError.h"

#include <cstring>
#include <string>

using namespace dnnl;

namespace echo_rt {
namespace {

enum ConvDirection : int64_t { Forward = 1, BackwardData, BackwardWeights };

using dims = memory::dims;
using tag = memory::format_tag;
constexpr memory::data_type f32 = memory::data_type::f32;

/// A convolution of fewer multiply-adds than this per piece is not cut:
/// a piece's fixed costs (a primitive call, its reorders) and its smaller
/// kernels would show (ResNet-32 at one thread: 3% slower with 8M, none
/// measurable with 16M).
constexpr double kMinPieceMacs = double(1 << 24);
/// At most this many pieces: enough for 2-4 threads; smaller pieces run
/// slower kernels (VGG at one thread: 8 pieces cost 3-5%, 4 pieces 1-2%).
constexpr int64_t kMaxPieces = 4;
/// Every piece reads the whole weight (forward, backward-data) or writes a
/// whole partial weight gradient that is then added to the others: a pass
/// over memory worth a few hundred multiply-adds per element. The batch is
/// cut only as far as these passes stay under 1/400 of the multiply-adds
/// (the 512-channel layers of VGG at 2x2 and 4x4 stay whole).
constexpr double kMacsPerWeightPass = 400;

/// How many equal pieces of the batch the convolution runs in: the largest
/// divisor of the batch within kMaxPieces whose pieces keep kMinPieceMacs
/// and whose passes over the weight stay cheap.
int64_t batchPieces(const ConvGeometry &g) {
  double weights = double(g.o) * double(g.ckk());
  double macs = double(g.n) * double(g.ohw()) * weights;
  double wanted = std::min({double(std::min(kMaxPieces, g.n)),
                            macs / kMinPieceMacs,
                            macs / (kMacsPerWeightPass * weights)});
  for (int64_t p = static_cast<int64_t>(wanted); p > 1; --p)
    if (g.n % p == 0)
      return p;
  return 1;
}

/// What one piece owns while it runs.
struct PieceState {
  stream strm;
  AlignedBuffer src, weights, dst;
};

struct ConvPlan : OneDnnPlan {
  int64_t pieceImages = 0;             // piece i: images from i * pieceImages
  primitive prim;                      // for one piece
  PlanOperand src, weights, dst;       // in the direction's roles
  memory::desc bias, scratch;
  std::vector<PieceState> state; // one per piece
  int64_t pieces() const { return static_cast<int64_t>(state.size()); }
  /// The weights in the primitive's layout when it differs from the
  /// caller's: reordered once for all pieces (forward, backward-data), or
  /// the gradient of a plan of one piece.
  AlignedBuffer sharedWeights;
};

std::vector<int64_t> planKey(ConvDirection dir, const ConvGeometry &g,
                             bool bias) {
  return {dir,  g.n,  g.c,  g.h,  g.w,  g.o,  g.kh, g.kw, g.sh,
          g.sw, g.ph, g.pw, g.dh, g.dw, g.groups, bias ? 1 : 0};
}

struct Descs {
  memory::desc src, weights, dst, bias;
  dims strides, dilates, padL, padR;
};

/// The plain memory descriptors of the geometry and oneDNN's attributes;
/// false when oneDNN cannot express it (a floor that drops input rows
/// needs a negative right padding, which we leave to the reference).
bool describe(const ConvGeometry &g, Descs &d) {
  for (int64_t v : {g.n, g.c, g.h, g.w, g.o, g.oh, g.ow})
    if (v <= 0)
      return false;
  int64_t spanH = (g.kh - 1) * g.dh + 1, spanW = (g.kw - 1) * g.dw + 1;
  int64_t prH = (g.oh - 1) * g.sh + spanH - g.h - g.ph;
  int64_t prW = (g.ow - 1) * g.sw + spanW - g.w - g.pw;
  if (prH < 0 || prW < 0)
    return false;
  d.src = memory::desc({g.n, g.c, g.h, g.w}, f32, tag::nchw);
  d.dst = memory::desc({g.n, g.o, g.oh, g.ow}, f32, tag::nchw);
  d.weights = g.groups == 1
                  ? memory::desc({g.o, g.cg, g.kh, g.kw}, f32, tag::oihw)
                  : memory::desc({g.groups, g.og, g.cg, g.kh, g.kw}, f32,
                                 tag::goihw);
  d.bias = memory::desc({g.o}, f32, tag::x);
  d.strides = {g.sh, g.sw};
  d.dilates = {g.dh - 1, g.dw - 1};
  d.padL = {g.ph, g.pw};
  d.padR = {prH, prW};
  return true;
}

memory::desc anyLayout(const memory::desc &md) {
  return memory::desc(md.dims(), f32, tag::any);
}

primitive_attr userScratchpad() {
  primitive_attr attr;
  attr.set_scratchpad_mode(scratchpad_mode::user);
  return attr;
}

convolution_forward::primitive_desc forwardDesc(const engine &eng,
                                                const Descs &d, bool bias) {
  memory::desc noBias;
  convolution_forward::desc desc(
      prop_kind::forward_training, algorithm::convolution_direct,
      anyLayout(d.src), anyLayout(d.weights), bias ? d.bias : noBias,
      anyLayout(d.dst), d.strides, d.dilates, d.padL, d.padR);
  return convolution_forward::primitive_desc(desc, userScratchpad(), eng);
}

/// The cached plan, created on first use; null when oneDNN has none.
ConvPlan *plan(Context &ctx, ConvDirection dir, const ConvGeometry &whole,
               bool bias) {
  OneDnnState &st = oneDnnState(ctx);
  auto key = planKey(dir, whole, bias);
  auto it = st.plans.find(key);
  if (it != st.plans.end())
    return static_cast<ConvPlan *>(it->second.get());
  std::unique_ptr<ConvPlan> p;
  ConvGeometry g = whole;
  int64_t pieces = batchPieces(whole);
  g.n = whole.n / pieces;
  Descs d;
  if (describe(g, d)) {
    OneOmpThread one; // the kernel's blocking is chosen for one thread
    try {
      p = std::make_unique<ConvPlan>();
      p->pieceImages = g.n;
      const engine &eng = st.engine;
      auto fwd = forwardDesc(eng, d, bias && dir == Forward);
      if (dir == Forward) {
        p->prim = convolution_forward(fwd);
        p->src = {d.src, fwd.src_desc()};
        p->weights = {d.weights, fwd.weights_desc()};
        p->dst = {d.dst, fwd.dst_desc()};
        p->bias = d.bias;
        p->scratch = fwd.scratchpad_desc();
      } else if (dir == BackwardData) {
        convolution_backward_data::desc desc(
            algorithm::convolution_direct, anyLayout(d.src),
            anyLayout(d.weights), anyLayout(d.dst), d.strides, d.dilates,
            d.padL, d.padR);
        convolution_backward_data::primitive_desc pd(desc, userScratchpad(),
                                                     eng, fwd);
        p->prim = convolution_backward_data(pd);
        p->src = {d.src, pd.diff_src_desc()};
        p->weights = {d.weights, pd.weights_desc()};
        p->dst = {d.dst, pd.diff_dst_desc()};
        p->scratch = pd.scratchpad_desc();
      } else {
        convolution_backward_weights::desc desc(
            algorithm::convolution_direct, anyLayout(d.src),
            anyLayout(d.weights), anyLayout(d.dst), d.strides, d.dilates,
            d.padL, d.padR);
        convolution_backward_weights::primitive_desc pd(
            desc, userScratchpad(), eng, fwd);
        p->prim = convolution_backward_weights(pd);
        p->src = {d.src, pd.src_desc()};
        p->weights = {d.weights, pd.diff_weights_desc()};
        p->dst = {d.dst, pd.diff_dst_desc()};
        p->scratch = pd.scratchpad_desc();
      }
      // Which operands the primitive reads: src and weights forward,
      // dst (dy) and weights backward-data, src and dst backward-weights.
      p->src.prepare(eng, dir != BackwardData);
      p->weights.prepare(eng, dir != BackwardWeights);
      p->dst.prepare(eng, dir != Forward);
      // Every buffer is allocated here, outside the threads.
      p->sharedWeights.resize(p->weights.bufferBytes());
      p->state.resize(pieces);
      if (st.pieceScratch.size() < size_t(pieces))
        st.pieceScratch.resize(pieces);
      for (int64_t i = 0; i < pieces; ++i)
        st.pieceScratch[i].resize(p->scratch.get_size());
      for (PieceState &ps : p->state) {
        ps.strm = stream(eng);
        ps.src.resize(p->src.bufferBytes());
        ps.dst.resize(p->dst.bufferBytes());
        // Backward-weights: each piece's partial sum, in the primitive's
        // layout (padding included) when the pieces are added.
        if (dir == BackwardWeights && pieces > 1)
          ps.weights.resize(p->weights.inner.get_size());
      }
    } catch (const dnnl::error &) {
      p.reset();
    }
  }
  ConvPlan *raw = p.get();
  st.plans.emplace(std::move(key), std::move(p));
  return raw;
}

/// Runs body(piece's state, its first image, its scratch memory) for every
/// piece, on
/// up to the backend's thread count, each with one OpenMP thread. A
/// oneDNN error in any piece fails the entry after all have finished.
template <typename Body>
void forEachPiece(Context &ctx, const char *entry, ConvPlan &p, Body body) {
  OneDnnState &st = oneDnnState(ctx);
  int threads = static_cast<int>(
      std::min<int64_t>(backendThreads(), p.pieces()));
  std::vector<std::string> errors(p.pieces());
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
  for (int64_t i = 0; i < p.pieces(); ++i) {
    OneOmpThread one;
    try {
      body(p.state[i], i * p.pieceImages, st.pieceScratch[i].data());
      p.state[i].strm.wait();
    } catch (const dnnl::error &e) {
      errors[i] = e.what();
    }
  }
  for (const std::string &e : errors)
    if (!e.empty())
      fail(entry, "oneDNN failed: %s", e.c_str());
}

/// Executes the plan's primitive on a piece's stream and scratch memory.
void execute(ConvPlan &p, PieceState &ps, void *scratch, const engine &eng,
             std::unordered_map<int, memory> args) {
  args.emplace(DNNL_ARG_SCRATCHPAD, memory(p.scratch, eng, scratch));
  p.prim.execute(ps.strm, args);
}

/// The weights every piece reads, in the primitive's layout: reordered
/// once, before the pieces, on the first piece's stream.
memory sharedWeights(const char *entry, ConvPlan &p, const engine &eng,
                     const float *w) {
  try {
    OneOmpThread one;
    stream &s = p.state[0].strm;
    memory wei = p.weights.bindInput(eng, s, w, p.sharedWeights.data());
    s.wait();
    return wei;
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN failed: %s", e.what());
  }
}

/// Forward (x to y, `fromSrc`) and backward data (dy to dx): each piece
/// maps its images of one tensor to its images of the other through the
/// weights, reordered once for all pieces.
void mapImages(Context &ctx, const char *entry, const ConvGeometry &g,
               ConvPlan &p, const float *w, bool fromSrc, const float *in,
               float *out, const float *bias) {
  const engine &eng = oneDnnState(ctx).engine;
  int64_t xImage = g.c * g.h * g.w, yImage = g.o * g.ohw();
  int64_t inImage = fromSrc ? xImage : yImage;
  int64_t outImage = fromSrc ? yImage : xImage;
  const PlanOperand &inOp = fromSrc ? p.src : p.dst;
  const PlanOperand &outOp = fromSrc ? p.dst : p.src;
  int inArg = fromSrc ? DNNL_ARG_SRC : DNNL_ARG_DIFF_DST;
  int outArg = fromSrc ? DNNL_ARG_DST : DNNL_ARG_DIFF_SRC;
  memory wei = sharedWeights(entry, p, eng, w);
  auto piece = [&](PieceState &ps, int64_t image, void *scratch) {
    AlignedBuffer &inBuffer = fromSrc ? ps.src : ps.dst;
    AlignedBuffer &outBuffer = fromSrc ? ps.dst : ps.src;
    float *outPiece = out + image * outImage;
    memory inMem = inOp.bindInput(eng, ps.strm, in + image * inImage,
                                  inBuffer.data());
    memory outMem = outOp.bindOutput(eng, outPiece, outBuffer.data());
    std::unordered_map<int, memory> args = {
        {inArg, inMem}, {DNNL_ARG_WEIGHTS, wei}, {outArg, outMem}};
    if (bias)
      args.emplace(DNNL_ARG_BIAS,
                   memory(p.bias, eng, const_cast<float *>(bias)));
    execute(p, ps, scratch, eng, std::move(args));
    outOp.finishOutput(eng, ps.strm, outMem, outPiece);
  };
  forEachPiece(ctx, entry, p, piece);
}

} // namespace

bool oneDnnConvForward(Context &ctx, const char *entry, const ConvGeometry &g,
                       const float *x, const float *w, const float *b,
                       float *y) {
  ConvPlan *p = plan(ctx, Forward, g, b != nullptr);
  if (!p)
    return false;
  mapImages(ctx, entry, g, *p, w, /*fromSrc=*/true, x, y, b);
  return true;
}

bool oneDnnConvBackwardData(Context &ctx, const char *entry,
                            const ConvGeometry &g, const float *dy,
                            const float *w, float *dx) {
  ConvPlan *p = plan(ctx, BackwardData, g, false);
  if (!p)
    return false;
  mapImages(ctx, entry, g, *p, w, /*fromSrc=*/false, dy, dx, nullptr);
  return true;
}

bool oneDnnConvBackwardWeights(Context &ctx, const char *entry,
                               const ConvGeometry &g, const float *x,
                               const float *dy, float *dw) {
  ConvPlan *p = plan(ctx, BackwardWeights, g, false);
  if (!p)
    return false;
  const engine &eng = oneDnnState(ctx).engine;
  int64_t xImage = g.c * g.h * g.w, yImage = g.o * g.ohw();
  bool whole = p->pieces() == 1;
  auto piece = [&](PieceState &ps, int64_t image, void *scratch) {
    memory src = p->src.bindInput(eng, ps.strm, x + image * xImage,
                                  ps.src.data());
    memory ddst = p->dst.bindInput(eng, ps.strm, dy + image * yImage,
                                   ps.dst.data());
    // One piece writes dw (through the plan's layout); several write their
    // partial sums in the primitive's layout, added below.
    memory dwei =
        whole ? p->weights.bindOutput(eng, dw, p->sharedWeights.data())
              : memory(p->weights.inner, eng, ps.weights.data());
    execute(*p, ps, scratch, eng,
            {{DNNL_ARG_SRC, src},
             {DNNL_ARG_DIFF_DST, ddst},
             {DNNL_ARG_DIFF_WEIGHTS, dwei}});
    if (whole)
      p->weights.finishOutput(eng, ps.strm, dwei, dw);
  };
  forEachPiece(ctx, entry, *p, piece);
  if (whole)
    return true;
  // sum = ((piece 0 + piece 1) + piece 2) + ...: each element in piece
  // order, whichever thread adds it.
  float *sum = static_cast<float *>(p->state[0].weights.data());
  int64_t elems = static_cast<int64_t>(p->weights.inner.get_size() / 4);
  parallelRanges(elems, [&](int64_t begin, int64_t end) {
    for (int64_t i = 1; i < p->pieces(); ++i) {
      auto *part = static_cast<const float *>(p->state[i].weights.data());
      for (int64_t e = begin; e < end; ++e)
        sum[e] += part[e];
    }
  });
  try {
    OneOmpThread one;
    stream &s = p->state[0].strm; // the pieces are done with it
    memory total(p->weights.inner, eng, sum);
    if (p->weights.reordered)
      p->weights.finishOutput(eng, s, total, dw);
    else
      std::memcpy(dw, sum, elems * sizeof(float));
    s.wait();
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN failed: %s", e.what());
  }
  return true;
}

} // namespace echo_rt
