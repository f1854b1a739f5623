//===- LightKernels.cpp - Loop kernels of the light runtime entries -------===//
//
// Each kernel mirrors its CPU entry (runtime/cpu): one iteration per
// output, the inputs of a reduction a nested scf.parallel folded (where it
// runs sequentially) in the CPU's row-major order, accumulated in the CPU's
// precision (double where it uses double) and rounded where it rounds, so
// results on the CPU are bit-identical to the runtime's. Checks the runtime makes on shapes and scalars are made
// here, at compile time: a call that would fail stays a call.
//
//===----------------------------------------------------------------------===//

#include "LightKernels.h"
#include "ElementFunctions.h"

#include "echo/dropout.h"
#include "echo/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::light;

using Combine = LoopEmitter::Combine;

namespace {

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

/// Strides (per dimension of `out`) that read `operand` broadcast to
/// `out` with numpy's rules, 0 along stretched or missing dimensions; the
/// runtime's broadcastStrides. nullopt where it does not broadcast.
std::optional<SmallVector<int64_t>> broadcastStrides(ArrayRef<int64_t> operand,
                                                     ArrayRef<int64_t> out) {
  if (operand.size() > out.size())
    return std::nullopt;
  SmallVector<int64_t> own = rowMajorStrides(operand);
  size_t lead = out.size() - operand.size();
  SmallVector<int64_t> strides(out.size(), 0);
  for (size_t d = lead; d < out.size(); ++d) {
    int64_t s = operand[d - lead];
    if (s == out[d])
      strides[d] = s == 1 ? 0 : own[d - lead];
    else if (s != 1)
      return std::nullopt;
  }
  return strides;
}

/// A reduction of a row-major tensor of shape `shape`: outputs range over
/// the kept dimensions (in order), each reduces the reduced dimensions in
/// row-major order. Offsets are element offsets into the tensor.
struct Reduction {
  SmallVector<int64_t> keptShape, keptStrides, reducedShape, reducedStrides;
  int64_t outputs = 1, count = 1;

  Reduction(ArrayRef<int64_t> shape, function_ref<bool(size_t)> reduced) {
    SmallVector<int64_t> strides = rowMajorStrides(shape);
    for (size_t d = 0; d < shape.size(); ++d) {
      if (reduced(d)) {
        reducedShape.push_back(shape[d]);
        reducedStrides.push_back(strides[d]);
        count *= shape[d];
      } else {
        keptShape.push_back(shape[d]);
        keptStrides.push_back(strides[d]);
        outputs *= shape[d];
      }
    }
  }
  /// Offset of the first element output `j` reduces.
  Value base(LoopEmitter &e, Value j) const {
    return e.remap(j, keptShape, keptStrides);
  }
  /// Offset of the `k`-th element (row-major) output `j` reduces.
  Value element(LoopEmitter &e, Value base, Value k) const {
    Value off = e.remap(k, reducedShape, reducedStrides);
    return arith::AddIOp::create(e.b, e.loc, base, off);
  }
  /// For each element of the reduced tensor: the strides (per dimension of
  /// `shape`) of its output, 0 along reduced dimensions.
  SmallVector<int64_t> outputStrides(ArrayRef<int64_t> shape,
                                     function_ref<bool(size_t)> reduced) const {
    SmallVector<int64_t> strides(shape.size(), 0);
    int64_t s = 1;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (reduced(d))
        continue;
      strides[d] = s;
      s *= shape[d];
    }
    return strides;
  }
};

/// Whether `reducedShape` is `shape` reduced over `mask`, with or without
/// the reduced dimensions kept as 1 (the runtime's reducedLayout check).
bool matchesReduced(ArrayRef<int64_t> shape, ArrayRef<int64_t> reducedShape,
                    int64_t mask) {
  int64_t rank = static_cast<int64_t>(shape.size());
  if (mask < 0 || (rank < 63 && (mask >> rank) != 0))
    return false;
  SmallVector<int64_t> kept, keepDims;
  for (int64_t d = 0; d < rank; ++d) {
    bool red = (mask >> d) & 1;
    if (!red)
      kept.push_back(shape[d]);
    keepDims.push_back(red ? 1 : shape[d]);
  }
  return llvm::equal(reducedShape, kept) || llvm::equal(reducedShape, keepDims);
}

//===----------------------------------------------------------------------===//
// Small IR helpers
//===----------------------------------------------------------------------===//

Value extF64(LoopEmitter &e, Value v) {
  return arith::ExtFOp::create(e.b, e.loc, e.b.getF64Type(), v);
}
Value truncF32(LoopEmitter &e, Value v) {
  return arith::TruncFOp::create(e.b, e.loc, e.b.getF32Type(), v);
}
Value addF(LoopEmitter &e, Value x, Value y) {
  return arith::AddFOp::create(e.b, e.loc, x, y);
}
Value subF(LoopEmitter &e, Value x, Value y) {
  return arith::SubFOp::create(e.b, e.loc, x, y);
}
Value mulF(LoopEmitter &e, Value x, Value y) {
  return arith::MulFOp::create(e.b, e.loc, x, y);
}
Value divF(LoopEmitter &e, Value x, Value y) {
  return arith::DivFOp::create(e.b, e.loc, x, y);
}
Value cmpF(LoopEmitter &e, arith::CmpFPredicate p, Value x, Value y) {
  return arith::CmpFOp::create(e.b, e.loc, p, x, y);
}
Value select(LoopEmitter &e, Value c, Value x, Value y) {
  return arith::SelectOp::create(e.b, e.loc, c, x, y);
}
Value addI(LoopEmitter &e, Value x, Value y) {
  return arith::AddIOp::create(e.b, e.loc, x, y);
}
Value mulI(LoopEmitter &e, Value x, Value y) {
  return arith::MulIOp::create(e.b, e.loc, x, y);
}

bool sameShape(const LightCall &c, std::initializer_list<StringRef> names) {
  ArrayRef<int64_t> first = c.shape(*names.begin());
  for (StringRef n : names)
    if (c.shape(n) != first)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Elementwise and broadcasting
//===----------------------------------------------------------------------===//

LogicalResult unary(LoopEmitter &e, const LightCall &c) {
  UnaryFunction fn = unaryFunction(c.integer("kind"));
  if (!fn || !sameShape(c, {"x", "y"}))
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) {
    e.store(fn(e.b, e.loc, e.load(x, i)), y, i);
  });
  return success();
}

LogicalResult unaryGrad(LoopEmitter &e, const LightCall &c) {
  BinaryFunction fn = unaryGradFunction(c.integer("kind"));
  if (!fn || !sameShape(c, {"fwd", "dy", "dx"}))
    return failure();
  Value f = e.flat(c.memref("fwd")), dy = e.flat(c.memref("dy")),
        dx = e.flat(c.memref("dx"));
  e.parallel(c.numel("dx"), [&](Value i) {
    e.store(fn(e.b, e.loc, e.load(f, i), e.load(dy, i)), dx, i);
  });
  return success();
}

LogicalResult binary(LoopEmitter &e, const LightCall &c) {
  BinaryFunction fn = binaryFunction(c.integer("kind"));
  ArrayRef<int64_t> out = c.shape("y");
  auto sa = broadcastStrides(c.shape("a"), out);
  auto sb = broadcastStrides(c.shape("b"), out);
  if (!fn || !sa || !sb)
    return failure();
  Value a = e.flat(c.memref("a")), b = e.flat(c.memref("b")),
        y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) {
    Value va = e.load(a, e.remap(i, out, *sa));
    Value vb = e.load(b, e.remap(i, out, *sb));
    e.store(fn(e.b, e.loc, va, vb), y, i);
  });
  return success();
}

LogicalResult maxGrad(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> out = c.shape("dy");
  auto sa = broadcastStrides(c.shape("a"), out);
  auto sb = broadcastStrides(c.shape("b"), out);
  if (!sa || !sb || !sameShape(c, {"dy", "da", "db"}))
    return failure();
  Value a = e.flat(c.memref("a")), b = e.flat(c.memref("b")),
        dy = e.flat(c.memref("dy")), da = e.flat(c.memref("da")),
        db = e.flat(c.memref("db"));
  e.parallel(c.numel("dy"), [&](Value i) {
    Value toA = cmpF(e, arith::CmpFPredicate::OGE,
                     e.load(a, e.remap(i, out, *sa)),
                     e.load(b, e.remap(i, out, *sb)));
    Value g = e.load(dy, i);
    Value zero = e.f32(0.0f);
    e.store(select(e, toA, g, zero), da, i);
    e.store(select(e, toA, zero, g), db, i);
  });
  return success();
}

LogicalResult broadcastTo(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> out = c.shape("y");
  auto sx = broadcastStrides(c.shape("x"), out);
  if (!sx)
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) {
    e.store(e.load(x, e.remap(i, out, *sx)), y, i);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// y[j] = (float) sum in double of x over reduction `r`, times `scale`
/// (in double) unless it is 1.
void emitSum(LoopEmitter &e, const Reduction &r, Value x, Value y,
             std::optional<double> scale) {
  e.parallel(r.outputs, [&](Value j) {
    Value base = r.base(e, j);
    Value sum = e.reduce(r.count, {e.f64(0.0)}, {Combine::Add}, [&](Value k) {
      return SmallVector<Value>{extF64(e, e.load(x, r.element(e, base, k)))};
    })[0];
    if (scale)
      sum = mulF(e, sum, e.f64(*scale));
    e.store(truncF32(e, sum), y, j);
  });
}

LogicalResult sumTo(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> xs = c.shape("x"), ys = c.shape("y");
  if (!broadcastStrides(ys, xs))
    return failure();
  size_t lead = xs.size() - ys.size();
  auto reduced = [&](size_t d) {
    return d < lead || (ys[d - lead] == 1 && xs[d] != 1);
  };
  Reduction r(xs, reduced);
  emitSum(e, r, e.flat(c.memref("x")), e.flat(c.memref("y")), std::nullopt);
  return success();
}

LogicalResult reduce(LoopEmitter &e, const LightCall &c) {
  int64_t kind = c.integer("kind"), mask = c.integer("dims_mask");
  ArrayRef<int64_t> xs = c.shape("x");
  if ((kind != ECHO_SUM && kind != ECHO_MEAN && kind != ECHO_REDUCE_MAX) ||
      !matchesReduced(xs, c.shape("y"), mask))
    return failure();
  Reduction r(xs, [&](size_t d) { return (mask >> d) & 1; });
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  if (kind != ECHO_REDUCE_MAX) {
    std::optional<double> scale;
    if (kind == ECHO_MEAN)
      scale = 1.0 / static_cast<double>(r.count);
    emitSum(e, r, x, y, scale);
    return success();
  }
  // m = v > m ? v : m from -inf, in f32.
  e.parallel(r.outputs, [&](Value j) {
    Value base = r.base(e, j);
    Value init = e.f32(-std::numeric_limits<float>::infinity());
    Value m = e.reduce(r.count, {init}, {Combine::Max}, [&](Value k) {
      return SmallVector<Value>{e.load(x, r.element(e, base, k))};
    })[0];
    e.store(m, y, j);
  });
  return success();
}

LogicalResult reduceGrad(LoopEmitter &e, const LightCall &c) {
  int64_t kind = c.integer("kind"), mask = c.integer("dims_mask");
  ArrayRef<int64_t> xs = c.shape("dx");
  if ((kind != ECHO_SUM && kind != ECHO_MEAN) ||
      !matchesReduced(xs, c.shape("dy"), mask))
    return failure();
  auto reduced = [&](size_t d) { return (mask >> d) & 1; };
  Reduction r(xs, reduced);
  SmallVector<int64_t> sy = r.outputStrides(xs, reduced);
  double inv = 1.0 / static_cast<double>(r.count);
  Value dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx"));
  e.parallel(c.numel("dx"), [&](Value i) {
    Value g = e.load(dy, e.remap(i, xs, sy));
    if (kind == ECHO_MEAN)
      g = truncF32(e, mulF(e, extF64(e, g), e.f64(inv)));
    e.store(g, dx, i);
  });
  return success();
}

LogicalResult reduceMaxGrad(LoopEmitter &e, const LightCall &c) {
  int64_t mask = c.integer("dims_mask");
  ArrayRef<int64_t> xs = c.shape("x");
  if (!matchesReduced(xs, c.shape("y"), mask) || !sameShape(c, {"x", "dx"}) ||
      !sameShape(c, {"y", "dy"}))
    return failure();
  Reduction r(xs, [&](size_t d) { return (mask >> d) & 1; });
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y")),
        dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx"));
  e.parallel(c.numel("dx"), [&](Value i) { e.store(e.f32(0.0f), dx, i); });
  // Per output: the first position equal to y, else (a lossy stash) the
  // first maximal one; both scans in row-major order.
  e.parallel(r.outputs, [&](Value j) {
    Value base = r.base(e, j);
    Value target = e.load(y, j);
    Value none = e.index(-1);
    SmallVector<Value> found = e.loop(
        r.count, {none, none, e.f32(0.0f)}, [&](Value k, ValueRange acc) {
          Value pos = r.element(e, base, k);
          Value v = e.load(x, pos);
          Value noEq = arith::CmpIOp::create(e.b, e.loc,
                                             arith::CmpIPredicate::slt, acc[0],
                                             e.index(0));
          Value eq = cmpF(e, arith::CmpFPredicate::OEQ, v, target);
          Value takeEq = arith::AndIOp::create(e.b, e.loc, noEq, eq);
          Value noMax = arith::CmpIOp::create(e.b, e.loc,
                                              arith::CmpIPredicate::slt, acc[1],
                                              e.index(0));
          Value gt = cmpF(e, arith::CmpFPredicate::OGT, v, acc[2]);
          Value takeMax = arith::OrIOp::create(e.b, e.loc, noMax, gt);
          return SmallVector<Value>{select(e, takeEq, pos, acc[0]),
                                    select(e, takeMax, pos, acc[1]),
                                    select(e, takeMax, v, acc[2])};
        });
    Value haveEq = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::sge,
                                         found[0], e.index(0));
    Value pos = select(e, haveEq, found[0], found[1]);
    Value valid = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::sge,
                                        pos, e.index(0));
    scf::IfOp::create(e.b, e.loc, valid, [&](OpBuilder &, Location) {
      e.store(e.load(dy, j), dx, pos);
      scf::YieldOp::create(e.b, e.loc);
    });
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Softmax
//===----------------------------------------------------------------------===//

/// The lines along `axis` of a tensor of shape `shape`: line l starts at
/// (l / inner) * len * inner + l % inner, with stride inner.
struct Lines {
  int64_t outer = 1, len = 1, inner = 1;
  Lines(ArrayRef<int64_t> shape, int64_t axis) {
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
      (d < axis ? outer : d == axis ? len : inner) *= shape[d];
  }
  Value start(LoopEmitter &e, Value l) const {
    if (inner == 1)
      return mulI(e, l, e.index(len));
    Value o = arith::DivUIOp::create(e.b, e.loc, l, e.index(inner));
    Value i = arith::RemUIOp::create(e.b, e.loc, l, e.index(inner));
    return addI(e, mulI(e, o, e.index(len * inner)), i);
  }
  Value at(LoopEmitter &e, Value start, Value k) const {
    return addI(e, start, inner == 1 ? k : mulI(e, k, e.index(inner)));
  }
};

Value expF64(LoopEmitter &e, Value v) {
  return math::ExpOp::create(e.b, e.loc, v);
}

LogicalResult softmax(LoopEmitter &e, const LightCall &c) {
  int64_t axis = c.integer("axis");
  bool isLog = c.integer("is_log") != 0;
  ArrayRef<int64_t> shape = c.shape("x");
  if (axis < 0 || axis >= static_cast<int64_t>(shape.size()) ||
      !sameShape(c, {"x", "y"}))
    return failure();
  Lines lines(shape, axis);
  if (lines.len == 0)
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(lines.outer * lines.inner, [&](Value l) {
    Value s = lines.start(e, l);
    // mx = p[0]; mx = p[k] > mx ? p[k] : mx (f32).
    Value first = e.load(x, s);
    Value mx = e.reduce(lines.len - 1, {first}, {Combine::Max}, [&](Value k) {
      Value k1 = addI(e, k, e.index(1));
      return SmallVector<Value>{e.load(x, lines.at(e, s, k1))};
    })[0];
    Value mxd = extF64(e, mx);
    // sum += exp((double)p - mx) in double.
    Value sum = e.reduce(lines.len, {e.f64(0.0)}, {Combine::Add}, [&](Value k) {
      Value v = extF64(e, e.load(x, lines.at(e, s, k)));
      return SmallVector<Value>{expF64(e, subF(e, v, mxd))};
    })[0];
    if (isLog) {
      Value lse = math::LogOp::create(e.b, e.loc, sum);
      e.inner(lines.len, [&](Value k) {
        Value at = lines.at(e, s, k);
        Value v = extF64(e, e.load(x, at));
        e.store(truncF32(e, subF(e, subF(e, v, mxd), lse)), y, at);
      }, c.numel("y"));
    } else {
      Value inv = divF(e, e.f64(1.0), sum);
      e.inner(lines.len, [&](Value k) {
        Value at = lines.at(e, s, k);
        Value v = extF64(e, e.load(x, at));
        e.store(truncF32(e, mulF(e, expF64(e, subF(e, v, mxd)), inv)), y, at);
      }, c.numel("y"));
    }
  });
  return success();
}

LogicalResult softmaxGrad(LoopEmitter &e, const LightCall &c) {
  int64_t axis = c.integer("axis");
  bool isLog = c.integer("is_log") != 0;
  ArrayRef<int64_t> shape = c.shape("y");
  if (axis < 0 || axis >= static_cast<int64_t>(shape.size()) ||
      !sameShape(c, {"y", "dy", "dx"}))
    return failure();
  Lines lines(shape, axis);
  Value y = e.flat(c.memref("y")), dy = e.flat(c.memref("dy")),
        dx = e.flat(c.memref("dx"));
  e.parallel(lines.outer * lines.inner, [&](Value l) {
    Value s = lines.start(e, l);
    // log: s = sum dy; else s = sum dy * y; in double.
    Value sum = e.reduce(lines.len, {e.f64(0.0)}, {Combine::Add}, [&](Value k) {
      Value at = lines.at(e, s, k);
      Value g = extF64(e, e.load(dy, at));
      return SmallVector<Value>{isLog ? g
                                      : mulF(e, g, extF64(e, e.load(y, at)))};
    })[0];
    e.inner(lines.len, [&](Value k) {
      Value at = lines.at(e, s, k);
      Value g = extF64(e, e.load(dy, at));
      Value yv = extF64(e, e.load(y, at));
      Value r = isLog ? subF(e, g, mulF(e, expF64(e, yv), sum)) // dy - e^y s
                      : mulF(e, yv, subF(e, g, sum));           // y (dy - s)
      e.store(truncF32(e, r), dx, at);
    }, c.numel("dx"));
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult fill(LoopEmitter &e, const LightCall &c) {
  float v = static_cast<float>(c.real("value"));
  Value y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) { e.store(e.f32(v), y, i); });
  return success();
}

LogicalResult copy(LoopEmitter &e, const LightCall &c) {
  if (c.numel("x") != c.numel("y"))
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) { e.store(e.load(x, i), y, i); });
  return success();
}

LogicalResult transpose(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> xs = c.shape("x"), ys = c.shape("y");
  ArrayRef<int64_t> perm = c.list("permutation");
  if (xs.size() != ys.size() || perm.size() != xs.size())
    return failure();
  SmallVector<bool> seen(xs.size(), false);
  SmallVector<int64_t> own = rowMajorStrides(xs), strides;
  for (size_t d = 0; d < perm.size(); ++d) {
    int64_t p = perm[d];
    if (p < 0 || p >= static_cast<int64_t>(xs.size()) || seen[p] ||
        ys[d] != xs[p])
      return failure();
    seen[p] = true;
    strides.push_back(own[p]);
  }
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) {
    e.store(e.load(x, e.remap(i, ys, strides)), y, i);
  });
  return success();
}

/// The runtime's sliceLayout: where a strided slice `part` of `whole` lies
/// (offset of its first element, strides of its dimensions in `whole`), or
/// nullopt where the runtime would reject it.
struct SliceLayout {
  int64_t base = 0;
  SmallVector<int64_t> strides;
};
std::optional<SliceLayout> sliceLayout(ArrayRef<int64_t> whole,
                                       ArrayRef<int64_t> part,
                                       ArrayRef<int64_t> offsets,
                                       ArrayRef<int64_t> strides) {
  if (part.size() != whole.size() || offsets.size() != whole.size() ||
      strides.size() != whole.size())
    return std::nullopt;
  SmallVector<int64_t> ws = rowMajorStrides(whole);
  SliceLayout layout;
  for (size_t d = 0; d < whole.size(); ++d) {
    if (strides[d] < 1 || offsets[d] < 0 ||
        (part[d] > 0 && offsets[d] + (part[d] - 1) * strides[d] >= whole[d]))
      return std::nullopt;
    layout.base += offsets[d] * ws[d];
    layout.strides.push_back(strides[d] * ws[d]);
  }
  return layout;
}

Value plus(LoopEmitter &e, Value v, int64_t offset) {
  return offset == 0 ? v : addI(e, v, e.index(offset));
}

LogicalResult slice(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> ys = c.shape("y");
  auto layout = sliceLayout(c.shape("x"), ys, c.list("offsets"),
                            c.list("strides"));
  if (!layout)
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value i) {
    Value at = plus(e, e.remap(i, ys, layout->strides), layout->base);
    e.store(e.load(x, at), y, i);
  });
  return success();
}

/// dx = 0, then each element of dy to its place (distinct places: strides
/// are at least 1).
LogicalResult sliceGrad(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> ys = c.shape("dy");
  auto layout = sliceLayout(c.shape("dx"), ys, c.list("offsets"),
                            c.list("strides"));
  if (!layout)
    return failure();
  Value dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx"));
  e.parallel(c.numel("dx"), [&](Value i) { e.store(e.f32(0.0f), dx, i); });
  e.parallel(c.numel("dy"), [&](Value i) {
    Value at = plus(e, e.remap(i, ys, layout->strides), layout->base);
    e.store(e.load(dy, i), dx, at);
  });
  return success();
}

/// part viewed as [outer, pRow] lies in whole viewed as [outer, wRow] at
/// column offset * inner of every row.
LogicalResult concatPart(LoopEmitter &e, const LightCall &c) {
  ArrayRef<int64_t> ps = c.shape("part"), ws = c.shape("whole");
  int64_t axis = c.integer("axis"), offset = c.integer("offset");
  int64_t rank = static_cast<int64_t>(ws.size());
  if (ps.size() != ws.size() || axis < 0 || axis >= rank)
    return failure();
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && ps[d] != ws[d])
      return failure();
  if (offset < 0 || offset + ps[axis] > ws[axis])
    return failure();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= ws[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= ws[d];
  int64_t pRow = ps[axis] * inner, wRow = ws[axis] * inner;
  bool toPart = c.integer("to_part") != 0;
  Value part = e.flat(c.memref("part")), whole = e.flat(c.memref("whole"));
  e.parallel(c.numel("part"), [&](Value i) {
    Value w = plus(e, e.remap(i, {outer, pRow}, {wRow, 1}), offset * inner);
    if (toPart)
      e.store(e.load(whole, w), part, i);
    else
      e.store(e.load(part, i), whole, w);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Optimizer updates (common/OptimizerArgs.h: sgdStep, sgdMomentumStep)
//===----------------------------------------------------------------------===//

LogicalResult sgdUpdate(LoopEmitter &e, const LightCall &c) {
  bool momentum = c.integer("has_velocity") != 0;
  if (!sameShape(c, {"param", "grad", "new_param"}) ||
      (momentum && !sameShape(c, {"param", "velocity", "new_velocity"})))
    return failure();
  double lr = c.real("lr"), mu = c.real("momentum"),
         wd = c.real("weight_decay");
  Value p = e.flat(c.memref("param")), g = e.flat(c.memref("grad")),
        np = e.flat(c.memref("new_param"));
  Value v, nv;
  if (momentum) {
    v = e.flat(c.memref("velocity"));
    nv = e.flat(c.memref("new_velocity"));
  }
  e.parallel(c.numel("param"), [&](Value i) {
    Value pi = extF64(e, e.load(p, i));
    // gi = (double)g + weightDecay * p
    Value gi = addF(e, extF64(e, e.load(g, i)), mulF(e, e.f64(wd), pi));
    if (!momentum) {
      e.store(truncF32(e, subF(e, pi, mulF(e, e.f64(lr), gi))), np, i);
      return;
    }
    // vi = momentum * v + gi; newP = pi - lr * vi
    Value vi = addF(e, mulF(e, e.f64(mu), extF64(e, e.load(v, i))), gi);
    e.store(truncF32(e, vi), nv, i);
    e.store(truncF32(e, subF(e, pi, mulF(e, e.f64(lr), vi))), np, i);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Layer norm (runtime/cpu/Normalization.cpp)
//===----------------------------------------------------------------------===//

/// x is [rows, d] (d its last dimension); gamma, beta, dgamma, dbeta are
/// [d]; mean and inv_std are x's shape without its last dimension: the
/// runtime's checkLayerNorm.
bool isLayerNorm(const LightCall &c, StringRef x,
                 std::initializer_list<StringRef> vectors) {
  ArrayRef<int64_t> xs = c.shape(x);
  if (xs.empty() || c.shape("mean") != xs.drop_back() ||
      c.shape("inv_std") != xs.drop_back())
    return false;
  for (StringRef v : vectors)
    if (c.shape(v) != ArrayRef<int64_t>{xs.back()})
      return false;
  return true;
}

LogicalResult layerNorm(LoopEmitter &e, const LightCall &c) {
  double eps = c.real("epsilon");
  if (!isLayerNorm(c, "x", {"gamma", "beta"}) || !sameShape(c, {"x", "y"}) ||
      !(eps >= 0.0))
    return failure();
  int64_t d = c.shape("x").back(), rows = c.numel("x") / std::max<int64_t>(d, 1);
  if (d == 0)
    return failure();
  Value x = e.flat(c.memref("x")), g = e.flat(c.memref("gamma")),
        bt = e.flat(c.memref("beta")), y = e.flat(c.memref("y")),
        mean = e.flat(c.memref("mean")), inv = e.flat(c.memref("inv_std"));
  e.parallel(rows, [&](Value r) {
    Value start = mulI(e, r, e.index(d));
    auto xAt = [&](Value j) {
      return extF64(e, e.load(x, addI(e, start, j)));
    };
    Value sum = e.reduce(d, {e.f64(0.0)}, {Combine::Add}, [&](Value j) {
      return SmallVector<Value>{xAt(j)};
    })[0];
    Value mu = divF(e, sum, e.f64(static_cast<double>(d)));
    Value sq = e.reduce(d, {e.f64(0.0)}, {Combine::Add}, [&](Value j) {
      Value t = subF(e, xAt(j), mu);
      return SmallVector<Value>{mulF(e, t, t)};
    })[0];
    // 1 / sqrt(sq / d + epsilon)
    Value var = addF(e, divF(e, sq, e.f64(static_cast<double>(d))), e.f64(eps));
    Value is = divF(e, e.f64(1.0), math::SqrtOp::create(e.b, e.loc, var));
    e.inner(d, [&](Value j) {
      // (p - mu) * inv * g + b
      Value n = mulF(e, mulF(e, subF(e, xAt(j), mu), is),
                     extF64(e, e.load(g, j)));
      Value out = addF(e, n, extF64(e, e.load(bt, j)));
      e.store(truncF32(e, out), y, addI(e, start, j));
    }, c.numel("y"));
    e.store(truncF32(e, mu), mean, r);
    e.store(truncF32(e, is), inv, r);
  });
  return success();
}

LogicalResult layerNormGrad(LoopEmitter &e, const LightCall &c) {
  if (!isLayerNorm(c, "x", {"gamma", "dgamma", "dbeta"}) ||
      !sameShape(c, {"x", "dy", "dx"}))
    return failure();
  int64_t d = c.shape("x").back(), rows = c.numel("x") / std::max<int64_t>(d, 1);
  if (d == 0)
    return failure();
  Value x = e.flat(c.memref("x")), g = e.flat(c.memref("gamma")),
        mean = e.flat(c.memref("mean")), inv = e.flat(c.memref("inv_std")),
        dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx")),
        dg = e.flat(c.memref("dgamma")), db = e.flat(c.memref("dbeta"));
  Value dd = e.f64(static_cast<double>(d));
  // xhat = ((double)x - mu) * inv at element `at`.
  auto xhatAt = [&](Value at, Value mu, Value is) {
    return mulF(e, subF(e, extF64(e, e.load(x, at)), mu), is);
  };
  // dx, one thread per row.
  e.parallel(rows, [&](Value r) {
    Value start = mulI(e, r, e.index(d));
    Value mu = extF64(e, e.load(mean, r)), is = extF64(e, e.load(inv, r));
    // t = (double)dy * g
    auto tAt = [&](Value j) {
      return mulF(e, extF64(e, e.load(dy, addI(e, start, j))),
                  extF64(e, e.load(g, j)));
    };
    SmallVector<Value> s = e.reduce(
        d, {e.f64(0.0), e.f64(0.0)}, {Combine::Add, Combine::Add},
        [&](Value j) {
          Value t = tAt(j);
          Value xhat = xhatAt(addI(e, start, j), mu, is);
          return SmallVector<Value>{t, mulF(e, t, xhat)};
        });
    Value m1 = divF(e, s[0], dd), m2 = divF(e, s[1], dd);
    e.inner(d, [&](Value j) {
      Value at = addI(e, start, j);
      Value xhat = xhatAt(at, mu, is);
      // inv * (dy * g - m1 - xhat * m2)
      Value v = mulF(e, is, subF(e, subF(e, tAt(j), m1), mulF(e, xhat, m2)));
      e.store(truncF32(e, v), dx, at);
    }, c.numel("dx"));
  });
  // dgamma and dbeta, one thread per column, rows in order.
  e.parallel(d, [&](Value j) {
    SmallVector<Value> s = e.reduce(
        rows, {e.f64(0.0), e.f64(0.0)}, {Combine::Add, Combine::Add},
        [&](Value r) {
          Value at = addI(e, mulI(e, r, e.index(d)), j);
          Value mu = extF64(e, e.load(mean, r)), is = extF64(e, e.load(inv, r));
          Value gy = extF64(e, e.load(dy, at));
          return SmallVector<Value>{mulF(e, gy, xhatAt(at, mu, is)), gy};
        });
    e.store(truncF32(e, s[0]), dg, j);
    e.store(truncF32(e, s[1]), db, j);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Batch norm (runtime/cpu/Normalization.cpp)
//===----------------------------------------------------------------------===//

/// x is [N, C, ...]; `vectors` are [C]: the runtime's channelDims and
/// expectVector checks. Sets n, c and inner (the product of the rest).
bool isBatchNorm(const LightCall &c, std::initializer_list<StringRef> vectors,
                 int64_t &n, int64_t &ch, int64_t &inner) {
  ArrayRef<int64_t> xs = c.shape("x");
  if (xs.size() < 2)
    return false;
  n = xs[0], ch = xs[1], inner = 1;
  for (int64_t d : xs.drop_front(2))
    inner *= d;
  for (StringRef v : vectors)
    if (c.shape(v) != ArrayRef<int64_t>{ch})
      return false;
  return true;
}

/// The runtime's LaneSum over the n rows of `inner` elements of one
/// channel: element j of each row goes to double lane j % 8, and the lanes
/// are added pairwise at the end. `term(at)` is the value at flat index at.
/// The rows' groups of 8 are one nested reduction of 8 sums, in the
/// runtime's order where it runs sequentially; a position past a row adds
/// +0.0, which leaves a lane unchanged (a lane sum from +0.0 is never -0.0).
Value laneSum(LoopEmitter &e, int64_t n, int64_t inner,
              function_ref<Value(Value)> rowStart,
              function_ref<Value(Value)> term) {
  constexpr int64_t kLanes = 8;
  SmallVector<Value> zeros(kLanes, e.f64(0.0));
  SmallVector<LoopEmitter::Combine> adds(kLanes, Combine::Add);
  int64_t blocks = (inner + kLanes - 1) / kLanes;
  SmallVector<Value> lanes = e.reduce(n * blocks, zeros, adds, [&](Value g) {
    Value i = arith::DivUIOp::create(e.b, e.loc, g, e.index(blocks));
    Value blk = arith::RemUIOp::create(e.b, e.loc, g, e.index(blocks));
    Value start = rowStart(i);
    Value j0 = mulI(e, blk, e.index(kLanes));
    SmallVector<Value> values;
    for (int64_t k = 0; k < kLanes; ++k) {
      Value j = plus(e, j0, k);
      Value inside = arith::CmpIOp::create(
          e.b, e.loc, arith::CmpIPredicate::ult, j, e.index(inner));
      // A position past the row reads its last element and adds +0.0.
      Value safe = arith::MinUIOp::create(e.b, e.loc, j, e.index(inner - 1));
      values.push_back(select(e, inside, term(addI(e, start, safe)),
                              e.f64(0.0)));
    }
    return values;
  });
  return addF(e, addF(e, addF(e, lanes[0], lanes[1]), addF(e, lanes[2], lanes[3])),
              addF(e, addF(e, lanes[4], lanes[5]), addF(e, lanes[6], lanes[7])));
}

/// Offset of row i of channel ch: (i * C + ch) * inner.
Value channelRow(LoopEmitter &e, Value ch, Value i, int64_t c, int64_t inner) {
  return mulI(e, addI(e, mulI(e, i, e.index(c)), ch), e.index(inner));
}

/// Flat index of the channel's k-th element (row-major over its n rows of
/// `inner`), given the offset of each row.
Value channelElement(LoopEmitter &e, Value k, int64_t inner,
                     function_ref<Value(Value)> row) {
  Value i = arith::DivUIOp::create(e.b, e.loc, k, e.index(inner));
  Value j = arith::RemUIOp::create(e.b, e.loc, k, e.index(inner));
  return addI(e, row(i), j);
}

/// One output per channel: statistics, then the channel's outputs.
LogicalResult batchNorm(LoopEmitter &e, const LightCall &c) {
  int64_t n, ch, inner;
  double eps = c.real("epsilon"), mom = c.real("momentum");
  if (!isBatchNorm(c, {"gamma", "beta", "running_mean", "running_var",
                       "new_mean", "new_var", "saved_mean", "saved_inv_std"},
                   n, ch, inner) ||
      !sameShape(c, {"x", "y"}) || !(eps >= 0.0) ||
      !(mom >= 0.0 && mom <= 1.0) || (ch > 0 && n * inner < 2))
    return failure();
  int64_t count = n * inner;
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  Value g = c.memref("gamma"), bt = c.memref("beta"),
        rm = c.memref("running_mean"), rv = c.memref("running_var"),
        nm = c.memref("new_mean"), nv = c.memref("new_var"),
        sm = c.memref("saved_mean"), si = c.memref("saved_inv_std");
  e.parallel(ch, [&](Value chan) {
    auto row = [&](Value i) { return channelRow(e, chan, i, ch, inner); };
    auto xAt = [&](Value at) { return extF64(e, e.load(x, at)); };
    Value mean = divF(e, laneSum(e, n, inner, row, xAt),
                      e.f64(static_cast<double>(count)));
    Value sq = laneSum(e, n, inner, row, [&](Value at) {
      Value d = subF(e, xAt(at), mean);
      return mulF(e, d, d);
    });
    Value var = divF(e, sq, e.f64(static_cast<double>(count)));
    Value invStd = divF(e, e.f64(1.0),
                        math::SqrtOp::create(e.b, e.loc, addF(e, var, e.f64(eps))));
    Value scale = mulF(e, extF64(e, e.load(g, chan)), invStd);
    Value shift = subF(e, extF64(e, e.load(bt, chan)), mulF(e, mean, scale));
    e.inner(n * inner, [&](Value k) {
      Value at = channelElement(e, k, inner, row);
      e.store(truncF32(e, addF(e, mulF(e, xAt(at), scale), shift)), y, at);
    }, c.numel("y"));
    Value unbiased = divF(e, sq, e.f64(static_cast<double>(count - 1)));
    // (1 - momentum) * running + momentum * batch
    auto blend = [&](Value running, Value batch) {
      return truncF32(e, addF(e, mulF(e, e.f64(1.0 - mom), extF64(e, running)),
                              mulF(e, e.f64(mom), batch)));
    };
    e.store(blend(e.load(rm, chan), mean), nm, chan);
    e.store(blend(e.load(rv, chan), unbiased), nv, chan);
    e.store(truncF32(e, mean), sm, chan);
    e.store(truncF32(e, invStd), si, chan);
  });
  return success();
}

LogicalResult batchNormGrad(LoopEmitter &e, const LightCall &c) {
  int64_t n, ch, inner;
  if (!isBatchNorm(c, {"gamma", "saved_mean", "saved_inv_std", "dgamma",
                       "dbeta"},
                   n, ch, inner) ||
      !sameShape(c, {"x", "dy", "dx"}))
    return failure();
  int64_t count = n * inner;
  Value x = e.flat(c.memref("x")), dy = e.flat(c.memref("dy")),
        dx = e.flat(c.memref("dx"));
  Value g = c.memref("gamma"), sm = c.memref("saved_mean"),
        si = c.memref("saved_inv_std"), dg = c.memref("dgamma"),
        db = c.memref("dbeta");
  e.parallel(ch, [&](Value chan) {
    auto row = [&](Value i) { return channelRow(e, chan, i, ch, inner); };
    Value mean = extF64(e, e.load(sm, chan)), inv = extF64(e, e.load(si, chan));
    // xhat = ((double)x - mean) * inv
    auto xhat = [&](Value at) {
      return mulF(e, subF(e, extF64(e, e.load(x, at)), mean), inv);
    };
    auto dyAt = [&](Value at) { return extF64(e, e.load(dy, at)); };
    Value sdy = laneSum(e, n, inner, row, dyAt);
    Value sdyx = laneSum(e, n, inner, row,
                         [&](Value at) { return mulF(e, dyAt(at), xhat(at)); });
    e.store(truncF32(e, sdy), db, chan);
    e.store(truncF32(e, sdyx), dg, chan);
    if (count == 0)
      return;
    Value a = mulF(e, extF64(e, e.load(g, chan)), inv);
    Value m1 = divF(e, sdy, e.f64(static_cast<double>(count)));
    Value m2 = divF(e, sdyx, e.f64(static_cast<double>(count)));
    e.inner(n * inner, [&](Value k) {
      Value at = channelElement(e, k, inner, row);
      // a * (dy - m1 - xhat * m2)
      Value v = mulF(e, a, subF(e, subF(e, dyAt(at), m1),
                                mulF(e, xhat(at), m2)));
      e.store(truncF32(e, v), dx, at);
    }, c.numel("dx"));
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Pooling (runtime/cpu/Pooling.cpp, common/PoolWindow.h)
//===----------------------------------------------------------------------===//

/// NCHW pooling of `x` into `y` with the call's window, as the runtime's
/// poolGeometry checks it; nullopt where the runtime would reject it.
struct Pool {
  int64_t planes, h, w, oh, ow, kh, kw, sh, sw, ph, pw;

  static std::optional<Pool> of(const LightCall &c, StringRef x, StringRef y) {
    Pool g;
    g.kh = c.integer("kernel_h"), g.kw = c.integer("kernel_w");
    g.sh = c.integer("stride_h"), g.sw = c.integer("stride_w");
    g.ph = c.integer("pad_h"), g.pw = c.integer("pad_w");
    ArrayRef<int64_t> xs = c.shape(x), ys = c.shape(y);
    if (g.kh < 1 || g.kw < 1 || g.sh < 1 || g.sw < 1 || g.ph < 0 ||
        g.pw < 0 || g.ph >= g.kh || g.pw >= g.kw || xs.size() != 4 ||
        ys.size() != 4)
      return std::nullopt;
    g.planes = xs[0] * xs[1], g.h = xs[2], g.w = xs[3];
    int64_t eh = g.h + 2 * g.ph - g.kh, ew = g.w + 2 * g.pw - g.kw;
    if (eh < 0 || ew < 0 || g.h == 0 || g.w == 0)
      return std::nullopt;
    g.oh = eh / g.sh + 1, g.ow = ew / g.sw + 1;
    if (ys[0] != xs[0] || ys[1] != xs[1] || ys[2] != g.oh || ys[3] != g.ow)
      return std::nullopt;
    return g;
  }

  /// The in-bounds window [y0, y1) x [x0, x1) of output (oy, ox).
  struct Window {
    Value y0, y1, x0, x1;
  };
  Window window(LoopEmitter &e, Value oy, Value ox) const {
    auto range = [&](Value o, int64_t s, int64_t p, int64_t k, int64_t n) {
      Value top = arith::SubIOp::create(e.b, e.loc, mulI(e, o, e.index(s)),
                                        e.index(p));
      Value lo = arith::MaxSIOp::create(e.b, e.loc, top, e.index(0));
      Value hi = arith::MinSIOp::create(e.b, e.loc, plus(e, top, k), e.index(n));
      return std::make_pair(lo, hi);
    };
    auto [y0, y1] = range(oy, sh, ph, kh, h);
    auto [x0, x1] = range(ox, sw, pw, kw, w);
    return {y0, y1, x0, x1};
  }

  /// The outputs whose windows hold input row (or column) `i`:
  /// [ceil((i + p - k + 1) / s), floor((i + p) / s)] within [0, n).
  std::pair<Value, Value> covering(LoopEmitter &e, Value i, int64_t s,
                                   int64_t p, int64_t k, int64_t n) const {
    Value first = arith::CeilDivSIOp::create(e.b, e.loc, plus(e, i, p - k + 1),
                                             e.index(s));
    Value last = arith::DivUIOp::create(e.b, e.loc, plus(e, i, p), e.index(s));
    Value lo = arith::MaxSIOp::create(e.b, e.loc, first, e.index(0));
    Value end = arith::MinSIOp::create(e.b, e.loc, plus(e, last, 1), e.index(n));
    return {lo, end};
  }
};

/// Visits the window's positions in row-major order; `body` gets the flat
/// position within the plane and the carried values.
SmallVector<Value>
forWindow(LoopEmitter &e, const Pool &g, const Pool::Window &r,
          ValueRange inits,
          function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  return e.loop(r.y0, r.y1, g.kh, inits, [&](Value iy, ValueRange outer) {
    Value row = mulI(e, iy, e.index(g.w));
    return e.loop(r.x0, r.x1, g.kw, outer, [&](Value ix, ValueRange acc) {
      return body(addI(e, row, ix), acc);
    });
  });
}

/// The runtime's windowArg: the first position equal to `target`, else the
/// first maximum (windowMax); flat within the plane at `plane`.
Value windowArg(LoopEmitter &e, const Pool &g, Value x, Value plane,
                const Pool::Window &r, Value target) {
  Value first = addI(e, mulI(e, r.y0, e.index(g.w)), r.x0);
  Value none = e.index(-1);
  SmallVector<Value> found = forWindow(
      e, g, r, {none, first, e.load(x, addI(e, plane, first))},
      [&](Value pos, ValueRange acc) {
        Value v = e.load(x, addI(e, plane, pos));
        Value noEq = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::slt,
                                           acc[0], e.index(0));
        Value eq = cmpF(e, arith::CmpFPredicate::OEQ, v, target);
        Value takeEq = arith::AndIOp::create(e.b, e.loc, noEq, eq);
        Value gt = cmpF(e, arith::CmpFPredicate::OGT, v, acc[2]);
        return SmallVector<Value>{select(e, takeEq, pos, acc[0]),
                                  select(e, gt, pos, acc[1]),
                                  select(e, gt, v, acc[2])};
      });
  Value haveEq = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::sge,
                                       found[0], e.index(0));
  return select(e, haveEq, found[0], found[1]);
}

/// (plane, oy, ox) of output `o`.
std::tuple<Value, Value, Value> outputCoords(LoopEmitter &e, const Pool &g,
                                             Value o) {
  Value ox = arith::RemUIOp::create(e.b, e.loc, o, e.index(g.ow));
  Value rest = arith::DivUIOp::create(e.b, e.loc, o, e.index(g.ow));
  Value oy = arith::RemUIOp::create(e.b, e.loc, rest, e.index(g.oh));
  Value p = arith::DivUIOp::create(e.b, e.loc, rest, e.index(g.oh));
  return {p, oy, ox};
}

LogicalResult maxPool(LoopEmitter &e, const LightCall &c) {
  std::optional<Pool> g = Pool::of(c, "x", "y");
  if (!g)
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value o) {
    auto [p, oy, ox] = outputCoords(e, *g, o);
    Value plane = mulI(e, p, e.index(g->h * g->w));
    Pool::Window r = g->window(e, oy, ox);
    Value first = addI(e, plane, addI(e, mulI(e, r.y0, e.index(g->w)), r.x0));
    Value best = forWindow(e, *g, r, {e.load(x, first)},
                           [&](Value pos, ValueRange acc) {
                             Value v = e.load(x, addI(e, plane, pos));
                             Value gt = cmpF(e, arith::CmpFPredicate::OGT, v,
                                             acc[0]);
                             return SmallVector<Value>{select(e, gt, v, acc[0])};
                           })[0];
    e.store(best, y, o);
  });
  return success();
}

LogicalResult avgPool(LoopEmitter &e, const LightCall &c) {
  std::optional<Pool> g = Pool::of(c, "x", "y");
  if (!g)
    return failure();
  float inv = 1.0f / static_cast<float>(g->kh * g->kw);
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y"));
  e.parallel(c.numel("y"), [&](Value o) {
    auto [p, oy, ox] = outputCoords(e, *g, o);
    Value plane = mulI(e, p, e.index(g->h * g->w));
    Pool::Window r = g->window(e, oy, ox);
    Value s = forWindow(e, *g, r, {e.f32(0.0f)}, [&](Value pos, ValueRange acc) {
      return SmallVector<Value>{addF(e, acc[0], e.load(x, addI(e, plane, pos)))};
    })[0];
    e.store(mulF(e, s, e.f32(inv)), y, o);
  });
  return success();
}

/// The runtime scatters each output's gradient into dx in row-major output
/// order, adding in f32 from 0; here each dx element gathers, in the same
/// order, from the outputs whose windows hold it. `contribution(acc, o, oy,
/// ox, plane, pos)` is acc after output o's part at position pos of plane.
void poolGradGather(
    LoopEmitter &e, const Pool &g, Value dx,
    function_ref<Value(Value, Value, Value, Value, Value, Value)> contribution) {
  e.parallel(g.planes * g.h * g.w, [&](Value i) {
    Value ix = arith::RemUIOp::create(e.b, e.loc, i, e.index(g.w));
    Value rest = arith::DivUIOp::create(e.b, e.loc, i, e.index(g.w));
    Value iy = arith::RemUIOp::create(e.b, e.loc, rest, e.index(g.h));
    Value p = arith::DivUIOp::create(e.b, e.loc, rest, e.index(g.h));
    Value pos = addI(e, mulI(e, iy, e.index(g.w)), ix);
    std::pair<Value, Value> rows = g.covering(e, iy, g.sh, g.ph, g.kh, g.oh);
    std::pair<Value, Value> cols = g.covering(e, ix, g.sw, g.pw, g.kw, g.ow);
    // At most ceil(k / s) outputs' windows hold a row (column).
    int64_t coverH = (g.kh + g.sh - 1) / g.sh, coverW = (g.kw + g.sw - 1) / g.sw;
    Value sum = e.loop(rows.first, rows.second, coverH, {e.f32(0.0f)},
                       [&](Value oy, ValueRange a) {
      return e.loop(cols.first, cols.second, coverW, a,
                    [&](Value ox, ValueRange acc) {
        Value o = addI(e, mulI(e, addI(e, mulI(e, p, e.index(g.oh)), oy),
                               e.index(g.ow)),
                       ox);
        return SmallVector<Value>{
            contribution(acc[0], o, oy, ox, p, pos)};
      });
    })[0];
    e.store(sum, dx, i);
  });
}

LogicalResult maxPoolGrad(LoopEmitter &e, const LightCall &c) {
  std::optional<Pool> g = Pool::of(c, "x", "y");
  if (!g || !sameShape(c, {"y", "dy"}) || !sameShape(c, {"x", "dx"}))
    return failure();
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y")),
        dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx"));
  poolGradGather(e, *g, dx,
                 [&](Value acc, Value o, Value oy, Value ox, Value p,
                     Value pos) {
                   Value plane = mulI(e, p, e.index(g->h * g->w));
                   Value arg = windowArg(e, *g, x, plane, g->window(e, oy, ox),
                                         e.load(y, o));
                   Value mine = arith::CmpIOp::create(
                       e.b, e.loc, arith::CmpIPredicate::eq, arg, pos);
                   return select(e, mine, addF(e, acc, e.load(dy, o)), acc);
                 });
  return success();
}

LogicalResult avgPoolGrad(LoopEmitter &e, const LightCall &c) {
  std::optional<Pool> g = Pool::of(c, "dx", "dy");
  if (!g)
    return failure();
  float inv = 1.0f / static_cast<float>(g->kh * g->kw);
  Value dy = e.flat(c.memref("dy")), dx = e.flat(c.memref("dx"));
  poolGradGather(e, *g, dx,
                 [&](Value acc, Value o, Value, Value, Value, Value) {
                   return addF(e, acc, mulF(e, e.load(dy, o), e.f32(inv)));
                 });
  return success();
}

//===----------------------------------------------------------------------===//
// Dropout (echo/dropout.h: SplitMix64, docs/runtime.md)
//===----------------------------------------------------------------------===//

/// The scale of a valid probability p, else nullopt.
std::optional<float> dropoutScale(double p) {
  if (!echo_dropout_rng::validProbability(p))
    return std::nullopt;
  return echo_dropout_rng::keptScale(p);
}

/// echo_dropout_rng::uniform(seed, i), step by step in i64 and f64.
Value dropoutUniform(LoopEmitter &e, int64_t seed, Value i) {
  namespace rng = echo_dropout_rng;
  OpBuilder &b = e.b;
  Location loc = e.loc;
  Type i64 = b.getI64Type();
  auto c = [&](uint64_t v) {
    return arith::ConstantOp::create(b, loc,
                                     b.getIntegerAttr(i64, static_cast<int64_t>(v)));
  };
  auto xorShift = [&](Value z, uint64_t s) {
    return arith::XOrIOp::create(b, loc, z,
                                 arith::ShRUIOp::create(b, loc, z, c(s)));
  };
  Value n = arith::IndexCastUIOp::create(b, loc, i64, i);
  Value z = arith::AddIOp::create(
      b, loc, c(static_cast<uint64_t>(seed)),
      arith::MulIOp::create(b, loc, arith::AddIOp::create(b, loc, n, c(1)),
                            c(rng::kGamma)));
  z = arith::MulIOp::create(b, loc, xorShift(z, rng::kShift1), c(rng::kMul1));
  z = arith::MulIOp::create(b, loc, xorShift(z, rng::kShift2), c(rng::kMul2));
  z = xorShift(z, rng::kShift3);
  Value top = arith::UIToFPOp::create(
      b, loc, b.getF64Type(), arith::ShRUIOp::create(b, loc, z, c(rng::kDropBits)));
  return mulF(e, top, e.f64(rng::kUnit));
}

LogicalResult dropout(LoopEmitter &e, const LightCall &c) {
  double p = c.real("probability");
  std::optional<float> scale = dropoutScale(p);
  if (!scale || !sameShape(c, {"x", "y", "mask"}))
    return failure();
  int64_t seed = c.integer("seed");
  Value x = e.flat(c.memref("x")), y = e.flat(c.memref("y")),
        mask = e.flat(c.memref("mask"));
  e.parallel(c.numel("x"), [&](Value i) {
    Value keep = cmpF(e, arith::CmpFPredicate::OGE, dropoutUniform(e, seed, i),
                      e.f64(p));
    e.store(keep, mask, i);
    Value kept = mulF(e, e.load(x, i), e.f32(*scale));
    e.store(select(e, keep, kept, e.f32(0.0f)), y, i);
  });
  return success();
}

LogicalResult dropoutGrad(LoopEmitter &e, const LightCall &c) {
  std::optional<float> scale = dropoutScale(c.real("probability"));
  if (!scale || !sameShape(c, {"mask", "dy", "dx"}))
    return failure();
  Value mask = e.flat(c.memref("mask")), dy = e.flat(c.memref("dy")),
        dx = e.flat(c.memref("dx"));
  e.parallel(c.numel("dy"), [&](Value i) {
    Value kept = mulF(e, e.load(dy, i), e.f32(*scale));
    e.store(select(e, e.load(mask, i), kept, e.f32(0.0f)), dx, i);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

struct Kernel {
  const char *entry;
  KernelBuilder build;
};

const Kernel kKernels[] = {
    {"echo_unary", unary},
    {"echo_unary_grad", unaryGrad},
    {"echo_binary", binary},
    {"echo_max_grad", maxGrad},
    {"echo_broadcast_to", broadcastTo},
    {"echo_sum_to", sumTo},
    {"echo_reduce", reduce},
    {"echo_reduce_grad", reduceGrad},
    {"echo_reduce_max_grad", reduceMaxGrad},
    {"echo_softmax", softmax},
    {"echo_softmax_grad", softmaxGrad},
    {"echo_batch_norm", batchNorm},
    {"echo_batch_norm_grad", batchNormGrad},
    {"echo_max_pool2d", maxPool},
    {"echo_max_pool2d_grad", maxPoolGrad},
    {"echo_avg_pool2d", avgPool},
    {"echo_avg_pool2d_grad", avgPoolGrad},
    {"echo_layer_norm", layerNorm},
    {"echo_layer_norm_grad", layerNormGrad},
    {"echo_dropout", dropout},
    {"echo_dropout_grad", dropoutGrad},
    {"echo_sgd_update", sgdUpdate},
    {"echo_fill", fill},
    {"echo_copy", copy},
    {"echo_transpose", transpose},
    {"echo_slice", slice},
    {"echo_slice_grad", sliceGrad},
    {"echo_concat_part", concatPart},
};

} // namespace

KernelBuilder light::lookupKernel(StringRef name) {
  for (const Kernel &k : kKernels)
    if (name == k.entry)
      return k.build;
  return nullptr;
}
