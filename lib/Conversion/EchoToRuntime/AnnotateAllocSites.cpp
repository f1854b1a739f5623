//===- AnnotateAllocSites.cpp - Name allocations for the runtime ----------===//

#include "EchoDialect/Analysis/MemoryCategories.h"
#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/Conversion/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOANNOTATEALLOCSITES
#include "EchoDialect/Conversion/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {
struct AnnotateAllocSitesPass
    : echo::impl::EchoAnnotateAllocSitesBase<AnnotateAllocSitesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());

    SmallVector<Attribute> sites;
    module.walk([&](memref::AllocOp alloc) {
      auto category = alloc->getAttrOfType<StringAttr>(kCategoryAttr);
      std::string site;
      llvm::raw_string_ostream os(site);
      auto owner = alloc->getAttrOfType<StringAttr>(kAllocForAttr);
      os << (category ? category.getValue() : StringRef("activations")) << "|"
         << alloc.getType();
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
