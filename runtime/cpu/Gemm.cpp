//===- Gemm.cpp - linear and matmul through sgemm -------------------------===//
//
// The 16-bit entries compute on f32 scratch (Widen16.h).
//
//===----------------------------------------------------------------------===//

#include "Blas.h"
#include "Context.h"
#include "GemmArgs.h"
#include "TensorView.h"
#include "Widen16.h"

#include <vector>

using namespace echo_rt;

namespace {

void linearF32(const char *E, const LinearArgs &a, const float *x,
               const float *w, const float *bias, float *y) {
  int64_t m = a.m, n = a.n, k = a.k;
  sgemm(E, false, true, m, n, k, 1.0f, x, k, w, k, 0.0f, y, n);
  if (bias)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        y[i * n + j] += bias[j];
}

void linearGradInputF32(const char *E, const LinearGradInputArgs &a,
                        const float *dy, const float *w, float *dx) {
  sgemm(E, false, false, a.m, a.k, a.n, 1.0f, dy, a.n, w, a.k, 0.0f, dx, a.k);
}

void linearGradWeightF32(const char *E, const LinearGradWeightArgs &a,
                         const float *dy, const float *x, float *dw) {
  sgemm(E, true, false, a.n, a.k, a.m, 1.0f, dy, a.n, x, a.k, 0.0f, dw, a.k);
}

void matmulF32(const char *E, const MatmulArgs &g, bool ta, bool tb,
               const float *a, const float *b, float *c) {
  sgemmBatched(E, ta, tb, g.m, g.n, g.k, 1.0f, a, g.ac, g.ar * g.ac, b, g.bc,
               g.br * g.bc, 0.0f, c, g.n, g.m * g.n, g.batch);
}

template <class Elt, class Args> void linear16(const Args &args) {
  LinearArgs a = linearArgs(args);
  std::vector<float> x = widen<Elt>(a.x), w = widen<Elt>(a.w),
                     y = widenedScratch(a.y);
  std::vector<float> b;
  if (args.has_bias)
    b = widen<Elt>(a.b);
  linearF32(args.entry, a, x.data(), w.data(),
            args.has_bias ? b.data() : nullptr, y.data());
  narrow<Elt>(y, a.y);
}

template <class Elt, class Args> void linearGradInput16(const Args &args) {
  LinearGradInputArgs a = linearGradInputArgs(args);
  std::vector<float> dy = widen<Elt>(a.dy), w = widen<Elt>(a.w),
                     dx = widenedScratch(a.dx);
  linearGradInputF32(args.entry, a, dy.data(), w.data(), dx.data());
  narrow<Elt>(dx, a.dx);
}

template <class Elt, class Args> void linearGradWeight16(const Args &args) {
  LinearGradWeightArgs a = linearGradWeightArgs(args);
  std::vector<float> dy = widen<Elt>(a.dy), x = widen<Elt>(a.x),
                     dw = widenedScratch(a.dw);
  linearGradWeightF32(args.entry, a, dy.data(), x.data(), dw.data());
  narrow<Elt>(dw, a.dw);
}

template <class Elt, class Args> void matmul16(const Args &args) {
  MatmulArgs g = matmulArgs(args);
  std::vector<float> a = widen<Elt>(g.a), b = widen<Elt>(g.b),
                     c = widenedScratch(g.c);
  matmulF32(args.entry, g, args.transpose_a != 0, args.transpose_b != 0,
            a.data(), b.data(), c.data());
  narrow<Elt>(c, g.c);
}

} // namespace

void entry::echo_linear(Context &, const echo_linear_args &args) {
  LinearArgs a = linearArgs(args);
  linearF32(args.entry, a, a.x.f32(), a.w.f32(),
            args.has_bias ? a.b.f32() : nullptr, a.y.f32());
}

void entry::echo_linear_grad_input(Context &,
                                   const echo_linear_grad_input_args &args) {
  LinearGradInputArgs a = linearGradInputArgs(args);
  linearGradInputF32(args.entry, a, a.dy.f32(), a.w.f32(), a.dx.f32());
}

void entry::echo_linear_grad_weight(Context &,
                                    const echo_linear_grad_weight_args &args) {
  LinearGradWeightArgs a = linearGradWeightArgs(args);
  linearGradWeightF32(args.entry, a, a.dy.f32(), a.x.f32(), a.dw.f32());
}

void entry::echo_matmul(Context &, const echo_matmul_args &args) {
  MatmulArgs g = matmulArgs(args);
  matmulF32(args.entry, g, args.transpose_a != 0, args.transpose_b != 0,
            g.a.f32(), g.b.f32(), g.c.f32());
}

void entry::echo_linear_bf16(Context &, const echo_linear_bf16_args &args) {
  linear16<Bf16Elt>(args);
}
void entry::echo_linear_f16(Context &, const echo_linear_f16_args &args) {
  linear16<F16Elt>(args);
}
void entry::echo_linear_grad_input_bf16(
    Context &, const echo_linear_grad_input_bf16_args &args) {
  linearGradInput16<Bf16Elt>(args);
}
void entry::echo_linear_grad_input_f16(
    Context &, const echo_linear_grad_input_f16_args &args) {
  linearGradInput16<F16Elt>(args);
}
void entry::echo_linear_grad_weight_bf16(
    Context &, const echo_linear_grad_weight_bf16_args &args) {
  linearGradWeight16<Bf16Elt>(args);
}
void entry::echo_linear_grad_weight_f16(
    Context &, const echo_linear_grad_weight_f16_args &args) {
  linearGradWeight16<F16Elt>(args);
}
void entry::echo_matmul_bf16(Context &, const echo_matmul_bf16_args &args) {
  matmul16<Bf16Elt>(args);
}
void entry::echo_matmul_f16(Context &, const echo_matmul_f16_args &args) {
  matmul16<F16Elt>(args);
}
