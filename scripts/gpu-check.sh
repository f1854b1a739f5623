#!/usr/bin/env bash
# Runs the bundle of scripts/gpu-bundle.sh on a machine with an NVIDIA GPU,
# CMake, a C++ compiler, nvcc, cuDNN and cuBLAS, and no MLIR (docs/gpu.md).
# Run it inside the unpacked bundle:
#   tar xzf echo-gpu-bundle.tar.gz && cd echo-gpu-bundle && bash gpu-check.sh
# It builds the runtime (CUDA backend and echo-step) from the bundled
# sources, then for each compiled step (NAME: the runtime's kernels;
# NAME.gen: generated kernels, CUDA backend only):
#   1. runs it twice on the GPU: the two result dumps must be identical;
#   2. compares them with the CPU goldens (bench/compare_dumps.py, f32
#      results within RTOL normwise, or within twice the difference between
#      the CPU's two kernel sets plus, for a lossy step, the encodings'
#      effect on the CPU (lossy vs lossless goldens) where that is larger;
#      integers exactly);
#   3. prints the measured device peak next to the planned one (the CPU
#      backend's measured peak, which equals the plan);
#   4. times 20 steps (echo-step --time);
#   5. runs it again replaying recorded graphs (--graph=on, docs/runtime.md
#      "Step graphs"): the dump must be identical to step 1's, the peak
#      the same.
# Then the speed suite (speed/list.txt: busy sizes, echo-step next to
# PyTorch eager from bench/torch_speed.py, and the entry profile of each
# Baseline step), compute-sanitizer memcheck on one step, where it is
# installed, and the PyTorch reference of each model, where torch is
# importable.
# Every check that fails is counted; the script exits 1 if any did.
#
# Environment: RTOL (default 1e-3), TIME_ITERATIONS (default 21), QUICK
# (1: skip memcheck and torch_reference.py), CMAKE_ARGS (extra configure flags, e.g.
# -DCUDAToolkit_ROOT=...), BACKEND (default cuda; cpu checks the bundle
# itself on a machine without a GPU).
set -uo pipefail
cd "$(dirname "$0")"
RTOL=${RTOL:-1e-3}
TIME_ITERATIONS=${TIME_ITERATIONS:-21} # steps timed per correctness step (+1)
QUICK=${QUICK:-0} # 1: no compute-sanitizer, no torch_reference.py (the speed suite has PyTorch)
BACKEND=${BACKEND:-cuda}
failures=0
fail() { echo "gpu-check: FAIL: $*"; failures=$((failures + 1)); }

# cuDNN from PyTorch's wheels when the toolkit has none (the GPU machines
# ship it that way): its header and libcudnn.so.9 by explicit path.
if [ "$BACKEND" = cuda ] && [[ "${CMAKE_ARGS:-}" != *CUDNN* ]]; then
  # nvidia.cudnn may be a namespace package (no __file__): take its path.
  root=$(cd / && python3 -c 'import nvidia.cudnn as m; print(list(m.__path__)[0])' 2>/dev/null || true)
  for dir in /usr/local/cuda/include /usr/include; do
    [ -f "$dir/cudnn.h" ] && root=""
  done
  if [ -n "$root" ] && [ -f "$root/include/cudnn.h" ]; then
    lib=$(ls "$root"/lib/libcudnn.so* 2>/dev/null | head -1)
    CMAKE_ARGS="${CMAKE_ARGS:-} -DECHO_CUDNN_INCLUDE_DIR=$root/include -DECHO_CUDNN_LIBRARY=$lib"
    export LD_LIBRARY_PATH="$root/lib:${LD_LIBRARY_PATH:-}"
    echo "gpu-check: cuDNN from $root"
  fi
fi

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# shellcheck disable=SC2086
cmake -S runtime -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS:-} \
  > build-configure.log 2>&1 || { cat build-configure.log; echo "gpu-check: configure failed"; exit 1; }
cmake --build build -j "$(nproc)" > build.log 2>&1 || { tail -40 build.log; echo "gpu-check: build failed"; exit 1; }
LIB=build/lib/libecho_runtime_$BACKEND.so
[ -f "$LIB" ] || { echo "gpu-check: $LIB was not built (see build-configure.log)"; exit 1; }
STEP=build/bin/echo-step
mkdir -p out

if [ -x build/unittests/EchoRuntimeTests ]; then
  echo "== backend test suite on $LIB"
  build/unittests/EchoRuntimeTests --backend="$LIB" > out/runtime-tests.log 2>&1 \
    || fail "EchoRuntimeTests (out/runtime-tests.log)"
  tail -3 out/runtime-tests.log
fi

[ -f steps/list.txt ] || : > steps/list.txt
[ -s steps/list.txt ] &&
  printf '%-22s %9s %14s %14s %8s %12s %10s\n' step bits "rel.diff" "peak" "/plan" "step ms" "graph"
while read -r step seed iterations golden lossless; do
  golden=${golden:-$step}
  if [ "$golden" != "$step" ] && [ "$BACKEND" != cuda ]; then
    echo "$step: skipped (its generated kernels need the CUDA backend)"
    continue
  fi
  c++ -shared "steps/$step.o" -o "build/$step.so" || { fail "$step: link"; continue; }
  run() {
    "$STEP" "build/$step.so" --backend="$BACKEND" --seed "$seed" \
      --iterations "$iterations" --dump-results "$1" --memory-stats=json "${@:2}"
  }
  if ! run "out/$step.1.bin" > "out/$step.stats.json" 2> "out/$step.err"; then
    fail "$step: $(head -1 "out/$step.err")"; continue
  fi
  run "out/$step.2.bin" > /dev/null 2>&1
  bits=identical
  cmp -s "out/$step.1.bin" "out/$step.2.bin" || { bits=DIFFER; fail "$step: two runs differ"; }
  spread=()
  [ -f "goldens/$golden.reference.bin" ] && spread=(--spread "goldens/$golden.reference.bin")
  [ -n "${lossless:-}" ] && spread+=(--lossy "goldens/$lossless.bin")
  python3 bench/compare_dumps.py "goldens/$golden.bin" "out/$step.1.bin" --rtol "$RTOL" \
    "${spread[@]}" > "out/$step.compare.txt"
  diffline=$(tail -1 "out/$step.compare.txt")
  if ! echo "$diffline" | grep -q ": ok$"; then
    fail "$step vs CPU: $diffline"
    sed '$d' "out/$step.compare.txt" | head -20 # the results that differ
  fi
  rel=$(echo "$diffline" | sed -n 's/worst relative difference \([^ ]*\).*/\1/p')
  peak=$(sed -n 's/.*"peak_bytes": \([0-9]*\).*/\1/p' "out/$step.stats.json")
  plan=$(sed -n 's/.*"peak_bytes": \([0-9]*\).*/\1/p' "goldens/$golden.stats.json")
  ratio=$(python3 -c "print('%.4f' % ($peak / $plan))" 2>/dev/null || echo "?")
  ms=$("$STEP" "build/$step.so" --backend="$BACKEND" --seed "$seed" --iterations "$TIME_ITERATIONS" --time 2>/dev/null \
       | sed -n 's/step time \([0-9.]*\) ms.*/\1/p')
  graph=identical
  if ! run "out/$step.graph.bin" --graph=on > "out/$step.graph.json" 2> "out/$step.graph.err"; then
    graph=refused; fail "$step --graph=on: $(head -1 "out/$step.graph.err")"
  elif ! cmp -s "out/$step.1.bin" "out/$step.graph.bin"; then
    graph=DIFFER; fail "$step: --graph=on results differ from the eager step's"
  elif [ "$(sed -n 's/.*"peak_bytes": \([0-9]*\).*/\1/p' "out/$step.graph.json")" != "$peak" ]; then
    graph=PEAK; fail "$step: --graph=on measured another peak"
  fi
  printf '%-22s %9s %14s %14s %8s %12s %10s\n' "$step" "$bits" "$rel" "$peak" "$ratio" "${ms:-?}" "$graph"
done < steps/list.txt

# The speed suite: echo-step next to PyTorch eager on the same GPU. Each
# step: the mean of 10 steps after 2 (echo-step --time excludes the first);
# PyTorch (bench/torch_speed.py, one process for every config) under the
# setting the step compares with (ieee-det: TF32 off and cuDNN
# deterministic, echo's IEEE numerics; tf32: TF32 allowed), plus its
# default IEEE time. Then the entry profile of the Baseline steps.
if [ "$BACKEND" = cuda ] && [ -s speed/list.txt ]; then
  echo "== speed (ms per training step; peak device bytes)"
  configs=$(awk '$2 != "-" { split($1, p, "."); print p[1] "=" $2 }' speed/list.txt | sort -u)
  : > out/torch-speed.txt
  if [ -n "$configs" ] && python3 -c "import torch" 2>/dev/null; then
    # shellcheck disable=SC2086
    timeout 300 python3 bench/torch_speed.py $configs > out/torch-speed.txt 2> out/torch-speed.err \
      || fail "torch_speed (out/torch-speed.err)"
  fi
  printf '%-24s %10s %10s %10s %10s %7s %14s %14s %7s\n' step "echo ms" "graph ms" "torch ms" "(default)" "ratio" \
    "echo peak" "torch peak" "ratio"
  while read -r step config setting; do
    model=${step%%.*}
    c++ -shared "speed/$step.o" -o "build/speed-$step.so" || { fail "$step: link"; continue; }
    if ! timeout 300 "$STEP" "build/speed-$step.so" --backend=cuda --iterations 12 --time \
        --memory-stats=json > "out/speed-$step.txt" 2> "out/speed-$step.err"; then
      fail "$step: $(head -1 "out/speed-$step.err")"; continue
    fi
    ms=$(sed -n 's/step time \([0-9.]*\) ms.*/\1/p' "out/speed-$step.txt")
    # Replaying recorded graphs (--graph=on): the two recording steps are
    # not timed, so 13 iterations time 10 replays.
    gms=$(timeout 300 "$STEP" "build/speed-$step.so" --backend=cuda --iterations 13 --time --graph=on \
          2> "out/speed-$step.graph.err" | sed -n 's/step time \([0-9.]*\) ms.*/\1/p')
    [ -n "$gms" ] || fail "$step --graph=on: $(head -1 "out/speed-$step.graph.err")"
    peak=$(sed -n 's/.*"peak_bytes": \([0-9]*\).*/\1/p' "out/speed-$step.txt")
    read -r tms tpeak < <(awk -v m="$model" -v s="$setting" '$2 == m && $3 == s { print $4, $5 }' out/torch-speed.txt)
    default=$(awk -v m="$model" '$2 == m && $3 == "ieee" { print $4 }' out/torch-speed.txt)
    [ "$setting" = tf32 ] && default=-
    ratio=$(python3 -c "print('%.2f' % ($ms / $tms))" 2>/dev/null || echo -)
    mratio=$(python3 -c "print('%.2f' % ($peak / $tpeak))" 2>/dev/null || echo -)
    printf '%-24s %10s %10s %10s %10s %7s %14s %14s %7s\n' "$step" "$ms" "${gms:--}" "${tms:--}" "${default:--}" \
      "$ratio" "$peak" "${tpeak:--}" "$mratio"
  done < speed/list.txt
  for step in $(awk '$1 ~ /\.baseline$/ { print $1 }' speed/list.txt); do
    [ -f "build/speed-$step.so" ] || continue
    echo "== entry times of $step"
    timeout 300 "$STEP" "build/speed-$step.so" --backend=cuda --iterations 4 --entry-times \
      > "out/entry-times-$step.txt" 2>&1 || fail "$step: --entry-times"
    head -16 "out/entry-times-$step.txt"
  done
fi

if [ "$QUICK" != 1 ] && [ "$BACKEND" = cuda ] && command -v compute-sanitizer >/dev/null; then
  echo "== compute-sanitizer --tool memcheck on mlp.echo-fp8"
  compute-sanitizer --tool memcheck --error-exitcode 9 "$STEP" build/mlp.echo-fp8.so \
    --backend=cuda --iterations 1 > out/memcheck.log 2>&1 || fail "memcheck (out/memcheck.log)"
  tail -2 out/memcheck.log
fi

if [ "$QUICK" != 1 ] && [ "$BACKEND" = cuda ] && python3 -c "import torch" 2>/dev/null; then
  echo "== PyTorch on the same models (SGD step, FP32, no TF32)"
  for m in mlp lstm-lm resnet32; do
    python3 bench/torch_reference.py "$m" || fail "torch_reference $m"
  done
fi

echo "gpu-check: $failures failure(s)"
[ "$failures" -eq 0 ]
