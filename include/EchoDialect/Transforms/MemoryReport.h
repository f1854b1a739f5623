//===- MemoryReport.h - The planned footprint as text or JSON --*- C++ -*-===//
//
// What echo-memory-report prints, callable without a pass: the C API hands
// the report to its caller instead of writing it to stderr or a file.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_TRANSFORMS_MEMORYREPORT_H
#define ECHODIALECT_TRANSFORMS_MEMORYREPORT_H

#include "EchoDialect/Core/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace echo {

/// Writes the report of every function of `module` that carries a memory
/// plan (training steps first) in `format` to `os`. Fails with a diagnostic
/// on `module` when no function has a plan, or one cannot be read.
LogicalResult writeMemoryReport(ModuleOp module, ReportFormat format,
                                llvm::raw_ostream &os);

/// Writes the tensor-level training steps of `module` (functions with
/// echo.step_stats and no plan yet) as graphs: one JSON object per function
/// and line, with nodes (arguments and ops: bytes, FLOPs, compute-heavy flag,
/// memory category) and def-use edges (schema: docs/memory.md). Fails with a
/// diagnostic when there is none or a function is already bufferized.
LogicalResult writeMemoryGraph(ModuleOp module, llvm::raw_ostream &os);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_MEMORYREPORT_H
