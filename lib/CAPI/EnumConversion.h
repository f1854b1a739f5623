//===- EnumConversion.h - The C API's enums as C++ values -------*- C++ -*-===//
//
// fromC(EchoMlir<Name>) and toC(<C++ type>) for every enum of
// echo-c/PipelineOptions.def, expanded from it (Pipeline.cpp,
// MemoryReport.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_CAPI_ENUMCONVERSION_H
#define ECHO_LIB_CAPI_ENUMCONVERSION_H

#include "echo-c/Options.h"

#include "EchoDialect/Pipelines/LowerToCUDA.h"
#include "EchoDialect/Pipelines/TrainingPipeline.h"
#include "EchoDialect/Core/Options.h"

#include "llvm/Support/ErrorHandling.h"

#include <optional>
#include <type_traits>
#include <utility>

namespace mlir {
namespace echo {


// C -> C++: std::nullopt for a value outside the C enum.
#define ECHO_MLIR_ENUM(Name, CppType)                                          \
  inline std::optional<CppType> fromC(EchoMlir##Name value) {                  \
    switch (value) {
#define ECHO_MLIR_ENUM_VALUE(Name, Value, Number, Spelling, CppValue)          \
  case EchoMlir##Name##Value:                                                  \
    return CppValue;
#define ECHO_MLIR_ENUM_END(Name)                                               \
  }                                                                            \
  return std::nullopt;                                                         \
  }
#include "echo-c/PipelineOptions.def"

// C++ -> C, for the defaults.
#define ECHO_MLIR_ENUM(Name, CppType)                                          \
  inline EchoMlir##Name toC(CppType value) {
#define ECHO_MLIR_ENUM_VALUE(Name, Value, Number, Spelling, CppValue)          \
  if (value == CppValue)                                                       \
    return EchoMlir##Name##Value;
#define ECHO_MLIR_ENUM_END(Name)                                               \
  llvm_unreachable("a C++ value of EchoMlir" #Name                             \
                   " is missing from echo-c/PipelineOptions.def");             \
  }
#include "echo-c/PipelineOptions.def"

// The C API's spellings are Options.def's: each value of an enum declared
// there must be spelt as it is there (checked while compiling).
template <typename E, typename = void> struct HasOptionSpelling : std::false_type {};
template <typename E>
struct HasOptionSpelling<
    E, std::void_t<decltype(optionSpelling(std::declval<E>()))>>
    : std::true_type {};
template <typename E>
constexpr bool spelledAsDeclared(E value, const char *spelling) {
  if constexpr (HasOptionSpelling<E>::value) {
    const char *declared = optionSpelling(value);
    while (*declared && *declared == *spelling) {
      ++declared;
      ++spelling;
    }
    return *declared == *spelling;
  } else {
    return true;
  }
}
#define ECHO_MLIR_ENUM_VALUE(Name, Value, Number, Spelling, CppValue)          \
  static_assert(spelledAsDeclared(CppValue, Spelling),                         \
                "EchoMlir" #Name #Value " of echo-c/PipelineOptions.def is "    \
                "not spelt as EchoDialect/Core/Options.def spells it");
#include "echo-c/PipelineOptions.def"

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CAPI_ENUMCONVERSION_H
