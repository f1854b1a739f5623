//===- RuntimeCalls.cpp - One runtime ABI call per echo op ----------------===//
//
// Maps each echo op, given its operand buffers and preallocated result
// buffers, to a call of its entry in runtime/include/echo/runtime.h. Tensor
// arguments are passed as unranked memrefs, which the LLVM lowering turns
// into the ABI's (rank, descriptor) pairs; attributes become i64/f64
// scalars, and index lists become small stack-allocated i64 buffers.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EncodingStorage.h"
#include "echo/runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::echo;

// The lowering passes ReduceKind as the runtime's EchoReduceKind.
static_assert(int64_t(ReduceKind::Sum) == ECHO_SUM &&
                  int64_t(ReduceKind::Mean) == ECHO_MEAN &&
                  int64_t(ReduceKind::Max) == ECHO_REDUCE_MAX,
              "ReduceKind and EchoReduceKind differ");

/// Runtime declarations and constant globals go at the module's start in
/// name order: one-shot bufferization visits unrelated functions in an
/// order that varies from run to run, and the output must not.
void mlir::echo::setInsertionPointForDeclaration(OpBuilder &b, ModuleOp module,
                                     StringRef name) {
  Block *body = module.getBody();
  for (Operation &op : *body) {
    auto fn = dyn_cast<func::FuncOp>(op);
    bool leading = isa<memref::GlobalOp>(op) || (fn && fn.isExternal());
    auto symbol = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!leading || !symbol || symbol.getValue() > name) {
      b.setInsertionPoint(&op);
      return;
    }
  }
  b.setInsertionPointToEnd(body);
}

namespace {

/// One argument of a call being built: the value passed, and for tensors
/// the buffer it is a cast of and whether it lives in host memory.
struct CallArg {
  Value value;
  Value buffer;
  bool host = false;
};

/// Builds the arguments of one call, checks them against the entry's
/// declaration in abi.def (RuntimeAbi.h) and emits it.
class CallBuilder {
public:
  /// `symbols`, where given, caches the module's symbol table (one-shot
  /// bufferization's): the lookups of tens of thousands of calls then do
  /// not scan the module.
  CallBuilder(OpBuilder &b, Operation *op,
              SymbolTableCollection *symbols = nullptr)
      : b(b), op(op), loc(op->getLoc()), symbols(symbols) {}

  /// A builder of another call for the same op (ops lowered to several).
  CallBuilder another() const { return CallBuilder(b, op, symbols); }

  CallBuilder &tensor(Value buffer) { return pass(buffer, /*host=*/false); }
  CallBuilder &tensors(ValueRange buffers) {
    for (Value v : buffers)
      tensor(v);
    return *this;
  }
  /// A buffer in host memory (a constant of the step).
  CallBuilder &hostTensor(Value buffer) { return pass(buffer, /*host=*/true); }
  /// A `workspace` argument of no bytes: the backend uses scratch of its
  /// own unless echo-plan-workspaces plans a buffer of the budget here. A
  /// stack buffer, so the planner and the frees never see it; nothing is
  /// ever read or written through it.
  CallBuilder &emptyWorkspace() {
    return tensor(memref::AllocaOp::create(
        b, loc, MemRefType::get({0}, b.getI8Type())));
  }
  CallBuilder &i64(int64_t v) {
    args.push_back({arith::ConstantIntOp::create(b, loc, v, 64), {}});
    return *this;
  }
  CallBuilder &f64(double v) {
    args.push_back({arith::ConstantFloatOp::create(b, loc, b.getF64Type(),
                                                   APFloat(v)),
                    {}});
    return *this;
  }
  CallBuilder &f64(const APFloat &v) { return f64(v.convertToDouble()); }
  /// A rank-1 i64 list (offsets, strides, permutations): a constant global
  /// in host memory, shared by every call passing the same values.
  CallBuilder &indexList(ArrayRef<int64_t> values) {
    auto module = op->getParentOfType<ModuleOp>();
    auto type = MemRefType::get({int64_t(values.size())}, b.getI64Type());
    auto init = DenseElementsAttr::get(
        RankedTensorType::get(type.getShape(), b.getI64Type()), values);
    std::string name;
    llvm::raw_string_ostream os(name);
    os << "__echo_list";
    for (int64_t v : values)
      os << "_" << (v < 0 ? "m" : "") << std::abs(v);
    if (!isa_and_nonnull<memref::GlobalOp>(lookup(module, name))) {
      OpBuilder::InsertionGuard guard(b);
      setInsertionPointForDeclaration(b, module, name);
      declare(module, memref::GlobalOp::create(
                          b, loc, name, b.getStringAttr("private"), type, init,
                          /*constant=*/true, IntegerAttr()));
    }
    return hostTensor(memref::GetGlobalOp::create(b, loc, type, name));
  }

  /// Calls `name`, declaring it privately in the module on first use.
  LogicalResult call(StringRef name) {
    const RuntimeEntry *entry = lookupRuntimeEntry(name);
    if (!entry)
      return op->emitOpError("has no runtime entry @")
             << name << " in the runtime ABI (echo/abi.def)";
    if (failed(checkArguments(*entry)))
      return failure();
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<Type> types;
    SmallVector<Value> values;
    for (const CallArg &a : args) {
      types.push_back(a.value.getType());
      values.push_back(a.value);
    }
    auto fnType = b.getFunctionType(types, {});
    auto callee = dyn_cast_or_null<func::FuncOp>(lookup(module, name));
    if (!callee) {
      OpBuilder::InsertionGuard guard(b);
      setInsertionPointForDeclaration(b, module, name);
      callee = func::FuncOp::create(b, module.getLoc(), name, fnType);
      callee.setPrivate();
      declare(module, callee);
    } else if (callee.getFunctionType() != fnType) {
      return op->emitOpError("cannot call runtime entry @")
             << name << " with " << fnType << ": it is declared as "
             << callee.getFunctionType();
    }
    created = func::CallOp::create(b, loc, callee, values);
    calledEntry = entry;
    return success();
  }

  /// The buffer behind each tensor argument, in order.
  SmallVector<Value> passedBuffers() const {
    SmallVector<Value> buffers;
    for (const CallArg &a : args)
      if (a.buffer)
        buffers.push_back(a.buffer);
    return buffers;
  }

  /// The last call emitted, and its entry.
  func::CallOp created;
  const RuntimeEntry *calledEntry = nullptr;

private:
  Operation *lookup(ModuleOp module, StringRef name) {
    if (symbols)
      return symbols->lookupSymbolIn(module, b.getStringAttr(name));
    return module.lookupSymbol(name);
  }
  /// Records a symbol just created in `module` in the cached table.
  void declare(ModuleOp module, Operation *symbol) {
    if (symbols)
      symbols->getSymbolTable(module).insert(symbol);
  }

  CallBuilder &pass(Value buffer, bool host) {
    args.push_back({unrankedCast(buffer), buffer, host});
    return *this;
  }

  /// The cast of `buffer` to the unranked memref the ABI takes. There is one
  /// per buffer and type, among the casts right after the buffer's
  /// definition (at its block's start for a block argument): there it
  /// dominates every call that can use the buffer, wherever the calls are
  /// and in whatever order they are lowered.
  Value unrankedCast(Value buffer) {
    auto ranked = cast<MemRefType>(buffer.getType());
    auto unranked = UnrankedMemRefType::get(ranked.getElementType(),
                                            ranked.getMemorySpace());
    // A tensor not bufferized yet (a function argument, before its
    // function's signature is) gets a new to_buffer right after its
    // definition each time its buffer is asked for: any of them will do.
    if (auto toBuffer = buffer.getDefiningOp<bufferization::ToBufferOp>())
      for (Operation *user : toBuffer.getTensor().getUsers()) {
        auto other = dyn_cast<bufferization::ToBufferOp>(user);
        if (other && other != toBuffer && other.getType() == ranked &&
            other->getBlock() == toBuffer->getBlock())
          if (Value existing = castAfterDefinition(other, unranked).first)
            return existing;
      }
    auto [existing, end] = castAfterDefinition(buffer, unranked);
    if (existing)
      return existing;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(end.first, end.second);
    return memref::CastOp::create(b, loc, unranked, buffer);
  }

  /// The cast of `buffer` to `type` among the casts right after its
  /// definition, or where a new one goes (after them).
  static std::pair<Value, std::pair<Block *, Block::iterator>>
  castAfterDefinition(Value buffer, Type type) {
    Operation *def = buffer.getDefiningOp();
    Block *block = def ? def->getBlock()
                       : cast<BlockArgument>(buffer).getOwner();
    Block::iterator it = def ? std::next(def->getIterator()) : block->begin();
    // The casts there: of `def`'s results, or of the block's arguments.
    auto castsHere = [&](memref::CastOp c) {
      Value source = c.getSource();
      if (def)
        return source.getDefiningOp() == def;
      auto arg = dyn_cast<BlockArgument>(source);
      return arg && arg.getOwner() == block;
    };
    for (; it != block->end(); ++it) {
      auto c = dyn_cast<memref::CastOp>(*it);
      if (!c || !castsHere(c))
        break;
      if (c.getSource() == buffer && c.getType() == type)
        return {c.getResult(), {block, it}};
    }
    return {Value(), {block, it}};
  }

  /// Arguments against parameters: count, kind, element type, memory.
  LogicalResult checkArguments(const RuntimeEntry &entry) {
    auto mismatch = [&](const RuntimeParam &p) {
      return op->emitOpError("cannot lower to runtime entry @")
             << entry.name << ": parameter '" << p.name << "' takes "
             << p.describe();
    };
    if (args.size() != entry.params.size())
      return op->emitOpError("cannot lower to runtime entry @")
             << entry.name << ": " << args.size() << " arguments for "
             << entry.params.size() << " parameters";
    for (auto [a, p] : llvm::zip(args, entry.params)) {
      if (!p.isTensor()) {
        Type expected = p.kind == RuntimeParamKind::INT
                            ? Type(b.getI64Type())
                            : Type(b.getF64Type());
        if (a.value.getType() != expected)
          return mismatch(p) << ", got " << a.value.getType();
        continue;
      }
      if (!a.buffer)
        return mismatch(p) << ", got a scalar";
      Type element = cast<MemRefType>(a.buffer.getType()).getElementType();
      if (!p.accepts(element))
        return mismatch(p) << ", got elements of type " << element;
      if (p.isHost() != a.host)
        return mismatch(p) << ", got a buffer in "
                           << (a.host ? "host" : "device") << " memory";
    }
    return success();
  }

  OpBuilder &b;
  Operation *op;
  Location loc;
  SymbolTableCollection *symbols;
  SmallVector<CallArg> args;
};

/// Checks the in-place pairs the lowering recorded on `call` (the op's
/// InPlaceOpInterface, kInPlaceCallAttr) against the entry's aliases.
LogicalResult checkInPlacePairs(Operation *op, func::CallOp call,
                                const RuntimeEntry &entry) {
  auto pairs = call->getAttrOfType<DenseI64ArrayAttr>(kInPlaceCallAttr);
  if (!pairs)
    return success();
  ArrayRef<int64_t> flat = pairs.asArrayRef();
  for (size_t i = 0; i + 1 < flat.size(); i += 2) {
    const char *in = entry.tensorName(flat[i]);
    const char *out = entry.tensorName(flat[i + 1]);
    if (!in || !out || !entry.mayAlias(out, in))
      return op->emitOpError("may write its result over an operand, but "
                             "runtime entry @")
             << entry.name << " does not allow tensor #" << flat[i + 1]
             << " to alias tensor #" << flat[i] << " (echo/abi.def)";
  }
  return success();
}

int64_t unaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, int64_t>(op)
      .Case<ReluOp, ReluGradOp>([](auto) { return ECHO_RELU; })
      .Case<TanhOp, TanhGradOp>([](auto) { return ECHO_TANH; })
      .Case<SigmoidOp, SigmoidGradOp>([](auto) { return ECHO_SIGMOID; })
      .Case<GeluOp, GeluGradOp>([](auto) { return ECHO_GELU; })
      .Case<GeluErfOp, GeluErfGradOp>([](auto) { return ECHO_GELU_ERF; })
      .Case<ExpOp>([](auto) { return ECHO_EXP; })
      .Case<LogOp>([](auto) { return ECHO_LOG; })
      .Case<NegOp>([](auto) { return ECHO_NEG; })
      .Case<SqrtOp, SqrtGradOp>([](auto) { return ECHO_SQRT; })
      .Case<RsqrtOp, RsqrtGradOp>([](auto) { return ECHO_RSQRT; })
      .Default([](auto) { return -1; });
}

int64_t binaryKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, int64_t>(op)
      .Case<AddOp>([](auto) { return ECHO_ADD; })
      .Case<SubOp>([](auto) { return ECHO_SUB; })
      .Case<MulOp>([](auto) { return ECHO_MUL; })
      .Case<DivOp>([](auto) { return ECHO_DIV; })
      .Case<MaxOp>([](auto) { return int64_t(ECHO_MAX); })
      .Default([](auto) { return -1; });
}

/// Bits of the reduced dimensions.
int64_t dimsMask(ArrayRef<int64_t> dims) {
  int64_t mask = 0;
  for (int64_t d : dims)
    mask |= int64_t(1) << d;
  return mask;
}

int64_t normalizedAxis(int64_t axis, Value v) {
  int64_t rank = cast<ShapedType>(v.getType()).getRank();
  return axis < 0 ? axis + rank : axis;
}

/// Entries taking an index or label tensor come in i32 and i64 flavours.
std::string indexed(StringRef entry, Value indices) {
  unsigned bits =
      cast<ShapedType>(indices.getType()).getElementType().getIntOrFloatBitWidth();
  return (entry + "_i" + Twine(bits)).str();
}

/// The name of a float element type in entry names.
StringRef floatName(Type t) {
  return t.isF32() ? "f32" : t.isF16() ? "f16" : t.isBF16() ? "bf16" : "?";
}

/// The 16-bit element type every tensor operand and result of `op` has, or
/// null (an f32 or mixed op).
Type sole16BitType(Operation *op) {
  Type common;
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor)
      continue;
    Type element = tensor.getElementType();
    if (!(element.isF16() || element.isBF16()) || (common && common != element))
      return {};
    common = element;
  }
  return common;
}

/// The entry computing a product `op` (linear, its gradients, matmul, the
/// convolutions), with its 16-bit suffix where every tensor has that type;
/// empty for other ops.
std::string productEntry(Operation *op) {
  StringRef base =
      llvm::TypeSwitch<Operation *, StringRef>(op)
          .Case([](LinearOp) { return "echo_linear"; })
          .Case([](LinearGradInputOp) { return "echo_linear_grad_input"; })
          .Case([](LinearGradWeightOp) { return "echo_linear_grad_weight"; })
          .Case<MatmulOp, BatchMatmulOp>([](auto) { return "echo_matmul"; })
          .Case([](Conv2DOp) { return "echo_conv2d"; })
          .Case([](Conv2DGradInputOp) { return "echo_conv2d_grad_input"; })
          .Case([](Conv2DGradWeightOp) { return "echo_conv2d_grad_weight"; })
          .Default([](Operation *) { return ""; });
  if (base.empty())
    return "";
  if (Type low = sole16BitType(op))
    return (base + "_" + floatName(low)).str();
  return base.str();
}

/// The convolution entries' last arguments: stride, padding and dilation
/// (height, width) and the group count.
template <typename ConvOp>
CallBuilder &convAttributes(CallBuilder &c, ConvOp o) {
  ArrayRef<int64_t> s = o.getStride(), p = o.getPadding(), d = o.getDilation();
  return c.i64(s[0]).i64(s[1]).i64(p[0]).i64(p[1]).i64(d[0]).i64(d[1]).i64(
      o.getGroups());
}

/// The conversion entry echo_cast_<from>_<to> (abi.def) of a cast.
std::string castEntry(CastOp op) {
  return ("echo_cast_" + floatName(op.getInput().getType().getElementType()) +
          "_" + floatName(op.getResult().getType().getElementType()))
      .str();
}

} // namespace

/// Emits the call(s) computing `op`; `c` is the builder of the single call,
/// where there is one.
static LogicalResult dispatch(OpBuilder &b, Operation *op, ValueRange in,
                              ValueRange out, CallBuilder &c) {
  if (int64_t kind = unaryKind(op); kind >= 0) {
    if (op->getNumOperands() == 1)
      return c.i64(kind).tensor(in[0]).tensor(out[0]).call("echo_unary");
    return c.i64(kind).tensors(in).tensor(out[0]).call("echo_unary_grad");
  }
  if (int64_t kind = binaryKind(op); kind >= 0)
    return c.i64(kind).tensors(in).tensor(out[0]).call("echo_binary");

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      // Compute-heavy ops; the products and convolutions have 16-bit entries
      // too.
      .Case([&](LinearOp o) {
        bool bias = bool(o.getBias());
        return c.tensor(in[0])
            .tensor(in[1])
            .tensor(bias ? in[2] : out[0])
            .tensor(out[0])
            .i64(bias)
            .call(productEntry(op));
      })
      .Case<LinearGradInputOp, LinearGradWeightOp>([&](auto) {
        return c.tensors(in).tensor(out[0]).call(productEntry(op));
      })
      .Case<MatmulOp, BatchMatmulOp>([&](auto o) {
        return c.tensors(in)
            .tensor(out[0])
            .i64(o.getTransposeLhs())
            .i64(o.getTransposeRhs())
            .call(productEntry(op));
      })
      .Case([&](Conv2DOp o) {
        bool bias = bool(o.getBias());
        c.tensor(in[0]).tensor(in[1]).tensor(bias ? in[2] : out[0]);
        c.tensor(out[0]).emptyWorkspace().i64(bias);
        return convAttributes(c, o).call(productEntry(op));
      })
      .Case<Conv2DGradInputOp, Conv2DGradWeightOp>([&](auto o) {
        c.tensors(in).tensor(out[0]).emptyWorkspace();
        return convAttributes(c, o).call(productEntry(op));
      })
      .Case([&](EmbeddingOp o) {
        return c.tensors(in).tensor(out[0])
            .call(indexed("echo_embedding", o.getIndices()));
      })
      .Case([&](EmbeddingGradOp o) {
        return c.tensors(in).tensor(out[0])
            .call(indexed("echo_embedding_grad", o.getIndices()));
      })
      // Fused attention: without a mask, q stands in for it (never read).
      .Case([&](AttentionOp o) {
        bool mask = bool(o.getMask());
        return c.tensor(in[0]).tensor(in[1]).tensor(in[2])
            .tensor(mask ? in[3] : in[0]).tensors(out).i64(mask)
            .i64(o.getCausal()).f64(o.getScaleValue()).f64(o.getDropout())
            .i64(o.getSeed()).call("echo_attention");
      })
      .Case([&](AttentionGradOp o) {
        bool mask = bool(o.getMask());
        return c.tensors(in.take_front(6)).tensor(mask ? in[6] : in[0])
            .tensors(out).i64(mask).i64(o.getCausal()).f64(o.getScaleValue())
            .f64(o.getDropout()).i64(o.getSeed()).call("echo_attention_grad");
      })
      // Elementwise helpers.
      .Case([&](MaxGradOp) {
        return c.tensors(in).tensors(out).call("echo_max_grad");
      })
      .Case([&](SumToOp) {
        return c.tensor(in[0]).tensor(out[0]).call("echo_sum_to");
      })
      .Case([&](BroadcastToOp) {
        return c.tensor(in[0]).tensor(out[0]).call("echo_broadcast_to");
      })
      // Layers.
      .Case([&](DropoutOp o) {
        return c.tensor(in[0]).tensors(out).f64(o.getProbability())
            .i64(o.getSeed()).call("echo_dropout");
      })
      .Case([&](DropoutGradOp o) {
        return c.tensors(in).tensor(out[0]).f64(o.getProbability())
            .call("echo_dropout_grad");
      })
      .Case<MaxPool2DOp, AvgPool2DOp, MaxPool2DGradOp, AvgPool2DGradOp>(
          [&](auto o) {
            ArrayRef<int64_t> k = o.getKernel(), s = o.getStride(),
                              p = o.getPadding();
            StringRef entry =
                llvm::TypeSwitch<Operation *, StringRef>(op)
                    .Case([](MaxPool2DOp) { return "echo_max_pool2d"; })
                    .Case([](AvgPool2DOp) { return "echo_avg_pool2d"; })
                    .Case([](MaxPool2DGradOp) { return "echo_max_pool2d_grad"; })
                    .Default([](Operation *) { return "echo_avg_pool2d_grad"; });
            return c.tensors(in).tensor(out[0]).i64(k[0]).i64(k[1]).i64(s[0])
                .i64(s[1]).i64(p[0]).i64(p[1]).call(entry);
          })
      .Case([&](BatchNormOp o) {
        return c.tensors(in).tensors(out).f64(o.getEpsilon())
            .f64(o.getMomentum()).call("echo_batch_norm");
      })
      .Case([&](BatchNormGradOp) {
        return c.tensors(in).tensors(out).call("echo_batch_norm_grad");
      })
      .Case([&](LayerNormOp o) {
        return c.tensors(in).tensors(out).f64(o.getEpsilon())
            .call("echo_layer_norm");
      })
      .Case([&](LayerNormGradOp) {
        return c.tensors(in).tensors(out).call("echo_layer_norm_grad");
      })
      .Case<SoftmaxOp, LogSoftmaxOp>([&](auto o) {
        return c.tensor(in[0]).tensor(out[0])
            .i64(normalizedAxis(o.getAxis(), o.getInput()))
            .i64(isa<LogSoftmaxOp>(op)).call("echo_softmax");
      })
      .Case<SoftmaxGradOp, LogSoftmaxGradOp>([&](auto o) {
        return c.tensors(in).tensor(out[0])
            .i64(normalizedAxis(o.getAxis(), o.getOutput()))
            .i64(isa<LogSoftmaxGradOp>(op))
            .call("echo_softmax_grad");
      })
      .Case([&](ReduceOp o) {
        return c.i64(int64_t(o.getKind())).tensor(in[0]).tensor(out[0])
            .i64(dimsMask(o.getDims())).call("echo_reduce");
      })
      .Case([&](ReduceGradOp o) {
        return c.i64(int64_t(o.getKind())).tensor(in[0]).tensor(out[0])
            .i64(dimsMask(o.getDims())).call("echo_reduce_grad");
      })
      .Case([&](ReduceMaxGradOp o) {
        return c.tensors(in).tensor(out[0]).i64(dimsMask(o.getDims()))
            .call("echo_reduce_max_grad");
      })
      .Case([&](CrossEntropyOp o) {
        return c.tensors(in).tensor(out[0])
            .call(indexed("echo_cross_entropy", o.getLabels()));
      })
      .Case([&](CrossEntropyGradOp o) {
        return c.tensors(in).tensor(out[0])
            .call(indexed("echo_cross_entropy_grad", o.getLabels()));
      })
      // Data movement: several calls for concat and split.
      .Case([&](ConcatOp o) -> LogicalResult {
        int64_t axis = normalizedAxis(o.getAxis(), o.getResult());
        int64_t offset = 0;
        for (Value part : in) {
          if (failed(c.another().tensor(part).tensor(out[0]).i64(axis)
                         .i64(offset).i64(0).call("echo_concat_part")))
            return failure();
          offset += cast<ShapedType>(part.getType()).getDimSize(axis);
        }
        return success();
      })
      .Case([&](SplitOp o) -> LogicalResult {
        int64_t axis = normalizedAxis(o.getAxis(), o.getInput());
        int64_t offset = 0;
        for (Value part : out) {
          if (failed(c.another().tensor(part).tensor(in[0]).i64(axis)
                         .i64(offset).i64(1).call("echo_concat_part")))
            return failure();
          offset += cast<ShapedType>(part.getType()).getDimSize(axis);
        }
        return success();
      })
      .Case<SliceOp, SliceGradOp>([&](auto o) {
        int64_t rank = cast<ShapedType>(in[0].getType()).getRank();
        SmallVector<int64_t> strides(rank, 1);
        if (o.getStrides())
          strides.assign(o.getStrides()->begin(), o.getStrides()->end());
        return c.tensor(in[0]).tensor(out[0]).indexList(o.getOffsets())
            .indexList(strides)
            .call(isa<SliceOp>(op) ? "echo_slice"
                                                  : "echo_slice_grad");
      })
      .Case([&](TransposeOp o) {
        return c.tensor(in[0]).tensor(out[0]).indexList(o.getPermutation())
            .call("echo_transpose");
      })
      .Case([&](ReshapeOp) {
        return c.tensor(in[0]).tensor(out[0]).call("echo_copy");
      })
      .Case(
          [&](ZerosOp) { return c.tensor(out[0]).f64(0.0).call("echo_fill"); })
      .Case([&](FillOp o) {
        return c.tensor(out[0]).f64(o.getValue()).call("echo_fill");
      })
      // Optimizer updates.
      .Case([&](SgdUpdateOp o) {
        bool velocity = bool(o.getVelocity());
        return c.tensor(in[0]).tensor(in[1]).tensor(velocity ? in[2] : in[0])
            .tensor(out[0]).tensor(velocity ? out[1] : out[0])
            .f64(o.getLr()).f64(o.getMomentum()).f64(o.getWeightDecay())
            .i64(velocity).call("echo_sgd_update");
      })
      .Case([&](AdamUpdateOp o) {
        return c.tensors(in).tensors(out).f64(o.getLr()).f64(o.getBeta1())
            .f64(o.getBeta2()).f64(o.getEpsilon()).call("echo_adam_update");
      })
      // Dynamic loss scaling.
      .Case([&](NonfiniteCountOp) {
        return c.tensor(in[0]).tensor(out[0]).call("echo_nonfinite_count");
      })
      .Case([&](SelectOp) {
        return c.tensors(in).tensor(out[0]).call("echo_select");
      })
      .Case([&](LossScaleUpdateOp o) {
        return c.tensors(in).tensor(out[0]).i64(o.getGrowthInterval())
            .f64(o.getGrowth()).f64(o.getBackoff())
            .call("echo_loss_scale_update");
      })
      // Collectives.
      .Case([&](AllReduceOp o) {
        return c.tensor(in[0]).tensor(out[0]).i64(o.getRanks())
            .i64(o.getKind() == CollectiveKind::Mean)
            .call("echo_all_reduce");
      })
      .Case([&](ShardOp o) {
        return c.tensor(in[0]).tensor(out[0]).i64(o.getRanks())
            .call("echo_shard");
      })
      .Case([&](AllGatherOp o) {
        return c.tensor(in[0]).tensor(out[0]).i64(o.getRanks())
            .call("echo_all_gather");
      })
      .Case([&](ReduceScatterOp o) {
        return c.tensor(in[0]).tensor(out[0]).i64(o.getRanks())
            .i64(o.getKind() == CollectiveKind::Mean)
            .call("echo_reduce_scatter");
      })
      // Element type conversion.
      .Case([&](CastOp o) {
        return c.tensor(in[0]).tensor(out[0]).call(castEntry(o));
      })
      // Encodings (Gist).
      .Case([&](EncodeOp o) -> LogicalResult {
        EncodingAttr enc = o.getEncoding();
        c.tensor(in[0]).tensor(out[0]);
        switch (enc.getKind()) {
        case EncodingKind::Csr: {
          auto type = cast<EncodedType>(o.getType());
          int64_t n = type.getTensorType().getNumElements();
          c.i64(csrCapacity(n, enc.getDensity().getValueAsDouble()));
          break;
        }
        case EncodingKind::PoolArgmax: {
          ArrayRef<int64_t> k = enc.getKernel(), s = enc.getStride();
          int64_t ph = 0, pw = 0;
          if (enc.getPadding()) {
            ph = enc.getPadding()[0];
            pw = enc.getPadding()[1];
          }
          c.i64(k[0]).i64(k[1]).i64(s[0]).i64(s[1]).i64(ph).i64(pw);
          break;
        }
        default:
          break;
        }
        return c.call(codecEntry("encode", cast<EncodedType>(o.getType())));
      })
      .Case([&](DecodeOp o) -> LogicalResult {
        auto type = cast<EncodedType>(o.getInput().getType());
        if (type.getEncoding().getKind() == EncodingKind::PoolArgmax)
          return op->emitOpError("a pool_argmax encoding is read by ")
                 << MaxPool2DGradArgmaxOp::getOperationName()
                 << ", not decoded";
        return c.tensor(in[0]).tensor(out[0])
            .call(codecEntry("decode", type));
      })
      .Case([&](ReluGradEncodedOp) {
        return c.tensors(in).tensor(out[0]).call("echo_relu_grad_binarized");
      })
      .Case([&](MaxPool2DGradArgmaxOp o) {
        ArrayRef<int64_t> k = o.getKernel(), s = o.getStride(),
                          p = o.getPadding();
        return c.tensors(in).tensor(out[0]).i64(k[0]).i64(k[1]).i64(s[0])
            .i64(s[1]).i64(p[0]).i64(p[1]).call("echo_max_pool2d_grad_argmax");
      })
      .Default([&](Operation *) {
        return op->emitOpError("has no runtime entry in the CPU backend");
      });
}

LogicalResult mlir::echo::emitRuntimeCall(OpBuilder &b, Operation *op,
                                          ValueRange in, ValueRange out,
                                          SymbolTableCollection *symbols) {
  CallBuilder c(b, op, symbols);
  if (failed(dispatch(b, op, in, out, c)))
    return failure();
  if (!c.created)
    return success();
  annotateInPlaceCall(c.created, op, in, out, c.passedBuffers());
  return checkInPlacePairs(op, c.created, *c.calledEntry);
}

LogicalResult mlir::echo::emitUploadCall(OpBuilder &builder, Operation *op,
                                         Value host, Value device) {
  unsigned bits = cast<MemRefType>(host.getType()).getElementTypeBitWidth();
  return CallBuilder(builder, op).hostTensor(host).tensor(device)
      .i64(std::max(1u, bits / 8)).call("echo_upload");
}

/// The entry of an offload or prefetch for `buffer`'s element type: the one
/// of echo/offload_types.def whose tensor parameter accepts it.
static FailureOr<std::string> copyEntry(Operation *op, StringRef base,
                                        Value buffer) {
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  for (StringRef suffix : {
#define ECHO_OFFLOAD_TYPE(KIND, SUFFIX, ELEMENT_BYTES) #SUFFIX,
#include "echo/offload_types.def"
       }) {
    std::string name = (base + suffix).str();
    const RuntimeEntry *entry = lookupRuntimeEntry(name);
    if (entry && entry->params.front().accepts(element))
      return name;
  }
  return op->emitOpError("cannot be lowered: no runtime entry @")
         << base << "* (echo/offload_types.def) copies elements of type "
         << element;
}

bool mlir::echo::isOffloadEntry(StringRef callee) {
  for (StringRef name : {
#define ECHO_OFFLOAD_TYPE(KIND, SUFFIX, ELEMENT_BYTES) "echo_offload" #SUFFIX,
#include "echo/offload_types.def"
       })
    if (callee == name)
      return true;
  return false;
}

LogicalResult mlir::echo::emitOffloadCall(OpBuilder &builder, Operation *op,
                                          Value buffer, int64_t slot) {
  FailureOr<std::string> entry = copyEntry(op, "echo_offload", buffer);
  if (failed(entry))
    return failure();
  return CallBuilder(builder, op).tensor(buffer).i64(slot).call(*entry);
}

LogicalResult mlir::echo::emitPrefetchCall(OpBuilder &builder, Operation *op,
                                           Value buffer, int64_t slot) {
  FailureOr<std::string> entry = copyEntry(op, "echo_prefetch", buffer);
  if (failed(entry))
    return failure();
  return CallBuilder(builder, op).tensor(buffer).i64(slot).call(*entry);
}

LogicalResult mlir::echo::emitOffloadWaitCall(OpBuilder &builder,
                                              Operation *op, int64_t slot) {
  return CallBuilder(builder, op).i64(slot).call("echo_offload_wait");
}

LogicalResult mlir::echo::emitProfileCall(OpBuilder &builder, Operation *stash,
                                          int64_t site, Value buffer) {
  return CallBuilder(builder, stash).i64(site).tensor(buffer).call(
      "echo_profile_density");
}

bool mlir::echo::hasNative16BitEntry(Operation *op) {
  if (!sole16BitType(op))
    return false;
  std::string entry = productEntry(op);
  return !entry.empty() && lookupRuntimeEntry(entry);
}

/// The entries' names: a 16-bit tensor's codec entry ends in its element
/// type; f32's has none.
std::string mlir::echo::codecEntry(StringRef direction, EncodedType type) {
  std::string name = ("echo_" + direction + "_" +
                      stringifyEncodingKind(type.getEncoding().getKind()))
                         .str();
  Type element = type.getTensorType().getElementType();
  if (element.isF16() || element.isBF16())
    name += ("_" + floatName(element)).str();
  return name;
}

std::optional<EncodingKind> mlir::echo::encodingWrittenBy(StringRef callee) {
  if (!callee.consume_front("echo_encode_"))
    return std::nullopt;
  if (std::optional<EncodingKind> kind = symbolizeEncodingKind(callee))
    return kind;
  auto [kind, element] = callee.rsplit('_');
  if (element != "f16" && element != "bf16")
    return std::nullopt;
  return symbolizeEncodingKind(kind);
}
