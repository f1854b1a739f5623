# The two commands of the README:
#   make demo   - install what is missing, build, run the bundled example
#   make check  - install what is missing, build, run every test
# Both work on a fresh Debian 12 machine with nothing but this repository.

BUILD_DIR ?= build
BUILD_TYPE ?= Release
LLVM_PREFIX ?= /usr/lib/llvm-22
JOBS ?= $(shell nproc)

CMAKE_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
  -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit

.PHONY: all deps configure build check check-fast check-all demo asan fuzz clean docs bench

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

check: build
	@bash scripts/run-tests.sh $(BUILD_DIR)

# The quick subset: every test but those marked `REQUIRES: slow` (about
# 2 minutes here; docs/testing.md).
check-fast: build
	@bash scripts/run-tests.sh $(BUILD_DIR) --fast

# Every test, the `REQUIRES: long` sweeps too (budget plans over the whole
# zoo, ResNet-50 at batch 32, the largest gradient checks and CUDA
# lowerings): about an hour more on 2 cores (docs/testing.md).
check-all: build
	@bash scripts/run-tests.sh $(BUILD_DIR) --all

demo: build
	@bash scripts/demo.sh $(BUILD_DIR)

# Builds echo-opt with AddressSanitizer + UBSan and runs the malformed-input
# corpus and the dialect tests under it.
asan: deps
	cmake -S . -B build-asan $(CMAKE_FLAGS) -DECHO_ENABLE_SANITIZERS=ON
	cmake --build build-asan -j $(JOBS) --target echo-opt
	bash scripts/run-malformed-corpus.sh build-asan/bin/echo-opt

# Builds the libFuzzer target with clang-22 (build-fuzz) and fuzzes parse +
# verify + autodiff + training pipeline + lowering for FUZZ_SECONDS seconds;
# crashes go to build-fuzz/fuzz/crashes. The normal build seeds the corpus.
FUZZ_SECONDS ?= 600
fuzz: build
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh

# Regenerates the ODS references in docs/dialect.md and docs/passes.md.
docs: build
	cmake --build $(BUILD_DIR) --target echo-doc
	bash scripts/gen-docs.sh $(BUILD_DIR)

# Memory-footprint matrix (every model x 15 remat/gist policies); rewrites
# docs/results.md and docs/img/nmt-{baseline,echo}.svg.
bench: build
	bash bench/footprint/run.sh

clean:
	rm -rf $(BUILD_DIR) build-asan build-fuzz
