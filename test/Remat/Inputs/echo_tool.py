#!/usr/bin/env python3
"""Shared helpers of the Remat tests and bench/remat: locate the echo tools
next to the echo-opt that lit substituted, run echo-models and the training
pipeline, parse the --echo-memory-report=format=json lines (stderr)."""
import json
import os
import re
import subprocess
import sys


def tools_dir(echo_opt):
    return os.path.dirname(os.path.abspath(echo_opt))


def tool(echo_opt, name):
    return os.path.join(tools_dir(echo_opt), name)


# Values of echo-models options (the names `echo-models --list` gives);
# a model gets those it takes. The CNNs keep their default image size:
# some (AlexNet, OverFeat) need their large inputs.
SMALL = {"batch": "2", "seq-len": "3", "hidden": "8", "layers": "1",
         "vocab": "10", "src-len": "3", "tgt-len": "3", "heads": "2",
         "depth": "8"}


def list_models(echo_opt):
    """[(name, [option names])] from `echo-models --list`."""
    out = subprocess.run([tool(echo_opt, "echo-models"), "--list"], check=True,
                         capture_output=True, text=True).stdout
    models, current = [], None
    for line in out.splitlines():
        m = re.match(r"^(\S+)\s", line)
        if m:
            current = (m.group(1), [])
            models.append(current)
        o = re.search(r"options:\s*(.*)$", line)
        if o and current:
            current[1].extend(x.strip() for x in o.group(1).split(",") if x.strip())
    return models


def model_ir(echo_opt, name, options, overrides=None):
    args = [tool(echo_opt, "echo-models"), name]
    vals = dict(SMALL)
    vals.update(overrides or {})
    for opt in options:
        if opt in vals:
            args.append("--%s=%s" % (opt, vals[opt]))
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def report(echo_opt, ir, remat, extra=(), pre=()):
    """The memory report (dict) of the training step, remat=none|echo|mirror;
    `pre` passes run first (e.g. echo-remat with non-default options)."""
    p = subprocess.run([echo_opt, "-"] + list(pre) + ["--echo-training-pipeline=remat=%s" % remat,
                        "--echo-memory-report=format=json", "-o", os.devnull] + list(extra),
                       input=ir, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("echo-opt failed (remat=%s):\n%s" % (remat, p.stderr))
    reports = [json.loads(l) for l in p.stderr.splitlines() if l.startswith("{")]
    steps = [r for r in reports if r.get("function") == "train_step"] or reports
    return max(steps, key=lambda r: r.get("ops", 0))


def stashed(rep):
    return sum(rep.get("by_op_kind", {}).values())


if __name__ == "__main__":
    # echo_tool.py ECHO_OPT models <name> [--opt=val ...]: print the model IR.
    echo_opt, cmd = sys.argv[1], sys.argv[2]
    if cmd == "models":
        sys.stdout.write(subprocess.run([tool(echo_opt, "echo-models")] + sys.argv[3:],
                                        check=True, capture_output=True, text=True).stdout)
    elif cmd == "with-gist":
        # with-gist MODEL GIST [--opt=val ...]: arena of the step under Gist
        # alone and Echo + Gist (default sizes unless options are given).
        model, gist = sys.argv[3], sys.argv[4]
        ir = subprocess.run([tool(echo_opt, "echo-models"), model] + sys.argv[5:],
                            check=True, capture_output=True, text=True).stdout
        arena = {}
        for remat in ("none", "echo"):
            r = report(echo_opt, ir, remat + " gist=" + gist)
            arena[remat] = r["arena_bytes"]
            print("%s remat=%s gist=%s arena=%d recompute_flops=%d" % (
                model, remat, gist, r["arena_bytes"], r["flops"]["recompute"]))
        print("echo+gist %s gist alone" % ("<=" if arena["echo"] <= arena["none"] else ">"))
    elif cmd == "stash-table":
        # stash-table FILE.mlir: stashed bytes / peak / recompute FLOPs per policy.
        ir = open(sys.argv[3]).read()
        for remat in ("none", "echo", "mirror"):
            r = report(echo_opt, ir, remat)
            print("%s stashed=%d peak=%d recompute_flops=%d" % (
                remat, stashed(r), r["planned_peak_bytes"], r["flops"]["recompute"]))
