//===- MathMode.h - The `math` option of the lowerings ---------*- C++ -*-===//
//
// What a compiled step asks of the runtime's heavy ops: IEEE FP32 with
// deterministic algorithms (the default), or TF32 tensor-core math and the
// fastest library algorithms. The modes are the runtime's EchoMathMode
// (echo/runtime.h, ECHO_MATH_MODES): the option's values, names and
// descriptions are generated from that list, so the compiler and the
// runtime cannot disagree on a mode's number. echo-runtime-context emits
// echo_step_set_math(ctx, mode) after echo_step_begin for a mode other than
// ieee; a step without the call runs in ECHO_MATH_IEEE.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_MATHMODE_H
#define ECHODIALECT_CORE_MATHMODE_H

#include "echo/runtime.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace mlir {
namespace echo {

/// The values of every `math` option (pipelines, echo-run, echo-compile).
inline llvm::cl::ValuesClass mathModeValues() {
#define ECHO_MATH_VALUE(id, name, description) clEnumValN(id, name, description),
  return llvm::cl::ValuesClass({ECHO_MATH_MODES(ECHO_MATH_VALUE)});
#undef ECHO_MATH_VALUE
}

/// "ieee", "tf32", ... (echo-run's step-cache key).
inline llvm::StringRef mathModeName(EchoMathMode mode) {
#define ECHO_MATH_NAME(id, name, description)                                  \
  if (mode == id)                                                              \
    return name;
  ECHO_MATH_MODES(ECHO_MATH_NAME)
#undef ECHO_MATH_NAME
  return "?";
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_MATHMODE_H
