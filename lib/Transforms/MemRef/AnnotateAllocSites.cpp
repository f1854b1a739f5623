//===- AnnotateAllocSites.cpp - Name allocations for the runtime ----------===//
//
// Each site carries what the runtime's allocator needs to know about the
// buffers made there: the memory category, the mobility its dynamic pool
// places by (Dymem's GTBM, docs/dymem.md) and a description for errors.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/IR/EchoOps.h"
#include "echo/allocator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOANNOTATEALLOCSITES
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

/// The runtime's names of the mobilities (echo/allocator.h).
StringRef mobilityName(EchoMobility mobility) {
#define ECHO_NAME(id, name) name,
  static const char *const names[] = {ECHO_MOBILITIES(ECHO_NAME)};
#undef ECHO_NAME
  return names[mobility];
}

/// Dymem's reclaimed layers (Algorithm 3): fully connected, softmax and
/// dropout, forward and backward. Small buffers that stay until the
/// backward pass reaches the layer again.
bool isReclaimedLayer(StringRef op) {
  static const llvm::StringSet<> ops = [] {
    llvm::StringSet<> names;
    for (StringRef name :
         {LinearOp::getOperationName(), LinearGradInputOp::getOperationName(),
          LinearGradWeightOp::getOperationName(),
          SoftmaxOp::getOperationName(), SoftmaxGradOp::getOperationName(),
          LogSoftmaxOp::getOperationName(),
          LogSoftmaxGradOp::getOperationName(),
          CrossEntropyOp::getOperationName(),
          CrossEntropyGradOp::getOperationName(),
          DropoutOp::getOperationName(), DropoutGradOp::getOperationName()})
      names.insert(name);
    return names;
  }();
  return ops.contains(op);
}

/// Classifies the allocations of one block by Dymem's Algorithm 3 on the
/// bufferized step: an op using a buffer is a layer; the first one writes
/// it, the others read it. A buffer is
///  - reclaimed when made for an FC, softmax or dropout layer;
///  - movable when exactly one layer reads it and that layer runs next (no
///    other call in between);
///  - temporary otherwise: read by several layers (fan-out), or by one that
///    waits for others first (a join), or by none.
/// A stashed or encoded buffer is kept for the backward pass; Dymem offloads
/// it after its forward readers, so only the readers before the backward
/// pass (the first gradient-map allocation) count.
class MobilityClassifier {
public:
  explicit MobilityClassifier(Block &block) {
    int64_t index = 0;
    for (Operation &op : block) {
      position[&op] = index++;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (getBufferCategory(alloc) == kCategoryGradientMaps &&
            backwardStart == std::numeric_limits<int64_t>::max())
          backwardStart = position[&op];
      }
      if (isa<func::CallOp>(op))
        calls.push_back(position[&op]);
    }
    this->block = &block;
  }

  EchoMobility classify(memref::AllocOp alloc) {
    if (auto owner = alloc->getAttrOfType<StringAttr>(kAllocForAttr))
      if (isReclaimedLayer(owner.getValue()))
        return ECHO_MOBILITY_RECLAIMED;
    SmallVector<int64_t> users = usersOf(alloc.getResult());
    if (users.size() < 2)
      return ECHO_MOBILITY_TEMPORARY;
    StringRef category = getBufferCategory(alloc);
    bool kept = category == kCategoryStashed || category == kCategoryEncoded ||
                category == kCategoryWeightCopies;
    int64_t writer = users.front();
    SmallVector<int64_t> readers;
    for (int64_t user : ArrayRef(users).drop_front())
      if (!kept || user < backwardStart)
        readers.push_back(user);
    if (readers.size() != 1)
      return ECHO_MOBILITY_TEMPORARY;
    auto next = llvm::upper_bound(calls, writer);
    return next != calls.end() && *next == readers.front()
               ? ECHO_MOBILITY_MOVABLE
               : ECHO_MOBILITY_TEMPORARY;
  }

private:
  /// Positions of the ops of the block that use `buffer` or a view or cast
  /// of it, in order, deallocations left out.
  SmallVector<int64_t> usersOf(Value buffer) {
    llvm::SetVector<int64_t> found;
    SmallVector<Value> worklist{buffer};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (Operation *user : value.getUsers()) {
        if (isa<memref::DeallocOp>(user))
          continue;
        if (isa<memref::CastOp, ViewLikeOpInterface>(user)) {
          for (Value result : user->getResults())
            worklist.push_back(result);
          continue;
        }
        if (Operation *ancestor = block->findAncestorOpInBlock(*user))
          found.insert(position[ancestor]);
      }
    }
    SmallVector<int64_t> sorted(found.begin(), found.end());
    llvm::sort(sorted);
    return sorted;
  }

  Block *block = nullptr;
  llvm::DenseMap<Operation *, int64_t> position;
  SmallVector<int64_t> calls;
  int64_t backwardStart = std::numeric_limits<int64_t>::max();
};

struct AnnotateAllocSitesPass
    : echo::impl::EchoAnnotateAllocSitesBase<AnnotateAllocSitesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());

    // Allocations in a block the classifier did not see (none in a
    // bufferized step) are temporaries: nothing is known of their readers.
    llvm::DenseMap<Operation *, EchoMobility> mobility;
    module.walk([&](Block *block) {
      if (!llvm::any_of(*block,
                        [](Operation &op) { return isa<memref::AllocOp>(op); }))
        return;
      MobilityClassifier classifier(*block);
      for (auto alloc : block->getOps<memref::AllocOp>())
        mobility[alloc] = classifier.classify(alloc);
    });

    SmallVector<Attribute> sites;
    module.walk([&](memref::AllocOp alloc) {
      StringRef category = getBufferCategory(alloc);
      std::string site;
      llvm::raw_string_ostream os(site);
      auto owner = alloc->getAttrOfType<StringAttr>(kAllocForAttr);
      auto kind = mobility.find(alloc);
      os << (category.empty() ? StringRef("activations") : category) << "|"
         << mobilityName(kind == mobility.end() ? ECHO_MOBILITY_TEMPORARY
                                                : kind->second)
         << "|" << alloc.getType();
      if (owner)
        os << " for " << owner.getValue();
      os << " at " << alloc.getLoc();
      alloc->setAttr(kAllocSiteAttr, b.getI64IntegerAttr(sites.size()));
      sites.push_back(b.getStringAttr(site));
    });
    module->setAttr(kAllocSitesAttr, b.getArrayAttr(sites));
  }
};
} // namespace
