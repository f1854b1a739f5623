//===- ElementFunctions.cpp - Per-element semantics of the kinds ----------===//
//
// Each function spells out the C++ expression of the CPU runtime with its
// implicit parenthesization (left to right), e.g. `0.5f * v * (1.0f + t)`
// is (0.5 * v) * (1 + t). Comparisons are ordered (false on NaN), as C's.
//
//===----------------------------------------------------------------------===//

#include "ElementFunctions.h"

#include "echo/gelu.h"
#include "echo/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::light;

namespace {

/// Terse f32 arithmetic for the tables below.
struct F {
  OpBuilder &b;
  Location loc;
  Value c(float v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value gt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
  }
  Value ge(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value tanh(Value x) { return math::TanhOp::create(b, loc, x); }
  Value erf(Value x) { return math::ErfOp::create(b, loc, x); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value log(Value x) { return math::LogOp::create(b, loc, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
};

/// tanh(C * (x + A * x2 * x)) with x2 = x * x: gelu's inner term.
Value geluTanh(F &f, Value x, Value x2) {
  Value cube = f.mul(f.mul(f.c(echo_gelu::kA), x2), x);
  return f.tanh(f.mul(f.c(echo_gelu::kC), f.add(x, cube)));
}

struct UnaryKind {
  int64_t kind;
  UnaryFunction forward;
  BinaryFunction grad; // (fwd, dy)
};

// clang-format off
const UnaryKind kUnaryKinds[] = {
  {ECHO_RELU,
   [](OpBuilder &b, Location l, Value v) {
     F f{b, l};
     return f.select(f.gt(v, f.c(0.0f)), v, f.c(0.0f));
   },
   [](OpBuilder &b, Location l, Value y, Value d) { // fwd = y
     F f{b, l};
     return f.select(f.gt(y, f.c(0.0f)), d, f.c(0.0f));
   }},
  {ECHO_TANH,
   [](OpBuilder &b, Location l, Value v) { return F{b, l}.tanh(v); },
   [](OpBuilder &b, Location l, Value y, Value d) { // d * (1 - y * y)
     F f{b, l};
     return f.mul(d, f.sub(f.c(1.0f), f.mul(y, y)));
   }},
  {ECHO_SIGMOID,
   [](OpBuilder &b, Location l, Value v) { // 1 / (1 + exp(-v))
     F f{b, l};
     return f.div(f.c(1.0f), f.add(f.c(1.0f), f.exp(f.neg(v))));
   },
   [](OpBuilder &b, Location l, Value y, Value d) { // d * y * (1 - y)
     F f{b, l};
     return f.mul(f.mul(d, y), f.sub(f.c(1.0f), y));
   }},
  {ECHO_GELU,
   // The forward computes v * v * v as (v * v) * v after A * v:
   // A * v * v * v = ((A * v) * v) * v.
   [](OpBuilder &b, Location l, Value v) {
     F f{b, l};
     Value cube =
         f.mul(f.mul(f.mul(f.c(echo_gelu::kA), v), v), v);
     Value t = f.tanh(f.mul(f.c(echo_gelu::kC), f.add(v, cube)));
     return f.mul(f.mul(f.c(0.5f), v), f.add(f.c(1.0f), t));
   },
   [](OpBuilder &b, Location l, Value x, Value d) { // fwd = x
     F f{b, l};
     Value x2 = f.mul(x, x);
     Value t = geluTanh(f, x, x2);
     // (1 - t * t) * C * (1 + 3 * A * x2); 3.0f * A folds to one f32.
     Value dt = f.mul(f.mul(f.sub(f.c(1.0f), f.mul(t, t)),
                            f.c(echo_gelu::kC)),
                      f.add(f.c(1.0f), f.mul(f.c(3.0f * echo_gelu::kA), x2)));
     // d * (0.5 * (1 + t) + 0.5 * x * dt)
     return f.mul(d, f.add(f.mul(f.c(0.5f), f.add(f.c(1.0f), t)),
                           f.mul(f.mul(f.c(0.5f), x), dt)));
   }},
  {ECHO_EXP,
   [](OpBuilder &b, Location l, Value v) { return F{b, l}.exp(v); },
   [](OpBuilder &b, Location l, Value y, Value d) { // fwd = y
     return F{b, l}.mul(d, y);
   }},
  {ECHO_LOG,
   [](OpBuilder &b, Location l, Value v) { return F{b, l}.log(v); },
   [](OpBuilder &b, Location l, Value x, Value d) { // fwd = x
     return F{b, l}.div(d, x);
   }},
  {ECHO_NEG,
   [](OpBuilder &b, Location l, Value v) { return F{b, l}.neg(v); },
   [](OpBuilder &b, Location l, Value, Value d) { return F{b, l}.neg(d); }},
  {ECHO_SQRT,
   [](OpBuilder &b, Location l, Value v) { return F{b, l}.sqrt(v); },
   [](OpBuilder &b, Location l, Value y, Value d) { // d / (2 * y)
     F f{b, l};
     return f.div(d, f.mul(f.c(2.0f), y));
   }},
  {ECHO_RSQRT,
   // 1 / sqrt(v), not math.rsqrt: two correctly rounded operations.
   [](OpBuilder &b, Location l, Value v) {
     F f{b, l};
     return f.div(f.c(1.0f), f.sqrt(v));
   },
   [](OpBuilder &b, Location l, Value y, Value d) { // -0.5 * d * y * y * y
     F f{b, l};
     return f.mul(f.mul(f.mul(f.mul(f.c(-0.5f), d), y), y), y);
   }},
  {ECHO_GELU_ERF,
   [](OpBuilder &b, Location l, Value v) { // 0.5 * v * (1 + erf(v * S))
     F f{b, l};
     Value e = f.erf(f.mul(v, f.c(echo_gelu::kS)));
     return f.mul(f.mul(f.c(0.5f), v), f.add(f.c(1.0f), e));
   },
   [](OpBuilder &b, Location l, Value x, Value d) { // fwd = x
     F f{b, l};
     // Phi(x) = 0.5 * (1 + erf(x * S)); phi(x) = P * exp(-0.5 * x * x)
     Value cdf = f.mul(f.c(0.5f),
                       f.add(f.c(1.0f), f.erf(f.mul(x, f.c(echo_gelu::kS)))));
     Value pdf = f.mul(f.c(echo_gelu::kP),
                       f.exp(f.mul(f.mul(f.c(-0.5f), x), x)));
     // d * (cdf + x * pdf)
     return f.mul(d, f.add(cdf, f.mul(x, pdf)));
   }},
};

struct BinaryKind {
  int64_t kind;
  BinaryFunction function;
};

const BinaryKind kBinaryKinds[] = {
  {ECHO_ADD, [](OpBuilder &b, Location l, Value x, Value y) {
     return F{b, l}.add(x, y); }},
  {ECHO_SUB, [](OpBuilder &b, Location l, Value x, Value y) {
     return F{b, l}.sub(x, y); }},
  {ECHO_MUL, [](OpBuilder &b, Location l, Value x, Value y) {
     return F{b, l}.mul(x, y); }},
  {ECHO_DIV, [](OpBuilder &b, Location l, Value x, Value y) {
     return F{b, l}.div(x, y); }},
  // Ties go to lhs (a NaN on either side gives rhs).
  {ECHO_MAX, [](OpBuilder &b, Location l, Value x, Value y) {
     F f{b, l};
     return f.select(f.ge(x, y), x, y); }},
};
// clang-format on

const UnaryKind *lookupUnary(int64_t kind) {
  for (const UnaryKind &k : kUnaryKinds)
    if (k.kind == kind)
      return &k;
  return nullptr;
}

} // namespace

UnaryFunction light::unaryFunction(int64_t kind) {
  const UnaryKind *k = lookupUnary(kind);
  return k ? k->forward : nullptr;
}

BinaryFunction light::unaryGradFunction(int64_t kind) {
  const UnaryKind *k = lookupUnary(kind);
  return k ? k->grad : nullptr;
}

BinaryFunction light::binaryFunction(int64_t kind) {
  for (const BinaryKind &k : kBinaryKinds)
    if (k.kind == kind)
      return k.function;
  return nullptr;
}
