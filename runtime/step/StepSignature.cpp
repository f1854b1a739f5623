//===- StepSignature.cpp - Step signatures and their manifest -----------===//

#include "StepSignature.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace echo_run {

int64_t TensorSpec::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

namespace {

constexpr const char *kMagic = "echo-step-manifest 3";

/// Free text (names, sites) as the rest of a line: backslash and newline
/// escaped.
std::string escape(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

bool unescape(const std::string &text, std::string &out) {
  out.clear();
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size())
      return false;
    if (text[i] == '\\')
      out += '\\';
    else if (text[i] == 'n')
      out += '\n';
    else
      return false;
  }
  return true;
}

void writeTensor(std::ostream &os, const TensorSpec &t) {
  os << t.dtype << ' ' << t.elementBytes << ' ' << t.shape.size();
  for (int64_t d : t.shape)
    os << ' ' << d;
}

bool readTensor(std::istream &is, TensorSpec &t) {
  size_t rank;
  if (!(is >> t.dtype >> t.elementBytes >> rank) || rank > 64)
    return false;
  if (t.dtype != "f32" && t.dtype != "f16" && t.dtype != "bf16" &&
      t.dtype != "i1" && t.dtype != "i32" && t.dtype != "i64")
    return false;
  // The element size is the dtype's: a host sizes buffers by one and
  // reads them by the other.
  int64_t elementBytes = t.dtype == "i64"                        ? 8
                         : t.dtype == "i1"                       ? 1
                         : t.dtype == "f16" || t.dtype == "bf16" ? 2
                                                                 : 4;
  if (t.elementBytes != elementBytes)
    return false;
  t.shape.assign(rank, 0);
  // At most 2^48 bytes, so that no size computed from it overflows.
  int64_t bytes = elementBytes;
  for (int64_t &d : t.shape) {
    if (!(is >> d) || d < 0)
      return false;
    if (d > 0 && bytes > (int64_t(1) << 48) / d)
      return false;
    bytes *= d;
  }
  return true;
}

/// The rest of the line after one separating space.
bool readRest(std::istream &is, std::string &out) {
  std::string rest;
  std::getline(is, rest);
  if (!rest.empty() && rest[0] == ' ')
    rest.erase(0, 1);
  return unescape(rest, out);
}

} // namespace

std::string manifestChecksum(const std::string &text) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  static const char digits[] = "0123456789abcdef";
  std::string hex(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4)
    hex[i] = digits[hash & 15];
  return hex;
}

int64_t packedSlots(const StepManifest &manifest) {
  auto fields = [](size_t rank) { return 3 + 2 * (int64_t)rank; };
  int64_t slots = 2; // the context and the status
  for (const ArgumentSpec &a : manifest.signature.arguments)
    slots += fields(a.tensor.shape.size());
  for (const ResultSpec &r : manifest.signature.results)
    if (r.arenaOffset < 0)
      slots += fields(r.tensor.shape.size());
  if (manifest.arenaBytes > 0)
    slots += fields(1);
  return slots;
}

std::string writeManifest(const StepManifest &manifest) {
  std::ostringstream os;
  os << kMagic << '\n';
  os << "function " << escape(manifest.function) << '\n';
  for (const std::string &site : manifest.sites)
    os << "site " << escape(site) << '\n';
  for (const ArgumentSpec &a : manifest.signature.arguments) {
    os << "arg " << (int)a.init << ' ' << a.bound << ' ' << a.fanIn << ' '
       << a.category << ' ' << (a.trainable ? 1 : 0) << ' ';
    writeTensor(os, a.tensor);
    os << ' ' << escape(a.name) << '\n';
    // Init::First's value, exactly (hex float), on a record of its own so
    // that the arg record keeps its fields.
    if (a.init == Init::First) {
      char hex[64];
      std::snprintf(hex, sizeof hex, "%a", a.value);
      os << "value " << hex << '\n';
    }
  }
  for (const ResultSpec &r : manifest.signature.results) {
    os << "result " << r.updateOf << ' ' << r.category << ' ' << r.arenaOffset
       << ' ';
    writeTensor(os, r.tensor);
    os << '\n';
  }
  if (manifest.arenaBytes > 0)
    os << "arena " << manifest.arenaBytes << '\n';
  std::string text = os.str();
  return text + "check " + manifestChecksum(text) + "\nend\n";
}

bool parseManifest(const std::string &text, StepManifest &out,
                   std::string &error) {
  out = StepManifest();
  std::istringstream lines(text);
  std::string line;
  int lineNo = 0;
  auto bad = [&](const std::string &why) {
    error = "manifest line " + std::to_string(lineNo) + ": " + why;
    return false;
  };
  if (!std::getline(lines, line) || line != kMagic) {
    error = "not an echo step manifest (version 3)";
    return false;
  }
  ++lineNo;
  bool ended = false, checked = false;
  size_t lineStart = line.size() + 1; // offset of the line being read
  while (!ended && std::getline(lines, line)) {
    ++lineNo;
    size_t start = lineStart;
    lineStart += line.size() + 1;
    std::istringstream is(line);
    std::string kind;
    is >> kind;
    if (checked && kind != "end")
      return bad("a record after 'check'");
    if (kind == "check") {
      std::string sum;
      if (!(is >> sum) || sum != manifestChecksum(text.substr(0, start)))
        return bad("checksum mismatch: the manifest is damaged");
      checked = true;
    } else if (kind == "function") {
      if (!readRest(is, out.function) || out.function.empty())
        return bad("bad function name");
    } else if (kind == "site") {
      std::string site;
      if (!readRest(is, site))
        return bad("bad site");
      out.sites.push_back(site);
    } else if (kind == "arg") {
      ArgumentSpec a;
      int init, trainable;
      if (!(is >> init >> a.bound >> a.fanIn >> a.category >> trainable) ||
          init < (int)Init::Uniform || init > (int)Init::First ||
          !readTensor(is, a.tensor) || !readRest(is, a.name))
        return bad("bad argument");
      a.init = (Init)init;
      a.trainable = trainable != 0;
      out.signature.arguments.push_back(a);
    } else if (kind == "value") {
      // Init::First's value, for the argument just read.
      std::string text;
      if (out.signature.arguments.empty() ||
          out.signature.arguments.back().init != Init::First ||
          !(is >> text))
        return bad("bad value");
      char *end = nullptr;
      double v = std::strtod(text.c_str(), &end);
      if (*end || !std::isfinite(v))
        return bad("bad value");
      out.signature.arguments.back().value = v;
    } else if (kind == "result") {
      ResultSpec r;
      if (!(is >> r.updateOf >> r.category >> r.arenaOffset) ||
          r.arenaOffset < -1 || !readTensor(is, r.tensor))
        return bad("bad result");
      out.signature.results.push_back(r);
    } else if (kind == "arena") {
      if (!(is >> out.arenaBytes) || out.arenaBytes <= 0)
        return bad("bad arena");
    } else if (kind == "end") {
      ended = true;
    } else {
      return bad("unknown record '" + kind + "'");
    }
  }
  if (!ended)
    return bad("missing 'end'");
  if (!checked)
    return bad("no 'check' record");
  if (out.function.empty())
    return bad("no function");
  for (const ResultSpec &r : out.signature.results) {
    if (r.updateOf >= (int64_t)out.signature.arguments.size() ||
        r.updateOf < -1)
      return bad("a result updates an argument that does not exist");
    if (r.updateOf >= 0) {
      const TensorSpec &arg = out.signature.arguments[r.updateOf].tensor;
      if (arg.dtype != r.tensor.dtype || arg.shape != r.tensor.shape)
        return bad("a result replaces an argument of another type");
    }
    if (r.arenaOffset < 0)
      continue;
    // Fed back into an argument, it would be overwritten by the step that
    // reads it.
    if (r.updateOf >= 0)
      return bad("a result that replaces an argument lies in the arena");
    if (r.tensor.bytes() > out.arenaBytes ||
        r.arenaOffset > out.arenaBytes - r.tensor.bytes())
      return bad("a result lies outside the arena");
  }
  // Results in the arena live from their first write to the end of the
  // step, so the planner never lets two of them share bytes.
  const std::vector<ResultSpec> &results = out.signature.results;
  for (size_t i = 0; i < results.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      const ResultSpec &a = results[i], &b = results[j];
      if (a.arenaOffset < 0 || b.arenaOffset < 0 || a.tensor.bytes() == 0 ||
          b.tensor.bytes() == 0)
        continue;
      if (a.arenaOffset < b.arenaOffset + b.tensor.bytes() &&
          b.arenaOffset < a.arenaOffset + a.tensor.bytes())
        return bad("results #" + std::to_string(j) + " and #" +
                   std::to_string(i) + " overlap in the arena");
    }
  return true;
}

std::vector<int64_t> bufferLayout(const StepManifest &manifest) {
  const EntrySignature &s = manifest.signature;
  std::vector<int64_t> layout{manifest.arenaBytes,
                              (int64_t)s.arguments.size(),
                              (int64_t)s.results.size()};
  for (const ArgumentSpec &a : s.arguments)
    layout.push_back(a.tensor.bytes());
  for (const ResultSpec &r : s.results) {
    layout.push_back(r.arenaOffset);
    layout.push_back(r.tensor.bytes());
  }
  return layout;
}

bool checkBufferLayout(const StepManifest &manifest, const int64_t *layout,
                       std::string &error) {
  const EntrySignature &s = manifest.signature;
  auto str = [](int64_t v) { return std::to_string(v); };
  auto differ = [&](const std::string &record, const std::string &manifestSays,
                    const std::string &codeSays) {
    error = record + ": the manifest " + manifestSays + ", the step's code " +
            codeSays;
    return false;
  };
  // The counts first: they say how long `layout` is.
  if (layout[1] != (int64_t)s.arguments.size() ||
      layout[2] != (int64_t)s.results.size())
    return differ("the signature",
                  "describes " + str(s.arguments.size()) + " arguments and " +
                      str(s.results.size()) + " results",
                  str(layout[1]) + " and " + str(layout[2]));
  if (layout[0] != manifest.arenaBytes)
    return differ("the arena",
                  "describes " + str(manifest.arenaBytes) + " bytes",
                  str(layout[0]));
  const int64_t *next = layout + 3;
  for (size_t i = 0; i < s.arguments.size(); ++i, ++next)
    if (*next != s.arguments[i].tensor.bytes())
      return differ("argument #" + str(i),
                    "describes " + str(s.arguments[i].tensor.bytes()) +
                        " bytes",
                    str(*next));
  auto at = [&](int64_t offset) {
    return offset < 0 ? std::string("as an out-parameter")
                      : "at arena offset " + str(offset);
  };
  for (size_t i = 0; i < s.results.size(); ++i, next += 2) {
    const ResultSpec &r = s.results[i];
    if (next[0] != r.arenaOffset)
      return differ("result #" + str(i), "places it " + at(r.arenaOffset),
                    at(next[0]));
    if (next[1] != r.tensor.bytes())
      return differ("result #" + str(i),
                    "describes " + str(r.tensor.bytes()) + " bytes",
                    str(next[1]));
  }
  return true;
}

} // namespace echo_run
