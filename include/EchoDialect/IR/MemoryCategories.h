//===- MemoryCategories.h - Names shared by the memory passes --*- C++ -*-===//
//
// The memory categories that echo-annotate-memory, bufferization,
// echo-buffer-assign and echo-memory-report pass between each other through
// the IR, as #echo.category attributes (`echo.category`: one per result on
// an op, one per buffer on an allocation or arena view).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_MEMORYCATEGORIES_H
#define ECHODIALECT_IR_MEMORYCATEGORIES_H

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoAttrs.h"
#include "echo/allocator.h"

#include "mlir/IR/Operation.h"

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

// Categories, as the memory report and the runtime's allocator name them:
// kCategoryWeights = "weights", ..., kCategoryArena = "arena" (the one
// allocation echo-buffer-assign places every temporary in). Declared once,
// in echo/allocator.h.
#define ECHO_MEM_CATEGORY_CONSTANT(id, Name, name)                             \
  constexpr llvm::StringLiteral kCategory##Name = name;
ECHO_MEM_CATEGORIES(ECHO_MEM_CATEGORY_CONSTANT)
#undef ECHO_MEM_CATEGORY_CONSTANT

/// Every category, in the runtime's order (index = EchoMemoryCategory).
#define ECHO_MEM_CATEGORY_NAME(id, Name, name) llvm::StringLiteral(name),
constexpr llvm::StringLiteral kCategories[] = {
    ECHO_MEM_CATEGORIES(ECHO_MEM_CATEGORY_NAME)};
#undef ECHO_MEM_CATEGORY_NAME

/// The #echo.category of the category named `name` (one of kCategories).
inline MemoryCategoryAttr getCategoryAttr(MLIRContext *ctx,
                                          llvm::StringRef name) {
  const auto *it = llvm::find(kCategories, name);
  assert(it != std::end(kCategories) && "not a memory category");
  return MemoryCategoryAttr::get(ctx,
                                 EchoMemoryCategory(it - std::begin(kCategories)));
}

/// The name of a category attribute; empty when `attr` is not one.
inline llvm::StringRef getCategoryName(Attribute attr) {
  auto category = llvm::dyn_cast_or_null<MemoryCategoryAttr>(attr);
  return category ? category.getName() : llvm::StringRef();
}

/// A buffer's category (allocations, arena views); empty when it has none.
inline llvm::StringRef getBufferCategory(Operation *buffer) {
  return getCategoryName(buffer->getDiscardableAttr(kCategoryAttr));
}

/// Sets a buffer's category to the one named `name`.
inline void setBufferCategory(Operation *buffer, llvm::StringRef name) {
  buffer->setAttr(kCategoryAttr, getCategoryAttr(buffer->getContext(), name));
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_MEMORYCATEGORIES_H
