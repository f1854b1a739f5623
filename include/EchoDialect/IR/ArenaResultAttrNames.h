//===- ArenaResultAttrNames.h - Arena-result attribute names -*- C++ -*-===//
//
// The `echo.*` attributes of a step that keeps results in its arena
// (grad-results=arena: echo-arena-results, echo-buffer-assign, read back by
// echo-run and echo-compile for the step's manifest). Checked by the
// dialect's attribute verifier with the names of EchoAttrNames.h.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_ARENARESULTATTRNAMES_H
#define ECHODIALECT_IR_ARENARESULTATTRNAMES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace echo {

/// On an allocation or arena view (echo-arena-results): the index of the
/// step result it holds; the buffer lives to the end of the step.
constexpr llvm::StringLiteral kArenaResultAttr = "echo.arena_result";
/// On the function argument that echo-buffer-assign made of the arena of a
/// step with arena results: the caller provides it.
constexpr llvm::StringLiteral kArenaArgAttr = "echo.arena";
/// On functions with arena results: array<i64: result, offset, ...>, where
/// each of those results lies in the arena argument, in result order.
constexpr llvm::StringLiteral kArenaResultsAttr = "echo.arena_results";

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_ARENARESULTATTRNAMES_H
