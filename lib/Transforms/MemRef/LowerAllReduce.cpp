//===- LowerAllReduce.cpp - gpu.all_reduce as a shared-memory tree --------===//
//
// echo-lower-all-reduce: each gpu.all_reduce of a kernel becomes a tree in
// workgroup memory folded by a loop: every thread stores its value, then
// for s = P/2, P/4, ..., 1 (P the block size rounded up to a power of two)
// thread t < s combines slot t with slot t + s, and every thread reads slot
// 0. The tree is fixed by the block size, so two runs combine in the same
// order (deterministic), every thread gets the same bits, and the code is
// one loop per reduction: upstream's expansion unrolls warp shuffles
// (80 per f64 reduction), which made ptxas the largest cost of lowering a
// model. See MemRefPasses.td.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOLOWERALLREDUCE
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

/// `a op b` for a named all-reduce operation; null if `op` does not apply
/// to the type (the op verifier rules those out).
Value combineNamed(OpBuilder &b, Location loc, gpu::AllReduceOperation op,
                   Value a, Value c) {
  using Op = gpu::AllReduceOperation;
  bool isFloat = isa<FloatType>(a.getType());
  switch (op) {
  case Op::ADD:
    return isFloat ? arith::AddFOp::create(b, loc, a, c).getResult()
                   : arith::AddIOp::create(b, loc, a, c).getResult();
  case Op::MUL:
    return isFloat ? arith::MulFOp::create(b, loc, a, c).getResult()
                   : arith::MulIOp::create(b, loc, a, c).getResult();
  case Op::MINUI:
    return arith::MinUIOp::create(b, loc, a, c);
  case Op::MINSI:
    return arith::MinSIOp::create(b, loc, a, c);
  case Op::MAXUI:
    return arith::MaxUIOp::create(b, loc, a, c);
  case Op::MAXSI:
    return arith::MaxSIOp::create(b, loc, a, c);
  case Op::AND:
    return arith::AndIOp::create(b, loc, a, c);
  case Op::OR:
    return arith::OrIOp::create(b, loc, a, c);
  case Op::XOR:
    return arith::XOrIOp::create(b, loc, a, c);
  case Op::MINNUMF:
    return arith::MinNumFOp::create(b, loc, a, c);
  case Op::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, a, c);
  case Op::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, a, c);
  case Op::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, a, c);
  }
  return {};
}

/// `lower op higher` of `reduce`: its named operation, or its region with
/// the lower slot's value as the first argument.
Value combine(OpBuilder &b, Location loc, gpu::AllReduceOp reduce, Value lower,
              Value higher) {
  if (std::optional<gpu::AllReduceOperation> op = reduce.getOp())
    return combineNamed(b, loc, *op, lower, higher);
  Block &body = reduce.getBody().front();
  IRMapping map;
  map.map(body.getArgument(0), lower);
  map.map(body.getArgument(1), higher);
  for (Operation &op : body.without_terminator())
    b.clone(op, map);
  return map.lookupOrDefault(
      cast<gpu::YieldOp>(body.getTerminator()).getValues()[0]);
}

struct LowerAllReducePass
    : echo::impl::EchoLowerAllReduceBase<LowerAllReducePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerIn(func)))
        return signalPassFailure();
  }

  LogicalResult lowerIn(gpu::GPUFuncOp func) {
    SmallVector<gpu::AllReduceOp> reduces;
    func.walk([&](gpu::AllReduceOp op) { reduces.push_back(op); });
    if (reduces.empty())
      return success();
    std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
    if (!known || known->size() != 3)
      return reduces.front().emitOpError(
          "needs its kernel's known_block_size (echo-lower-all-reduce sizes "
          "its workgroup buffer by it)");
    int64_t threads = int64_t((*known)[0]) * (*known)[1] * (*known)[2];
    // Every thread must reach the reduction and the barriers around it.
    for (gpu::AllReduceOp op : reduces)
      if (!op.getUniform() || op->getParentOp() != func.getOperation())
        return op.emitOpError("must be uniform and at the top level of its "
                              "kernel to be lowered to a workgroup tree");

    // One buffer per element type, reused by each reduction in turn.
    DenseMap<Type, Value> buffers;
    Location loc = func.getLoc();
    auto workgroup = gpu::AddressSpaceAttr::get(
        &getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
    for (gpu::AllReduceOp op : reduces) {
      Type type = op.getType();
      if (!buffers.count(type))
        buffers[type] = func.addWorkgroupAttribution(
            MemRefType::get({threads}, type, MemRefLayoutAttrInterface(),
                            workgroup),
            loc);
    }

    OpBuilder entry(func.getBody());
    entry.setInsertionPointToStart(&func.getBody().front());
    Value tid = linearThreadId(entry, loc, *known);
    for (gpu::AllReduceOp op : reduces) {
      OpBuilder b(op);
      Value result = lowerOne(b, op, buffers[op.getType()], tid, threads);
      op.replaceAllUsesWith(result);
      op.erase();
    }
    return success();
  }

  /// x + X (y + Y z) for a block of X x Y x Z threads.
  static Value linearThreadId(OpBuilder &b, Location loc,
                              ArrayRef<int32_t> size) {
    Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    if (size[1] == 1 && size[2] == 1)
      return x;
    Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
    Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
    auto c = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    Value yz = arith::AddIOp::create(
        b, loc, y, arith::MulIOp::create(b, loc, c(size[1]), z));
    return arith::AddIOp::create(b, loc, x,
                                 arith::MulIOp::create(b, loc, c(size[0]), yz));
  }

  static Value lowerOne(OpBuilder &b, gpu::AllReduceOp op, Value buffer,
                        Value tid, int64_t threads) {
    Location loc = op.getLoc();
    auto c = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    memref::StoreOp::create(b, loc, op.getValue(), buffer, tid);
    gpu::BarrierOp::create(b, loc);
    int64_t levels = llvm::Log2_64_Ceil(uint64_t(threads));
    Value top = c(int64_t(llvm::PowerOf2Ceil(uint64_t(threads))));
    Value count = c(threads);
    scf::ForOp::create(
        b, loc, c(0), c(levels), c(1), {},
        [&](OpBuilder &nb, Location, Value level, ValueRange) {
          // s = P >> (level + 1); slot t + s exists when t + s < threads.
          Value shift = arith::AddIOp::create(nb, loc, level, c(1));
          Value s = arith::ShRUIOp::create(nb, loc, top, shift);
          Value partner = arith::AddIOp::create(nb, loc, tid, s);
          Value active = arith::AndIOp::create(
              nb, loc,
              arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult, tid,
                                    s),
              arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult,
                                    partner, count));
          scf::IfOp::create(nb, loc, active, [&](OpBuilder &ib, Location) {
            Value lower = memref::LoadOp::create(ib, loc, buffer, tid);
            Value higher = memref::LoadOp::create(ib, loc, buffer, partner);
            memref::StoreOp::create(ib, loc,
                                    combine(ib, loc, op, lower, higher),
                                    buffer, tid);
            scf::YieldOp::create(ib, loc);
          });
          gpu::BarrierOp::create(nb, loc);
          scf::YieldOp::create(nb, loc);
        });
    Value result = memref::LoadOp::create(b, loc, buffer, c(0));
    // Every thread has read slot 0 before the next reduction stores.
    gpu::BarrierOp::create(b, loc);
    return result;
  }
};

} // namespace
