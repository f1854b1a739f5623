//===- AnnotateProfileSites.cpp - Number the maps echo-run profiles -------===//
//
// The sites link a runtime measurement (echo_profile_density) back to the
// IR value it measured: echo-run numbers the stashes of the tensor-level
// step, remembers which op produced each one, and lowers a copy.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/Analysis/StashEncodingChoice.h"
#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/Transforms/MemRefPasses.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOANNOTATEPROFILESITES
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

static bool isSsdcCandidate(echo::StashOp stash) {
  // Only stashes in a function body: gist-encode leaves the others alone.
  if (!isa_and_nonnull<func::FuncOp>(stash->getParentOp()))
    return false;
  return mayStoreAsCsr(stash.getInput());
}

namespace {
struct AnnotateProfileSitesPass
    : echo::impl::EchoAnnotateProfileSitesBase<AnnotateProfileSitesPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    int64_t next = 0;
    getOperation().walk([&](StashOp stash) {
      if (isSsdcCandidate(stash))
        stash->setAttr(kProfileSiteAttr, b.getI64IntegerAttr(next++));
      else
        stash->removeAttr(kProfileSiteAttr); // a stale id would alias a site
    });
  }
};
} // namespace
