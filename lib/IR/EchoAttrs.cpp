//===- EchoAttrs.cpp - Enums and attributes of the echo dialect -----------===//

#include "EchoDialect/IR/EchoAttrs.h"
#include "EchoDialect/IR/EchoDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::echo;

#include "EchoDialect/IR/EchoEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "EchoDialect/IR/EchoAttrs.cpp.inc"

void EchoDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "EchoDialect/IR/EchoAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #echo.encoding<kind (, key = value)*>
//===----------------------------------------------------------------------===//

Attribute EncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kindName;
  if (parser.parseLess() || parser.parseKeyword(&kindName))
    return {};
  std::optional<EncodingKind> kind = symbolizeEncodingKind(kindName);
  if (!kind) {
    parser.emitError(loc, "unknown encoding '") << kindName << "'";
    return {};
  }
  MLIRContext *ctx = parser.getContext();
  FloatAttr density;
  DenseI64ArrayAttr kernel, stride, padding;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(keyLoc, "encoding parameter '") << key << "' given twice";
      return {};
    }
    if (key == "density") {
      double value;
      if (parser.parseFloat(value))
        return {};
      density = FloatAttr::get(Float64Type::get(ctx), value);
      continue;
    }
    DenseI64ArrayAttr *slot = key == "kernel"    ? &kernel
                              : key == "stride"  ? &stride
                              : key == "padding" ? &padding
                                                 : nullptr;
    if (!slot) {
      parser.emitError(keyLoc, "unknown encoding parameter '") << key << "'";
      return {};
    }
    SmallVector<int64_t> values;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          return parser.parseInteger(values.emplace_back());
        }))
      return {};
    *slot = DenseI64ArrayAttr::get(ctx, values);
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, ctx, *kind, density,
                    kernel, stride, padding);
}

void EncodingAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyEncodingKind(getKind());
  if (getDensity())
    printer << ", density = " << getDensity().getValueAsDouble();
  auto printList = [&](StringRef key, DenseI64ArrayAttr values) {
    if (!values)
      return;
    printer << ", " << key << " = [";
    llvm::interleaveComma(values.asArrayRef(), printer);
    printer << "]";
  };
  printList("kernel", getKernel());
  printList("stride", getStride());
  printList("padding", getPadding());
  printer << ">";
}

LogicalResult
EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     EncodingKind kind, FloatAttr density,
                     DenseI64ArrayAttr kernel, DenseI64ArrayAttr stride,
                     DenseI64ArrayAttr padding) {
  bool isCsr = kind == EncodingKind::Csr;
  bool isPool = kind == EncodingKind::PoolArgmax;
  if (isCsr != bool(density))
    return emitError() << (isCsr ? "'csr' encoding requires a density"
                                 : "'density' is only allowed with 'csr'");
  if (density) {
    double d = density.getValueAsDouble();
    if (!(d > 0.0 && d <= 1.0))
      return emitError() << "density must be in (0, 1], got " << d;
  }
  if (!isPool && (kernel || stride || padding))
    return emitError()
           << "'kernel', 'stride' and 'padding' are only allowed with "
              "'pool_argmax'";
  if (isPool) {
    if (!kernel || !stride)
      return emitError() << "'pool_argmax' encoding requires kernel and stride";
    auto check = [&](DenseI64ArrayAttr values, StringRef name,
                     int64_t min) -> LogicalResult {
      if (!values)
        return success();
      if (values.size() != 2)
        return emitError() << name << " must have 2 entries";
      for (int64_t v : values.asArrayRef())
        if (v < min)
          return emitError() << name << " entries must be >= " << min;
      return success();
    };
    if (failed(check(kernel, "kernel", 1)) ||
        failed(check(stride, "stride", 1)) ||
        failed(check(padding, "padding", 0)))
      return failure();
    // Compare factor by factor so huge kernels cannot overflow the product.
    if (kernel[0] > 256 || kernel[1] > 256 || kernel[0] * kernel[1] > 256)
      return emitError() << "pool windows of more than 256 positions cannot "
                            "be encoded, got a "
                         << kernel[0] << "x" << kernel[1] << " kernel";
    if (padding && (padding[0] >= kernel[0] || padding[1] >= kernel[1]))
      return emitError() << "padding must be smaller than the kernel";
  }
  return success();
}

bool EncodingAttr::isLossless() const {
  switch (getKind()) {
  case EncodingKind::Mask1:
  case EncodingKind::Csr:
    return true;
  // Binarize and pool_argmax keep exactly what their backward op reads,
  // but not the tensor itself; the DPR formats round.
  case EncodingKind::Binarize:
  case EncodingKind::PoolArgmax:
  case EncodingKind::Fp16:
  case EncodingKind::Fp10:
  case EncodingKind::Fp8:
    return false;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// #echo.category<name>: the runtime's categories, by the runtime's names.
//===----------------------------------------------------------------------===//

namespace {
#define ECHO_MEM_CATEGORY_NAME(id, Name, name) llvm::StringLiteral(name),
constexpr llvm::StringLiteral kMemoryCategoryNames[] = {
    ECHO_MEM_CATEGORIES(ECHO_MEM_CATEGORY_NAME)};
#undef ECHO_MEM_CATEGORY_NAME
static_assert(std::size(kMemoryCategoryNames) == ECHO_MEM_NUM_CATEGORIES,
              "one name per runtime category");
} // namespace

StringRef MemoryCategoryAttr::getName() const {
  unsigned index = unsigned(getValue());
  return index < ECHO_MEM_NUM_CATEGORIES ? StringRef(kMemoryCategoryNames[index])
                                         : StringRef("unknown");
}

Attribute MemoryCategoryAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseLess() || parser.parseKeyword(&name))
    return {};
  const auto *it = llvm::find(kMemoryCategoryNames, name);
  if (it == std::end(kMemoryCategoryNames)) {
    parser.emitError(loc, "unknown memory category '") << name << "'";
    return {};
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(),
             EchoMemoryCategory(it - std::begin(kMemoryCategoryNames)));
}

void MemoryCategoryAttr::print(AsmPrinter &printer) const {
  printer << "<" << getName() << ">";
}

//===----------------------------------------------------------------------===//
// #echo.slice and #echo.arena_plan (the function-level check: ArenaPlan.cpp)
//===----------------------------------------------------------------------===//

LogicalResult SliceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t offset, int64_t bytes, int64_t first,
                                int64_t last, int64_t slot) {
  if (offset < 0 || bytes < 0 || slot < 0)
    return emitError() << "slice offset, bytes and slot must not be negative";
  if (offset > INT64_MAX - bytes)
    return emitError() << "slice end overflows int64";
  if (first < 0 || first > last)
    return emitError() << "slice lifetime must satisfy 0 <= first <= last, "
                          "got ["
                       << first << ", " << last << "]";
  return success();
}

LogicalResult
ArenaPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t bytes, int64_t lowerBound, StringRef planner) {
  if (lowerBound < 0 || lowerBound > bytes)
    return emitError() << "arena lower bound must be in [0, bytes = " << bytes
                       << "], got " << lowerBound;
  if (planner.empty())
    return emitError() << "arena plan must name its planner";
  return success();
}
