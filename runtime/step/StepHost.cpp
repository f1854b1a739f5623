//===- StepHost.cpp - Host-side chores shared by echo-run and echo-step -===//

#include "StepHost.h"

#include "Npy.h"

#include "echo/codecs.h"
#include "echo/parts.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>

#include <unistd.h>

namespace echo_run {

void initialize(Buffer &b, const ArgumentSpec &arg, uint64_t runSeed,
                size_t index) {
  std::mt19937_64 gen(runSeed * 1000003u + index);
  int64_t n = arg.tensor.numElements();
  auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * (double)(gen() >> 11) * 0x1.0p-53;
  };
  const std::string &dtype = arg.tensor.dtype;
  if (dtype == "f32" || dtype == "f16" || dtype == "bf16") {
    // 16-bit tensors get the f32 draws rounded to nearest even (the
    // runtime's echo.cast), so an f32 and a 16-bit run start alike.
    double scale = 1.0 / std::sqrt((double)std::max<int64_t>(arg.fanIn, 1));
    for (int64_t i = 0; i < n; ++i) {
      float v;
      switch (arg.init) {
      case Init::Zeros: v = 0.0f; break;
      case Init::Ones: v = 1.0f; break;
      case Init::First: v = i == 0 ? (float)arg.value : 0.0f; break;
      case Init::FanIn: v = (float)uniform(-scale, scale); break;
      default: v = (float)uniform(-1.0, 1.0); break;
      }
      if (dtype == "f32")
        b.hostFloats()[i] = v;
      else
        reinterpret_cast<uint16_t *>(b.host.data())[i] =
            dtype == "f16" ? echo_codecs::encodeFp16(v)
                           : echo_codecs::encodeBf16(v);
    }
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = arg.tensor.dtype == "i1"
                    ? (int64_t)(gen() & 1)
                    : (int64_t)(gen() % (uint64_t)std::max<int64_t>(arg.bound, 1));
    if (arg.tensor.dtype == "i32")
      reinterpret_cast<int32_t *>(b.host.data())[i] = (int32_t)v;
    else if (arg.tensor.dtype == "i64")
      reinterpret_cast<int64_t *>(b.host.data())[i] = v;
    else
      reinterpret_cast<uint8_t *>(b.host.data())[i] = (uint8_t)v;
  }
}

/// Copies this rank's part of `array` into `b` (see InputPart); false when
/// the array is not all ranks' data for this argument.
bool copyPart(const NpyArray &array, Buffer &b, const InputPart &part) {
  const std::vector<int64_t> &want = b.spec.shape;
  size_t elementBytes = b.spec.elementBytes;
  if (array.shape.size() == want.size() && !want.empty() &&
      array.shape[0] == part.size * want[0] &&
      std::equal(want.begin() + 1, want.end(), array.shape.begin() + 1)) {
    size_t bytes = b.spec.bytes();
    std::memcpy(b.host.data(), array.data.data() + part.rank * bytes, bytes);
    return true;
  }
  int64_t n = 1;
  for (int64_t d : array.shape)
    n *= d;
  if (want.size() == 1 && echo_part_elements(n, part.size) == want[0]) {
    int64_t begin = part.rank * want[0];
    int64_t have = std::clamp<int64_t>(n - begin, 0, want[0]);
    std::memcpy(b.host.data(), array.data.data() + begin * elementBytes,
                have * elementBytes);
    std::memset(b.host.data() + have * elementBytes, 0,
                (want[0] - have) * elementBytes);
    return true;
  }
  return false;
}

bool loadInput(const std::string &item, std::vector<Buffer> &args,
               std::string &error, const InputPart *part) {
  size_t eq = item.find('=');
  if (eq == std::string::npos) {
    error = "--inputs expects ARG=FILE.npy, got '" + item + "'";
    return false;
  }
  std::string argText = item.substr(0, eq), path = item.substr(eq + 1);
  char *end = nullptr;
  long index = std::strtol(argText.c_str(), &end, 10);
  if (argText.empty() || *end || index < 0 || index >= (long)args.size()) {
    error = "--inputs: '" + argText + "' is not an argument index in [0, " +
            std::to_string(args.size()) + ")";
    return false;
  }
  NpyArray array;
  if (!readNpy(path, array, error)) {
    error = "--inputs: " + error;
    return false;
  }
  Buffer &b = args[index];
  if (array.dtype == b.spec.dtype && array.shape == b.spec.shape) {
    std::memcpy(b.host.data(), array.data.data(), array.data.size());
    return true;
  }
  if (part && array.dtype == b.spec.dtype && copyPart(array, b, *part))
    return true;
  error = "--inputs: " + path + " holds a " + array.dtype +
          " array of the wrong shape or type for argument #" +
          std::to_string(index) +
          (part ? " (nor all " + std::to_string(part->size) +
                      " ranks' data for it)"
                : std::string());
  return false;
}

bool writeResults(const std::string &path, const std::vector<Buffer> &results,
                  std::string &error) {
  std::ofstream os(path, std::ios::binary);
  if (!os) {
    error = "cannot write " + path + ": " + std::strerror(errno);
    return false;
  }
  for (size_t i = 0; i < results.size(); ++i) {
    const Buffer &b = results[i];
    os << "result " << i << " " << b.spec.dtype << " [";
    for (size_t d = 0; d < b.spec.shape.size(); ++d)
      os << (d ? ", " : "") << b.spec.shape[d];
    os << "] " << b.spec.bytes() << "\n";
    os.write(b.host.data(), b.spec.bytes());
    os << "\n";
  }
  os.close();
  if (!os) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

std::vector<Buffer>
bindResults(const StepManifest &manifest,
            const std::function<Buffer(size_t)> &allocate,
            const Buffer *arena) {
  std::vector<Buffer> results;
  for (size_t i = 0; i < manifest.signature.results.size(); ++i) {
    const ResultSpec &r = manifest.signature.results[i];
    if (r.arenaOffset < 0) {
      results.push_back(allocate(i));
      continue;
    }
    Buffer b = describeBuffer(r.tensor);
    b.bind(static_cast<char *>(arena->data) + r.arenaOffset);
    b.view = true;
    b.host.assign(b.spec.bytes(), 0);
    results.push_back(std::move(b));
  }
  return results;
}

std::vector<void *> packStepArguments(void **context, std::vector<Buffer> &args,
                                      std::vector<Buffer> &results,
                                      Buffer *arena, int32_t *status) {
  std::vector<void *> packed{context};
  auto pack = [&](Buffer &b) {
    for (int64_t &field : b.descriptor)
      packed.push_back(&field);
  };
  for (Buffer &b : args)
    pack(b);
  for (Buffer &b : results)
    if (!b.view)
      pack(b);
  if (arena)
    pack(*arena);
  packed.push_back(status);
  return packed;
}

bool runIterations(const EntrySignature &signature, std::vector<Buffer> &args,
                   std::vector<Buffer> &results,
                   const std::function<bool(int64_t, std::string &)> &invoke,
                   const std::function<bool(Buffer &, std::string &)> &download,
                   const IterationOptions &options,
                   const std::function<void(const std::string &)> &print,
                   std::string &error) {
  bool lossIsScalar = !results.empty() && results[0].spec.shape.empty() &&
                      results[0].spec.dtype == "f32";
  if (options.printLoss && !lossIsScalar) {
    error = "--print-loss needs result #0 to be a scalar f32 loss";
    return false;
  }
  auto swapUpdated = [&] {
    for (size_t i = 0; i < signature.results.size(); ++i) {
      int64_t of = signature.results[i].updateOf;
      if (of < 0)
        continue;
      void *argData = args[of].data;
      args[of].bind(results[i].data);
      results[i].bind(argData);
    }
  };
  for (int64_t iter = 0; iter < options.iterations; ++iter) {
    if (!invoke(iter, error))
      return false;
    const float *lossOf = nullptr;
    if (lossIsScalar && (options.printLoss || !options.allowNonFiniteLoss ||
                         options.onIteration)) {
      if (!download(results[0], error))
        return false;
      float loss = *results[0].hostFloats();
      lossOf = results[0].hostFloats();
      if (options.printLoss) {
        char line[64];
        std::snprintf(line, sizeof(line), "iter %lld loss %.9g\n",
                      (long long)iter, loss);
        print(line);
      }
      if (!std::isfinite(loss) && !options.allowNonFiniteLoss) {
        error = "the loss of iteration " + std::to_string(iter) + " is " +
                (std::isnan(loss) ? "NaN" : "infinite") +
                " (--allow-nonfinite-loss to keep going)";
        return false;
      }
    }
    if (options.onIteration)
      options.onIteration(iter, lossOf);
    // Results that replace arguments feed the next step.
    swapUpdated();
  }
  // After the swaps the newest values sit in the argument buffers; put them
  // back so that the results show the last step's values.
  if (options.iterations > 0)
    swapUpdated();
  return true;
}

std::string formatMemoryStats(echo_runtime::Backend &rt, echo_context *ctx,
                              int64_t capacity, bool json) {
  std::string os;
  if (json) {
    os += "{\"peak_bytes\": " + std::to_string(rt.echo_mem_peak_bytes(ctx)) +
          ", \"capacity_bytes\": " + std::to_string(capacity) +
          ", \"allocations\": " +
          std::to_string(rt.echo_mem_num_allocations(ctx)) +
          ", \"csr_overflows\": " +
          std::to_string(rt.echo_mem_csr_overflows(ctx)) +
          ", \"by_category\": {";
    for (int64_t c = 0; c < ECHO_MEM_NUM_CATEGORIES; ++c)
      os += std::string(c ? ", " : "") + "\"" + rt.echo_mem_category_name(c) +
            "\": " + std::to_string(rt.echo_mem_peak_bytes_of(ctx, c));
    os += "}, \"max_by_category\": {";
    for (int64_t c = 0; c < ECHO_MEM_NUM_CATEGORIES; ++c)
      os += std::string(c ? ", " : "") + "\"" + rt.echo_mem_category_name(c) +
            "\": " + std::to_string(rt.echo_mem_max_bytes_of(ctx, c));
    os += "}}\n";
    return os;
  }
  os += "peak_bytes " + std::to_string(rt.echo_mem_peak_bytes(ctx)) + "\n";
  if (int64_t overflows = rt.echo_mem_csr_overflows(ctx))
    os += "csr_overflows " + std::to_string(overflows) +
          " (SSDC encodings denser than planned; their extra blocks are "
          "counted in the peak)\n";
  os += "live at the peak, by category:\n";
  for (int64_t c = 0; c < ECHO_MEM_NUM_CATEGORIES; ++c) {
    char line[96];
    std::snprintf(line, sizeof(line), "  %-16s %14lld\n",
                  rt.echo_mem_category_name(c),
                  (long long)rt.echo_mem_peak_bytes_of(ctx, c));
    os += line;
  }
  return os;
}

std::vector<const void *> StepBuffers::addresses() const {
  std::vector<const void *> all;
  for (const std::vector<Buffer> *group : {&args, &results})
    for (const Buffer &b : *group)
      all.push_back(b.data);
  if (arena)
    all.push_back(arena->data);
  return all;
}

Buffer StepBuffers::allocate(Buffer b, int64_t category,
                             const std::string &what) {
  // Device memory only: prepare() makes the host copies once every buffer
  // has its device memory, so a step that does not fit fails before the
  // host fills gigabytes of copies.
  void *ptr = nullptr;
  if (rt.echo_mem_alloc(ctx, b.spec.bytes(), category, what.c_str(), &ptr))
    failRuntime("allocating " + what);
  b.bind(ptr);
  return b;
}

void StepBuffers::upload(Buffer &b) {
  if (rt.echo_copy_to_device(ctx, b.data, b.host.data(), b.spec.bytes()))
    failRuntime("copying to the device");
}

void StepBuffers::download(Buffer &b) {
  if (rt.echo_copy_to_host(ctx, b.host.data(), b.data, b.spec.bytes()))
    failRuntime("copying to the host");
}

bool StepBuffers::prepare(const StepManifest &manifest, uint64_t seed,
                          const std::vector<std::string> &inputs,
                          std::string &error, const InputPart *part) {
  const EntrySignature &signature = manifest.signature;
  const std::string &name = manifest.function;
  // All device memory first, then the host copies: a step too large for
  // the capacity fails at once, not after filling gigabytes of copies of
  // the arguments that did fit.
  for (size_t i = 0; i < signature.arguments.size(); ++i) {
    const ArgumentSpec &arg = signature.arguments[i];
    args.push_back(allocate(describeBuffer(arg.tensor), arg.category,
                            arg.name + " of @" + name));
  }
  // Allocated once, the arena holds the last step's results after the
  // iterations.
  if (manifest.arenaBytes > 0)
    arena = allocate(describeBuffer(TensorSpec{{manifest.arenaBytes}, "i8", 1}),
                     ECHO_MEM_ARENA, "the memory arena of @" + name);
  results = bindResults(
      manifest,
      [&](size_t i) {
        const ResultSpec &result = signature.results[i];
        return allocate(describeBuffer(result.tensor), result.category,
                        "result #" + std::to_string(i) + " of @" + name);
      },
      arena ? &*arena : nullptr);
  for (std::vector<Buffer> *group : {&args, &results})
    for (Buffer &b : *group)
      if (!b.view)
        b.host.assign(b.spec.bytes(), 0);
  if (arena)
    arena->host.assign(arena->spec.bytes(), 0);
  for (size_t i = 0; i < args.size(); ++i)
    initialize(args[i], signature.arguments[i], seed, i);
  for (const std::string &item : inputs)
    if (!loadInput(item, args, error, part))
      return false;
  for (Buffer &b : args)
    upload(b);
  return true;
}

bool launcherPart(InputPart &part, std::string &error) {
  for (auto [rankVar, sizeVar] :
       {std::pair{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
        std::pair{"PMI_RANK", "PMI_SIZE"}}) {
    const char *rank = std::getenv(rankVar), *size = std::getenv(sizeVar);
    if (!rank || !size)
      continue;
    char *end1 = nullptr, *end2 = nullptr;
    long r = std::strtol(rank, &end1, 10), n = std::strtol(size, &end2, 10);
    if (*rank && *size && !*end1 && !*end2 && n >= 1 && r >= 0 && r < n) {
      part = InputPart{r, n};
      return true;
    }
    error = std::string("--shard-inputs: ") + rankVar + "=" + rank + ", " +
            sizeVar + "=" + size + " is not a rank of a job";
    return false;
  }
  error = "--shard-inputs: no launcher gives this process a rank "
          "(OMPI_COMM_WORLD_RANK or PMI_RANK): start it with mpirun";
  return false;
}

namespace {

/// The first integer in `path`, or -1 when it cannot be read ("max" too).
int64_t readBytes(const std::string &path) {
  std::ifstream in(path);
  long long value = -1;
  if (!(in >> value) || value < 0)
    return -1;
  return value;
}

/// Room left under the memory limits of this process's cgroup and of every
/// cgroup above it (v2 and v1 layouts), or -1 when none is set.
int64_t cgroupRoom() {
  int64_t room = -1;
  auto consider = [&](const std::string &dir, const char *limitFile,
                      const char *usageFile) {
    int64_t limit = readBytes(dir + "/" + limitFile);
    // v1 writes "no limit" as a huge page-rounded number.
    if (limit < 0 || limit >= (int64_t(1) << 60))
      return;
    int64_t usage = std::max<int64_t>(readBytes(dir + "/" + usageFile), 0);
    int64_t left = std::max<int64_t>(limit - usage, 0);
    room = room < 0 ? left : std::min(room, left);
  };
  std::ifstream cgroups("/proc/self/cgroup");
  std::string line;
  while (std::getline(cgroups, line)) {
    size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos)
      continue;
    std::string controllers = line.substr(a + 1, b - a - 1);
    std::string path = line.substr(b + 1);
    bool v2 = line.substr(0, a) == "0" && controllers.empty();
    bool v1 = ("," + controllers + ",").find(",memory,") != std::string::npos;
    if (!v2 && !v1)
      continue;
    std::string root = v2 ? "/sys/fs/cgroup" : "/sys/fs/cgroup/memory";
    // The process's cgroup and its ancestors; inside a cgroup namespace
    // the path is "/" and the mount's root is the process's own cgroup.
    for (std::string p = path;; p = p.substr(0, p.find_last_of('/'))) {
      if (v2)
        consider(root + p, "memory.max", "memory.current");
      else
        consider(root + p, "memory.limit_in_bytes", "memory.usage_in_bytes");
      if (p.empty() || p == "/")
        break;
    }
  }
  return room;
}

/// Bytes of memory available to this process now, or -1 (unknown).
int64_t availableMemory() {
  if (const char *forced = std::getenv("ECHO_TEST_AVAILABLE_MEMORY")) {
    char *end = nullptr;
    long long value = std::strtoll(forced, &end, 10);
    if (*forced && !*end && value >= 0)
      return value;
  }
  int64_t available = -1;
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  int64_t kib = 0;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") {
      available = kib * 1024;
      break;
    }
  if (available < 0) {
    long pages = sysconf(_SC_AVPHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
      available = (int64_t)pages * pageSize;
  }
  int64_t room = cgroupRoom();
  if (room >= 0)
    available = available >= 0 ? std::min(available, room) : room;
  return available;
}

} // namespace

int64_t defaultCapacity(const std::string &backendName) {
  if (backendName != "cpu")
    return 0;
  int64_t available = availableMemory();
  if (available < 0)
    return 0;
  // A capacity of 0 means unlimited: no memory left is still a bound.
  return std::max<int64_t>(available / 2, 1);
}

const char *const kDefaultCapacityNote =
    " (the default --capacity, half the memory available now; "
    "--capacity=BYTES sets another, --capacity=0 lifts it)";

std::vector<void *> StepBuffers::pack(void **context, int32_t *status) {
  return packStepArguments(context, args, results, arena ? &*arena : nullptr,
                           status);
}

void StepBuffers::release() {
  for (std::vector<Buffer> *group : {&args, &results})
    for (Buffer &b : *group)
      if (!b.view)
        rt.echo_mem_free(ctx, b.data);
  if (arena)
    rt.echo_mem_free(ctx, arena->data);
  args.clear();
  results.clear();
  arena.reset();
}

} // namespace echo_run
