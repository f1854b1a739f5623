//===- RuntimeAbi.h - The compiler's view of the runtime ABI ----*- C++ -*-===//
//
// The entries of runtime/include/echo/abi.def as a table: their parameters
// (kind and name, in order) and the output/input pairs that may alias. The
// lowering emits calls only through it (RuntimeCalls.cpp), so a call that
// does not match its entry is a located compile-time error instead of a
// runtime misread.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_RUNTIMEABI_RUNTIMEABI_H
#define ECHODIALECT_RUNTIMEABI_RUNTIMEABI_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace mlir {
namespace echo {

/// The name abi.def gives a BYTES parameter that is device scratch of the
/// entry (echo-plan-workspaces plans it; empty, the backend uses its own).
constexpr llvm::StringLiteral kWorkspaceParam = "workspace";

/// One parameter kind of abi.def (named as there).
enum class RuntimeParamKind {
  F32, F16, BF16, MASK, IDX32, IDX64, BYTES, HOST_I64, HOST_ANY, ANY, INT, REAL
};

struct RuntimeParam {
  RuntimeParamKind kind;
  const char *name;
  bool isTensor() const {
    return kind != RuntimeParamKind::INT && kind != RuntimeParamKind::REAL;
  }
  bool isHost() const {
    return kind == RuntimeParamKind::HOST_I64 ||
           kind == RuntimeParamKind::HOST_ANY;
  }
  /// Whether a buffer of element type `element` may be passed.
  bool accepts(Type element) const;
  /// "an f32 tensor", "an i64 list in host memory", ...
  const char *describe() const;
};

struct RuntimeAlias {
  const char *out;
  const char *in;
};

struct RuntimeEntry {
  llvm::StringRef name;
  std::vector<RuntimeParam> params;
  std::vector<RuntimeAlias> aliases;
  /// ECHO_DEFERRED_CHECK: a backend may report the entry's data checks at
  /// echo_step_end, so the step names its location before the call.
  bool defersChecks = false;

  /// The name of the `index`-th tensor parameter, or null.
  const char *tensorName(unsigned index) const;
  /// Whether tensor parameter `out` may be the buffer of tensor `in`.
  bool mayAlias(llvm::StringRef out, llvm::StringRef in) const;
};

/// Every ECHO_ENTRY of abi.def, in its order.
llvm::ArrayRef<RuntimeEntry> getRuntimeEntries();
/// The entry named `name`, or null.
const RuntimeEntry *lookupRuntimeEntry(llvm::StringRef name);

/// ECHO_ABI_VERSION, for the step's echo_step_begin call.
int64_t getRuntimeAbiVersion();

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_RUNTIMEABI_RUNTIMEABI_H
