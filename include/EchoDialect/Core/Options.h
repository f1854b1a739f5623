//===- Options.h - Enumerated options of the echo passes ---*- C++ -*-===//
//
// The choices pass options and the training pipeline take, as types, from
// their one declaration in Options.def: C++ callers set them without
// spelling strings, and every option of one enum (pass, pipeline, tool)
// parses and prints them through the same list, optionValues<E>().
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_OPTIONS_H
#define ECHODIALECT_CORE_OPTIONS_H

#include "llvm/Support/CommandLine.h"

namespace mlir {
namespace echo {

#define ECHO_OPTION_ENUM(Name) enum class Name {
#define ECHO_OPTION_VALUE(Name, Value, Spelling, Help) Value,
#define ECHO_OPTION_ENUM_END(Name) };
#include "EchoDialect/Core/Options.def"

/// The one cl::values list of enum E: the argument of every option of
/// type E (ODS pass options, pipeline options, tool flags).
template <typename E> llvm::cl::ValuesClass optionValues();
#define ECHO_OPTION_ENUM(Name)                                                 \
  template <> inline llvm::cl::ValuesClass optionValues<Name>() {             \
    return llvm::cl::ValuesClass({
#define ECHO_OPTION_VALUE(Name, Value, Spelling, Help)                          \
  clEnumValN(Name::Value, Spelling, Help),
#define ECHO_OPTION_ALIAS(Name, Value, Spelling, Help)                          \
  clEnumValN(Name::Value, Spelling, Help),
#define ECHO_OPTION_ENUM_END(Name)                                             \
  });                                                                          \
  }
#include "EchoDialect/Core/Options.def"

/// A value's command-line spelling ("echo", "fp8", ...).
#define ECHO_OPTION_ENUM(Name)                                                 \
  constexpr const char *optionSpelling(Name value) {                          \
    switch (value) {
#define ECHO_OPTION_VALUE(Name, Value, Spelling, Help)                          \
  case Name::Value:                                                            \
    return Spelling;
#define ECHO_OPTION_ENUM_END(Name)                                             \
  }                                                                            \
  return "?";                                                                  \
  }
#include "EchoDialect/Core/Options.def"

/// gist-encode's defaults, also what echo-remat expects it to apply: SSDC
/// maps without a measured density are planned dense (the bound that holds
/// for any data), measured ones at their density x 1.25.
constexpr double kDefaultCsrDensity = 1.0;
constexpr double kDefaultCsrMargin = 1.25;

/// echo-remat policy=optimal's defaults (and the training pipeline's):
/// branch-and-bound nodes per CBC solve, a count so that the plan is the
/// same whatever the machine's speed or load; and a wall-clock safety stop
/// for all of a function's solves (a hang's bound, not a search limit).
constexpr long long kDefaultSolverNodes = 2000;
constexpr double kDefaultSolverSeconds = 1800;

/// echo-data-parallel's largest gradient bucket: PyTorch DDP's 25 MiB.
constexpr long long kDefaultBucketBytes = 25ll << 20;

/// The DPR part of a gist mode.
inline DprFormat dprOf(GistMode mode) {
  switch (mode) {
  case GistMode::Fp16:
    return DprFormat::Fp16;
  case GistMode::Fp10:
    return DprFormat::Fp10;
  case GistMode::Fp8:
    return DprFormat::Fp8;
  default:
    return DprFormat::None;
  }
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_OPTIONS_H
