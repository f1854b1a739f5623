//===- MpiComm.cpp - The communicator plugin on MPI ------------------------===//
//
// libecho_comm_mpi.so: echo/comm.h on the MPI library. MPI is initialized
// here when the host program has not done it, and finalized at exit; errors
// are returned (MPI_ERRORS_RETURN), not fatal, so the backend can report
// them as the collective's error. A collective that does not complete within
// ECHO_COMM_TIMEOUT seconds (default 120) is an error too: a rank that left
// the job or runs another step must not leave the others waiting. After one,
// MPI is not finalized, so the launcher ends the job.
//
//===----------------------------------------------------------------------===//

#include "echo/comm.h"

#include <mpi.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace {

/// Set when a collective timed out: finalizing would wait for the ranks
/// that are gone.
bool broken = false;

double timeoutSeconds() {
  const char *text = std::getenv("ECHO_COMM_TIMEOUT");
  if (text && *text) {
    char *end = nullptr;
    double v = std::strtod(text, &end);
    if (end && *end == '\0' && v > 0 && v < 1e9)
      return v;
  }
  return 120.0;
}

int report(int code, const char *what, char *error, size_t size) {
  char text[MPI_MAX_ERROR_STRING] = {0};
  int length = 0;
  MPI_Error_string(code, text, &length);
  std::snprintf(error, size, "%s failed: %s", what, text);
  return 1;
}

void finalizeAtExit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && !broken)
    MPI_Finalize();
}

} // namespace

extern "C" __attribute__((visibility("default"))) int64_t
echo_comm_api_version(void) {
  return ECHO_COMM_API_VERSION;
}

extern "C" __attribute__((visibility("default"))) int
echo_comm_open(int64_t *rank, int64_t *size, char *error, size_t error_size) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int code = MPI_Init(nullptr, nullptr);
    if (code != MPI_SUCCESS)
      return report(code, "MPI_Init", error, error_size);
    // Ours to finalize: the host never saw MPI.
    std::atexit(finalizeAtExit);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int r = 0, n = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  *rank = r;
  *size = n;
  return 0;
}

extern "C" __attribute__((visibility("default"))) int
echo_comm_allgather(const void *send, void *recv, int64_t bytes, char *error,
                    size_t error_size) {
  if (bytes < 0 || bytes > INT_MAX) {
    std::snprintf(error, error_size,
                  "allgather of %lld bytes: more than one MPI count holds",
                  (long long)bytes);
    return 1;
  }
  MPI_Request request;
  int code = MPI_Iallgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes,
                            MPI_BYTE, MPI_COMM_WORLD, &request);
  if (code != MPI_SUCCESS)
    return report(code, "MPI_Iallgather", error, error_size);
  // Poll, backing off to 1 ms sleeps, until done or the deadline.
  double limit = timeoutSeconds();
  auto start = std::chrono::steady_clock::now();
  for (int polls = 0;; ++polls) {
    int done = 0;
    code = MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (code != MPI_SUCCESS)
      return report(code, "MPI_Test", error, error_size);
    if (done)
      return 0;
    std::chrono::duration<double> waited =
        std::chrono::steady_clock::now() - start;
    if (waited.count() > limit) {
      broken = true;
      std::snprintf(error, error_size,
                    "a collective did not complete in %g s "
                    "(ECHO_COMM_TIMEOUT): another rank left the job or runs "
                    "another step",
                    limit);
      return 1;
    }
    if (polls > 1000)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    else
      std::this_thread::yield();
  }
}
