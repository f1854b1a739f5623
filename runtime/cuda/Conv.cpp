//===- Conv.cpp - 2-D convolution on cuDNN --------------------------------===//
//
// NCHW x OIHW with symmetric padding, dilation and groups, through cuDNN's
// convolution forward, backward-data and backward-filter. Numerics follow
// the step's math mode (echo_step_set_math): under ECHO_MATH_IEEE, FP32 FMA
// math only (CUDNN_FMA_MATH: no TF32 tensor cores) and, among the
// algorithms cuDNN's heuristics rank for the shapes, the first that is
// deterministic and runs in FMA math; under ECHO_MATH_TF32, the first
// ranked (the fastest expected) in FMA or default math (TF32 tensor cores
// permitted, no down-conversion below TF32), deterministic or not. The
// algorithm's workspace is the step's planned buffer (the entry's
// `workspace` argument, of the compiler's workspace budget) when it has
// bytes: only algorithms whose workspace fits are considered. With an
// empty one it comes from the context's scratch, grown on demand. The
// descriptors, the choice and the workspace size are made once per shape
// and kept in the context (ConvPlans): a step's later calls only run the
// convolution. Shapes are checked by the code the CPU backend uses
// (runtime/common/ConvGeometry.cpp); the bias is added afterwards in f32,
// as on the CPU. The 16-bit entries keep their tensors in bf16 / f16 with
// an f32 compute type on the tensor cores (the first ranked algorithm, in
// any math type but a down-conversion, deterministic under ECHO_MATH_IEEE);
// a bias is broadcast into y first and added by beta = 1, so each element
// is rounded once, after the bias.
//
//===----------------------------------------------------------------------===//

#include "ConvGeometry.h"
#include "Kernels.h"
#include "Tensor.h"

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

using namespace echo_cuda;
using echo_rt::ConvArgs;
using echo_rt::convArgs;
using echo_rt::ConvGeometry;
using echo_rt::ConvGradInputArgs;
using echo_rt::convGradInputArgs;
using echo_rt::ConvGradWeightArgs;
using echo_rt::convGradWeightArgs;

namespace {

int dim(const char *E, int64_t v) {
  if (v > INT_MAX)
    fail(E, "convolution dimension %lld exceeds cuDNN's integer range",
         (long long)v);
  return static_cast<int>(v);
}

/// The cuDNN descriptors of one convolution shape, owned by its plan.
struct ConvDescriptors {
  cudnnTensorDescriptor_t x = nullptr, y = nullptr;
  cudnnFilterDescriptor_t w = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;

  ConvDescriptors() = default;
  ConvDescriptors(const ConvDescriptors &) = delete;
  ConvDescriptors &operator=(const ConvDescriptors &) = delete;
  ~ConvDescriptors() {
    if (conv)
      cudnnDestroyConvolutionDescriptor(conv);
    if (w)
      cudnnDestroyFilterDescriptor(w);
    if (y)
      cudnnDestroyTensorDescriptor(y);
    if (x)
      cudnnDestroyTensorDescriptor(x);
  }

  void create(const char *E, const ConvGeometry &g, int64_t mode,
              cudnnDataType_t data) {
    check(E, cudnnCreateTensorDescriptor(&x), "cudnnCreateTensorDescriptor");
    check(E, cudnnCreateTensorDescriptor(&y), "cudnnCreateTensorDescriptor");
    check(E, cudnnCreateFilterDescriptor(&w), "cudnnCreateFilterDescriptor");
    check(E, cudnnCreateConvolutionDescriptor(&conv),
          "cudnnCreateConvolutionDescriptor");
    check(E,
          cudnnSetTensor4dDescriptor(x, CUDNN_TENSOR_NCHW, data, dim(E, g.n),
                                     dim(E, g.c), dim(E, g.h), dim(E, g.w)),
          "cudnnSetTensor4dDescriptor (input)");
    check(E,
          cudnnSetTensor4dDescriptor(y, CUDNN_TENSOR_NCHW, data, dim(E, g.n),
                                     dim(E, g.o), dim(E, g.oh), dim(E, g.ow)),
          "cudnnSetTensor4dDescriptor (output)");
    check(E,
          cudnnSetFilter4dDescriptor(w, data, CUDNN_TENSOR_NCHW, dim(E, g.o),
                                     dim(E, g.cg), dim(E, g.kh), dim(E, g.kw)),
          "cudnnSetFilter4dDescriptor");
    check(E,
          cudnnSetConvolution2dDescriptor(
              conv, dim(E, g.ph), dim(E, g.pw), dim(E, g.sh), dim(E, g.sw),
              dim(E, g.dh), dim(E, g.dw), CUDNN_CROSS_CORRELATION,
              CUDNN_DATA_FLOAT),
          "cudnnSetConvolution2dDescriptor");
    check(E, cudnnSetConvolutionGroupCount(conv, dim(E, g.groups)),
          "cudnnSetConvolutionGroupCount");
    // 16-bit data: the f32 compute type above, tensor cores (the math
    // type of the algorithm chosen is set then).
    if (data != CUDNN_DATA_FLOAT)
      setMath(E, CUDNN_TENSOR_OP_MATH);
    else
      setMath(E, mode == ECHO_MATH_TF32 ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH);
  }
  void setMath(const char *E, cudnnMathType_t math) {
    check(E, cudnnSetConvolutionMathType(conv, math),
          "cudnnSetConvolutionMathType");
  }
};

/// Where a convolution's workspace comes from: the step's planned buffer
/// (`bytes` > 0), or the context's scratch (`bytes` 0: no limit).
struct Workspace {
  void *data = nullptr;
  size_t bytes = 0;
  bool planned() const { return bytes > 0; }
};

Workspace workspaceOf(const Operand &workspace) {
  TensorView t = workspace.view();
  expectRank(workspace.entry, t, "workspace", 1);
  return {t.data, size_t(t.numel)};
}

enum ConvKind : int64_t { kForward, kBackwardData, kBackwardFilter };

/// What a convolution runs: its descriptors, the algorithm chosen for them
/// and the workspace that algorithm needs. Made once per shape.
struct ConvPlan {
  ConvDescriptors d;
  int algo = 0;
  size_t bytes = 0;
};

/// The algorithm a convolution runs, from cuDNN's ranking (fastest
/// expected first), and the math type the descriptor is given for it.
/// ECHO_MATH_IEEE: the first that succeeds and is deterministic, preferring
/// those reported under FMA math; the descriptor stays in CUDNN_FMA_MATH
/// whatever the report says, which is what keeps TF32 tensor-core kernels
/// out. ECHO_MATH_TF32: the first that succeeds in FMA or default math
/// (CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION, which may convert to FP16, is
/// never taken), deterministic or not, with the descriptor set to the math
/// type it was ranked under, as cuDNN requires. 16-bit data (`half`): the
/// first that succeeds in any math type but a down-conversion (tensor
/// cores), deterministic unless under ECHO_MATH_TF32, with the descriptor
/// set to its math type. With a planned workspace,
/// only algorithms whose workspace fits in it are candidates. The ranking
/// is cuDNN's heuristic, not a timing, so the same shapes get the same
/// algorithm (and the same bits) in every run.
template <typename Perf>
const Perf &choose(const char *E, ConvDescriptors &d, int64_t mode, bool half,
                   const Workspace &ws, const std::vector<Perf> &perfs,
                   int count, const char *what) {
  bool tf32 = mode == ECHO_MATH_TF32;
  auto usable = [&](const Perf &p, cudnnMathType_t math) {
    if (p.status != CUDNN_STATUS_SUCCESS)
      return false;
    if (half)
      return p.mathType != CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION &&
             (tf32 || p.determinism == CUDNN_DETERMINISTIC);
    if (tf32)
      return p.mathType == CUDNN_DEFAULT_MATH || p.mathType == CUDNN_FMA_MATH;
    return p.determinism == CUDNN_DETERMINISTIC && p.mathType == math;
  };
  // The smallest workspace among the usable algorithms, for the message.
  size_t smallest = SIZE_MAX;
  for (cudnnMathType_t math : {CUDNN_FMA_MATH, CUDNN_DEFAULT_MATH})
    for (int i = 0; i < count; ++i) {
      if (!usable(perfs[i], math))
        continue;
      smallest = std::min(smallest, perfs[i].memory);
      if (ws.planned() && perfs[i].memory > ws.bytes)
        continue;
      if (tf32 || half)
        d.setMath(E, perfs[i].mathType);
      return perfs[i];
    }
  std::string kind = half   ? (tf32 ? "16-bit" : "deterministic 16-bit")
                     : tf32 ? "FP32 or TF32"
                            : "deterministic FP32 (FMA math)";
  if (smallest != SIZE_MAX)
    throw Error{ECHO_ERR_INVALID_ARGUMENT,
                std::string(E) + ": no " + kind + " algorithm for this " +
                    what + " fits the planned workspace of " +
                    std::to_string(ws.bytes) + " bytes (the smallest needs " +
                    std::to_string(smallest) +
                    "); raise the lowering's workspace-budget"};
  throw Error{ECHO_ERR_INTERNAL, std::string(E) + ": cuDNN offers no " + kind +
                                     " algorithm for this " + what};
}

/// Ranks the algorithms of one kind (`rank`: cudnnGet*Algorithm_v7),
/// chooses one and asks its workspace (`size`: cudnnGet*WorkspaceSize).
template <typename Perf, int Count, typename Rank, typename Size>
void choosePlan(const char *E, ConvPlan &p, int64_t mode, bool half,
                const Workspace &ws, const char *what, Rank rank, Size size) {
  std::vector<Perf> perfs(Count);
  int count = 0;
  rank((int)perfs.size(), &count, perfs.data());
  const Perf &perf = choose(E, p.d, mode, half, ws, perfs, count, what);
  p.algo = (int)perf.algo;
  size(perf.algo, &p.bytes);
}

} // namespace

/// The context's convolution plans, by kind, shape, math mode, planned
/// workspace size and data type: cuDNN's descriptors, heuristics and workspace
/// queries run at a shape's first call only (a step's shapes are static).
struct echo_cuda::ConvPlans {
  using Key = std::array<int64_t, 20>;
  std::map<Key, std::unique_ptr<ConvPlan>> plans;
};

void echo_cuda::releaseConvPlans(Context &ctx) {
  delete ctx.convPlans;
  ctx.convPlans = nullptr;
}

namespace {

const ConvPlan &planFor(const char *E, Context &ctx, ConvKind kind,
                        const ConvGeometry &g, const Workspace &ws,
                        cudnnDataType_t data) {
  if (!ctx.convPlans)
    ctx.convPlans = new ConvPlans();
  ConvPlans::Key key = {kind,
                        g.n,
                        g.c,
                        g.h,
                        g.w,
                        g.o,
                        g.kh,
                        g.kw,
                        g.oh,
                        g.ow,
                        g.sh,
                        g.sw,
                        g.ph,
                        g.pw,
                        g.dh,
                        g.dw,
                        g.groups,
                        ctx.math,
                        (int64_t)ws.bytes,
                        (int64_t)data};
  auto &slot = ctx.convPlans->plans[key];
  if (slot)
    return *slot;
  bool half = data != CUDNN_DATA_FLOAT;
  auto p = std::make_unique<ConvPlan>();
  p->d.create(E, g, ctx.math, data);
  cudnnHandle_t h = cudnn(E, ctx);
  ConvDescriptors &d = p->d;
  switch (kind) {
  case kForward:
    choosePlan<cudnnConvolutionFwdAlgoPerf_t, CUDNN_CONVOLUTION_FWD_ALGO_COUNT>(
        E, *p, ctx.math, half, ws, "forward convolution",
        [&](int n, int *count, cudnnConvolutionFwdAlgoPerf_t *perfs) {
          check(E,
                cudnnGetConvolutionForwardAlgorithm_v7(h, d.x, d.w, d.conv,
                                                       d.y, n, count, perfs),
                "cudnnGetConvolutionForwardAlgorithm_v7");
        },
        [&](cudnnConvolutionFwdAlgo_t algo, size_t *bytes) {
          check(E,
                cudnnGetConvolutionForwardWorkspaceSize(h, d.x, d.w, d.conv,
                                                        d.y, algo, bytes),
                "cudnnGetConvolutionForwardWorkspaceSize");
        });
    break;
  case kBackwardData:
    choosePlan<cudnnConvolutionBwdDataAlgoPerf_t,
               CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT>(
        E, *p, ctx.math, half, ws, "backward-data convolution",
        [&](int n, int *count, cudnnConvolutionBwdDataAlgoPerf_t *perfs) {
          check(E,
                cudnnGetConvolutionBackwardDataAlgorithm_v7(
                    h, d.w, d.y, d.conv, d.x, n, count, perfs),
                "cudnnGetConvolutionBackwardDataAlgorithm_v7");
        },
        [&](cudnnConvolutionBwdDataAlgo_t algo, size_t *bytes) {
          check(E,
                cudnnGetConvolutionBackwardDataWorkspaceSize(
                    h, d.w, d.y, d.conv, d.x, algo, bytes),
                "cudnnGetConvolutionBackwardDataWorkspaceSize");
        });
    break;
  case kBackwardFilter:
    choosePlan<cudnnConvolutionBwdFilterAlgoPerf_t,
               CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT>(
        E, *p, ctx.math, half, ws, "backward-filter convolution",
        [&](int n, int *count, cudnnConvolutionBwdFilterAlgoPerf_t *perfs) {
          check(E,
                cudnnGetConvolutionBackwardFilterAlgorithm_v7(
                    h, d.x, d.y, d.conv, d.w, n, count, perfs),
                "cudnnGetConvolutionBackwardFilterAlgorithm_v7");
        },
        [&](cudnnConvolutionBwdFilterAlgo_t algo, size_t *bytes) {
          check(E,
                cudnnGetConvolutionBackwardFilterWorkspaceSize(
                    h, d.x, d.y, d.conv, d.w, algo, bytes),
                "cudnnGetConvolutionBackwardFilterWorkspaceSize");
        });
    break;
  }
  slot = std::move(p);
  return *slot;
}

/// The workspace pointer of a plan: the planned buffer, or scratch.
void *workspaceFor(const char *E, Context &ctx, const Workspace &ws,
                   size_t bytes) {
  if (bytes == 0)
    return nullptr;
  if (!ws.planned())
    return scratch(E, ctx, bytes);
  if (bytes > ws.bytes)
    throw Error{ECHO_ERR_INTERNAL,
                std::string(E) + ": cuDNN asks " + std::to_string(bytes) +
                    " workspace bytes for an algorithm it ranked with " +
                    "at most " + std::to_string(ws.bytes)};
  return ws.data;
}

/// The element type of one entry's tensors: cuDNN's name and the size.
struct ConvData {
  cudnnDataType_t type;
  size_t bytes;
};
constexpr ConvData kF32{CUDNN_DATA_FLOAT, sizeof(float)};
constexpr ConvData kBf16{CUDNN_DATA_BFLOAT16, sizeof(uint16_t)};
constexpr ConvData kF16{CUDNN_DATA_HALF, sizeof(uint16_t)};

void zero(Context &ctx, const char *E, const TensorView &t, ConvData data) {
  check(E, cudaMemsetAsync(t.data, 0, data.bytes * t.numel, ctx.stream),
        "cudaMemsetAsync");
}

/// y = x * w (+ b). f32: the bias is added afterwards, in f32, as on the
/// CPU. 16-bit: it is broadcast into y first and cuDNN adds the product
/// (beta = 1), so each element is rounded once, after the bias.
template <class Args>
void forward(Context &ctx, const Args &args, ConvData data) {
  ConvArgs a = convArgs(args);
  const TensorView &X = a.x, &W = a.w, &B = a.b, &Y = a.y;
  const ConvGeometry &g = a.g;
  const char *E = args.entry;
  Workspace ws = workspaceOf(args.workspace);
  if (Y.numel == 0)
    return;
  bool half = data.type != CUDNN_DATA_FLOAT;
  bool biasFirst = half && args.has_bias;
  if (biasFirst)
    broadcastChannels16(ctx, E, static_cast<uint16_t *>(Y.data),
                        static_cast<const uint16_t *>(B.data), g.n, g.o,
                        g.oh * g.ow);
  if (g.cg == 0) {
    // No input channels: an empty sum (cuDNN rejects empty filters).
    if (!biasFirst)
      zero(ctx, E, Y, data);
  } else {
    const ConvPlan &p = planFor(E, ctx, kForward, g, ws, data.type);
    const ConvDescriptors &d = p.d;
    void *scratchData = workspaceFor(E, ctx, ws, p.bytes);
    const float one = 1.0f, beta = biasFirst ? 1.0f : 0.0f;
    check(E,
          cudnnConvolutionForward(cudnn(E, ctx), &one, d.x, X.data, d.w, W.data,
                                  d.conv, (cudnnConvolutionFwdAlgo_t)p.algo,
                                  scratchData, p.bytes, &beta, d.y, Y.data),
          "cudnnConvolutionForward");
  }
  if (args.has_bias && !half)
    addBiasChannels(ctx, E, Y.f32(), B.f32(), g.n, g.o, g.oh * g.ow);
}

template <class Args>
void gradInput(Context &ctx, const Args &args, ConvData data) {
  ConvGradInputArgs a = convGradInputArgs(args);
  const TensorView &DY = a.dy, &W = a.w, &DX = a.dx;
  const ConvGeometry &g = a.g;
  const char *E = args.entry;
  Workspace ws = workspaceOf(args.workspace);
  if (DX.numel == 0)
    return;
  if (DY.numel == 0)
    return zero(ctx, E, DX, data);
  const ConvPlan &p = planFor(E, ctx, kBackwardData, g, ws, data.type);
  const ConvDescriptors &d = p.d;
  void *scratchData = workspaceFor(E, ctx, ws, p.bytes);
  const float one = 1.0f, zeroScale = 0.0f;
  check(E,
        cudnnConvolutionBackwardData(
            cudnn(E, ctx), &one, d.w, W.data, d.y, DY.data, d.conv,
            (cudnnConvolutionBwdDataAlgo_t)p.algo, scratchData, p.bytes,
            &zeroScale, d.x, DX.data),
        "cudnnConvolutionBackwardData");
}

template <class Args>
void gradWeight(Context &ctx, const Args &args, ConvData data) {
  ConvGradWeightArgs a = convGradWeightArgs(args);
  const TensorView &X = a.x, &DY = a.dy, &DW = a.dw;
  const ConvGeometry &g = a.g;
  const char *E = args.entry;
  Workspace ws = workspaceOf(args.workspace);
  if (DW.numel == 0)
    return;
  if (g.n == 0 || DY.numel == 0)
    return zero(ctx, E, DW, data);
  const ConvPlan &p = planFor(E, ctx, kBackwardFilter, g, ws, data.type);
  const ConvDescriptors &d = p.d;
  void *scratchData = workspaceFor(E, ctx, ws, p.bytes);
  const float one = 1.0f, zeroScale = 0.0f;
  check(E,
        cudnnConvolutionBackwardFilter(
            cudnn(E, ctx), &one, d.x, X.data, d.y, DY.data, d.conv,
            (cudnnConvolutionBwdFilterAlgo_t)p.algo, scratchData, p.bytes,
            &zeroScale, d.w, DW.data),
        "cudnnConvolutionBackwardFilter");
}

} // namespace

#define ECHO_CONV_ENTRIES(SUFFIX, DATA)                                        \
  void entry::echo_conv2d##SUFFIX(Context &ctx,                                \
                                  const echo_conv2d##SUFFIX##_args &args) {    \
    forward(ctx, args, DATA);                                                  \
  }                                                                            \
  void entry::echo_conv2d_grad_input##SUFFIX(                                  \
      Context &ctx, const echo_conv2d_grad_input##SUFFIX##_args &args) {       \
    gradInput(ctx, args, DATA);                                                \
  }                                                                            \
  void entry::echo_conv2d_grad_weight##SUFFIX(                                 \
      Context &ctx, const echo_conv2d_grad_weight##SUFFIX##_args &args) {      \
    gradWeight(ctx, args, DATA);                                               \
  }
ECHO_CONV_ENTRIES(, kF32)
ECHO_CONV_ENTRIES(_bf16, kBf16)
ECHO_CONV_ENTRIES(_f16, kF16)
#undef ECHO_CONV_ENTRIES
