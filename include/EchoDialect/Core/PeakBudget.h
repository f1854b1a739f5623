//===- PeakBudget.h - The training pipeline's `budget` value ---*- C++ -*-===//
//
// The peak a step must fit, as the training pipeline's `budget` option
// takes it: BYTES (with an optional KiB, MiB or GiB suffix), NN% of the
// Baseline's planned peak, or `min`; empty: no budget. A typed option
// (llvm::cl::parser<PeakBudget>), so a malformed value is an option-parsing
// error naming the option, before any pass runs.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_PEAKBUDGET_H
#define ECHODIALECT_CORE_PEAKBUDGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace echo {

struct PeakBudget {
  enum class Kind { None, Bytes, Percent, Min };
  Kind kind = Kind::None;
  /// Kind::Bytes: the bytes, suffix applied.
  int64_t bytes = 0;
  /// Kind::Percent: of the Baseline's planned peak, above 0.
  double percent = 0;
  /// The value as given, trimmed ("" for None): what is printed, and what
  /// echo-budget-plan's `budget` is given.
  std::string text;

  /// `text` parsed; std::nullopt and `problem` set when it is malformed.
  static std::optional<PeakBudget> parse(llvm::StringRef text,
                                         std::string &problem);

  /// `min`, the lowest peak.
  static PeakBudget minimum() {
    PeakBudget b;
    b.kind = Kind::Min;
    b.text = "min";
    return b;
  }

  bool isSet() const { return kind != Kind::None; }
  bool operator==(const PeakBudget &other) const { return text == other.text; }
  bool operator!=(const PeakBudget &other) const { return !(*this == other); }
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const PeakBudget &budget) {
  return os << budget.text;
}

} // namespace echo
} // namespace mlir

namespace llvm {
namespace cl {

/// Parses and prints a PeakBudget option; a malformed value is reported
/// with the option's name.
template <>
class parser<mlir::echo::PeakBudget>
    : public basic_parser<mlir::echo::PeakBudget> {
public:
  parser(Option &option) : basic_parser(option) {}

  bool parse(Option &option, StringRef argName, StringRef arg,
             mlir::echo::PeakBudget &value) {
    std::string problem;
    std::optional<mlir::echo::PeakBudget> parsed =
        mlir::echo::PeakBudget::parse(arg, problem);
    if (!parsed)
      return option.error("'" + arg + "' " + problem, argName);
    value = std::move(*parsed);
    return false;
  }

  StringRef getValueName() const override { return "budget"; }

  void printOptionDiff(const Option &option, const mlir::echo::PeakBudget &value,
                       const OptionValue<mlir::echo::PeakBudget> &,
                       size_t globalWidth) const {
    printOptionName(option, globalWidth);
    outs() << "= " << value.text << "\n";
  }

  void anchor() override {}
};

} // namespace cl
} // namespace llvm

#endif // ECHODIALECT_CORE_PEAKBUDGET_H
