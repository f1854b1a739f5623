#!/usr/bin/env python3
"""Calls the mgpu* functions of a CUDA backend library through ctypes and
prints, per call, the handle it returned (null or not) and the calling
thread's mgpu error (echo/cuda_mgpu.h), clearing it after each call.

usage: mgpu_probe.py LIBRARY
"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
P = ctypes.c_void_p
lib.echo_cuda_mgpu_error.restype = ctypes.c_char_p
for name in ["mgpuModuleLoad", "mgpuModuleLoadJIT", "mgpuModuleGetFunction",
             "mgpuStreamCreate", "mgpuEventCreate", "mgpuMemAlloc"]:
    getattr(lib, name).restype = P
lib.mgpuModuleLoad.argtypes = [P, ctypes.c_size_t]
lib.mgpuModuleLoadJIT.argtypes = [P, ctypes.c_int]
lib.mgpuModuleGetFunction.argtypes = [P, ctypes.c_char_p]
lib.mgpuLaunchKernel.argtypes = [P] + [ctypes.c_ssize_t] * 6 + [
    ctypes.c_int32, P, P, P, ctypes.c_size_t]
lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, P, ctypes.c_bool]
lib.mgpuStreamSynchronize.argtypes = [P]
lib.mgpuMemset32.argtypes = [P, ctypes.c_uint, ctypes.c_size_t, P]

blob = ctypes.create_string_buffer(b"not a fatbin", 64)

NO_HANDLE = object()

def report(what, handle=NO_HANDLE):
    shown = "" if handle is NO_HANDLE else (" null" if not handle else " handle")
    print("%s:%s error=%s" % (what, shown,
                              lib.echo_cuda_mgpu_error().decode() or "none"))
    lib.echo_cuda_mgpu_clear_error()

report("start")
report("mgpuModuleLoad", lib.mgpuModuleLoad(ctypes.cast(blob, P), 64))
report("mgpuModuleLoadJIT", lib.mgpuModuleLoadJIT(ctypes.cast(blob, P), 2))
report("mgpuModuleGetFunction", lib.mgpuModuleGetFunction(None, b"kernel"))
lib.mgpuLaunchKernel(None, 1, 1, 1, 32, 1, 1, 0, None, None, None, 0)
report("mgpuLaunchKernel")
report("mgpuStreamCreate", lib.mgpuStreamCreate())
report("mgpuEventCreate", lib.mgpuEventCreate())
report("mgpuMemAlloc", lib.mgpuMemAlloc(256, None, False))
lib.mgpuStreamSynchronize(None)
report("mgpuStreamSynchronize")
# The first failure is kept: a second one does not replace it.
lib.mgpuStreamCreate()
lib.mgpuMemAlloc(256, None, False)
report("two failures")
