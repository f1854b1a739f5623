#!/usr/bin/env bash
# Installs the Debian packages echo-mlir needs to build and test
# (with --fuzz, also those of the fuzzer). PyTorch (python3-torch), which
# bench/step-time also uses, is among them.
# Idempotent: when everything is present it only runs dpkg queries (well under a second).
set -euo pipefail

PACKAGES=(
  # Toolchain and build.
  cmake ninja-build g++ make
  # MLIR/LLVM 22: headers, libMLIR.so, mlir-tblgen, lit, FileCheck, not.
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  # Libraries LLVM's CMake config looks for.
  zlib1g-dev libzstd-dev libedit-dev libcurl4-openssl-dev libxml2-dev libffi-dev
  # C++ unit tests.
  libgtest-dev
  # CPU runtime: BLAS for matrix products and convolutions.
  libopenblas-dev libdnnl-dev
  # echo-remat policy=optimal: the COIN-OR CBC MILP solver (C API, pkg-config cbc).
  coinor-libcbc-dev pkg-config
  # Data-parallel steps: the communicator plugin (runtime/comm) on Open MPI,
  # and mpirun for the multi-process tests.
  openmpi-bin libopenmpi-dev
  # The PyTorch frontend (echo-torch) and PyTorch as the oracle of losses and
  # gradients (test/Frontend, bench/torch-oracle): Debian's torch 1.13 and
  # torchvision 0.14, for /usr/bin/python3.
  python3-torch python3-torchvision
  # A headless browser for the HTML memory report's test
  # (test/Memory/report-html-browser.test, UNSUPPORTED without it).
  chromium
)

# --fuzz: also what the libFuzzer target needs (scripts/fuzz.sh, make fuzz):
# clang and its runtime libraries (libFuzzer, ASan, UBSan), and its OpenMP
# (the CPU backend's oneDNN threading, found by CMake with clang).
if [ "${1:-}" = "--fuzz" ]; then
  PACKAGES+=(clang-22 libclang-rt-22-dev libomp-22-dev)
fi

# --bench: accepted for compatibility; PyTorch, the reference of
# bench/step-time, is always installed now.

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
