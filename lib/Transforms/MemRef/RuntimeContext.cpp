//===- RuntimeContext.cpp - Thread the runtime context through a step -----===//
//
// echo-runtime-context (Passes.td): the context argument, entry statuses,
// error locations, step bracketing and allocation through the context.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHORUNTIMECONTEXT
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// "file:line:col" of the first file location inside `loc`, or "".
std::string describe(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
              ":" + Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text;
}

/// The context argument of the function enclosing `op`.
Value contextOf(Operation *op) {
  return op->getParentOfType<FunctionOpInterface>()
      .getFunctionBody()
      .getArgument(0);
}

/// The allocation a buffer is a cast or a view of.
Value rootBuffer(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      buffer = cast.getSource();
    else if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      buffer = view.getViewSource();
    else
      break;
  }
  return buffer;
}

/// An offload's copy reads its device buffer after echo_offload returns:
/// before a block of the function frees that buffer (or the arena it is a
/// view of), echo_offload_wait on the offload's slot.
LogicalResult waitBeforeFreeingOffloaded(func::FuncOp fn) {
  SmallVector<std::pair<func::CallOp, int64_t>> offloads;
  fn.walk([&](func::CallOp call) {
    IntegerAttr slot;
    if (isOffloadEntry(call.getCallee()) &&
        call.getNumOperands() == 2 &&
        matchPattern(call.getOperand(1), m_Constant(&slot)))
      offloads.push_back({call, slot.getInt()});
  });
  if (offloads.empty())
    return success();
  SmallVector<memref::DeallocOp> deallocs;
  fn.walk([&](memref::DeallocOp dealloc) { deallocs.push_back(dealloc); });
  for (memref::DeallocOp dealloc : deallocs) {
    Value freed = rootBuffer(dealloc.getMemref());
    for (auto [call, slot] : offloads) {
      if (rootBuffer(call.getOperand(0)) != freed ||
          call->getBlock() != dealloc->getBlock() ||
          !call->isBeforeInBlock(dealloc))
        continue;
      OpBuilder b(dealloc);
      if (failed(emitOffloadWaitCall(b, dealloc, slot)))
        return failure();
    }
  }
  return success();
}

struct AllocToRuntime : ConvertOpToLLVMPattern<memref::AllocOp> {
  AllocToRuntime(const LLVMTypeConverter &converter,
                 SymbolTableCollection &symbols)
      : ConvertOpToLLVMPattern(converter), symbols(symbols) {}
  LogicalResult
  matchAndRewrite(memref::AllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    Location loc = op.getLoc();
    int64_t elementBytes = getElementBytes(type.getElementType());
    int64_t site = -1;
    if (auto attr = op->getAttrOfType<IntegerAttr>(kAllocSiteAttr))
      site = attr.getInt();
    Type ptr = LLVM::LLVMPointerType::get(getContext());
    Type i64 = rewriter.getI64Type();
    auto callee = LLVM::lookupOrCreateFn(
        rewriter, op->getParentOfType<ModuleOp>(), "echo_alloc",
        {ptr, i64, i64}, ptr, /*isVarArg=*/false, /*isReserved=*/false,
        &symbols);
    if (failed(callee))
      return op.emitOpError("@echo_alloc is declared with another type");
    Value bytes = LLVM::ConstantOp::create(
        rewriter, loc, i64, type.getNumElements() * elementBytes);
    Value siteValue = LLVM::ConstantOp::create(rewriter, loc, i64, site);
    Value memory =
        LLVM::CallOp::create(rewriter, loc, *callee,
                             ValueRange{contextOf(op), bytes, siteValue})
            .getResult();
    Value descriptor = MemRefDescriptor::fromStaticShape(
        rewriter, loc, *getTypeConverter(), type, memory);
    rewriter.replaceOp(op, descriptor);
    return success();
  }

private:
  SymbolTableCollection &symbols;
};

struct DeallocToRuntime : ConvertOpToLLVMPattern<memref::DeallocOp> {
  DeallocToRuntime(const LLVMTypeConverter &converter,
                   SymbolTableCollection &symbols)
      : ConvertOpToLLVMPattern(converter), symbols(symbols) {}
  LogicalResult
  matchAndRewrite(memref::DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type ptr = LLVM::LLVMPointerType::get(getContext());
    auto callee = LLVM::lookupOrCreateFn(
        rewriter, op->getParentOfType<ModuleOp>(), "echo_free", {ptr, ptr},
        LLVM::LLVMVoidType::get(getContext()), /*isVarArg=*/false,
        /*isReserved=*/false, &symbols);
    if (failed(callee))
      return op.emitOpError("@echo_free is declared with another type");
    Value memory = MemRefDescriptor(adaptor.getMemref())
                       .allocatedPtr(rewriter, op.getLoc());
    LLVM::CallOp::create(rewriter, op.getLoc(), *callee,
                         ValueRange{contextOf(op), memory});
    rewriter.eraseOp(op);
    return success();
  }

private:
  SymbolTableCollection &symbols;
};

struct RuntimeContextPass
    : echo::impl::EchoRuntimeContextBase<RuntimeContextPass> {
  using EchoRuntimeContextBase::EchoRuntimeContextBase;
  void runOnOperation() override;

private:
  /// A private declaration of `name` with `type`; fails on a clash.
  FailureOr<func::FuncOp> declare(StringRef name, FunctionType type);
  /// The address of a constant C string holding `text`.
  Value stringAddress(OpBuilder &b, Location loc, StringRef text);
  LogicalResult threadCalls(func::FuncOp fn, const llvm::StringSet<> &defined);
  LogicalResult lowerAllocations();

  ModuleOp module;
  /// The module's symbols: a step makes one lookup per runtime call, and a
  /// linear one per call would be quadratic (a global per error location).
  std::optional<SymbolTable> symbols;
  llvm::StringMap<LLVM::GlobalOp> strings;
};

FailureOr<func::FuncOp> RuntimeContextPass::declare(StringRef name,
                                                    FunctionType type) {
  Operation *existing = symbols->lookup(name);
  auto fn = dyn_cast_or_null<func::FuncOp>(existing);
  if (existing && !fn)
    return existing->emitError("runtime function @")
           << name << " is not a function";
  if (fn) {
    if (fn.getFunctionType() != type)
      return fn.emitError("runtime function @")
             << name << " is declared as " << fn.getFunctionType()
             << ", expected " << type;
    return fn;
  }
  OpBuilder b(module.getBodyRegion());
  fn = func::FuncOp::create(b, module.getLoc(), name, type);
  fn.setPrivate();
  symbols->insert(fn);
  return fn;
}

Value RuntimeContextPass::stringAddress(OpBuilder &b, Location loc,
                                        StringRef text) {
  auto it = strings.find(text);
  if (it == strings.end()) {
    OpBuilder top(module.getBodyRegion());
    std::string data = text.str();
    data.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
    auto global = LLVM::GlobalOp::create(
        top, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        ("__echo_location_" + Twine(strings.size())).str(),
        b.getStringAttr(data));
    symbols->insert(global);
    it = strings.insert({text, global}).first;
  }
  return LLVM::AddressOfOp::create(b, loc, it->second);
}

LogicalResult
RuntimeContextPass::threadCalls(func::FuncOp fn,
                                const llvm::StringSet<> &defined) {
  MLIRContext *ctx = &getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = IntegerType::get(ctx, 32);
  Value context = fn.getArgument(0);
  SmallVector<func::CallOp> calls;
  fn.walk([&](func::CallOp call) { calls.push_back(call); });
  for (func::CallOp call : calls) {
    StringRef name = call.getCallee();
    SmallVector<Value> operands{context};
    llvm::append_range(operands, call.getOperands());
    OpBuilder b(call);
    if (defined.contains(name)) {
      auto threaded = func::CallOp::create(b, call.getLoc(), name,
                                           call.getResultTypes(), operands);
      call.replaceAllUsesWith(threaded.getResults());
      call.erase();
      continue;
    }
    if (!lookupRuntimeEntry(name))
      continue; // not an entry of the runtime ABI: left as it is
    SmallVector<Type> types;
    for (Value v : operands)
      types.push_back(v.getType());
    // The lowering declared the entry without the context and status:
    // retype that declaration once.
    auto type = FunctionType::get(ctx, types, {i32});
    auto callee = dyn_cast_or_null<func::FuncOp>(symbols->lookup(name));
    if (callee && callee.getFunctionType() != type) {
      if (!callee.isExternal() || callee.getFunctionType() !=
                                      FunctionType::get(ctx, call.getOperandTypes(), {}))
        return call.emitOpError("calls runtime entry @")
               << name << " declared as " << callee.getFunctionType();
      callee.setFunctionType(type);
    }
    if (!callee) {
      FailureOr<func::FuncOp> declared = declare(name, type);
      if (failed(declared))
        return failure();
      callee = *declared;
    }
    auto threaded = func::CallOp::create(b, call.getLoc(), callee, operands);
    threaded->setDiscardableAttrs(call->getDiscardableAttrDictionary());
    call.erase();
    std::string where = describe(threaded.getLoc());
    if (where.empty())
      continue;
    if (lookupRuntimeEntry(name)->defersChecks) {
      // Names the call for a data check the runtime reports at
      // echo_step_end (abi.def, ECHO_DEFERRED_CHECK).
      FailureOr<func::FuncOp> checkNote = declare(
          "echo_check_location", FunctionType::get(ctx, {ptr, ptr}, {}));
      if (failed(checkNote))
        return failure();
      b.setInsertionPoint(threaded);
      func::CallOp::create(
          b, threaded.getLoc(), *checkNote,
          ValueRange{context, stringAddress(b, threaded.getLoc(), where)});
    }
    FailureOr<func::FuncOp> note = declare(
        "echo_error_location", FunctionType::get(ctx, {ptr, ptr}, {}));
    if (failed(note))
      return failure();
    b.setInsertionPointAfter(threaded);
    Location loc = threaded.getLoc();
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value failed = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         threaded.getResult(0), zero);
    auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifOp.thenBlock());
    func::CallOp::create(b, loc, *note,
                         ValueRange{context, stringAddress(b, loc, where)});
  }
  return success();
}

LogicalResult RuntimeContextPass::lowerAllocations() {
  bool unsupported = false;
  module.walk([&](memref::AllocOp alloc) {
    // Freed with the step, it would lose the result it holds.
    if (alloc->hasAttr(kArenaResultAttr)) {
      alloc.emitOpError("holds a step result but was not placed in the "
                        "arena (run echo-buffer-assign)");
      unsupported = true;
      return;
    }
    if (!alloc.getType().hasStaticShape() ||
        !alloc.getType().getLayout().isIdentity()) {
      alloc.emitOpError("cannot be allocated through the echo runtime: only "
                        "static shapes with the identity layout can");
      unsupported = true;
    }
  });
  if (unsupported)
    return failure();
  LLVMTypeConverter converter(&getContext());
  RewritePatternSet patterns(&getContext());
  // One table for every allocation's lookup of echo_alloc / echo_free.
  SymbolTableCollection tables;
  patterns.add<AllocToRuntime, DeallocToRuntime>(converter, tables);
  ConversionTarget target(getContext());
  target.addLegalDialect<LLVM::LLVMDialect>();
  target.addIllegalOp<memref::AllocOp, memref::DeallocOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

void RuntimeContextPass::runOnOperation() {
  module = getOperation();
  strings.clear();
  MLIRContext *ctx = &getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = IntegerType::get(ctx, 32);
  Type i64 = IntegerType::get(ctx, 64);

  SmallVector<func::FuncOp> functions;
  llvm::StringSet<> defined;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    if (fn.isPublic() && fn.getNumResults() != 0) {
      fn.emitOpError("returns values; a step writes its results into "
                     "out-parameters (run buffer-results-to-out-params)");
      return signalPassFailure();
    }
    functions.push_back(fn);
    defined.insert(fn.getSymName());
  }
  for (func::FuncOp fn : functions)
    if (failed(fn.insertArgument(0, ptr, DictionaryAttr(), fn.getLoc())))
      return signalPassFailure();
  for (func::FuncOp fn : functions)
    if (failed(waitBeforeFreeingOffloaded(fn)))
      return signalPassFailure();
  // After the offload waits, which declare their entry themselves.
  symbols.emplace(module);
  for (func::FuncOp fn : functions)
    if (failed(threadCalls(fn, defined)))
      return signalPassFailure();

  // Steps: check the ABI version first, return the step's status.
  FailureOr<func::FuncOp> begin =
      declare("echo_step_begin", FunctionType::get(ctx, {ptr, i64}, {i32}));
  FailureOr<func::FuncOp> end =
      declare("echo_step_end", FunctionType::get(ctx, {ptr}, {i32}));
  if (failed(begin) || failed(end))
    return signalPassFailure();
  // Only a step that asks for other numerics calls echo_step_set_math:
  // echo_step_begin resets the mode to IEEE.
  FailureOr<func::FuncOp> setMath;
  if (math != ECHO_MATH_IEEE) {
    setMath = declare("echo_step_set_math",
                      FunctionType::get(ctx, {ptr, i64}, {i32}));
    if (failed(setMath))
      return signalPassFailure();
  }
  for (func::FuncOp fn : functions) {
    if (!fn.isPublic())
      continue;
    Value context = fn.getArgument(0);
    OpBuilder b = OpBuilder::atBlockBegin(&fn.front());
    Value version = arith::ConstantIntOp::create(b, fn.getLoc(),
                                                 getRuntimeAbiVersion(), 64);
    func::CallOp::create(b, fn.getLoc(), *begin, ValueRange{context, version});
    if (math != ECHO_MATH_IEEE) {
      Value mode = arith::ConstantIntOp::create(
          b, fn.getLoc(), static_cast<int64_t>(EchoMathMode(math)), 64);
      func::CallOp::create(b, fn.getLoc(), *setMath, ValueRange{context, mode});
    }
    SmallVector<func::ReturnOp> returns;
    fn.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
    for (func::ReturnOp ret : returns) {
      OpBuilder rb(ret);
      Value status =
          func::CallOp::create(rb, ret.getLoc(), *end, ValueRange{context})
              .getResult(0);
      func::ReturnOp::create(rb, ret.getLoc(), ValueRange{status});
      ret.erase();
    }
    fn.setFunctionType(
        FunctionType::get(ctx, fn.getArgumentTypes(), TypeRange{i32}));
  }
  if (failed(lowerAllocations()))
    signalPassFailure();
}

} // namespace
