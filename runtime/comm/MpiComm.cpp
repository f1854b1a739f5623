//===- MpiComm.cpp - The communicator plugin on MPI ------------------------===//
//
// libecho_comm_mpi.so: echo/comm.h on the MPI library. MPI is initialized
// here when the host program has not done it, and finalized at exit; errors
// are returned (MPI_ERRORS_RETURN), not fatal, so the backend can report
// them as the collective's error. An allgather or exchange that does not
// complete within ECHO_COMM_TIMEOUT seconds (default 120) is an error too: a rank that left
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

/// The tag of echo_comm_sendrecv's messages; MPI keeps them in order
/// between two ranks, and collectives never match point-to-point ones.
constexpr int kChainTag = 7;

/// False, with the message, when `bytes` exceeds one MPI count.
bool fitsCount(int64_t bytes, const char *what, char *error, size_t size) {
  if (bytes >= 0 && bytes <= INT_MAX)
    return true;
  std::snprintf(error, size, "%s of %lld bytes: more than one MPI count holds",
                what, (long long)bytes);
  return false;
}

/// Polls `requests` until all are done, backing off to 1 ms sleeps, or
/// fails when ECHO_COMM_TIMEOUT seconds pass first.
int complete(MPI_Request *requests, int count, char *error, size_t size) {
  double limit = timeoutSeconds();
  auto start = std::chrono::steady_clock::now();
  for (int polls = 0;; ++polls) {
    int done = 0;
    int code = MPI_Testall(count, requests, &done, MPI_STATUSES_IGNORE);
    if (code != MPI_SUCCESS)
      return report(code, "MPI_Testall", error, size);
    if (done)
      return 0;
    std::chrono::duration<double> waited =
        std::chrono::steady_clock::now() - start;
    if (waited.count() > limit) {
      broken = true;
      std::snprintf(error, size,
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
  if (!fitsCount(bytes, "allgather", error, error_size))
    return 1;
  MPI_Request request;
  int code = MPI_Iallgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes,
                            MPI_BYTE, MPI_COMM_WORLD, &request);
  if (code != MPI_SUCCESS)
    return report(code, "MPI_Iallgather", error, error_size);
  return complete(&request, 1, error, error_size);
}

extern "C" __attribute__((visibility("default"))) int
echo_comm_sendrecv(const void *send, int64_t send_bytes, int64_t dest,
                   void *recv, int64_t recv_bytes, int64_t source, char *error,
                   size_t error_size) {
  if (!fitsCount(send_bytes, "send", error, error_size) ||
      !fitsCount(recv_bytes, "receive", error, error_size))
    return 1;
  MPI_Request requests[2];
  int count = 0;
  // The receive first, so a matching send finds it posted.
  if (source >= 0) {
    int code = MPI_Irecv(recv, (int)recv_bytes, MPI_BYTE, (int)source,
                         kChainTag, MPI_COMM_WORLD, &requests[count]);
    if (code != MPI_SUCCESS)
      return report(code, "MPI_Irecv", error, error_size);
    ++count;
  }
  if (dest >= 0) {
    int code = MPI_Isend(send, (int)send_bytes, MPI_BYTE, (int)dest, kChainTag,
                         MPI_COMM_WORLD, &requests[count]);
    if (code != MPI_SUCCESS)
      return report(code, "MPI_Isend", error, error_size);
    ++count;
  }
  return complete(requests, count, error, error_size);
}
