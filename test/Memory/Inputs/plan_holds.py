#!/usr/bin/env python3
"""Check that a planned step's measured peak is at most its plan.

  plan_holds.py --bin BIN [--gist lossless,fp8] [--remat none,echo]
                [--iterations 10] [--lr 0.01] DIR MODEL [ECHO-MODELS OPTIONS...]

For each Gist mode and remat policy: builds the training step of the model
(echo-models ARGS | echo-opt --echo-autodiff=optimizer=sgd [--echo-remat]
--gist-encode), plans it (echo-opt --echo-training-pipeline
--echo-memory-report=format=json) and runs it (echo-run --iterations N
--memory-stats=json: the peak is the largest over the N steps, so it covers
the step at initialization and the trained ones); the tools are BIN's. Prints one line per
configuration, 'holds' or 'EXCEEDED', with both figures, and exits 1 if a
measured peak is above its plan or a tool fails. Files go to DIR.
"""

import argparse
import json
import os
import subprocess
import sys


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd),
                                               result.returncode,
                                               result.stderr[-2000:]))
    return result


def planned_peak(report):
    for line in report.splitlines():
        if line.strip():
            d = json.loads(line)
            if d.get("function") == "train_step":
                return d["planned_peak_bytes"]
    raise RuntimeError("no memory report for @train_step")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="echo's tools directory")
    parser.add_argument("--gist", default="lossless,fp8")
    parser.add_argument("--remat", default="none,echo")
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--lr", default="0.01")
    parser.add_argument("dir")
    parser.add_argument("model", nargs=argparse.REMAINDER,
                        help="echo-models' arguments: the model, its sizes")
    opts = parser.parse_args()
    args, model = opts, opts.model
    tool = lambda name: os.path.join(opts.bin, name)
    os.makedirs(args.dir, exist_ok=True)
    name = model[0]
    forward = run([tool("echo-models")] + model).stdout
    failed = False
    for gist in opts.gist.split(","):
        for remat in opts.remat.split(","):
            tag = "%s gist=%s remat=%s" % (name, gist, remat)
            step = os.path.join(args.dir, "%s.%s.%s.mlir" % (name, gist, remat))
            cmd = [tool("echo-opt"), "--echo-autodiff=optimizer=sgd lr=%s" % opts.lr]
            if remat != "none":
                cmd.append("--echo-remat=policy=%s gist=%s" % (remat, gist))
            cmd.append("--gist-encode" +
                       ("" if gist == "lossless" else "=dpr=" + gist))
            try:
                run(cmd + ["-o", step], input=forward)
                report = run([tool("echo-opt"), step, "--echo-training-pipeline",
                              "--echo-memory-report=format=json", "-o",
                              os.devnull]).stderr
                planned = planned_peak(report)
                stats = run([tool("echo-run"), step, "--no-cache",
                             "--allow-nonfinite-loss", "--iterations",
                             str(opts.iterations), "--memory-stats=json"])
                lines = [l for l in stats.stdout.splitlines() if l.strip()]
                measured = json.loads(lines[-1])["peak_bytes"]
            except (RuntimeError, ValueError, KeyError) as e:
                print("%s: ERROR %s" % (tag, e))
                failed = True
                continue
            holds = measured <= planned
            failed |= not holds
            print("%s: %s: measured %d %s planned %d" %
                  (tag, "holds" if holds else "EXCEEDED", measured,
                   "<=" if holds else ">", planned))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
