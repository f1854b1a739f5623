/*===- comm.h - The communicator plugin of data-parallel steps ---*- C -*-===*
 *
 * The one declaration of what a backend's collectives (echo_all_reduce)
 * call across processes. A plugin library (libecho_comm_mpi.so, on Open MPI)
 * exports these functions; the backend loads it with dlopen at the first
 * collective of more than one rank, so the runtime itself neither links MPI
 * nor needs it for single-process steps. ECHO_COMM_LIBRARY names another
 * plugin; by default the backend looks next to its own library.
 *
 * Every function returns 0 on success, else nonzero with a one-line message
 * in error[0..error_size).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_COMM_H
#define ECHO_COMM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECHO_COMM_API_VERSION 2

/* ECHO_COMM_API_VERSION of the plugin. */
int64_t echo_comm_api_version(void);

/* Joins the processes of the job (initializing MPI when the host has not),
 * and sets this process's rank and the number of ranks. Idempotent. */
int echo_comm_open(int64_t *rank, int64_t *size, char *error,
                   size_t error_size);

/* recv[r * bytes .. (r + 1) * bytes) = rank r's send, for every rank r;
 * every rank calls it with the same `bytes`. A rank that dies makes the
 * others return an error (or be ended by the launcher), never wait forever. */
int echo_comm_allgather(const void *send, void *recv, int64_t bytes,
                        char *error, size_t error_size);

/* Sends send[0..send_bytes) to rank dest and receives recv[0..recv_bytes)
 * from rank source, both at once, so a chain in which every rank sends to
 * the next and receives from the previous cannot deadlock. dest or source
 * -1: nothing to send or to receive. Messages between two ranks arrive in
 * the order they were sent. The timeout of echo_comm_allgather applies. */
int echo_comm_sendrecv(const void *send, int64_t send_bytes, int64_t dest,
                       void *recv, int64_t recv_bytes, int64_t source,
                       char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_COMM_H */
