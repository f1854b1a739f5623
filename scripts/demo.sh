#!/usr/bin/env bash
# The demo behind `make demo`:
#  1. plan the training step of Echo's main workload (Sockeye RNN NMT,
#     batch 128, sentences of 100 tokens) under Baseline, Mirror, Echo and
#     Echo+Gist, and print the planned footprint of each;
#  2. train a small LSTM language model on the CPU with Echo+Gist next to
#     the Baseline, printing both losses and the measured peak memory.
set -euo pipefail
BUILD_DIR=${1:-build}
BIN="$BUILD_DIR/bin"
OUT="$BUILD_DIR/demo"
mkdir -p "$OUT"

echo "== 1. Planned memory of one NMT training step (batch 128, length 100)"
echo "   echo-models nmt | echo-opt --echo-training-pipeline=... --echo-memory-report"
"$BIN/echo-models" nmt > "$OUT/nmt.mlir"

report() { # policy-name pipeline-options [svg [html]]
  local name=$1 options=$2 svg=${3:-} html=${4:-}
  local extra=()
  if [ -n "$svg" ]; then
    extra=("--echo-memory-report=format=svg output=$svg")
  fi
  if [ -n "$html" ]; then
    extra+=("--echo-memory-report=format=html output=$html")
  fi
  local start end
  start=$(date +%s%N)
  "$BIN/echo-opt" "$OUT/nmt.mlir" "--echo-training-pipeline=$options" \
    --echo-memory-report=format=json "${extra[@]}" -o /dev/null \
    2> "$OUT/nmt-$name.json"
  end=$(date +%s%N)
  echo "$name $(( (end - start) / 1000000 ))e-3" >> "$OUT/times.txt"
}
rm -f "$OUT/times.txt"
report baseline "remat=none gist=none" "$OUT/nmt-baseline.svg"
report mirror "remat=mirror gist=none"
report echo "remat=echo gist=none" "$OUT/nmt-echo.svg" "$OUT/nmt-echo.html"
report echo+gist "remat=echo gist=fp8"

python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
times = dict(line.split() for line in open(f"{out}/times.txt"))
rows = []
for name in ["baseline", "mirror", "echo", "echo+gist"]:
    for line in open(f"{out}/nmt-{name}.json"):
        line = line.strip()
        if line.startswith("{"):
            r = json.loads(line)
            if r["function"] == "train_step":
                rows.append((name, r))
base = rows[0][1]["planned_peak_bytes"]
print(f"{'policy':<11} {'planned peak':>13} {'vs Baseline':>12} {'stashed':>10} "
      f"{'recompute FLOPs':>16} {'plan time':>10}")
for name, r in rows:
    flops = r["flops"]
    share = flops["recompute"] / (flops["forward"] + flops["backward"])
    print(f"{name:<11} {r['planned_peak_bytes']/2**30:>9.2f} GiB {base/r['planned_peak_bytes']:>11.2f}x "
          f"{r['breakdown']['stashed']/2**30:>6.2f} GiB {100*share:>15.2f}% {float(times[name]):>9.1f}s")
print("(Echo reports 3.13x on this model against MXNet's baseline; our Baseline")
print(" already stashes only what gradients read and plans buffers by liveness.")
print(" echo+gist stores what Echo still stashes in fp8, which is lossy (NMT has")
print(" no ReLU, pooling or dropout for Gist's lossless encodings). Every model")
print(" and policy: docs/results.md.)")
b, e = rows[0][1], rows[2][1]
print(f"   memory timelines of @train_step: {out}/nmt-baseline.svg and {out}/nmt-echo.svg;")
print(f"   they differ in the stashed band: {b['breakdown']['stashed']/2**30:.2f} GiB live at")
print(f"   Baseline's peak, {e['breakdown']['stashed']/2**30:.2f} GiB at Echo's, which recomputes instead")
PY
echo "   interactive report of Echo's plan (open in a browser; docs/memory.md): $OUT/nmt-echo.html"

echo
echo "== 2. Training a small LSTM language model on the CPU (300 Adam steps)"
"$BIN/echo-models" lstm-lm --batch 8 --seq-len 10 --hidden 64 --vocab 200 \
  > "$OUT/lm.mlir"
"$BIN/echo-opt" "$OUT/lm.mlir" "--echo-autodiff=optimizer=adam lr=0.01" \
  > "$OUT/lm-baseline.mlir"
"$BIN/echo-opt" "$OUT/lm-baseline.mlir" --echo-remat --gist-encode \
  > "$OUT/lm-echo-gist.mlir"
for v in baseline echo-gist; do
  "$BIN/echo-run" "$OUT/lm-$v.mlir" --iterations 300 --print-loss \
    --memory-stats=json > "$OUT/lm-$v.log"
done
python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
def read(v):
    losses, peak = [], None
    for line in open(f"{out}/lm-{v}.log"):
        if line.startswith("iter"):
            losses.append(float(line.split()[3]))
        elif line.startswith("{"):
            peak = json.loads(line)["peak_bytes"]
    return losses, peak
base, base_peak = read("baseline")
eg, eg_peak = read("echo-gist")
print(f"{'step':>5} {'Baseline loss':>14} {'Echo+Gist loss':>15}")
for i in list(range(0, 300, 50)) + [299]:
    print(f"{i:>5} {base[i]:>14.6f} {eg[i]:>15.6f}")
same = "bit-identical" if base == eg else "different"
print(f"losses: {same} (recomputation and lossless encodings change no bit)")
print(f"measured peak memory: Baseline {base_peak} bytes, Echo+Gist {eg_peak} bytes")
PY
