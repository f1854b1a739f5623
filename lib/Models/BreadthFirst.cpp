//===- BreadthFirst.cpp - A model's ops in breadth-first order ------------===//
//
// The builders emit each block branch by branch, which is already close to
// Dymem's depth-first order. Frameworks that run every ready layer before
// the layers it enables (Dymem's motivation) give the breadth-first order
// instead: this reorders a built function that way, so echo-schedule can be
// measured on a step whose input order is not memory-optimal.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Models/Models.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;

void mlir::echo::orderBreadthFirst(func::FuncOp fn) {
  if (!fn.getBody().hasOneBlock())
    return;
  Block &block = fn.getBody().front();
  // An op's level: one more than its deepest producer in the block (values
  // used inside its regions included), 0 without one. Levels grow along
  // every dependency, so sorting by level keeps the function valid.
  llvm::DenseMap<Operation *, int64_t> level;
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator()) {
    int64_t l = 0;
    op.walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (Operation *def = v.getDefiningOp())
          if (auto it = level.find(def); it != level.end())
            l = std::max(l, it->second + 1);
    });
    level[&op] = l;
    ops.push_back(&op);
  }
  std::stable_sort(ops.begin(), ops.end(), [&](Operation *a, Operation *b) {
    return level[a] < level[b];
  });
  Operation *terminator = block.getTerminator();
  for (Operation *op : ops)
    op->moveBefore(terminator);
}
