//===- RuntimeAbi.cpp - The entry table, generated from abi.def ----------===//

#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"

#include "echo/runtime.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::echo;

bool RuntimeParam::accepts(Type element) const {
  switch (kind) {
  case RuntimeParamKind::F32:
    return element.isF32();
  case RuntimeParamKind::F16:
    return element.isF16();
  case RuntimeParamKind::BF16:
    return element.isBF16();
  case RuntimeParamKind::MASK:
    return element.isInteger(1);
  case RuntimeParamKind::IDX32:
    return element.isInteger(32);
  case RuntimeParamKind::IDX64:
  case RuntimeParamKind::HOST_I64:
    return element.isInteger(64);
  case RuntimeParamKind::BYTES:
    return element.isInteger(8);
  case RuntimeParamKind::HOST_ANY:
  case RuntimeParamKind::ANY:
    return element.isIntOrFloat();
  case RuntimeParamKind::INT:
  case RuntimeParamKind::REAL:
    return false;
  }
  return false;
}

const char *RuntimeParam::describe() const {
  switch (kind) {
  case RuntimeParamKind::F32: return "an f32 tensor";
  case RuntimeParamKind::F16: return "an f16 tensor";
  case RuntimeParamKind::BF16: return "a bf16 tensor";
  case RuntimeParamKind::MASK: return "an i1 mask";
  case RuntimeParamKind::IDX32: return "an i32 tensor";
  case RuntimeParamKind::IDX64: return "an i64 tensor";
  case RuntimeParamKind::BYTES: return "an i8 encoding";
  case RuntimeParamKind::HOST_I64: return "an i64 list in host memory";
  case RuntimeParamKind::HOST_ANY: return "a tensor in host memory";
  case RuntimeParamKind::ANY: return "a tensor";
  case RuntimeParamKind::INT: return "an i64 scalar";
  case RuntimeParamKind::REAL: return "an f64 scalar";
  }
  return "?";
}

const char *RuntimeEntry::tensorName(unsigned index) const {
  for (const RuntimeParam &p : params)
    if (p.isTensor() && index-- == 0)
      return p.name;
  return nullptr;
}

bool RuntimeEntry::mayAlias(StringRef out, StringRef in) const {
  for (const RuntimeAlias &a : aliases)
    if (out == a.out && in == a.in)
      return true;
  return false;
}

ArrayRef<RuntimeEntry> mlir::echo::getRuntimeEntries() {
#define ECHO_PARAM_ITEM(kind, n) RuntimeParam{RuntimeParamKind::kind, #n},
#define ECHO_ALIAS_ITEM(out, in) RuntimeAlias{#out, #in},
#define ECHO_ENTRY(name, params, aliases)                                      \
  RuntimeEntry{#name, {ECHO_FOR_EACH_PARAM(params)},                           \
               {ECHO_FOR_EACH_ALIAS(aliases)}},
  static const std::vector<RuntimeEntry> entries = [] {
    std::vector<RuntimeEntry> all = {
#include "echo/abi.def"
    };
    llvm::StringSet<> deferring = {
#define ECHO_DEFERRED_CHECK(name) #name,
#include "echo/abi.def"
    };
    for (RuntimeEntry &e : all)
      e.defersChecks = deferring.contains(e.name);
    return all;
  }();
#undef ECHO_PARAM_ITEM
#undef ECHO_ALIAS_ITEM
  return entries;
}

const RuntimeEntry *mlir::echo::lookupRuntimeEntry(StringRef name) {
  static const llvm::StringMap<const RuntimeEntry *> byName = [] {
    llvm::StringMap<const RuntimeEntry *> map;
    for (const RuntimeEntry &e : getRuntimeEntries())
      map[e.name] = &e;
    return map;
  }();
  return byName.lookup(name);
}

int64_t mlir::echo::getRuntimeAbiVersion() { return ECHO_ABI_VERSION; }
