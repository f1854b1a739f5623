//===- BufferizableOpInterfaceImpl.cpp - Bufferization of echo ops --------===//
//
// Echo ops never write their operands: each bufferizes to fresh result
// buffers and a runtime call (emitRuntimeCall). In-place reuse (Gist's
// in-place ReLU) is the buffer planner's decision, made on lifetimes, not
// here. `echo.stash` aliases its operand: it extends a value's lifetime, it
// does not copy it. `echo.constant` becomes a private memref.global in host
// memory, uploaded into a device buffer.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Analysis/BufferViews.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/IR/BufferizationTypeInterfaces.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::bufferization;

namespace {

/// Tensors bufferize to identity-layout memrefs; encoded values to byte
/// buffers of their storage size.
MemRefType bufferTypeOf(Type type) {
  if (auto encoded = dyn_cast<EncodedType>(type))
    return MemRefType::get({encoded.getStorageBytes()},
                           IntegerType::get(type.getContext(), 8));
  auto tensor = cast<RankedTensorType>(type);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

/// Makes !echo.encoded a tensor-like type for One-Shot Bufferize.
struct EncodedTensorLikeModel
    : TensorLikeType::ExternalModel<EncodedTensorLikeModel, EncodedType> {
  FailureOr<BufferLikeType>
  getBufferType(Type type, const BufferizationOptions &,
                function_ref<InFlightDiagnostic()>) const {
    return cast<BufferLikeType>(bufferTypeOf(type));
  }
  LogicalResult
  verifyCompatibleBufferType(Type type, BufferLikeType buffer,
                             function_ref<InFlightDiagnostic()> emitError) const {
    if (Type(buffer) == Type(bufferTypeOf(type)))
      return success();
    return emitError() << "buffer " << buffer << " does not hold " << type;
  }
};

/// The memory category echo-annotate-memory chose for a result, or
/// "immediate" when the pass did not run.
MemoryCategoryAttr categoryOf(Operation *op, unsigned result) {
  if (auto categories = op->getAttrOfType<ArrayAttr>(kCategoryAttr))
    if (result < categories.size())
      if (auto category = dyn_cast<MemoryCategoryAttr>(categories[result]))
        return category;
  return getCategoryAttr(op->getContext(), kCategoryImmediate);
}

/// The buffer of `op`'s result `result`, of `type`: 64-byte aligned, with
/// its memory category and the op it is for (echo.alloc_for: the op's
/// name, the attribute the op's name already is).
memref::AllocOp createResultAlloc(RewriterBase &rewriter, Operation *op,
                                  unsigned result, MemRefType type) {
  auto alloc = memref::AllocOp::create(rewriter, op->getLoc(), type);
  alloc.setAlignment(64);
  alloc->setAttr(kCategoryAttr, categoryOf(op, result));
  alloc->setAttr(kAllocForAttr, op->getName().getIdentifier());
  return alloc;
}

/// Computes `op` by a runtime call into freshly allocated result buffers.
LogicalResult bufferizeToRuntimeCall(Operation *op, RewriterBase &rewriter,
                                     const BufferizationOptions &options,
                                     BufferizationState &state) {
  SmallVector<Value> inputs;
  for (Value operand : op->getOperands()) {
    if (!isa<TensorLikeType>(operand.getType()))
      return op->emitOpError("operand of type ")
             << operand.getType() << " is not supported by the CPU backend";
    FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
    if (failed(buffer))
      return failure();
    inputs.push_back(*buffer);
  }
  SmallVector<Value> outputs;
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    outputs.push_back(
        createResultAlloc(rewriter, op, i, bufferTypeOf(result.getType())));
  }
  if (failed(emitRuntimeCall(rewriter, op, inputs, outputs,
                             &state.getSymbolTables())))
    return failure();
  replaceOpWithBufferizedValues(rewriter, op, outputs);
  return success();
}

/// Ops computed by a runtime call into freshly allocated result buffers.
template <typename OpTy>
struct ComputeOpModel
    : BufferizableOpInterface::ExternalModel<ComputeOpModel<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    return bufferizeToRuntimeCall(op, rewriter, options, state);
  }
};

/// echo.reshape: the operand's buffer with the result's shape (a
/// memref.reinterpret_cast, no copy) where bufferizesToView says so; a copy
/// into a buffer of its own otherwise.
struct ReshapeOpModel
    : BufferizableOpInterface::ExternalModel<ReshapeOpModel, ReshapeOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &,
                              const AnalysisState &) const {
    return !bufferizesToView(op);
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    if (!bufferizesToView(op))
      return {};
    return {{op->getResult(0), BufferRelation::Unknown}};
  }
  bool bufferizesToAllocation(Operation *op, Value) const {
    return !bufferizesToView(op);
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    if (!bufferizesToView(op))
      return bufferizeToRuntimeCall(op, rewriter, options, state);
    FailureOr<Value> buffer =
        getBuffer(rewriter, op->getOperand(0), options, state);
    if (failed(buffer))
      return failure();
    // A view at offset 0 with identity strides reads the source's elements
    // in order only when the source is laid out that way too.
    auto source = dyn_cast<MemRefType>(buffer->getType());
    if (!source || !source.getLayout().isIdentity())
      return bufferizeToRuntimeCall(op, rewriter, options, state);
    MemRefType type = bufferTypeOf(op->getResult(0).getType());
    type = MemRefType::get(type.getShape(), type.getElementType(),
                           MemRefLayoutAttrInterface(),
                           source.getMemorySpace());
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (int64_t d = type.getRank() - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * type.getDimSize(d + 1);
    Value view = memref::ReinterpretCastOp::create(
        rewriter, op->getLoc(), type, *buffer, /*offset=*/0, type.getShape(),
        strides);
    replaceOpWithBufferizedValues(rewriter, op, view);
    return success();
  }
};

/// echo.stash: the result is the operand's buffer. A profiled stash
/// (echo.profile_site) also reads it, to measure its density there.
struct StashOpModel
    : BufferizableOpInterface::ExternalModel<StashOpModel, StashOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &,
                              const AnalysisState &) const {
    return op->hasAttr(kProfileSiteAttr);
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    FailureOr<Value> buffer =
        getBuffer(rewriter, op->getOperand(0), options, state);
    if (failed(buffer))
      return failure();
    if (auto site = op->getAttrOfType<IntegerAttr>(kProfileSiteAttr))
      if (failed(emitProfileCall(rewriter, op, site.getInt(), *buffer)))
        return failure();
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

/// A model whose op writes none of its operands and whose results alias
/// none of them (fresh buffers, or none): the part of the interface the
/// constant, offload and prefetch models share. `ReadsOperands`: whether the
/// op reads its operands' buffers.
template <typename Model, typename Op, bool ReadsOperands>
struct NoAliasOpModel : BufferizableOpInterface::ExternalModel<Model, Op> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return ReadsOperands;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
};

/// echo.constant: a private constant memref.global, uploaded by the step.
struct ConstantOpModel
    : NoAliasOpModel<ConstantOpModel, ConstantOp, /*ReadsOperands=*/false> {
  bool isWritable(Operation *, Value, const AnalysisState &) const {
    return false; // a write must copy first
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    auto constant = cast<ConstantOp>(op);
    auto module = op->getParentOfType<ModuleOp>();
    auto type = bufferTypeOf(constant.getType());
    auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!value)
      return op->emitOpError("only dense constants are supported by the CPU "
                             "backend");
    // Built detached, then inserted by the symbol table, which renames it
    // if another constant of the function already took the name (named
    // after the function: functions bufferize in no fixed order).
    auto fn = op->getParentOfType<FunctionOpInterface>();
    std::string name = "__echo_constant";
    if (fn)
      name += ("_" + fn.getName()).str();
    OpBuilder detached(op->getContext());
    auto global = memref::GlobalOp::create(
        detached, op->getLoc(), name,
        rewriter.getStringAttr("private"), type, value, /*constant=*/true,
        rewriter.getI64IntegerAttr(64));
    OpBuilder at(op->getContext());
    setInsertionPointForDeclaration(at, module, name);
    SymbolTable(module).insert(global, at.getInsertionPoint());
    auto get = memref::GetGlobalOp::create(rewriter, op->getLoc(), type,
                                           global.getSymName());
    // The global is host memory; the step's tensors live on the device.
    auto alloc = createResultAlloc(rewriter, op, 0, type);
    if (failed(emitUploadCall(rewriter, op, get, alloc)))
      return failure();
    replaceOpWithBufferizedValues(rewriter, op, alloc.getResult());
    return success();
  }
};

/// The host pool slot of an offload's token or host value: the i64
/// constant the offload's bufferization casts to them.
FailureOr<int64_t> offloadSlotOf(Value tokenOrHost) {
  auto cast = tokenOrHost.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getNumOperands() != 1)
    return failure();
  IntegerAttr slot;
  if (!matchPattern(cast.getOperand(0), m_Constant(&slot)))
    return failure();
  return slot.getInt();
}

/// echo.offload: echo_offload(buffer, slot), with slots numbered in the
/// order offloads are bufferized. The host value and the token have no
/// buffer: both become the slot (an i64 constant cast to their types,
/// consumed by the prefetch's bufferization). The operand's buffer is read
/// here for the last time by the offload, so the planner frees it after.
struct OffloadOpModel
    : NoAliasOpModel<OffloadOpModel, OffloadOp, /*ReadsOperands=*/true> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto offload = cast<OffloadOp>(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, offload.getInput(), options, state);
    if (failed(buffer))
      return failure();
    int64_t slot = 0;
    if (auto fn = op->getParentOfType<func::FuncOp>())
      fn.walk([&](func::CallOp call) {
        slot += isOffloadEntry(call.getCallee());
      });
    if (failed(emitOffloadCall(rewriter, op, *buffer, slot)))
      return failure();
    Value index = arith::ConstantIntOp::create(rewriter, op->getLoc(), slot, 64);
    auto handles = UnrealizedConversionCastOp::create(
        rewriter, op->getLoc(), op->getResultTypes(), ValueRange{index});
    rewriter.replaceOp(op, handles.getResults());
    return success();
  }
};

/// echo.prefetch: a fresh buffer filled by echo_prefetch(buffer, slot).
struct PrefetchOpModel
    : NoAliasOpModel<PrefetchOpModel, PrefetchOp, /*ReadsOperands=*/false> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    auto prefetch = cast<PrefetchOp>(op);
    FailureOr<int64_t> slot = offloadSlotOf(prefetch.getToken());
    FailureOr<int64_t> hostSlot = offloadSlotOf(prefetch.getInput());
    if (failed(slot) || failed(hostSlot) || *slot != *hostSlot)
      return op->emitOpError("can only be lowered with the host value and "
                             "token of one echo.offload of the same step");
    auto alloc =
        createResultAlloc(rewriter, op, 0, bufferTypeOf(prefetch.getType()));
    if (failed(emitPrefetchCall(rewriter, op, alloc, *slot)))
      return failure();
    Operation *handles = prefetch.getToken().getDefiningOp();
    replaceOpWithBufferizedValues(rewriter, op, alloc.getResult());
    if (handles->use_empty())
      rewriter.eraseOp(handles);
    return success();
  }
};

template <typename... Ops>
void attachComputeModels(MLIRContext *ctx) {
  (Ops::template attachInterface<ComputeOpModel<Ops>>(*ctx), ...);
}

} // namespace

void mlir::echo::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, EchoDialect *) {
    attachComputeModels<
        // Compute-heavy forward.
        LinearOp, MatmulOp, BatchMatmulOp, Conv2DOp, EmbeddingOp,
        // Fused attention.
        AttentionOp, AttentionGradOp,
        // Elementwise.
        ReluOp, TanhOp, SigmoidOp, GeluOp, GeluErfOp, ExpOp, LogOp, NegOp,
        SqrtOp, RsqrtOp, AddOp, SubOp, MulOp, DivOp, MaxOp,
        // Layers and shapes.
        DropoutOp, MaxPool2DOp, AvgPool2DOp, BatchNormOp, LayerNormOp,
        SoftmaxOp, LogSoftmaxOp, ReduceOp, ConcatOp, SliceOp, SplitOp,
        TransposeOp, BroadcastToOp, CrossEntropyOp, ZerosOp, FillOp,
        // Backward.
        ReluGradOp, TanhGradOp, SigmoidGradOp, GeluGradOp, GeluErfGradOp,
        SqrtGradOp,
        RsqrtGradOp, MaxGradOp, SumToOp, DropoutGradOp, MaxPool2DGradOp,
        AvgPool2DGradOp, BatchNormGradOp, LayerNormGradOp, SoftmaxGradOp,
        LogSoftmaxGradOp, ReduceGradOp, ReduceMaxGradOp, SliceGradOp,
        CrossEntropyGradOp, LinearGradInputOp, LinearGradWeightOp,
        Conv2DGradInputOp, Conv2DGradWeightOp, EmbeddingGradOp,
        // Optimizer.
        SgdUpdateOp, AdamUpdateOp,
        // Encodings.
        EncodeOp, DecodeOp, MaxPool2DGradArgmaxOp, ReluGradEncodedOp,
        // Element type conversion.
        CastOp,
        // Dynamic loss scaling.
        NonfiniteCountOp, SelectOp, LossScaleUpdateOp,
        // Collectives.
        AllReduceOp, ShardOp, AllGatherOp, ReduceScatterOp>(ctx);
    EncodedType::attachInterface<EncodedTensorLikeModel>(*ctx);
    StashOp::attachInterface<StashOpModel>(*ctx);
    ReshapeOp::attachInterface<ReshapeOpModel>(*ctx);
    ConstantOp::attachInterface<ConstantOpModel>(*ctx);
    OffloadOp::attachInterface<OffloadOpModel>(*ctx);
    PrefetchOp::attachInterface<PrefetchOpModel>(*ctx);
  });
}
