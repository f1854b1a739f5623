"""Planned peak of @train_step under echo-schedule's orders.

For every model (echo-models MODEL, default configuration) and memory policy,
runs

  echo-opt MODEL.mlir --echo-training-pipeline="remat=R gist=G schedule=S" \
      --echo-memory-report=format=json -o /dev/null

for S in none, dfs and best, and prints the memory report's
planned_peak_bytes side by side. `best` must never be above `none`; the
script exits non-zero if it is.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

POLICIES = {
    "baseline": "remat=none gist=none",
    "echo": "remat=echo gist=none",
    "echo+gist-fp8": "remat=echo gist=fp8",
}
SCHEDULES = ["none", "dfs", "best"]


def planned_peak(echo_opt, model_file, options):
    out = subprocess.run(
        [echo_opt, model_file, f"--echo-training-pipeline={options}",
         "--echo-memory-report=format=json", "-o", "/dev/null"],
        check=True, capture_output=True, text=True).stderr
    for line in out.splitlines():
        if line.startswith("{"):
            report = json.loads(line)
            if report.get("function") == "train_step":
                return report["planned_peak_bytes"]
    raise RuntimeError(f"no @train_step report for {model_file} {options}")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="resnet50,resnet152,inception-v4")
    parser.add_argument("--policies", default="baseline,echo")
    parser.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    args = parser.parse_args()
    echo_opt = os.path.join(args.bin, "echo-opt")
    echo_models = os.path.join(args.bin, "echo-models")

    print(f"{'model':<14}{'policy':<15}"
          + "".join(f"{'schedule=' + s:>20}" for s in SCHEDULES)
          + f"{'best vs none':>14}{'best s':>8}")
    worse = False
    with tempfile.TemporaryDirectory() as tmp:
        for model in args.models.split(","):
            path = os.path.join(tmp, model + ".mlir")
            with open(path, "w") as f:
                subprocess.run([echo_models, model], check=True, stdout=f)
            for policy in args.policies.split(","):
                peaks = {}
                for schedule in SCHEDULES:
                    start = time.time()
                    peaks[schedule] = planned_peak(
                        echo_opt, path,
                        f"{POLICIES[policy]} schedule={schedule}")
                    seconds = time.time() - start
                change = peaks["best"] / peaks["none"] - 1
                worse |= peaks["best"] > peaks["none"]
                print(f"{model:<14}{policy:<15}"
                      + "".join(f"{peaks[s]:>20,}" for s in SCHEDULES)
                      + f"{change:>+13.3%}{seconds:>8.1f}")
    if worse:
        print("error: schedule=best planned more than schedule=none",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
