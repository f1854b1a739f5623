//===- RuntimeSymbols.h - Runtime entries for the JIT -------------------===//

#ifndef ECHO_RUN_RUNTIMESYMBOLS_H
#define ECHO_RUN_RUNTIMESYMBOLS_H

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

namespace echo_run {

/// Every runtime ABI entry and allocator hook, by name, so the JIT resolves
/// them to this process's copies without relying on dynamic symbol lookup.
llvm::orc::SymbolMap runtimeSymbolMap(llvm::orc::MangleAndInterner interner);

} // namespace echo_run

#endif // ECHO_RUN_RUNTIMESYMBOLS_H
