//===- MemoryGraph.cpp - The step as a graph for external planners ---------===//
//
// echo-memory-report's format=graph: the tensor-level training step as
// nodes (arguments and ops, with result bytes, FLOPs, the compute-heavy flag
// and the memory category echo-annotate-memory chose) and def-use edges, so
// that rematerialization solvers outside echo-mlir (Checkmate, MOCCASIN)
// run on the same graph as echo-remat. The schema is in docs/memory.md.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/ArenaPlan.h"
#include "EchoDialect/Analysis/BufferViews.h"
#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EchoTypes.h"
#include "EchoDialect/Transforms/MemoryReport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The graph's version, bumped when a key changes meaning.
constexpr int64_t kGraphSchemaVersion = 1;

int64_t storageBytes(Type type) {
  return isa<ShapedType, EncodedType>(type) ? getStorageBytes(type) : 0;
}

/// FLOPs of one execution of `op`, nested ops (recompute regions) included,
/// and whether any of them is compute-heavy.
std::pair<int64_t, bool> costOf(Operation *op) {
  int64_t flops = 0;
  bool heavy = false;
  op->walk([&](CostOpInterface cost) {
    flops += cost.getFlops();
    heavy |= cost.isComputeHeavy();
  });
  return {flops, heavy};
}

/// The category of an argument, as echo-annotate-memory counts it.
StringRef argumentCategory(func::FuncOp fn, unsigned i) {
  if (fn.getArgAttr(i, kTrainableAttr))
    return kCategoryWeights;
  if (fn.getArgAttr(i, kOptimizerStateAttr))
    return kCategoryOptimizerState;
  return kCategoryInputs;
}

FailureOr<llvm::json::Object> graphOf(func::FuncOp fn) {
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return fn.emitError("echo-memory-report: format=graph needs a "
                        "straight-line function (one block)");
  Block &body = fn.getBody().front();
  llvm::DenseMap<Value, int64_t> nodeOf;
  llvm::json::Array nodes, edges, outputs;
  SmallVector<StringRef> firstCategory; // per node

  for (BlockArgument arg : body.getArguments()) {
    int64_t id = nodes.size();
    nodeOf[arg] = id;
    int64_t bytes = storageBytes(arg.getType());
    firstCategory.push_back(argumentCategory(fn, arg.getArgNumber()));
    nodes.push_back(llvm::json::Object{
        {"id", id},
        {"op", "argument"},
        {"bytes", bytes},
        {"result_bytes", llvm::json::Array{bytes}},
        {"flops", 0},
        {"compute_heavy", false},
        {"category", argumentCategory(fn, arg.getArgNumber())},
        {"phase", "argument"}});
  }

  bool backward = false;
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        outputs.push_back(nodeOf.lookup(v));
      continue;
    }
    backward |= bool(op.getAttr(kLossSeedAttr));
    auto categories = op.getAttrOfType<ArrayAttr>(kCategoryAttr);
    if (op.getNumResults() &&
        (isa_and_nonnull<EchoDialect>(op.getDialect()) ||
         isa<CostOpInterface>(op)) &&
        !categories)
      return op.emitError("echo-memory-report: format=graph needs the memory "
                          "categories; run echo-annotate-memory first");
    int64_t id = nodes.size();
    // A stash or a view holds no bytes of its own: it is its operand's
    // buffer, kept longer or read with another shape.
    std::optional<int64_t> aliasOf;
    if (isa<StashOp>(op) || bufferizesToView(&op))
      aliasOf = nodeOf.lookup(op.getOperand(0));
    // An alias carries the category of the buffer it is.
    StringRef aliasCategory = aliasOf ? firstCategory[*aliasOf] : StringRef();
    llvm::json::Array resultBytes, resultCategories;
    llvm::json::Value category = nullptr; // of the first result
    int64_t bytes = 0;
    for (OpResult result : op.getResults()) {
      int64_t b = aliasOf ? 0 : storageBytes(result.getType());
      bytes += b;
      resultBytes.push_back(b);
      StringRef resultCategory = kCategoryImmediate;
      if (categories && result.getResultNumber() < categories.size())
        if (StringRef name =
                getCategoryName(categories[result.getResultNumber()]);
            !name.empty())
          resultCategory = name;
      if (aliasOf)
        resultCategory = aliasCategory;
      if (result.getResultNumber() == 0)
        category = resultCategory;
      resultCategories.push_back(resultCategory);
      if (result.getResultNumber() == 0)
        firstCategory.push_back(resultCategory);
      nodeOf[result] = id;
    }
    auto [flops, heavy] = costOf(&op);
    llvm::json::Object node{
        {"id", id},
        {"op", op.getName().getStringRef()},
        {"bytes", bytes},
        {"result_bytes", std::move(resultBytes)},
        {"flops", flops},
        {"compute_heavy", heavy},
        {"category", std::move(category)},
        {"result_categories", std::move(resultCategories)},
        {"phase", backward ? "backward" : "forward"}};
    if (op.getNumResults() == 0)
      firstCategory.push_back(StringRef());
    if (aliasOf)
      node["alias_of"] = *aliasOf;
    nodes.push_back(std::move(node));
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      auto it = nodeOf.find(operand);
      if (it == nodeOf.end())
        continue; // a value from outside the function body
      edges.push_back(llvm::json::Object{
          {"from", it->second}, {"to", id}, {"operand", int64_t(i)}});
    }
  }
  return llvm::json::Object{{"function", fn.getSymName()},
                            {"schema_version", kGraphSchemaVersion},
                            {"nodes", std::move(nodes)},
                            {"edges", std::move(edges)},
                            {"outputs", std::move(outputs)}};
}

} // namespace

LogicalResult mlir::echo::writeMemoryGraph(ModuleOp module,
                                           llvm::raw_ostream &os) {
  bool any = false;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (!fn->hasAttr(kStepStatsAttr))
      continue;
    if (getArenaPlanAttr(fn))
      return fn.emitError("echo-memory-report: format=graph reads the "
                          "tensor-level step; run it before bufferization "
                          "(after echo-annotate-memory)");
    FailureOr<llvm::json::Object> graph = graphOf(fn);
    if (failed(graph))
      return failure();
    os << llvm::json::Value(std::move(*graph)) << "\n";
    any = true;
  }
  if (!any)
    return module.emitError("echo-memory-report: format=graph found no "
                            "function with memory categories; run "
                            "echo-annotate-memory first");
  return success();
}
