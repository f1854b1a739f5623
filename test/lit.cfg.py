# -*- Python -*-
# lit configuration of the echo-mlir regression tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ECHO"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
# .c: C API tests (test/CAPI), each a C program compiled by the build;
# .test: shell-level tests (test/Package).
config.suffixes = [".mlir", ".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.echo_obj_root, "test")
# Inputs of other tests, not tests themselves.
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "lib", "Unit"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%echo_src_root", config.echo_src_root))
config.substitutions.append(("%echo_obj_root", config.echo_obj_root))
# The LLVM/MLIR installation the build used (its CMake packages, headers).
config.substitutions.append(
    ("%llvm_prefix", os.path.dirname(config.llvm_tools_dir)))
# Real torch-mlir exports shared between projects (../shared beside the
# repository, as CI checks it out): test/Conversion/LinalgToEcho/real-*.mlir.
config.substitutions.append(
    ("%real_models", os.path.join(os.path.dirname(config.echo_src_root),
                                  "shared", "real-models")))
# Where the runtime backend libraries are built.
config.substitutions.append(("%echo_lib_dir",
                             os.path.join(config.echo_obj_root, "lib")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# echo-run's step cache stays off in tests (a cached step skips the
# pipeline and its diagnostics); test/Execution/step-cache.mlir turns it on.
config.environment["ECHO_NO_CACHE"] = "1"

# FileCheck, not, count come from the LLVM tools directory.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.echo_tools_dir, config.llvm_tools_dir]
tools = ["echo-opt", "echo-run", "echo-models", "echo-fit", "echo-compile", "echo-step",
         "echo-torch", "echo-capi-pipeline-test"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# torch: a Python that imports PyTorch (Debian's python3-torch, which
# scripts/install-deps.sh installs, lives in /usr/bin/python3's path);
# %torch_python is it. Tests of the PyTorch frontend and oracle
# (test/Frontend) need it; echo-torch finds the same Python itself.
import subprocess
for candidate in ["/usr/bin/python3", "python3"]:
    try:
        if subprocess.run([candidate, "-c", "import torch, torchvision"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          timeout=120).returncode == 0:
            config.available_features.add("torch")
            config.substitutions.append(("%torch_python", candidate))
            break
    except (OSError, subprocess.TimeoutExpired):
        pass

# cuda-toolkit: echo-mlir was configured with a CUDA toolkit, the default of
# --echo-lower-to-cuda (ptxas, fatbinary, libdevice); %cuda_toolkit is it.
if getattr(config, "echo_cuda_toolkit", ""):
    config.available_features.add("cuda-toolkit")
    config.substitutions.append(("%cuda_toolkit", config.echo_cuda_toolkit))

# cpu-avx2-fma, cpu-avx512: the CPU runs OpenBLAS's Haswell/Zen or SkylakeX
# kernels when OPENBLAS_CORETYPE forces them (test/Execution/determinism-*).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((line.split(":", 1)[1].split() for line in cpuinfo
                      if line.startswith("flags")), [])
except OSError:
    flags = []
if "avx2" in flags and "fma" in flags:
    config.available_features.add("cpu-avx2-fma")
if "avx512f" in flags and "avx512bw" in flags:
    config.available_features.add("cpu-avx512")

# chromium: a headless browser loads the HTML memory report
# (test/Memory/report-html-browser.test); %chromium is it. scripts/install-deps.sh
# installs Debian's chromium.
import shutil
chromium = next((shutil.which(name) for name in
                 ["chromium", "chromium-browser", "google-chrome"]
                 if shutil.which(name)), None)
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))
else:
    lit_config.note("chromium not found: the headless-browser tests of the "
                    "HTML memory report are UNSUPPORTED (scripts/install-deps.sh "
                    "installs chromium)")

# mpi: mpirun can start a job of two processes here and the build has the
# communicator plugin (runtime/comm, on Open MPI); test/Distributed needs it.
# %mpirun runs as many processes as asked whatever the core count.
# Open MPI refuses root unless told; CI's containers run as root.
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
mpirun = shutil.which("mpirun")
comm_plugin = os.path.join(config.echo_obj_root, "lib", "libecho_comm_mpi.so")
mpi_why = None
if not mpirun:
    mpi_why = "mpirun not found (scripts/install-deps.sh installs openmpi-bin)"
elif not os.path.exists(comm_plugin):
    mpi_why = "the build has no communicator plugin (no MPI found by CMake)"
else:
    try:
        env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
                   OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
        if subprocess.run([mpirun, "--oversubscribe", "-np", "2", "true"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env=env, timeout=60).returncode != 0:
            mpi_why = "mpirun -np 2 true failed"
    except (OSError, subprocess.TimeoutExpired) as e:
        mpi_why = "mpirun -np 2 true: %s" % e
if mpi_why:
    lit_config.note("MPI cannot start: the data-parallel tests of "
                    "test/Distributed are UNSUPPORTED (%s)" % mpi_why)
else:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpirun", mpirun + " --oversubscribe"))

# slow: tests that take seconds to minutes (scripts/mark-slow-tests.py marks
# them `REQUIRES: slow` from lit's recorded times). `make check` runs them;
# `make check-fast` (lit --param fast=1) leaves them out.
def param_on(name):
    return lit_config.params.get(name, "0") in ("1", "true", "on")


if not param_on("fast"):
    config.available_features.add("slow")

# long: the sweeps that take many minutes each on the 2-core CI machine
# (budget plans over the whole zoo, ResNet-50 at batch 32, the largest
# models' gradient checks and CUDA lowerings). They are marked `REQUIRES:
# long` and run only with `make check-all` (lit --param long=1), so that
# `make check` (CI) stays well inside its time; docs/testing.md lists them.
if param_on("long") and not param_on("fast"):
    config.available_features.add("long")
