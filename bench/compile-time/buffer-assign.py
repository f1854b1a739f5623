#!/usr/bin/env python3
"""echo-buffer-assign alone, two echo-opt builds side by side, on NMT.

Runs --echo-training-pipeline="remat=echo gist=fp8" on NMT (echo-models nmt,
batch 128) up to just before its echo-buffer-assign (the pipeline as
--dump-pass-pipeline prints it, plus echo-dedupe-call-operands where it does
not run before the pass) with the new build, then that pass alone on the
result with the old and the new build alternately, `rounds` times each, with
the verifier after the pass off and on. Prints per run the pass's
--mlir-timing wall time (threading off) and the CPU time of the whole
echo-opt process (parsing and printing included), then the medians and
new/old ratios. Checks that both builds print the same IR once
echo-dedupe-call-operands has run after the pass. With --callgrind, also counts the instructions of the pass itself
(callgrind, collected inside BufferAssignPass::runOnOperation only: no
parsing, printing or verifier), which do not depend on the load.

Usage: buffer-assign.py --old OLD_BUILD [--new NEW_BUILD] [--rounds N]
                        [--callgrind]
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
from compare import load, tools  # noqa: E402
from scaling import PIPELINE, ROOT, timing  # noqa: E402

PASS_ROW = "EchoBufferAssign"
DEDUPE = "echo-dedupe-call-operands"


def split_pipeline(echo_opt, mlir):
    """(the passes before echo-buffer-assign, echo-buffer-assign, whether
    echo-dedupe-call-operands was added to the former), the first two as
    --pass-pipeline strings, from the training pipeline as
    --dump-pass-pipeline prints it (passes after it are left out)."""
    out = subprocess.run([echo_opt, mlir, PIPELINE, "--dump-pass-pipeline",
                          "-o", os.devnull], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, check=True).stdout
    text = " ".join(out[out.index("builtin.module("):].split())
    m = re.search(r"echo-buffer-assign\{[^}]*\}", text)
    if not m:
        sys.exit(f"buffer-assign.py: no echo-buffer-assign in {text}")
    # The pass may open its func.func nest or follow others in it.
    before = text[:m.start()].rstrip(", ")
    if before.endswith("func.func("):
        before = before[:-len("func.func(")].rstrip(", ")
    else:
        before += ")"
    # Buffer-assign sees one cast per buffer, not one per call operand:
    # where the pipeline does not dedupe before it, do so here.
    added = DEDUPE not in before
    if added:
        before += f", func.func({DEDUPE})"
    assign = f"builtin.module(func.func({m.group(0)}))"
    return before + ")", assign, added


def digest(echo_opt, mlir, assign, out):
    """md5 of the IR after the pass and then echo-dedupe-call-operands
    (which folds equal constants: the builds may share them differently)."""
    then_dedupe = assign[:-2] + f", {DEDUPE}))"
    subprocess.run([echo_opt, mlir, f"--pass-pipeline={then_dedupe}", "-o",
                    out], check=True)
    return hashlib.md5(open(out, "rb").read()).hexdigest()


def instructions(echo_opt, mlir, assign, work):
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
                    "--toggle-collect=*BufferAssignPass::runOnOperation*",
                    f"--callgrind-out-file={out}", echo_opt, mlir,
                    f"--pass-pipeline={assign}", "--mlir-disable-threading",
                    "-verify-each=0", "-o", os.devnull],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    for line in open(out):
        if line.startswith("summary:"):
            return int(line.split()[1])
    sys.exit("buffer-assign.py: no callgrind summary")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the old build directory")
    parser.add_argument("--new", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--callgrind", action="store_true",
                        help="also count the pass's instructions (callgrind)")
    args = parser.parse_args()
    builds = {"old": tools(args.old), "new": tools(args.new)}

    with tempfile.TemporaryDirectory() as work:
        nmt = os.path.join(work, "nmt.mlir")
        with open(nmt, "w") as f:
            subprocess.run([builds["new"][1], "nmt", "--batch=128"], stdout=f,
                           check=True)
        before, assign, added = split_pipeline(builds["new"][0], nmt)
        print("input: the pipeline's passes before echo-buffer-assign"
              + (f", then {DEDUPE} (the pipeline runs it after)" if added
                 else ""))
        planned = os.path.join(work, "before-assign.mlir")
        subprocess.run([builds["new"][0], nmt, f"--pass-pipeline={before}",
                        "-o", planned], check=True)
        digests = {k: digest(opt, planned, assign,
                             os.path.join(work, f"{k}.mlir"))
                   for k, (opt, _) in builds.items()}
        same = digests["old"] == digests["new"]
        print(f"nmt (batch 128), {PIPELINE[2:]}, {assign}: old and new print "
              f"{'the same IR' if same else 'DIFFERENT IR'} after {DEDUPE} "
              f"(md5 {digests['new']})")

        runs = {(k, v): [] for k in ("old", "new") for v in (0, 1)}
        for r in range(args.rounds):
            for verify in (0, 1):
                for kind in ("old", "new"):
                    before_load = load()
                    rows, _, cpu = timing(builds[kind][0], planned,
                                          [f"--pass-pipeline={assign}",
                                           f"-verify-each={verify}"])
                    runs[(kind, verify)].append((rows.get(PASS_ROW, 0.0), cpu))
                    print(f"  round {r + 1} {kind}, verifier "
                          f"{'on ' if verify else 'off'}: {PASS_ROW} "
                          f"{rows.get(PASS_ROW, 0.0):.3f} s wall, echo-opt "
                          f"{cpu:.3f} s CPU; load {before_load}")

        print("medians                                        old       new"
              "   new/old")
        for verify in (0, 1):
            for name, index in ((f"{PASS_ROW}, wall (s)", 0),
                                ("echo-opt CPU, whole run (s)", 1)):
                old = statistics.median(x[index] for x in runs[("old", verify)])
                new = statistics.median(x[index] for x in runs[("new", verify)])
                label = f"{name}, verifier {'on' if verify else 'off'}"
                print(f"  {label:42s} {old:8.3f}  {new:8.3f}  {new / old:8.3f}")

        if args.callgrind:
            if not shutil.which("valgrind"):
                sys.exit("buffer-assign.py: --callgrind needs valgrind")
            counts = {k: instructions(opt, planned, assign, work)
                      for k, (opt, _) in builds.items()}
            print(f"instructions (callgrind) of echo-buffer-assign itself: "
                  f"old {counts['old']:,}, new {counts['new']:,}, new/old "
                  f"{counts['new'] / counts['old']:.3f}")
        if not same:
            sys.exit("buffer-assign.py: the builds print different IR")


if __name__ == "__main__":
    main()
