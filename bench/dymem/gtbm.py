"""GTBM against best-fit in the CPU runtime's dynamic pool.

For each model, generates the training step (echo-models, then
echo-opt --echo-autodiff=optimizer=sgd), then

  echo-run STEP --no-buffer-assign --iterations 2 --pool=P --pool-trace=F

for P in best-fit and gtbm: the first step profiles the pool, the second
runs in a pool sized from it. From the second step's summary line of each
trace it prints the live-bytes peak (the pool's aligned live bytes), the
peak with fragmentation of both policies, and the static plan's arena
(arena_bytes of echo-opt STEP --echo-training-pipeline
--echo-memory-report=format=json), then what the fragmentation is made of,
and draws U_f over time (gtbm_svg.py). Exit status 1 when a run fails or
the two policies' live peaks differ (they serve the same buffers).
--keep DIR keeps the steps and traces; --from DIR reports on them again
without running.
"""

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import gtbm_svg

# Dymem's ResNet-32 comparison (its Figure 15) ran with offload: every conv
# layer's input leaves the device after its forward use and a fresh buffer
# is allocated for its prefetch. "+offload" steps do the same: Dymem's
# candidate rule (conv inputs) with no time budget, so the pool sees the
# frees and allocations of every offload.
OFFLOAD = ["--echo-offload=policy=dymem max-slowdown=100000"]
MODELS = {
    # name: (echo-models arguments, echo-opt passes after autodiff, title)
    "resnet32": (["resnet-cifar", "--depth", "32", "--batch", "100"], [],
                 "ResNet-32 (CIFAR-10, batch 100)"),
    "resnet32+offload": (["resnet-cifar", "--depth", "32", "--batch", "100"],
                         OFFLOAD,
                         "ResNet-32 (CIFAR-10, batch 100), conv inputs "
                         "offloaded"),
    "inception-v4": (["inception-v4", "--batch", "4", "--image-size", "75"],
                     [], "Inception-v4 (batch 4, 75x75)"),
}
POLICIES = ["best-fit", "gtbm"]


def read_trace(path, step):
    """Events and summary of one step of a pool trace."""
    events, summary = [], None
    with open(path) as f:
        rows = [line for line in f if not line.startswith("#")]
    with open(path) as f:
        for line in f:
            if line.startswith("# step=%d " % step):
                summary = dict(kv.split("=") for kv in line[2:].split())
    for row in csv.DictReader(rows):
        if int(row["step"]) == step:
            events.append(row)
    if summary is None:
        raise RuntimeError(f"{path}: no summary of step {step}")
    return events, {k: (v if k == "policy" else int(v))
                    for k, v in summary.items()}


def arena_bytes(echo_opt, step_file):
    out = subprocess.run(
        [echo_opt, step_file, "--echo-training-pipeline",
         "--echo-memory-report=format=json", "-o", "/dev/null"],
        check=True, capture_output=True, text=True).stderr
    for line in out.splitlines():
        if line.startswith("{"):
            report = json.loads(line)
            if report.get("function") == "train_step":
                return report["arena_bytes"]
    raise RuntimeError(f"no @train_step report for {step_file}")


def composition(events):
    """Where the footprint exceeds the live bytes most, and what is live at
    the footprint's peak, by mobility."""
    worst = max(events, key=lambda e: int(e["footprint"]) - int(e["live_bytes"]))
    live_by = {}
    peak_event = max(range(len(events)), key=lambda i: int(events[i]["footprint"]))
    blocks = {}
    for e in events[:peak_event + 1]:
        key = (e["region"], e["offset"])
        if e["op"] == "alloc":
            blocks[key] = e
        else:
            blocks.pop(key, None)
    for e in blocks.values():
        live_by[e["mobility"]] = live_by.get(e["mobility"], 0) + int(e["bytes"])
    uf = [float(e["uf"]) for e in events if e["uf"]]
    # The block that ends highest when the footprint exceeds the live bytes
    # most: what pins the free space below it.
    live, pin = {}, None
    for e in events:
        key = (e["region"], e["offset"])
        if e["op"] == "alloc":
            live[key] = e
        else:
            live.pop(key, None)
        if e is worst:
            pin = {}
            for region in ("low", "high"):
                end = [b for b in live.values() if b["region"] == region]
                if end:
                    pin[region] = max(end, key=lambda b: int(b["offset"]) +
                                      int(b["bytes"]))
    footprints = [int(e["footprint"]) for e in events]
    lives = [int(e["live_bytes"]) for e in events]
    return {
        "mean_footprint": sum(footprints) / len(footprints),
        "mean_live": sum(lives) / len(lives),
        "pin": pin,
        "max_gap": int(worst["footprint"]) - int(worst["live_bytes"]),
        "max_gap_event": int(worst["event"]) - int(events[0]["event"]),
        "peak_event": peak_event,
        "events": len(events),
        "live_at_peak": live_by,
        "uf_mean": sum(uf) / len(uf) if uf else 0.0,
        "uf_max": max(uf) if uf else 0.0,
        "uf_nonzero": sum(1 for u in uf if u > 0),
        "allocs": len(uf),
    }


def mb(x):
    return f"{x / 1e6:,.1f}"


def print_report(rows):
    # "live peak" is the most bytes live at once: no placement of these
    # buffers, by any allocator, has a smaller peak; "floor vs bf" is how far
    # below best-fit any allocator could go.
    print(f"{'model':<18}{'live peak':>14}{'best-fit':>14}{'GTBM':>14}"
          f"{'GTBM vs bf':>12}{'floor vs bf':>12}{'static plan':>14}"
          "   (MB; bytes below)")
    for r in rows:
        bf = r["best-fit"]["peak_with_fragmentation"]
        gt = r["gtbm"]["peak_with_fragmentation"]
        live = r["best-fit"]["peak_live"]
        print(f"{r['model']:<18}{mb(live):>14}{mb(bf):>14}"
              f"{mb(gt):>14}{(gt - bf) / bf * 100:>+11.2f}%"
              f"{(live - bf) / bf * 100:>+11.2f}%{mb(r['arena']):>14}")
        print(f"{'':<18}{live:>14,}{bf:>14,}{gt:>14,}"
              f"{'':>24}{r['arena']:>14,}")
    print()
    print("what the fragmentation is made of (second step):")
    for r in rows:
        for policy in POLICIES:
            s, p = r[policy], r[policy + " parts"]
            live = ", ".join(f"{k} {mb(v)}" for k, v in sorted(p["live_at_peak"].items()))
            print(f"  {r['model']} {policy}: main {mb(s['peak_main'])} + incremental "
                  f"{mb(s['peak_incremental'])} MB (pool {mb(s['main_bytes'])}); "
                  f"peak - live {mb(s['peak_with_fragmentation'] - s['peak_live'])} MB; "
                  f"largest footprint - live {mb(p['max_gap'])} MB at event "
                  f"{p['max_gap_event']} of {p['events']} (footprint peak at "
                  f"{p['peak_event']}); live at the footprint peak: {live} MB; "
                  f"U_f mean {p['uf_mean']:.4f}, max {p['uf_max']:.4f}, > 0 at "
                  f"{p['uf_nonzero']} of {p['allocs']} allocations; "
                  f"mean footprint {mb(p['mean_footprint'])} MB over a mean "
                  f"{mb(p['mean_live'])} MB live"
                  + (f"; {r[policy + ' s']:.0f} s" if r[policy + ' s'] else ""))
            for region, b in sorted((p["pin"] or {}).items(), reverse=True):
                print(f"    at that event the {region} end reaches "
                      f"{mb(int(b['offset']) + int(b['bytes']))} MB by a "
                      f"{int(b['bytes']):,}-byte {b['mobility']} buffer (site "
                      f"{b['site']}) allocated at event "
                      f"{int(b['event']) - int(r[policy + ' first'])}")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models",
                        default="resnet32,resnet32+offload,inception-v4")
    parser.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    parser.add_argument("--svg-dir", default=os.path.join(root, "docs", "img"))
    parser.add_argument("--keep", default="",
                        help="keep the steps and traces in this directory")
    parser.add_argument("--from", dest="source", default="",
                        help="report on the steps and traces a --keep run "
                             "left in this directory instead of running")
    args = parser.parse_args()
    tool = lambda name: os.path.join(args.bin, name)

    tmp = args.source or args.keep or tempfile.mkdtemp(prefix="gtbm-")
    os.makedirs(tmp, exist_ok=True)
    rows, failed = [], False
    for model in args.models.split(","):
        model_args, passes, title = MODELS[model]
        step = os.path.join(tmp, model + ".mlir")
        if not args.source:
            forward = subprocess.run([tool("echo-models")] + model_args,
                                     check=True, capture_output=True, text=True)
            with open(step, "w") as f:
                subprocess.run([tool("echo-opt"), "-",
                                "--echo-autodiff=optimizer=sgd"] + passes,
                               input=forward.stdout, stdout=f, check=True,
                               text=True)
        result = {"model": model, "title": title,
                  "arena": arena_bytes(tool("echo-opt"), step)}
        traces = {}
        for policy in POLICIES:
            trace = os.path.join(tmp, f"{model}-{policy}.csv")
            start = time.time()
            if not args.source:
                run = subprocess.run(
                    [tool("echo-run"), step, "--no-buffer-assign",
                     "--iterations", "2", f"--pool={policy}",
                     f"--pool-trace={trace}"],
                    capture_output=True, text=True)
                if run.returncode != 0:
                    sys.stderr.write(run.stderr)
                    failed = True
                    continue
            events, summary = read_trace(trace, 1)
            result[policy] = summary
            result[policy + " s"] = None if args.source else time.time() - start
            result[policy + " parts"] = composition(events)
            result[policy + " first"] = int(events[0]["event"])
            traces[policy] = events
        if not all(p in result for p in POLICIES):
            continue
        if result["best-fit"]["peak_live"] != result["gtbm"]["peak_live"]:
            failed = True
        rows.append(result)
        svg = os.path.join(args.svg_dir, f"gtbm-{model.replace('+', '-')}.svg")
        gtbm_svg.write(svg, title, traces, result["best-fit"]["main_bytes"],
                       result["gtbm"]["main_bytes"])
        print(f"wrote {os.path.relpath(svg, root)}", file=sys.stderr)

    print_report(rows)
    if not args.keep and not args.source:
        shutil.rmtree(tmp)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
