#!/usr/bin/env python3
"""Footprint matrix of echo-mlir: every model x 15 memory policies.

For each model of `echo-models --list` (default configuration) the forward
IR is generated once; then, for every remat in none|mirror|echo and every
gist in none|lossless|fp16|fp10|fp8, one

  echo-opt MODEL.mlir --echo-training-pipeline="remat=R gist=G"
           --echo-memory-report=format=json -o /dev/null

is run (at most --jobs at once) and the JSON object of @train_step is read
from stderr. Figures per run:

  planned peak  planned_peak_bytes (persistent + arena), GB = 1e9 bytes
  total ratio   Baseline planned_peak_bytes / planned_peak_bytes
                (what Echo measured with nvidia-smi: everything on the GPU)
  arena ratio   Baseline arena_bytes / arena_bytes
                (what Gist measured: feature maps, gradient maps,
                temporaries; no weights, weight gradients or inputs)
  lower bound   lower_bound_bytes (persistent + most arena bytes live at
                one program point)
  recompute     flops.recompute / (flops.forward + flops.backward)
  echo-opt s    wall time of the echo-opt process (parse, autodiff, memory
                passes, planning, report), with --jobs processes sharing
                the machine

Baseline = remat=none gist=none. Writes a markdown report from scratch
(--out) and, unless --no-svg, the @train_step arena timelines of NMT under
Baseline and Echo (--img-dir/nmt-baseline.svg, nmt-echo.svg). Standard
library only.
"""
import argparse
import concurrent.futures as cf
import datetime
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "dymem"))
import schedule as schedule_section  # noqa: E402 (bench/dymem/schedule.py)

REMATS = ["none", "mirror", "echo"]
GISTS = ["none", "lossless", "fp16", "fp10", "fp8"]
POLICIES = [(r, g) for r in REMATS for g in GISTS]
IMAGENET_CNNS = ["alexnet", "overfeat", "nin", "vgg16", "resnet50",
                 "resnet152", "inception-v4"]
# The six CNNs of Gist's study that echo-models has (Gist's "Resnet" depth is
# not given; resnet50 stands for it). Gist's 1.8x average is over 5 of its 6.
GIST_CNNS = ["alexnet", "nin", "overfeat", "vgg16", "inception-v4",
             "resnet50"]
# Smallest DPR format that trained without accuracy loss (Gist Sec. V-D1,
# Fig. 12); NiN and ResNet are not named there.
GIST_CHOICE = {"alexnet": "fp8", "overfeat": "fp8", "inception-v4": "fp10",
               "vgg16": "fp16"}
RNN_MODELS = ["nmt", "nmt-large", "lstm-lm", "deepspeech2"]
# Models whose remat + gist combinations are not run unless --full: one
# DeepSpeech2 remat run plans an 88K-op step and takes minutes on 2 shared
# cores (Baseline ~20-30 s), so the 8 combined rows alone would exceed the
# 30-minute budget. Its gist-only rows show what Gist does on the model.
REDUCED = {"deepspeech2": "remat + gist combinations not run (each DS2 "
                          "remat run takes minutes; `--full` runs them)"}

# Published figures next to the same model and policy. "total" figures are
# whole-GPU footprints (Echo, nvidia-smi), "arena" figures exclude weights
# (Gist's CNTK baseline: stashed + immediately consumed data only).
PUBLISHED = {
    ("nmt", "none", "none"):
        "Echo: ~10.0 GB on an 11 GB RTX 2080 Ti at B=128 (Sec. VI-B1)",
    ("nmt", "mirror", "none"):
        "Echo: Mirror ~7.4 GB, **1.35x** total (= 3.13x / 2.31x)",
    ("nmt", "echo", "none"):
        "Echo: **3.13x** total, ~3.0 GB, 2.31x over Mirror (Sec. VI-B1)",
    ("deepspeech2", "mirror", "none"):
        "Echo: Mirror uses *more* than Baseline (**<1x**, Fig. 22(1a))",
    ("deepspeech2", "echo", "none"):
        "Echo: **1.56x** total (Fig. 22(1); batch of the ratio not stated; "
        "small at B=8)",
    ("transformer", "echo", "none"):
        "Echo: **1.59x** total (Fig. 22(2); 38% of it from 1-bit dropout "
        "masks)",
    ("resnet152", "mirror", "none"):
        "Echo: Mirror **1.36x** total (= 2.13x / 1.57x), B=32",
    ("resnet152", "echo", "none"):
        "Echo: **2.13x** total, ResNet-152 B=32 (Fig. 22(3), Fig. 23)",
    ("alexnet", "none", "lossless"):
        "Gist: **1.56x** arena (Fig. 10, SSDC+Binarize+inplace; Fig. 8 "
        "\">1.5x\")",
    ("alexnet", "none", "fp16"):
        "Gist: DPR FP16 alone 1.18x vs. its investigation baseline (Fig. 13)",
    ("alexnet", "none", "fp8"):
        "Gist: **2.0x** arena, lossless + FP8 (Fig. 8; max of its 5 CNNs); "
        "DPR FP8 alone 1.48x (Fig. 13)",
    ("vgg16", "none", "lossless"):
        "Gist: **>1.5x** arena (Fig. 8)",
    ("vgg16", "none", "fp16"):
        "Gist: VGG16's lossy point is FP16 (FP8 does not train, Fig. 12)",
    ("overfeat", "none", "fp8"):
        "Gist: Overfeat's lossy point is FP8 (Fig. 12); SSDC up to 7x on "
        "its ReLU maps (Fig. 11)",
    ("inception-v4", "none", "fp10"):
        "Gist: Inception's lossy point is FP10 (Fig. 12), measured at B=64",
    ("inception-v4", "none", "none"):
        "Dymem: 3650 MB (vDNN) -> 2527 MB (Dymem), **1.44x**, B=128 "
        "(offloading + pool placement, CIFAR-10 inputs; not a policy here)",
}

MODEL_NOTES = {
    "nmt": "Echo's main workload (Sockeye IWSLT15 en-vi, B=128, length 100).",
    "deepspeech2": "Echo measures it at B=8..32; default here is B=8.",
    "resnet152": "Echo's ResNet: ResNet-152 on ImageNet at B=32 (Fig. 23), "
                 "the default here.",
    "resnet50": "Gist's ResNet depth is not stated; ResNet-50 stands for it "
                "in the Gist averages below.",
    "inception-v4": "Dymem's 3650 -> 2527 MB compares two offloading "
                    "runtimes (vDNN vs. Dymem) on CIFAR-10 inputs; echo-mlir "
                    "does not offload, so no row here is the same system.",
    "alexnet": "Gist's headline model (2x max). LRN layers are omitted "
               "(docs/models.md), so the plan under-counts two ReLU-sized "
               "maps.",
}

_print_lock = threading.Lock()


def log(msg):
    with _print_lock:
        print(msg, file=sys.stderr, flush=True)


def run(cmd, bindir, **kw):
    """subprocess.run, retried while a binary is briefly missing (rebuilt).
    Returns (CompletedProcess, wall seconds of the successful attempt);
    subprocess.TimeoutExpired propagates (the child is killed)."""
    for attempt in range(60):
        try:
            t0 = time.monotonic()
            p = subprocess.run(cmd, **kw)
            dt = time.monotonic() - t0
        except subprocess.TimeoutExpired:
            raise
        except OSError:
            if attempt == 59:
                raise
            time.sleep(5)
            continue
        missing = not all(os.access(os.path.join(bindir, b), os.X_OK)
                          for b in ("echo-opt", "echo-models"))
        # A failure while the binaries were being replaced: try again.
        if p.returncode != 0 and (missing or p.returncode in (126, 127)):
            time.sleep(5)
            continue
        return p, dt
    return p, dt


def models_available(bindir):
    p, _ = run([os.path.join(bindir, "echo-models"), "--list"], bindir,
               capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("echo-models --list failed:\n" + p.stderr)
    return [l.split()[0] for l in p.stdout.splitlines()
            if l and not l[0].isspace()]


def pipeline_arg(remat, gist):
    return "--echo-training-pipeline=remat=%s gist=%s" % (remat, gist)


def gen_model(bindir, model, work):
    path = os.path.join(work, model + ".mlir")
    with open(path, "w") as f:
        p, dt = run([os.path.join(bindir, "echo-models"), model], bindir,
                    stdout=f, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("echo-models %s failed: %s" % (model, p.stderr))
    log("  generated %-13s %6.2f s  %8.1f KB" %
        (model, dt, os.path.getsize(path) / 1e3))
    return path, dt


def plan(bindir, model, ir, remat, gist, timeout):
    cmd = [os.path.join(bindir, "echo-opt"), ir, pipeline_arg(remat, gist),
           "--echo-memory-report=format=json", "-o", "/dev/null"]
    try:
        p, dt = run(cmd, bindir, capture_output=True, text=True,
                    timeout=timeout)
    except subprocess.TimeoutExpired:
        log("  TIMEOUT %s remat=%s gist=%s after %.0f s" %
            (model, remat, gist, timeout))
        return {"model": model, "remat": remat, "gist": gist,
                "seconds": float(timeout),
                "error": "timeout: killed after %.0f s" % timeout}
    rec = {"model": model, "remat": remat, "gist": gist, "seconds": dt}
    if p.returncode != 0:
        rec["error"] = (p.stderr.strip().splitlines() or ["rc %d" %
                                                          p.returncode])[0]
        log("  FAILED %s remat=%s gist=%s: %s" % (model, remat, gist,
                                                  rec["error"]))
        return rec
    for line in p.stderr.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            if d.get("function") == "train_step":
                rec["report"] = d
                break
    else:
        rec["error"] = "no train_step report"
    if "report" in rec:
        d = rec["report"]
        log("  %-13s remat=%-6s gist=%-8s %7.2f s  peak %.3f GB  arena %.3f GB"
            % (model, remat, gist, dt, d["planned_peak_bytes"] / 1e9,
               d["arena_bytes"] / 1e9))
    return rec


def _compact_points(pts):
    """Drops repeated points and the middle of three collinear ones: the
    report draws one vertex pair per program point (tens of MB for NMT)."""
    out = []
    for p in pts:
        if out and out[-1] == p:
            continue
        while len(out) >= 2:
            (x0, y0), (x1, y1) = out[-2], out[-1]
            if abs((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)) < 1e-3:
                out.pop()
            else:
                break
        out.append(p)
    return out


def compact_svg(path):
    with open(path) as f:
        text = f.read()

    def repl(m):
        pts = [tuple(float(v) for v in xy.split(","))
               for xy in m.group(1).split()]
        return 'points="%s"' % " ".join("%.1f,%.1f" % p
                                        for p in _compact_points(pts))
    text = re.sub(r'points="([^"]*)"', repl, text)
    with open(path, "w") as f:
        f.write(text)


def nmt_svgs(bindir, ir, work, imgdir):
    """@train_step timelines: differentiate once, make the forward function
    private so --symbol-dce drops it (the SVG shows the first planned
    function), then plan under Baseline and Echo."""
    step = os.path.join(work, "nmt-step.mlir")
    p, _ = run([os.path.join(bindir, "echo-opt"), ir, "--echo-autodiff", "-o",
                step], bindir, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("echo-autodiff on nmt failed: " + p.stderr[-500:])
    with open(step) as f:
        text = f.read()
    text, n = re.subn(r"func\.func @nmt\(", "func.func private @nmt(", text,
                      count=1)
    if n != 1:
        raise RuntimeError("forward function @nmt not found in the step IR")
    only = os.path.join(work, "nmt-step-only.mlir")
    with open(only, "w") as f:
        f.write(text)
    os.makedirs(imgdir, exist_ok=True)
    out = {}
    for name, remat in (("baseline", "none"), ("echo", "echo")):
        svg = os.path.join(imgdir, "nmt-%s.svg" % name)
        p, dt = run([os.path.join(bindir, "echo-opt"), only, "--symbol-dce",
                     pipeline_arg(remat, "none"),
                     "--echo-memory-report=format=svg output=%s" % svg,
                     "-o", "/dev/null"], bindir, capture_output=True,
                    text=True)
        if p.returncode != 0:
            raise RuntimeError("svg %s failed: %s" % (name, p.stderr[-500:]))
        before = os.path.getsize(svg)
        compact_svg(svg)
        out[name] = svg
        log("  wrote %s (%.2f s; %.0f KB, %.0f KB before removing repeated "
            "and collinear points)" % (svg, dt, os.path.getsize(svg) / 1e3,
                                       before / 1e3))
    return out


# ----------------------------------------------------------------- report

def gb(b):
    x = b / 1e9
    return "%.3f" % x if x >= 0.1 or x == 0 else "%.3g" % x


def ratio(a, b):
    return a / b if b else float("nan")


def fmt_ratio(x):
    return "n/a" if x is None else "%.2fx" % x


def policy_name(remat, gist):
    if remat == "none" and gist == "none":
        return "Baseline"
    parts = []
    if remat != "none":
        parts.append({"mirror": "Mirror", "echo": "Echo"}[remat])
    if gist != "none":
        parts.append("Gist " + gist)
    return " + ".join(parts)


def machine_info():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = ", %.0f GB RAM" % (kb / 1e6)
    except (OSError, ValueError, IndexError):
        pass
    osname = platform.system()
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "%s, %d cores%s, %s, Linux %s" % (cpu, os.cpu_count() or 0, mem,
                                             osname, platform.release())


def git_rev(root):
    try:
        rev = subprocess.run(["git", "-C", root, "rev-parse", "--short",
                              "HEAD"], capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True,
                               text=True).stdout.strip()
        return rev + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_report(path, args, models, gen, recs, svgs, wall, started, root,
                 loads):
    R = {(r["model"], r["remat"], r["gist"]): r for r in recs}

    def rep(m, remat, gist):
        r = R.get((m, remat, gist))
        return r.get("report") if r else None

    def ratios(m, remat, gist):
        b, o = rep(m, "none", "none"), rep(m, remat, gist)
        if not b or not o:
            return None, None
        return (ratio(b["planned_peak_bytes"], o["planned_peak_bytes"]),
                ratio(b["arena_bytes"], o["arena_bytes"]))

    def status(m, remat, gist):
        """Why a policy has no ratio: not run, timeout or failed."""
        r = R.get((m, remat, gist))
        if r is None or "skipped" in r:
            return "not run"
        if r.get("error", "").startswith("timeout"):
            return "timeout (%.0f s)" % r["seconds"]
        return "failed"

    def fr(m, remat, gist, which=0):
        x = ratios(m, remat, gist)[which]
        return fmt_ratio(x) if x is not None else status(m, remat, gist)

    def mean(xs):
        xs = [x for x in xs if x is not None]
        return sum(xs) / len(xs) if xs else None

    L = []
    w = L.append
    rel_img = os.path.relpath(args.img_dir, os.path.dirname(
        os.path.abspath(path)))
    w("# Memory footprint results")
    w("")
    w("Generated by `bench/footprint/run.sh` (this file is rewritten from "
      "scratch on every run; do not edit it by hand).")
    w("")
    w("- **Command:** `%s` (from the repository root; `make bench` runs the "
      "same after `make build`)" % args.command)
    w("- **Per run:** `echo-models MODEL > MODEL.mlir` once per model, then "
      "`echo-opt MODEL.mlir --echo-training-pipeline=\"remat=R gist=G\" "
      "--echo-memory-report=format=json -o /dev/null` for R in "
      "none|mirror|echo and G in none|lossless|fp16|fp10|fp8, every model "
      "at its default configuration (`docs/models.md`), at most %d "
      "processes at once" % args.jobs)
    w("- **Machine:** %s" % machine_info())
    w("- **Date:** %s (local time), echo-mlir %s" %
      (started.strftime("%Y-%m-%d %H:%M %Z").strip(), git_rev(root)))
    nruns = len(recs)
    nfail = sum(1 for r in recs if "error" in r
                and not r["error"].startswith("timeout"))
    ntime = sum(1 for r in recs if r.get("error", "").startswith("timeout"))
    nskip = sum(1 for r in recs if "skipped" in r)
    nruns -= nskip
    w("- **Benchmark wall time:** %.0f s for %d models x %d policies: %d "
      "echo-opt runs%s%s (sum of echo-opt wall times %.0f s; model "
      "generation %.1f s)" %
      (wall, len(models), len(POLICIES), nruns,
       (", **%d failed**" % nfail if nfail else "") +
       (", **%d timed out** (killed after %.0f s: %s)" % (
           ntime, args.timeout, ", ".join(
               "%s %s" % (r["model"], policy_name(r["remat"], r["gist"]))
               for r in recs if r.get("error", "").startswith("timeout")))
        if ntime else ""),
       ", %d not run (%s)" % (nskip, "; ".join(
           "%s: %s" % (m, REDUCED[m]) for m in models if m in REDUCED))
       if nskip else "",
       sum(r["seconds"] for r in recs if "skipped" not in r),
       sum(g for _, g in gen.values())))
    if loads:
        w("- **Machine load** (1-minute load average; other work on the "
          "machine inflates the echo-opt times, not the memory figures): "
          "%.1f at the start, %.1f at the end" % loads)
    w("")
    w("## How to read")
    w("")
    w("Every figure is the *planned* memory of one training step "
      "(`@train_step`: forward, backward, gradients; no optimizer state), "
      "computed at compile time by echo-mlir's liveness-based buffer "
      "planner - nothing is executed. *Planned peak* = persistent bytes "
      "(weights, weight gradients, inputs) + the planned arena (stashed "
      "feature maps, encoded stashes, gradient maps and other temporaries, "
      "at one static offset each); GB are 10^9 bytes. *Baseline* is "
      "`remat=none gist=none`. **total** = Baseline planned peak / policy "
      "planned peak: the quantity Echo reports (whole-GPU footprint from "
      "nvidia-smi). **arena** = Baseline arena / policy arena: the quantity "
      "Gist reports (its CNTK baseline counts only stashed and immediately "
      "consumed data, not weights, weight gradients or workspace). Ratios "
      "above 1 are savings; below 1 the policy plans *more* than Baseline. "
      "*Lower bound* is persistent bytes + the most arena bytes live at one "
      "program point; planned peak / lower bound is the planner's "
      "fragmentation. *Recompute* is the FLOPs that remat adds, as a "
      "percentage of forward + backward FLOPs (Gist's decode work is not "
      "counted). *echo-opt s* is the wall time of the whole echo-opt "
      "process, with up to %d echo-opt runs at once. "
      "*Published* quotes the paper figure for the same model and policy "
      "(Echo: RTX 2080 Ti / MXNet, total footprint; Gist: Titan X / CNTK, "
      "arena-like footprint; Dymem: Titan X, offloading) - those systems "
      "include framework workspaces, allocator slack and (for Echo) "
      "optimizer state that a compile-time plan does not have, so compare "
      "ratios, not absolute GB." % args.jobs)
    w("")

    # ---------------------------------------------------------- key figures
    w("## Key figures")
    w("")
    key = []
    t, _ = ratios("nmt", "echo", "none")
    tm, _ = ratios("nmt", "mirror", "none")
    if t is not None:
        key.append("NMT, Echo: **%s** total (published 3.13x); Mirror: "
                   "**%s** (published ~1.35x); Echo over Mirror %s "
                   "(published 2.31x)" % (fmt_ratio(t), fmt_ratio(tm),
                                          fmt_ratio(t / tm)))
    for m, pub in (("deepspeech2", "1.56x"), ("transformer", "1.59x"),
                   ("resnet152", "2.13x")):
        t, _ = ratios(m, "echo", "none")
        tm, _ = ratios(m, "mirror", "none")
        if t is not None:
            key.append("%s, Echo: **%s** total (published %s); Mirror %s" %
                       (m, fmt_ratio(t), pub, fr(m, "mirror", "none")))
    _, a = ratios("alexnet", "none", "fp8")
    _, al = ratios("alexnet", "none", "lossless")
    if a is not None:
        key.append("AlexNet, Gist lossless: **%s** arena (published 1.56x); "
                   "Gist fp8: **%s** arena (published 2.0x)" %
                   (fmt_ratio(al), fmt_ratio(a)))
    for label, group in (("the %d ImageNet CNNs" % len(IMAGENET_CNNS),
                          IMAGENET_CNNS),
                         ("Gist's CNNs (%s)" % ", ".join(GIST_CNNS),
                          GIST_CNNS)):
        ms = [m for m in group if rep(m, "none", "none")]
        if not ms:
            continue
        ll = mean([ratios(m, "none", "lossless")[1] for m in ms])
        f8 = mean([ratios(m, "none", "fp8")[1] for m in ms])
        ch = mean([ratios(m, "none", GIST_CHOICE.get(m, "fp8"))[1]
                   for m in ms])
        f8t = mean([ratios(m, "none", "fp8")[0] for m in ms])
        key.append("Mean over %s: Gist lossless **%s** arena (published "
                   "1.4x avg), Gist fp8 **%s** arena / %s total, Gist at "
                   "each model's accurate format (fp8; fp10 Inception; fp16 "
                   "VGG16) **%s** arena (published 1.8x avg)" %
                   (label, fmt_ratio(ll), fmt_ratio(f8), fmt_ratio(f8t),
                    fmt_ratio(ch)))
    combo = []
    for m in models:
        t, a = ratios(m, "echo", "fp8")
        if t is not None:
            combo.append("%s %s / %s" % (m, fmt_ratio(t), fmt_ratio(a)))
    if combo:
        key.append("Echo + Gist fp8 (total / arena): " + ", ".join(combo))
    for k in key:
        w("- " + k)
    w("")

    worse = []
    for m in models:
        for remat, gist in POLICIES[1:]:
            t, a = ratios(m, remat, gist)
            if t is not None and (t < 0.9995 or a < 0.9995):
                worse.append("%s %s (total %s, arena %s)" %
                             (m, policy_name(remat, gist), fmt_ratio(t),
                              fmt_ratio(a)))
    w("**Policies that plan more than Baseline:** " +
      ("; ".join(worse) if worse else "none") + ".")
    w("")
    nochange = []
    for m in models:
        if all(ratios(m, "none", g)[0] is not None and
               abs(ratios(m, "none", g)[1] - 1) < 5e-4 for g in GISTS[1:]):
            nochange.append(m)
    if nochange:
        w("**Gist changes nothing** (every gist variant without remat "
          "plans the Baseline arena) on: %s - these models stash no "
          "ReLU/max-pool/dropout-style maps Gist encodes. Their gist rows "
          "are still measured and listed." % ", ".join(nochange))
        w("")

    # ---------------------------------------------------------- summary
    w("## Summary (total ratio / arena ratio over Baseline)")
    w("")
    head = ["model", "Baseline GB", "Mirror", "Echo", "Gist lossless",
            "Gist fp8", "Echo + Gist fp8", "best total"]
    w("| " + " | ".join(head) + " |")
    w("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
    for m in models:
        b = rep(m, "none", "none")
        if not b:
            w("| %s | failed |%s" % (m, " |" * (len(head) - 2)))
            continue
        cells = [m, gb(b["planned_peak_bytes"])]
        for remat, gist in (("mirror", "none"), ("echo", "none"),
                            ("none", "lossless"), ("none", "fp8"),
                            ("echo", "fp8")):
            t, a = ratios(m, remat, gist)
            cells.append("%s / %s" % (fmt_ratio(t), fmt_ratio(a))
                         if t is not None else status(m, remat, gist))
        best = max(((ratios(m, r, g)[0], (r, g)) for r, g in POLICIES
                    if ratios(m, r, g)[0] is not None))
        cells.append("%s (%s)" % (fmt_ratio(best[0]), policy_name(*best[1])))
        w("| " + " | ".join(cells) + " |")
    w("")

    # ---------------------------------------------------------- timelines
    if svgs:
        w("## NMT memory timeline")
        w("")
        w("Live arena bytes of NMT's `@train_step` over program points "
          "(one stacked polygon per category: stashed feature maps, "
          "gradient maps, temporaries; weights and inputs are persistent "
          "and not drawn). Baseline keeps every attention energy "
          "`tanh(W_q h + W_k enc)` ([B, S, 512] per decoder step) stashed "
          "until the backward pass; Echo recomputes them from the stashed "
          "projections, so the forward ramp flattens. Made by "
          "`echo-opt nmt-step.mlir --symbol-dce "
          "--echo-training-pipeline=\"remat=R gist=none\" "
          "--echo-memory-report=\"format=svg output=...\"` on the "
          "differentiated step with the forward function made private (the "
          "SVG shows the first planned function).")
        w("")
        for name in ("baseline", "echo"):
            if name in svgs:
                w("![NMT %s](%s/%s)" % (name.capitalize(), rel_img,
                                         os.path.basename(svgs[name])))
                w("")

    # ---------------------------------------------------------- per model
    w("## Per model")
    w("")
    for m in models:
        b = rep(m, "none", "none")
        line = "### %s" % m
        w(line)
        w("")
        if m in gen:
            extra = ""
            if b:
                bd = b["breakdown"]
                extra = (" Baseline: weights %s GB, weight gradients %s GB, "
                         "inputs %s GB, arena %s GB (%d ops in "
                         "@train_step)." %
                         (gb(bd.get("weights", 0)),
                          gb(bd.get("weight_gradients", 0)),
                          gb(bd.get("inputs", 0)), gb(b["arena_bytes"]),
                          b.get("ops", 0)))
            w("`echo-models %s` (default configuration).%s%s" %
              (m, extra, (" " + MODEL_NOTES[m]) if m in MODEL_NOTES else ""))
            w("")
        if m in REDUCED and any("skipped" in R.get((m, r_, g_), {})
                                for r_, g_ in POLICIES):
            w("Rows marked *not run*: %s." % REDUCED[m])
            w("")
        w("| policy | planned peak GB | lower bound GB | total ratio | "
          "arena GB | arena ratio | recompute % | echo-opt s | published |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|---|")
        for remat, gist in POLICIES:
            r = R.get((m, remat, gist))
            pub = PUBLISHED.get((m, remat, gist), "")
            if r is None or "report" not in r:
                if r is None:
                    what = "not run"
                elif "skipped" in r:
                    what = "not run"
                elif r["error"].startswith("timeout"):
                    what = "**timeout**: killed after %.0f s" % r["seconds"]
                else:
                    what = "**failed**: " + r["error"].replace("|",
                                                               "\\|")[:120]
                w("| %s | %s | | | | | | %s | %s |" %
                  (policy_name(remat, gist), what,
                   "%.2f" % r["seconds"] if r and "skipped" not in r else "",
                   pub))
                continue
            d = r["report"]
            fl = d.get("flops", {})
            fb = fl.get("forward", 0) + fl.get("backward", 0)
            rc = 100.0 * fl.get("recompute", 0) / fb if fb else 0.0
            t, a = ratios(m, remat, gist)
            w("| %s | %s | %s | %s | %s | %s | %.2f | %.2f | %s |" %
              (policy_name(remat, gist), gb(d["planned_peak_bytes"]),
               gb(d["lower_bound_bytes"]),
               fmt_ratio(t) if t is not None else "",
               gb(d["arena_bytes"]),
               fmt_ratio(a) if a is not None else "", rc, r["seconds"],
               pub))
        w("")

    # ---------------------------------------------------------- sources
    w("## Published figures used")
    w("")
    w("- **Echo** (Zheng et al., ISCA 2020): footprint reduction over "
      "Baseline of 3.13x (NMT "
      "IWSLT15 en-vi, B=128, Baseline ~10.0 GB, Mirror ~7.4 GB, Echo "
      "~3.0 GB; 2.31x over Mirror), 1.56x (DeepSpeech2), 1.59x "
      "(Transformer), 2.13x (ResNet-152, ImageNet, B=32; 1.57x over "
      "Mirror); 1.89x average. Measured with nvidia-smi on an RTX 2080 Ti "
      "in MXNet: total GPU memory. For DeepSpeech2 Mirror uses more memory "
      "than Baseline.")
    w("- **Gist** (Jain et al., ISCA 2018): memory footprint ratio over the "
      "CNTK baseline, which holds only stashed and immediately consumed "
      "data (no weights, weight gradients, workspace) - the *arena* ratio "
      "here. Lossless (Binarize + SSDC + inplace): >1.5x for AlexNet and "
      "VGG16, 1.4x on average (Fig. 8); AlexNet 1.56x (Fig. 10). Lossless + "
      "DPR at the smallest accurate format (FP8 AlexNet/Overfeat, FP10 "
      "Inception, FP16 VGG16; Fig. 12): up to 2x (AlexNet), 1.8x average "
      "over 5 CNNs (Fig. 8). DPR alone vs. the investigation baseline: "
      "AlexNet FP16 1.18x, FP8 1.48x (Fig. 13). Per-model bars of Figs. 8 "
      "and 13 other than AlexNet are not given in the text.")
    w("- **Dymem** (HPDC 2020): Inception-v4 at B=128, maximum footprint "
      "3650 MB under vDNN -> 2527 MB under Dymem (31% saving, 1.44x); both "
      "offload feature maps to the host, on CIFAR-10 inputs. No policy of "
      "these tables offloads, so this is context for the Inception-v4 "
      "Baseline row only; echo-mlir's offload (`offload=dymem|greedy`) and "
      "its figures (VGG16, ResNet-50, NMT under a PCIe 4 profile) are in "
      "docs/dymem.md.")
    w("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(os.path.join(here, "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--models", default="",
                    help="comma-separated subset (default: all)")
    ap.add_argument("--out", default=os.path.join(root, "docs", "results.md"))
    ap.add_argument("--img-dir", default=os.path.join(root, "docs", "img"))
    ap.add_argument("--json", default="", help="also dump raw records here")
    ap.add_argument("--no-svg", action="store_true")
    ap.add_argument("--full", action="store_true",
                    help="also run the remat + gist rows of %s" %
                    ", ".join(sorted(REDUCED)))
    ap.add_argument("--from-json", default="",
                    help="rewrite the report from a --json dump, no runs")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds before one echo-opt run is killed")
    ap.add_argument("--command", default="bench/footprint/run.sh")
    ap.add_argument("--no-schedule", action="store_true",
                    help="leave out the echo-schedule section "
                    "(bench/dymem/schedule.py)")
    args = ap.parse_args()
    args.jobs = max(1, args.jobs)
    bindir = os.path.abspath(args.bin)

    if args.from_json:
        with open(args.from_json) as f:
            d = json.load(f)
        d.setdefault("command", args.command)
        args.command = d["command"]
        args.jobs = d.get("jobs", args.jobs)
        args.timeout = d.get("timeout", args.timeout)
        kept = schedule_section.read_section(args.out)
        write_report(args.out, args, d["models"],
                     {k: tuple(v) for k, v in d["gen"].items()}, d["runs"],
                     d["svgs"], d["wall"],
                     datetime.datetime.fromisoformat(d["started"]), root,
                     tuple(d["loads"]) if d.get("loads") else None)
        if kept:
            schedule_section.write_section(args.out, kept)
        log("wrote %s from %s" % (args.out, args.from_json))
        return 0
    started = datetime.datetime.now().astimezone()
    load0 = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    t_start = time.monotonic()
    avail = models_available(bindir)
    models = ([m for m in args.models.split(",") if m] if args.models
              else avail)
    unknown = [m for m in models if m not in avail]
    if unknown:
        sys.exit("unknown model(s): %s (echo-models --list: %s)" %
                 (", ".join(unknown), ", ".join(avail)))

    work = tempfile.mkdtemp(prefix="echo-footprint-")
    failed = False
    try:
        log("generating %d models (%d jobs)" % (len(models), args.jobs))
        gen = {}
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            futs = {ex.submit(gen_model, bindir, m, work): m for m in models}
            for f in cf.as_completed(futs):
                gen[futs[f]] = f.result()
        # Longest (estimated) first, so the long deepspeech2 runs start at
        # once and the small ones fill the other slot.
        tasks, recs = [], []
        for m in models:
            size = os.path.getsize(gen[m][0])
            for remat, gist in POLICIES:
                if (m in REDUCED and not args.full and remat != "none"
                        and gist != "none"):
                    recs.append({"model": m, "remat": remat, "gist": gist,
                                 "seconds": 0.0, "skipped": REDUCED[m]})
                    continue
                cost = size * (10 if remat != "none" else 1) * \
                    (2 if gist != "none" else 1)
                tasks.append((cost, m, remat, gist))
        tasks.sort(key=lambda t: -t[0])
        log("planning %d runs (%d not run)" % (len(tasks), len(recs)))
        svgs = {}
        with cf.ThreadPoolExecutor(args.jobs) as ex:
            futs = []
            svg_fut = None
            for cost, m, remat, gist in tasks:
                if (m == "nmt" and svg_fut is None and not args.no_svg
                        and cost < 4 * os.path.getsize(gen[m][0])):
                    svg_fut = ex.submit(nmt_svgs, bindir, gen[m][0], work,
                                        args.img_dir)
                futs.append(ex.submit(plan, bindir, m, gen[m][0], remat,
                                      gist, args.timeout))
            if "nmt" in models and not args.no_svg and svg_fut is None:
                svg_fut = ex.submit(nmt_svgs, bindir, gen["nmt"][0], work,
                                    args.img_dir)
            for f in futs:
                recs.append(f.result())
            if svg_fut is not None:
                try:
                    svgs = svg_fut.result()
                except RuntimeError as e:
                    log("  SVG failed: %s" % e)
                    failed = True
        wall = time.monotonic() - t_start
        failed = failed or any("error" in r for r in recs)
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        loads = ((load0, os.getloadavg()[0]) if load0 is not None else None)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"command": args.command, "jobs": args.jobs,
                           "timeout": args.timeout,
                           "models": models, "runs": recs, "wall": wall,
                           "gen": gen, "svgs": svgs, "loads": loads,
                           "started": started.isoformat()}, f, indent=1)
        write_report(args.out, args, models, gen, recs, svgs, wall, started,
                     root, loads)
        if not args.no_schedule:
            log("echo-schedule section (bench/dymem/schedule.py)")
            rows = schedule_section.measure(
                bindir, schedule_section.DEFAULT_VARIANTS.split(","),
                schedule_section.DEFAULT_POLICIES.split(","), args.jobs)
            schedule_section.write_section(
                args.out, schedule_section.markdown(rows, args.command))
            failed = failed or any(
                r["peaks"]["best"] > r["peaks"]["none"] for r in rows)
        log("wrote %s (%.0f s wall)" % (args.out, wall))
    finally:
        for name in os.listdir(work):
            os.unlink(os.path.join(work, name))
        os.rmdir(work)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
