//===- DropCompileTimings.cpp - gpu.objects without wall-clock times -------===//
//
// echo-drop-compile-timings (Passes.td): removes the `*TimeInMs` properties
// the NVVM target records in each gpu.object, so that a lowering's output
// depends on its input only.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Transforms/MemRefPasses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHODROPCOMPILETIMINGS
#include "EchoDialect/Transforms/MemRefPasses.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;

namespace {

/// `object` without its timing properties (itself when it has none).
gpu::ObjectAttr withoutTimings(gpu::ObjectAttr object) {
  DictionaryAttr properties = object.getProperties();
  if (!properties)
    return object;
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute property : properties)
    if (!property.getName().getValue().ends_with("TimeInMs"))
      kept.push_back(property);
  if (kept.size() == properties.size())
    return object;
  MLIRContext *context = object.getContext();
  return gpu::ObjectAttr::get(
      context, object.getTarget(), object.getFormat(), object.getObject(),
      kept.empty() ? DictionaryAttr() : DictionaryAttr::get(context, kept),
      object.getKernels());
}

struct DropCompileTimingsPass
    : echo::impl::EchoDropCompileTimingsBase<DropCompileTimingsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::BinaryOp binary) {
      SmallVector<Attribute> objects;
      for (Attribute attr : binary.getObjects()) {
        auto object = dyn_cast<gpu::ObjectAttr>(attr);
        objects.push_back(object ? withoutTimings(object) : attr);
      }
      binary.setObjectsAttr(ArrayAttr::get(binary.getContext(), objects));
    });
  }
};

} // namespace
