//===- Gemm.cpp - linear and matmul through sgemm ---------------------------===//

#include "Blas.h"
#include "Context.h"
#include "GemmArgs.h"
#include "TensorView.h"

using namespace echo_rt;

void entry::echo_linear(Context &, const echo_linear_args &args) {
  LinearArgs a = linearArgs(args);
  int64_t m = a.m, n = a.n, k = a.k;
  sgemm(args.entry, false, true, m, n, k, 1.0f, a.x.f32(), k, a.w.f32(), k,
        0.0f, a.y.f32(), n);
  if (args.has_bias) {
    const float *bias = a.b.f32();
    float *out = a.y.f32();
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        out[i * n + j] += bias[j];
  }
}

void entry::echo_linear_grad_input(Context &,
                                   const echo_linear_grad_input_args &args) {
  LinearGradInputArgs a = linearGradInputArgs(args);
  sgemm(args.entry, false, false, a.m, a.k, a.n, 1.0f, a.dy.f32(), a.n,
        a.w.f32(), a.k, 0.0f, a.dx.f32(), a.k);
}

void entry::echo_linear_grad_weight(Context &,
                                    const echo_linear_grad_weight_args &args) {
  LinearGradWeightArgs a = linearGradWeightArgs(args);
  sgemm(args.entry, true, false, a.n, a.k, a.m, 1.0f, a.dy.f32(), a.n,
        a.x.f32(), a.k, 0.0f, a.dw.f32(), a.k);
}

void entry::echo_matmul(Context &, const echo_matmul_args &args) {
  MatmulArgs g = matmulArgs(args);
  sgemmBatched(args.entry, args.transpose_a != 0, args.transpose_b != 0, g.m,
               g.n, g.k, 1.0f, g.a.f32(), g.ac, g.ar * g.ac, g.b.f32(), g.bc,
               g.br * g.bc, 0.0f, g.c.f32(), g.n, g.m * g.n, g.batch);
}
