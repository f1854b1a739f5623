//===- Contraction.cpp - Matmuls from their indexing maps -----------------===//
//
// linalg.matmul / batch_matmul (with default or explicit indexing maps) and
// linalg.generic contractions are read the same way: the output is indexed
// by the parallel loops (batch..., m, n), one reduction loop k follows, and
// each input is indexed by the batch loops and a pair that says whether it
// is transposed: (m, k) or (k, m) for the left side, (k, n) or (n, k) for
// the right. That is exactly echo.matmul's transpose_lhs / transpose_rhs.
//
//===----------------------------------------------------------------------===//

#include "Raise.h"

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::linalg_import;

/// Loop dims of `map`'s results, or nothing if one is not a loop dim.
static std::optional<SmallVector<unsigned>> dimsOf(AffineMap map) {
  SmallVector<unsigned> dims;
  for (AffineExpr expr : map.getResults()) {
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d)
      return std::nullopt;
    dims.push_back(d.getPosition());
  }
  return dims;
}

FailureOr<Value> linalg_import::raiseContraction(EchoEmitter &e, Operation *op,
                                                 Value lhs, Value rhs,
                                                 Value init,
                                                 ArrayRef<AffineMap> maps) {
  auto dl = dimsOf(maps[0]), dr = dimsOf(maps[1]), dout = dimsOf(maps[2]);
  if (!dl || !dr || !dout)
    return cannotRaise(op, "its indexing maps are not a matmul's");
  unsigned rank = dout->size(); // batch... m n
  unsigned loops = maps[2].getNumDims();
  if (rank < 2 || loops != rank + 1 || dl->size() != rank || dr->size() != rank)
    return cannotRaise(op, "its indexing maps are not a matmul's");
  for (unsigned i = 0; i < rank; ++i)
    if ((*dout)[i] != i)
      return cannotRaise(op, "its output indexing map is not the identity");
  unsigned m = rank - 2, n = rank - 1, k = rank;
  for (unsigned i = 0; i < rank - 2; ++i)
    if ((*dl)[i] != i || (*dr)[i] != i)
      return cannotRaise(op, "its batch dimensions are not leading and in order");
  auto pair = [&](const SmallVector<unsigned> &d) {
    return std::make_pair(d[rank - 2], d[rank - 1]);
  };
  // The left operand is the one indexed by m.
  if (pair(*dl).first != m && pair(*dl).second != m) {
    std::swap(lhs, rhs);
    std::swap(dl, dr);
  }
  auto [l0, l1] = pair(*dl);
  auto [r0, r1] = pair(*dr);
  bool ta, tb;
  if (l0 == m && l1 == k)
    ta = false;
  else if (l0 == k && l1 == m)
    ta = true;
  else
    return cannotRaise(op, "its left operand is not indexed by (m, k)");
  if (r0 == k && r1 == n)
    tb = false;
  else if (r0 == n && r1 == k)
    tb = true;
  else
    return cannotRaise(op, "its right operand is not indexed by (k, n)");
  Value product;
  if (rank == 2)
    product = createInferredValue<MatmulOp>(e.b, e.loc, lhs, rhs, ta, tb);
  else
    product = createInferredValue<BatchMatmulOp>(e.b, e.loc, lhs, rhs, ta, tb);
  return accumulate(e, op, product, init);
}
