//===- PeakBudget.cpp - The training pipeline's `budget` value ------------===//

#include "EchoDialect/Core/PeakBudget.h"

#include <cmath>
#include <limits>

using namespace mlir::echo;

std::optional<PeakBudget> PeakBudget::parse(llvm::StringRef text,
                                            std::string &problem) {
  text = text.trim();
  PeakBudget b;
  // Printed into textual pipelines, where a space would end the value.
  for (char c : text)
    if (c != ' ' && c != '\t')
      b.text += c;
  if (text.empty())
    return b;
  if (text == "min") {
    b.kind = Kind::Min;
    return b;
  }
  if (text.consume_back("%")) {
    double percent = 0;
    if (text.trim().getAsDouble(percent) || !std::isfinite(percent) ||
        percent <= 0) {
      problem = "is not a budget: a percentage must be a positive number "
                "(e.g. 50%)";
      return std::nullopt;
    }
    b.kind = Kind::Percent;
    b.percent = percent;
    return b;
  }
  int64_t scale = 1;
  if (text.consume_back("KiB"))
    scale = int64_t(1) << 10;
  else if (text.consume_back("MiB"))
    scale = int64_t(1) << 20;
  else if (text.consume_back("GiB"))
    scale = int64_t(1) << 30;
  int64_t value = 0;
  if (text.trim().getAsInteger(10, value) || value <= 0 ||
      value > std::numeric_limits<int64_t>::max() / scale) {
    problem = "is not a budget: give 'min', 'NN%' or a positive byte count "
              "(with an optional KiB, MiB or GiB suffix)";
    return std::nullopt;
  }
  b.kind = Kind::Bytes;
  b.bytes = value * scale;
  return b;
}
