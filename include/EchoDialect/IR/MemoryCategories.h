//===- MemoryCategories.h - Names shared by the memory passes --*- C++ -*-===//
//
// The memory categories that echo-annotate-memory, bufferization,
// echo-buffer-assign and echo-memory-report pass between each other through
// the IR (attribute names: EchoAttrNames.h).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_MEMORYCATEGORIES_H
#define ECHODIALECT_IR_MEMORYCATEGORIES_H

#include "EchoDialect/IR/EchoAttrNames.h"
#include "echo/allocator.h"

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

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_MEMORYCATEGORIES_H
