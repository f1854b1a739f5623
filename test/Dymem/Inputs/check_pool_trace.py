"""Checks an echo-run --pool-trace file: per step, every allocation is freed
by the step's end; offsets are 256-byte aligned; no two live buffers overlap
in the main space (low blocks at their offset, high blocks below the main
space's end) or in the incremental space; under GTBM movable buffers are at
the low end, temporaries at the high end, reclaimed ones in the incremental
space, under best-fit all at the low end; the summary's figures agree with
the events. Prints one line per step; exit 1 with the first violation."""

import csv
import sys

REGION = {"gtbm": {"movable": "low", "temporary": "high",
                   "reclaimed": "incremental"},
          "best-fit": {"movable": "low", "temporary": "low",
                       "reclaimed": "low"}}


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main(path):
    lines = open(path).read().splitlines()
    summaries = {}
    for line in lines:
        if line.startswith("# "):
            s = dict(kv.split("=") for kv in line[2:].split())
            summaries[int(s["step"])] = s
    events = list(csv.DictReader(l for l in lines if not l.startswith("#")))
    for step, s in sorted(summaries.items()):
        policy, size = s["policy"], int(s["main_bytes"])
        live, peak_live = {}, 0
        for e in (e for e in events if int(e["step"]) == step):
            key = (e["region"], int(e["offset"]))
            begin, n = int(e["offset"]), int(e["bytes"])
            if e["op"] == "free":
                if key not in live:
                    fail(f"step {step}: free of {key} never allocated")
                del live[key]
                continue
            if begin % 256:
                fail(f"step {step}: offset {begin} not aligned")
            if REGION[policy][e["mobility"]] != e["region"]:
                fail(f"step {step}: {e['mobility']} buffer in {e['region']}")
            if e["region"] == "high" and size:
                begin = size - begin - n
            # While profiling the main space's end is not known (size 0):
            # the two ends are checked apart.
            space = "main" if e["region"] != "incremental" and size else e["region"]
            for (region, offset), (other_space, b, m) in live.items():
                if other_space == space and begin < b + m and b < begin + n:
                    fail(f"step {step}: event {e['event']} overlaps {region} {offset}")
            if size and space == "main" and begin + n > size:
                fail(f"step {step}: block beyond the main space")
            live[key] = (space, begin, n)
            peak_live = max(peak_live, int(e["live_bytes"]))
        if live:
            fail(f"step {step}: {len(live)} buffers never freed")
        frag, plive = int(s["peak_with_fragmentation"]), int(s["peak_live"])
        if frag < plive or plive < peak_live:
            fail(f"step {step}: peak {frag} below live {plive} / {peak_live}")
        if size and int(s["peak_main"]) > size:
            fail(f"step {step}: peak_main above the pool")
        print(f"step {step} {policy} profiling={s['profiling']} ok: "
              f"overflows={s['overflows']} sized={'yes' if size else 'no'}")


if __name__ == "__main__":
    main(sys.argv[1])
