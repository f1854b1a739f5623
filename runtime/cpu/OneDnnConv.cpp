//===- OneDnnConv.cpp - Convolution and its gradients on oneDNN ----------===//
//
// One plan per (direction, geometry): the primitive, created with layouts
// of its choice (blocked formats, `any`), and the reorders from and to the
// caller's NCHW / OIHW tensors. oneDNN's own scratch memory is the
// context's scratchpad (user mode), so no primitive allocates while it runs.
//
//===----------------------------------------------------------------------===//

#include "ConvGeometry.h"
#include "OneDnn.h"
#include "OneDnnState.h"
#include "RuntimeError.h"

using namespace dnnl;

namespace echo_rt {
namespace {

enum ConvDirection : int64_t { Forward = 1, BackwardData, BackwardWeights };

using dims = memory::dims;
using tag = memory::format_tag;
constexpr memory::data_type f32 = memory::data_type::f32;

struct ConvPlan : OneDnnPlan {
  primitive prim;
  PlanOperand src, weights, dst; // in the direction's roles
  bool hasBias = false;
  memory::desc bias, scratch;
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
ConvPlan *plan(Context &ctx, ConvDirection dir, const ConvGeometry &g,
               bool bias) {
  OneDnnState &st = oneDnnState(ctx);
  auto key = planKey(dir, g, bias);
  auto it = st.plans.find(key);
  if (it != st.plans.end())
    return static_cast<ConvPlan *>(it->second.get());
  std::unique_ptr<ConvPlan> p;
  Descs d;
  if (describe(g, d)) {
    OneOmpThread one; // the kernel's blocking is chosen for one thread
    try {
      p = std::make_unique<ConvPlan>();
      const engine &eng = st.engine;
      auto fwd = forwardDesc(eng, d, bias && dir == Forward);
      if (dir == Forward) {
        p->prim = convolution_forward(fwd);
        p->src = {d.src, fwd.src_desc()};
        p->weights = {d.weights, fwd.weights_desc()};
        p->dst = {d.dst, fwd.dst_desc()};
        p->hasBias = bias;
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
    } catch (const dnnl::error &) {
      p.reset();
    }
  }
  ConvPlan *raw = p.get();
  st.plans.emplace(std::move(key), std::move(p));
  return raw;
}

void run(Context &ctx, const char *entry, ConvPlan &p,
         std::unordered_map<int, memory> args) {
  OneDnnState &st = oneDnnState(ctx);
  args.emplace(DNNL_ARG_SCRATCHPAD, st.scratchpadFor(p.scratch));
  try {
    p.prim.execute(st.stream, args);
    st.stream.wait();
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN primitive failed: %s", e.what());
  }
}

} // namespace

bool oneDnnConvForward(Context &ctx, const char *entry, const ConvGeometry &g,
                       const float *x, const float *w, const float *b,
                       float *y) {
  ConvPlan *p = plan(ctx, Forward, g, b != nullptr);
  if (!p)
    return false;
  OneDnnState &st = oneDnnState(ctx);
  OneOmpThread one;
  try {
    memory src = p->src.bindInput(st.engine, st.stream, x);
    memory wei = p->weights.bindInput(st.engine, st.stream, w);
    memory dst = p->dst.bindOutput(st.engine, y);
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}};
    if (b)
      args.emplace(DNNL_ARG_BIAS,
                   memory(p->bias, st.engine, const_cast<float *>(b)));
    run(ctx, entry, *p, std::move(args));
    p->dst.finishOutput(st.engine, st.stream, dst, y);
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN failed: %s", e.what());
  }
  return true;
}

bool oneDnnConvBackwardData(Context &ctx, const char *entry,
                            const ConvGeometry &g, const float *dy,
                            const float *w, float *dx) {
  ConvPlan *p = plan(ctx, BackwardData, g, false);
  if (!p)
    return false;
  OneDnnState &st = oneDnnState(ctx);
  OneOmpThread one;
  try {
    memory ddst = p->dst.bindInput(st.engine, st.stream, dy);
    memory wei = p->weights.bindInput(st.engine, st.stream, w);
    memory dsrc = p->src.bindOutput(st.engine, dx);
    run(ctx, entry, *p,
        {{DNNL_ARG_DIFF_DST, ddst},
         {DNNL_ARG_WEIGHTS, wei},
         {DNNL_ARG_DIFF_SRC, dsrc}});
    p->src.finishOutput(st.engine, st.stream, dsrc, dx);
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN failed: %s", e.what());
  }
  return true;
}

bool oneDnnConvBackwardWeights(Context &ctx, const char *entry,
                               const ConvGeometry &g, const float *x,
                               const float *dy, float *dw) {
  ConvPlan *p = plan(ctx, BackwardWeights, g, false);
  if (!p)
    return false;
  OneDnnState &st = oneDnnState(ctx);
  OneOmpThread one;
  try {
    memory src = p->src.bindInput(st.engine, st.stream, x);
    memory ddst = p->dst.bindInput(st.engine, st.stream, dy);
    memory dwei = p->weights.bindOutput(st.engine, dw);
    run(ctx, entry, *p,
        {{DNNL_ARG_SRC, src},
         {DNNL_ARG_DIFF_DST, ddst},
         {DNNL_ARG_DIFF_WEIGHTS, dwei}});
    p->weights.finishOutput(st.engine, st.stream, dwei, dw);
  } catch (const dnnl::error &e) {
    fail(entry, "oneDNN failed: %s", e.what());
  }
  return true;
}

} // namespace echo_rt
