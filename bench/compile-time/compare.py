#!/usr/bin/env python3
"""Compile time of two echo-opt builds side by side, on NMT.

Runs --echo-training-pipeline="remat=echo gist=fp8" on NMT (echo-models nmt,
batch 128) with the old and the new build alternately, `rounds` times each,
and prints per run the CPU time (user + sys) of the whole echo-opt process
(parsing and printing included) and the --mlir-timing wall times of the
passes (threading off), then the medians and new/old ratios. On a shared,
loaded machine wall times follow the load; CPU times less so, and
callgrind's instruction counts (--callgrind, on a shorter NMT that
valgrind runs in about a minute) not at all. Checks that both builds print
the same IR (runtime declarations sorted: their order varies from run to
run).

Usage: compare.py --old OLD_BUILD [--new NEW_BUILD] [--rounds N] [--ir-may-differ]
                  [--callgrind] [--callgrind-len L]
"""

import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from scaling import PIPELINE, ROOT, timing  # noqa: E402

PASSES = ("EchoRemat", "EchoBufferAssign", "OneShotBufferizePass")


def tools(build):
    opt = os.path.join(build, "bin", "echo-opt")
    models = os.path.join(build, "bin", "echo-models")
    for tool in (opt, models):
        if not os.access(tool, os.X_OK):
            sys.exit(f"{os.path.basename(sys.argv[0])}: {tool} not found")
    return opt, models


def output_digest(echo_opt, mlir, out):
    subprocess.run([echo_opt, mlir, PIPELINE, "-o", out], check=True)
    decl = "  func.func private @"
    lines = open(out).read().splitlines()
    body = [l for l in lines if not l.startswith(decl)]
    body += sorted(l for l in lines if l.startswith(decl))
    return hashlib.md5("\n".join(body).encode()).hexdigest()


def instructions(echo_opt, mlir, work):
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    echo_opt, mlir, PIPELINE, "--mlir-disable-threading",
                    "-o", os.devnull],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    for line in open(out):
        if line.startswith("summary:"):
            return int(line.split()[1])
    sys.exit("compare.py: no callgrind summary")


def load():
    return open("/proc/loadavg").read().split()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the old build directory")
    parser.add_argument("--new", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--callgrind", action="store_true",
                        help="also count instructions under callgrind")
    parser.add_argument("--callgrind-len", type=int, default=20,
                        help="source and target length of the callgrind NMT")
    parser.add_argument("--ir-may-differ", action="store_true",
                        help="report, but do not fail on, different IR (a change "
                        "that rewrites the output on purpose)")
    args = parser.parse_args()
    builds = {"old": tools(args.old), "new": tools(args.new)}

    with tempfile.TemporaryDirectory() as work:
        nmt = os.path.join(work, "nmt.mlir")
        with open(nmt, "w") as f:
            subprocess.run([builds["new"][1], "nmt"], stdout=f, check=True)
        digests = {k: output_digest(opt, nmt, os.path.join(work, f"{k}.mlir"))
                   for k, (opt, _) in builds.items()}
        same = digests["old"] == digests["new"]
        print(f"nmt (batch 128), {PIPELINE[2:]}: old and new print "
              f"{'the same IR' if same else 'DIFFERENT IR'} (md5 {digests['new']})")

        runs = {"old": [], "new": []}
        for r in range(args.rounds):
            for kind in ("old", "new"):
                before = load()
                rows, passes, cpu = timing(builds[kind][0], nmt, [PIPELINE])
                runs[kind].append((cpu, passes, rows))
                print(f"  round {r + 1} {kind}: echo-opt {cpu:.3f} s CPU; passes "
                      f"{passes:.3f} s wall ("
                      + ", ".join(f"{p} {rows.get(p, 0.0):.3f}" for p in PASSES)
                      + f"); load {before}")

        def med(kind, f):
            return statistics.median(f(run) for run in runs[kind])
        print("medians                                      old       new   new/old")
        figures = [
            ("CPU time of the whole echo-opt run (s)", lambda r: r[0]),
            ("all passes, wall (s)", lambda r: r[1]),
        ] + [(f"{p}, wall (s)", lambda r, p=p: r[2].get(p, 0.0)) for p in PASSES] + [
            ("EchoRemat + EchoBufferAssign, wall (s)",
             lambda r: r[2].get("EchoRemat", 0.0) + r[2].get("EchoBufferAssign", 0.0)),
            ("parsing + printing, wall (s)",
             lambda r: r[2].get("Parser", 0.0) + r[2].get("Output", 0.0)),
        ]
        for name, f in figures:
            old, new = med("old", f), med("new", f)
            print(f"  {name:40s} {old:8.3f}  {new:8.3f}  {new / old:8.3f}")

        if args.callgrind:
            if not shutil.which("valgrind"):
                sys.exit("compare.py: --callgrind needs valgrind")
            short = os.path.join(work, "nmt-short.mlir")
            length = str(args.callgrind_len)
            with open(short, "w") as f:
                subprocess.run([builds["new"][1], "nmt", f"--src-len={length}",
                                f"--tgt-len={length}"], stdout=f, check=True)
            counts = {k: instructions(opt, short, work)
                      for k, (opt, _) in builds.items()}
            print(f"instructions (callgrind) of the whole echo-opt run on nmt "
                  f"with src/tgt length {length}: old {counts['old']:,}, new "
                  f"{counts['new']:,}, new/old {counts['new'] / counts['old']:.3f}")
        if not same and not args.ir_may_differ:
            sys.exit("compare.py: the builds print different IR")


if __name__ == "__main__":
    main()
