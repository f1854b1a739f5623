//===- LightCall.cpp - A runtime call whose arguments are known -----------===//

#include "LightCall.h"

#include "EchoDialect/IR/EchoAttrNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::light;

namespace {

/// The static, identity-layout memref `value` is a cast of, or null.
Value staticSource(Value value) {
  auto cast = value.getDefiningOp<memref::CastOp>();
  if (!cast)
    return nullptr;
  auto type = dyn_cast<MemRefType>(cast.getSource().getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return nullptr;
  return cast.getSource();
}

/// The elements of the constant global a host list is a cast of.
std::optional<SmallVector<int64_t>> constantList(func::CallOp call,
                                                 Value value) {
  auto cast = value.getDefiningOp<memref::CastOp>();
  if (!cast)
    return std::nullopt;
  auto get = cast.getSource().getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      call, get.getNameAttr());
  if (!global || !global.getConstant())
    return std::nullopt;
  auto init = dyn_cast_or_null<DenseIntElementsAttr>(
      global.getInitialValue().value_or(Attribute()));
  if (!init)
    return std::nullopt;
  SmallVector<int64_t> list;
  for (const APInt &v : init.getValues<APInt>())
    list.push_back(v.getSExtValue());
  return list;
}

} // namespace

std::optional<LightCall> LightCall::match(func::CallOp call) {
  const RuntimeEntry *entry = lookupRuntimeEntry(call.getCallee());
  if (!entry || call.getNumResults() != 0 ||
      call.getNumOperands() != entry->params.size())
    return std::nullopt;
  LightCall light;
  light.call = call;
  light.abi = entry;
  for (auto [param, value] : llvm::zip(entry->params, call.getOperands())) {
    LightArg arg;
    switch (param.kind) {
    case RuntimeParamKind::INT: {
      APInt v;
      if (!matchPattern(value, m_ConstantInt(&v)))
        return std::nullopt;
      arg.integer = v.getSExtValue();
      break;
    }
    case RuntimeParamKind::REAL: {
      APFloat v(0.0);
      if (!matchPattern(value, m_ConstantFloat(&v)) ||
          &v.getSemantics() != &APFloat::IEEEdouble())
        return std::nullopt;
      arg.real = v.convertToDouble();
      break;
    }
    case RuntimeParamKind::HOST_I64: {
      std::optional<SmallVector<int64_t>> list = constantList(call, value);
      if (!list)
        return std::nullopt;
      arg.list = std::move(*list);
      break;
    }
    default:
      arg.memref = staticSource(value);
      if (!arg.memref)
        return std::nullopt;
      break;
    }
    light.args.push_back(std::move(arg));
  }
  return light;
}

const LightArg &LightCall::arg(StringRef name) const {
  for (auto [param, arg] : llvm::zip(abi->params, args))
    if (name == param.name)
      return arg;
  llvm_unreachable("no parameter of that name in the entry");
}

SmallVector<int64_t> light::rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

Value LoopEmitter::index(int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value LoopEmitter::f32(float v) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
}

Value LoopEmitter::f64(double v) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
}

Value LoopEmitter::flat(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getRank() == 1)
    return memref;
  auto flatType = MemRefType::get({type.getNumElements()},
                                  type.getElementType(), MemRefLayoutAttrInterface(),
                                  type.getMemorySpace());
  if (type.getRank() == 0)
    return memref::ExpandShapeOp::create(b, loc, flatType, memref,
                                         ArrayRef<ReassociationIndices>{},
                                         ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  ReassociationIndices all;
  for (int64_t d = 0; d < type.getRank(); ++d)
    all.push_back(d);
  return memref::CollapseShapeOp::create(b, loc, flatType, memref,
                                         ArrayRef<ReassociationIndices>{all});
}

Value LoopEmitter::remap(Value i, ArrayRef<int64_t> shape,
                         ArrayRef<int64_t> strides) {
  if (llvm::equal(strides, rowMajorStrides(shape)))
    return i;
  SmallVector<int64_t> own = rowMajorStrides(shape);
  Value sum;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (strides[d] == 0 || shape[d] == 1)
      continue;
    Value coord = i;
    if (own[d] != 1)
      coord = arith::DivUIOp::create(b, loc, coord, index(own[d]));
    if (d != 0)
      coord = arith::RemUIOp::create(b, loc, coord, index(shape[d]));
    if (strides[d] != 1)
      coord = arith::MulIOp::create(b, loc, coord, index(strides[d]));
    sum = sum ? arith::AddIOp::create(b, loc, sum, coord).getResult() : coord;
  }
  return sum ? sum : index(0);
}

void LoopEmitter::parallel(int64_t n, function_ref<void(Value)> body) {
  scf::ParallelOp::create(
      b, loc, ValueRange{index(0)}, ValueRange{index(n)}, ValueRange{index(1)},
      [&](OpBuilder &nested, Location, ValueRange ivs) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        body(ivs.front());
      });
}

SmallVector<Value>
LoopEmitter::reduce(int64_t n, ValueRange inits, ArrayRef<Combine> combine,
                    function_ref<SmallVector<Value>(Value)> values) {
  assert(inits.size() == combine.size() && "one combine per reduction");
  auto par = scf::ParallelOp::create(
      b, loc, ValueRange{index(0)}, ValueRange{index(n)}, ValueRange{index(1)},
      inits, [&](OpBuilder &nested, Location, ValueRange ivs, ValueRange) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        SmallVector<Value> vs = values(ivs.front());
        auto red = scf::ReduceOp::create(b, loc, vs);
        for (auto [region, how] : llvm::zip(red.getReductions(), combine)) {
          Block &block = region.front();
          b.setInsertionPointToEnd(&block);
          Value acc = block.getArgument(0), v = block.getArgument(1);
          Value next;
          if (how == Combine::Add) {
            next = arith::AddFOp::create(b, loc, acc, v);
          } else {
            Value gt = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             v, acc);
            next = arith::SelectOp::create(b, loc, gt, v, acc);
          }
          scf::ReduceReturnOp::create(b, loc, next);
        }
      });
  return SmallVector<Value>(par.getResults());
}

void LoopEmitter::inner(int64_t n, function_ref<void(Value)> body,
                        std::optional<int64_t> partition) {
  parallel(n, body);
  if (partition) {
    auto loop = cast<scf::ParallelOp>(&*std::prev(b.getInsertionPoint()));
    loop->setAttr(kPartitionAttr, b.getI64IntegerAttr(*partition));
  }
}

SmallVector<Value>
LoopEmitter::loop(int64_t n, ValueRange inits,
                  function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  return forLoop(index(0), index(n), inits, body);
}

SmallVector<Value>
LoopEmitter::loop(Value lb, Value ub, int64_t maxTrips, ValueRange inits,
                  function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  SmallVector<Value> results = forLoop(lb, ub, inits, body);
  // The loop is the op before the insertion point.
  auto forOp = cast<scf::ForOp>(&*std::prev(b.getInsertionPoint()));
  forOp->setAttr(kTripBoundAttr, b.getI64IntegerAttr(maxTrips));
  return results;
}

SmallVector<Value>
LoopEmitter::forLoop(Value lb, Value ub, ValueRange inits,
                     function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  auto forOp = scf::ForOp::create(
      b, loc, lb, ub, index(1), inits,
      [&](OpBuilder &nested, Location, Value k, ValueRange carried) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        SmallVector<Value> next = body(k, carried);
        scf::YieldOp::create(b, loc, next);
      });
  return SmallVector<Value>(forOp.getResults());
}

Value LoopEmitter::load(Value flatMemref, Value i) {
  return memref::LoadOp::create(b, loc, flatMemref, ValueRange{i});
}

void LoopEmitter::store(Value value, Value flatMemref, Value i) {
  memref::StoreOp::create(b, loc, value, flatMemref, ValueRange{i});
}
