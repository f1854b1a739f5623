#!/usr/bin/env python3
"""Compile time of the training pipeline against graph size, in one run.

Prints, from echo-opt's --mlir-timing (threading off, so pass times add up):
  1. every pass of --echo-training-pipeline="remat=echo gist=fp8" on NMT
     (echo-models nmt, batch 128), and the pipeline's total without parsing
     and printing;
  2. the same pipeline on unrolled LSTM language models
     (bench/autodiff/gen_unrolled_lstm.py) whose training steps have about
     10K, 20K, 40K, 80K and 160K ops, and the exponent k of time ~ ops^k
     (least squares on log-log);
  3. echo-remat alone on a chain of light ops (gen_light_chain.py, 30,000
     tanh by default);
  4. with --lower, also the lowering of each training step to the LLVM
     dialect (--echo-lower-to-cpu, what echo-run and echo-compile run
     before code generation), with its own fitted exponent.

Usage: scaling.py [--build DIR] [--sizes 10000,20000,...] [--chain N]
                  [--skip-nmt] [--lower]
"""

import argparse
import math
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PIPELINE = "--echo-training-pipeline=remat=echo gist=fp8"
# Ops of the generated training step per unrolled LSTM time step at 4
# layers (measured: 16,287 ops at 100 steps, 162,087 at 1000).
OPS_PER_STEP = 162


def timing(echo_opt, mlir, args, timeout=None):
    """Runs echo-opt; returns ({pass: wall seconds}, all passes' wall
    seconds, the process's CPU seconds), or None when it ran past `timeout`
    seconds. The CPU time (user + sys, parsing and printing included) is
    the steadier figure on a loaded machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run([echo_opt, mlir, *args, "--mlir-timing",
                              "--mlir-disable-threading", "-o", os.devnull],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if out.returncode != 0:
        sys.exit(f"scaling.py: echo-opt failed on {mlir}:\n{out.stderr}")
    rows = {}
    for line in out.stderr.splitlines():
        m = re.match(r"\s*([0-9.]+) \(\s*[0-9.]+%\)\s+(.+?)\s*$", line)
        if m:
            name = m.group(2)
            rows[name] = rows.get(name, 0.0) + float(m.group(1))
    if "Total" not in rows:
        sys.exit(f"scaling.py: no --mlir-timing report for {mlir}:\n{out.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    passes = rows["Total"] - rows.get("Parser", 0.0) - rows.get("Output", 0.0)
    return rows, passes, cpu


def slowest_pass(rows):
    """The pass with the largest wall time in a timing() report."""
    return max((n for n in rows if n not in ("Total", "Parser", "Output", "Rest")
                and not n.startswith("'")), key=lambda n: rows[n])


def step_ops(echo_opt, forward, work):
    """Ops of @train_step after echo-autodiff (lines defining values); the
    step is left in work/step.mlir."""
    step = os.path.join(work, "step.mlir")
    subprocess.run([echo_opt, forward, "--echo-autodiff", "-o", step], check=True)
    n, inside = 0, False
    for line in open(step):
        if re.match(r"^  func\.func @train_step\(", line):
            inside = True
            continue
        if inside and line.startswith("  }"):
            break
        if inside and (re.match(r"^ +%[^ ]* = ", line) or
                       re.match(r"^ +%[^=]*, %[^=]* = ", line) or
                       re.match(r"^ +return( |$)", line)):
            n += 1
    return n


def fit_exponent(xs, ys):
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    sxx = sum((a - mx) ** 2 for a in lx)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sxx


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--sizes", default="10000,20000,40000,80000,160000",
                        help="target training-step op counts")
    parser.add_argument("--chain", type=int, default=30000,
                        help="tanh ops in the light chain (0: skip)")
    parser.add_argument("--chain-timeout", type=float, default=120.0,
                        help="seconds before the chain run is given up")
    parser.add_argument("--skip-nmt", action="store_true")
    parser.add_argument("--lower", action="store_true",
                        help="also time --echo-lower-to-cpu on each step")
    args = parser.parse_args()
    echo_opt = os.path.join(args.build, "bin", "echo-opt")
    echo_models = os.path.join(args.build, "bin", "echo-models")
    for tool in (echo_opt, echo_models):
        if not os.access(tool, os.X_OK):
            sys.exit(f"scaling.py: {tool} not found (--build)")

    with tempfile.TemporaryDirectory() as work:
        if not args.skip_nmt:
            nmt = os.path.join(work, "nmt.mlir")
            with open(nmt, "w") as f:
                subprocess.run([echo_models, "nmt"], stdout=f, check=True)
            ops = step_ops(echo_opt, nmt, work)
            rows, passes, cpu = timing(echo_opt, nmt, [PIPELINE])
            print(f"nmt (batch 128, {ops} ops in @train_step), {PIPELINE[2:]}:")
            for name in ("EchoAutodiff", "EchoRemat", "EchoGistEncode",
                         "EchoAnnotateMemory", "EchoInlineRecompute",
                         "OneShotBufferizePass", "BufferResultsToOutParamsPass",
                         "EchoBufferAssign"):
                print(f"  {rows.get(name, 0.0):8.4f} s  {name}")
            print(f"  {rows.get('EchoRemat', 0.0) + rows.get('EchoBufferAssign', 0.0):8.4f} s"
                  "  EchoRemat + EchoBufferAssign")
            print(f"  {passes:8.4f} s  all passes (parsing {rows.get('Parser', 0.0):.4f} s"
                  f" and printing {rows.get('Output', 0.0):.4f} s excluded)")
            print(f"  {cpu:8.4f} s  CPU time of the whole echo-opt run")
            if args.lower:
                rows, passes, cpu = timing(echo_opt, os.path.join(work, "step.mlir"),
                                           ["--echo-lower-to-cpu"])
                print(f"  {passes:8.4f} s  --echo-lower-to-cpu on the step, all "
                      f"passes (echo-opt {cpu:.4f} s CPU)")

        sizes = [int(s) for s in args.sizes.split(",") if s]
        xs, ys, cpus, lows = [], [], [], []
        if sizes:
            print(f"unrolled 4-layer LSTM LM, {PIPELINE[2:]}:")
        for target in sizes:
            steps = max(1, round(target / OPS_PER_STEP))
            forward = os.path.join(work, f"lstm{steps}.mlir")
            with open(forward, "w") as f:
                subprocess.run([sys.executable,
                                os.path.join(ROOT, "bench", "autodiff",
                                             "gen_unrolled_lstm.py"),
                                "--layers", "4", "--steps", str(steps)],
                               stdout=f, check=True)
            ops = step_ops(echo_opt, forward, work)
            rows, passes, cpu = timing(echo_opt, forward, [PIPELINE])
            slowest = slowest_pass(rows)
            print(f"  {ops:7d} ops  passes {passes:8.4f} s wall "
                  f"({1e6 * passes / ops:.1f} us/op; slowest {slowest} "
                  f"{rows[slowest]:.4f} s), echo-opt {cpu:8.4f} s CPU")
            xs.append(ops)
            ys.append(passes)
            cpus.append(cpu)
            if args.lower:
                rows, passes, cpu = timing(echo_opt, os.path.join(work, "step.mlir"),
                                           ["--echo-lower-to-cpu"])
                slowest = slowest_pass(rows)
                print(f"  {ops:7d} ops  --echo-lower-to-cpu {passes:8.4f} s wall "
                      f"(slowest {slowest} {rows[slowest]:.4f} s), "
                      f"echo-opt {cpu:8.4f} s CPU")
                lows.append(passes)
        if len(xs) >= 2:
            print(f"  fitted exponent (time ~ ops^k, log-log least squares): "
                  f"k = {fit_exponent(xs, ys):.3f} (passes, wall), "
                  f"{fit_exponent(xs, cpus):.3f} (echo-opt, CPU)")
        if len(lows) >= 2:
            print(f"  fitted exponent of --echo-lower-to-cpu: "
                  f"k = {fit_exponent(xs, lows):.3f} (passes, wall)")

        if args.chain > 0:
            chain = os.path.join(work, "chain.mlir")
            with open(chain, "w") as f:
                subprocess.run([sys.executable, os.path.join(HERE, "gen_light_chain.py"),
                                "--ops", str(args.chain)], stdout=f, check=True)
            step = os.path.join(work, "chain-step.mlir")
            subprocess.run([echo_opt, chain, "--echo-autodiff", "-o", step],
                           check=True)
            result = timing(echo_opt, step, ["--echo-remat"], args.chain_timeout)
            if result is None:
                print(f"light chain of {args.chain} tanh: echo-remat did not "
                      f"finish in {args.chain_timeout:g} s")
            else:
                print(f"light chain of {args.chain} tanh: echo-remat "
                      f"{result[0].get('EchoRemat', 0.0):.4f} s wall "
                      f"(echo-opt {result[2]:.4f} s CPU)")


if __name__ == "__main__":
    main()
