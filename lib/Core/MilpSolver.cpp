//===- MilpSolver.cpp - Mixed-integer programs solved by CBC --------------===//

#include "EchoDialect/Core/MilpSolver.h"
#include "EchoDialect/Core/Progress.h"

#include "llvm/ADT/Twine.h"

#include <Cbc_C_Interface.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>

using namespace mlir::echo;

namespace {

/// A program in CBC's column-major form, built before the fork so that
/// the solver process only calls CBC.
struct Loaded {
  int columns = 0, rows = 0;
  std::vector<int> starts, index;
  std::vector<double> values, colLower, colUpper, objective, rowLower, rowUpper;
  std::vector<int> integers;
  std::vector<int> startIndex;
  std::vector<double> startValue;
  int64_t nodes = 0;
};

/// What the solver process writes back: this header, the column values
/// when a solution was found, then an FNV-1a hash of all that.
struct Reply {
  uint64_t magic;
  int64_t columns;
  uint8_t found, optimal, infeasible, pad[5];
  double objective, bound;
  int64_t nodes, iterations;
};
constexpr uint64_t kReplyMagic = 0x31766c6f736f6863; // "chosolv1"

uint64_t fnv1a(const std::string &bytes) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : bytes)
    hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

/// Solves `p` with CBC (one thread, no time limit: the node count bounds
/// the search) and returns the reply's bytes.
std::string solveLoaded(const Loaded &p) {
  Cbc_Model *model = Cbc_newModel();
  Cbc_loadProblem(model, p.columns, p.rows, p.starts.data(), p.index.data(),
                  p.values.data(), p.colLower.data(), p.colUpper.data(),
                  p.objective.data(), p.rowLower.data(), p.rowUpper.data());
  for (int c : p.integers)
    Cbc_setInteger(model, c);
  Cbc_setLogLevel(model, 0);
  // Both the model's limit and the driver's option: Cbc_solve runs CBC's
  // command-line driver on a copy of the model.
  int nodes = int(std::min<int64_t>(p.nodes, INT32_MAX));
  Cbc_setMaximumNodes(model, nodes);
  Cbc_setParameter(model, "maxNodes", std::to_string(nodes).c_str());
  Cbc_setAllowableGap(model, 0);
  Cbc_setAllowableFractionGap(model, 0);
  Cbc_setParameter(model, "threads", "1");
  // CGL's preprocessing crashes on some of these programs
  // (CglPreProcess::postProcess, CBC 2.10.8, on the test-size nmt-large
  // step); the programs are small enough to solve without it.
  Cbc_setParameter(model, "preprocess", "off");
  if (!p.startIndex.empty())
    Cbc_setMIPStartI(model, int(p.startIndex.size()), p.startIndex.data(),
                     p.startValue.data());
  Cbc_solve(model);
  Reply reply{};
  reply.magic = kReplyMagic;
  reply.columns = p.columns;
  reply.infeasible = Cbc_isProvenInfeasible(model) != 0;
  // Cbc_bestSolution tells whether an integer solution exists;
  // Cbc_getColSolution holds it after the solve.
  const double *best =
      Cbc_bestSolution(model) ? Cbc_getColSolution(model) : nullptr;
  if (best && !reply.infeasible) {
    reply.found = 1;
    reply.objective = Cbc_getObjValue(model);
    reply.optimal = Cbc_isProvenOptimal(model) != 0;
  }
  reply.bound = Cbc_getBestPossibleObjValue(model);
  reply.nodes = Cbc_getNodeCount(model);
  reply.iterations = Cbc_getIterationCount(model);
  std::string bytes(reinterpret_cast<const char *>(&reply), sizeof(reply));
  if (reply.found)
    bytes.append(reinterpret_cast<const char *>(best),
                 sizeof(double) * size_t(p.columns));
  Cbc_deleteModel(model);
  uint64_t hash = fnv1a(bytes);
  bytes.append(reinterpret_cast<const char *>(&hash), sizeof(hash));
  return bytes;
}

/// The reply's solution, or false when the bytes are not a reply for a
/// program of `columns` columns.
bool readReply(const std::string &bytes, int columns, MilpProgram::Solution &s,
               int64_t &nodes, int64_t &iterations) {
  if (bytes.size() < sizeof(Reply) + sizeof(uint64_t))
    return false;
  std::string body = bytes.substr(0, bytes.size() - sizeof(uint64_t));
  uint64_t hash;
  std::memcpy(&hash, bytes.data() + body.size(), sizeof(hash));
  Reply reply;
  std::memcpy(&reply, body.data(), sizeof(reply));
  size_t expected =
      sizeof(Reply) + (reply.found ? sizeof(double) * size_t(columns) : 0);
  if (hash != fnv1a(body) || reply.magic != kReplyMagic ||
      reply.columns != columns || body.size() != expected || reply.found > 1 ||
      reply.optimal > 1 || reply.infeasible > 1)
    return false;
  s.infeasible = reply.infeasible;
  s.found = reply.found;
  s.optimal = reply.optimal;
  s.objective = reply.objective;
  s.bound = reply.bound;
  nodes = reply.nodes;
  iterations = reply.iterations;
  if (s.found) {
    s.values.resize(columns);
    std::memcpy(s.values.data(), body.data() + sizeof(Reply),
                sizeof(double) * size_t(columns));
    if (!std::isfinite(s.objective) ||
        !std::all_of(s.values.begin(), s.values.end(),
                     [](double v) { return std::isfinite(v); }))
      return false;
  }
  return true;
}

/// A signal's name, for the report of a crashed solver process.
std::string signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGABRT:
    return "SIGABRT";
  case SIGILL:
    return "SIGILL";
  case SIGFPE:
    return "SIGFPE";
  case SIGKILL:
    return "SIGKILL";
  }
  return "signal " + std::to_string(sig);
}

/// The solver process: only CBC, its stdio on /dev/null, no core file, the
/// default action on crashing signals (not the host's crash handlers), and
/// only its end of the pipe open. Never returns.
[[noreturn]] void solverProcess(const Loaded &p, int pipeOut,
                                SolverFault fault) {
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGPIPE})
    std::signal(sig, SIG_DFL);
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  int out = fcntl(pipeOut, F_DUPFD, 3);
  int devNull = open("/dev/null", O_RDWR);
  if (out < 0 || devNull < 0)
    _exit(2);
  for (int fd = 0; fd < 3; ++fd)
    dup2(devNull, fd);
  if (out != 3) {
    dup2(out, 3);
    out = 3;
  }
  // Pipes of solves other threads run must see their end of file when
  // their own process exits, not when this one does.
#ifdef __linux__
  if (close_range(4, ~0U, 0) != 0)
#endif
    for (int fd = 4; fd < 65536; ++fd)
      close(fd);
  if (fault == SolverFault::Crash)
    std::raise(SIGSEGV);
  if (fault == SolverFault::Hang)
    for (;;)
      pause();
  std::string bytes = solveLoaded(p);
  if (fault == SolverFault::Garbage)
    bytes[bytes.size() / 2] ^= 0x5a;
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = write(out, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(3);
    done += size_t(n);
  }
  _exit(0);
}

/// Runs the solve of `p` in a child process and reads its reply within
/// `seconds` of wall-clock time.
MilpProgram::Solution solveContained(const Loaded &p, double seconds,
                                     SolverFault fault, int64_t &nodes,
                                     int64_t &iterations) {
  using Clock = std::chrono::steady_clock;
  MilpProgram::Solution s;
  auto fail = [&](std::string why) {
    s = {};
    s.failed = true;
    s.failure = std::move(why);
    return s;
  };
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    return fail(std::string("no pipe for the solver process: ") +
                std::strerror(errno));
  pid_t pid = fork();
  if (pid < 0) {
    int error = errno;
    close(fds[0]);
    close(fds[1]);
    return fail(std::string("the solver process did not start: ") +
                std::strerror(error));
  }
  if (pid == 0) {
    close(fds[0]);
    solverProcess(p, fds[1], fault);
  }
  close(fds[1]);
  auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::max(0.0, seconds)));
  std::string bytes;
  bool timedOut = false, readError = false;
  for (;;) {
    auto now = Clock::now();
    if (now >= deadline) {
      timedOut = true;
      break;
    }
    int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now)
            .count();
    pollfd poller{fds[0], POLLIN, 0};
    int ready = poll(&poller, 1, int(std::clamp<int64_t>(ms, 1, 1000)));
    if (ready < 0 && errno != EINTR) {
      readError = true;
      break;
    }
    if (ready <= 0)
      continue;
    char buffer[1 << 16];
    ssize_t n = read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0) {
      readError = n < 0;
      break;
    }
    bytes.append(buffer, size_t(n));
  }
  close(fds[0]);
  // Reap the process: at end of file it is exiting; give it until the
  // deadline, then kill it.
  int status = 0;
  bool reaped = false, known = true;
  while (!timedOut) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      reaped = true;
      break;
    }
    if (r < 0 && errno != EINTR) {
      known = false; // reaped elsewhere (SIGCHLD ignored): status unknown
      reaped = true;
      break;
    }
    if (Clock::now() >= deadline) {
      timedOut = true;
      break;
    }
    usleep(1000);
  }
  if (!reaped) {
    kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (timedOut) {
    s = {};
    s.stopped = true;
    return s;
  }
  if (known && WIFSIGNALED(status))
    return fail("the solver process crashed (" + signalName(WTERMSIG(status)) +
                ")");
  if (known && WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return fail("the solver process exited with status " +
                std::to_string(WEXITSTATUS(status)));
  if (readError || !readReply(bytes, p.columns, s, nodes, iterations))
    return fail("the solver process sent a malformed result (" +
                std::to_string(bytes.size()) + " bytes)");
  return s;
}

} // namespace

MilpProgram::Solution
MilpProgram::solve(const std::vector<double> &objective, double upperOf0,
                   int column0, const std::vector<double> &start, int64_t nodes,
                   double seconds, SolverFault fault, Progress &progress,
                   llvm::StringRef phase, bool always) const {
  // Column-major for Cbc_loadProblem.
  Loaded p;
  p.columns = columns();
  p.rows = int(rows.size());
  int n = p.columns;
  std::vector<std::vector<std::pair<int, double>>> byColumn(n);
  for (size_t r = 0; r < rows.size(); ++r)
    for (auto [c, coef] : rows[r].first)
      byColumn[c].push_back({int(r), coef});
  p.starts.push_back(0);
  for (auto &entries : byColumn) {
    for (auto [r, coef] : entries) {
      p.index.push_back(r);
      p.values.push_back(coef);
    }
    p.starts.push_back(int(p.index.size()));
  }
  for (auto &row : rows) {
    p.rowLower.push_back(row.second);
    p.rowUpper.push_back(kMilpInfinity);
  }
  p.colLower = lower;
  p.colUpper = upper;
  if (column0 >= 0)
    p.colUpper[column0] = upperOf0;
  p.objective = objective;
  for (int c = 0; c < n; ++c)
    if (isInteger[c]) {
      p.integers.push_back(c);
      if (!start.empty()) {
        p.startIndex.push_back(c);
        p.startValue.push_back(start[c]);
      }
    }
  p.nodes = nodes;
  int64_t nodeCount = 0, iterations = 0;
  Solution s;
  {
    // CBC 2.10's C interface has no event handler: its message callback
    // still prints the log on stdout, and a cut callback changes the search
    // (and so, between equal optima, the plan). While CBC runs, a heartbeat
    // shows the time spent; the search's own numbers follow the solve.
    auto phaseStarted = std::chrono::steady_clock::now();
    Progress::Heartbeat heartbeat(progress, [&] {
      std::chrono::duration<double> spent =
          std::chrono::steady_clock::now() - phaseStarted;
      return (phase + ": solving " + llvm::Twine(n) + " columns, " +
              llvm::Twine(rows.size()) + " rows within " + llvm::Twine(nodes) +
              " nodes, " + formatDuration(spent.count()))
          .str();
    });
    s = solveContained(p, seconds, fault, nodeCount, iterations);
  }
  if (s.optimal)
    s.bound = s.objective;
  if (progress.enabled()) {
    std::string status = s.stopped      ? "stopped by the time limit"
                         : s.failed     ? s.failure
                         : s.infeasible ? "infeasible"
                         : !s.found     ? "no solution"
                         : s.optimal    ? "optimal"
                                        : "feasible";
    char numbers[160] = "";
    if (s.found) {
      double gap = s.objective != 0
                       ? std::abs(s.objective - s.bound) / std::abs(s.objective)
                       : 0;
      std::snprintf(numbers, sizeof(numbers),
                    ", objective %.6g, bound %.6g, gap %.2f%%", s.objective,
                    s.bound, 100 * gap);
    }
    progress.update(phase + ": " + status + numbers + ", " +
                        llvm::Twine(nodeCount) + " nodes, " +
                        llvm::Twine(iterations) + " LP iterations",
                    always);
  }
  return s;
}

const char *mlir::echo::statusName(MilpStatus status) {
  switch (status) {
  case MilpStatus::Optimal:
    return "optimal";
  case MilpStatus::Feasible:
    return "node limit";
  case MilpStatus::Infeasible:
    return "infeasible";
  case MilpStatus::NoSolution:
    return "no solution";
  case MilpStatus::TooLarge:
    return "too large";
  case MilpStatus::Stopped:
    return "stopped by the time limit";
  case MilpStatus::Failed:
    return "solver failed";
  }
  return "unknown";
}
