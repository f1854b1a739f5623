"""Planned peak and simulated step time of @train_step under echo-offload.

For every model (echo-models MODEL, default configuration), memory policy
and offload policy, runs

  echo-opt MODEL.mlir --echo-training-pipeline="remat=R gist=G offload=O \
      device-profile=D simulate=true" --echo-memory-report=format=json -o /dev/null

and prints the memory report's planned_peak_bytes and simulated_step
(Dymem's Figure 14 split: step, overlapped, transfer only, compute only)
side by side, with the change of peak and step time against offload=none
of the same memory policy. Exits non-zero when an offload policy's
simulated step is more than --max-slowdown percent above offload=none (the
passes keep it within their own budget, which this checks end to end).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

POLICIES = {
    "baseline": "remat=none gist=none",
    "echo": "remat=echo gist=none",
    "echo+gist-fp8": "remat=echo gist=fp8",
}


def report(echo_opt, model_file, options):
    out = subprocess.run(
        [echo_opt, model_file, f"--echo-training-pipeline={options}",
         "--echo-memory-report=format=json", "-o", "/dev/null"],
        check=True, capture_output=True, text=True).stderr
    for line in out.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            if r.get("function") == "train_step":
                return r
    raise RuntimeError(f"no @train_step report for {model_file} {options}")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="vgg16,resnet50,nmt")
    parser.add_argument("--policies", default="baseline,echo,echo+gist-fp8")
    parser.add_argument("--offload", default="dymem,greedy")
    parser.add_argument("--device", default="pcie4")
    parser.add_argument("--max-slowdown", type=float, default=5.0)
    parser.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    args = parser.parse_args()
    echo_opt = os.path.join(args.bin, "echo-opt")
    echo_models = os.path.join(args.bin, "echo-models")

    print(f"{'model':<10}{'policy':<15}{'offload':<8}{'planned peak':>16}"
          f"{'vs none':>9}{'step ms':>10}{'vs none':>9}{'overlap':>9}"
          f"{'xfer only':>10}{'comp only':>10}")
    slow = False
    with tempfile.TemporaryDirectory() as tmp:
        for model in args.models.split(","):
            path = os.path.join(tmp, model + ".mlir")
            with open(path, "w") as f:
                subprocess.run([echo_models, model], check=True, stdout=f)
            for policy in args.policies.split(","):
                base = None
                for offload in ["none"] + args.offload.split(","):
                    r = report(echo_opt, path,
                               f"{POLICIES[policy]} offload={offload} "
                               f"device-profile={args.device} simulate=true")
                    s = r["simulated_step"]
                    peak, step = r["planned_peak_bytes"], s["step_seconds"]
                    if base is None:
                        base = (peak, step)
                    dpeak, dstep = peak / base[0] - 1, step / base[1] - 1
                    slow |= dstep * 100 > args.max_slowdown + 1e-9
                    print(f"{model:<10}{policy:<15}{offload:<8}{peak:>16,}"
                          f"{dpeak:>+9.1%}{step * 1e3:>10.3f}{dstep:>+9.2%}"
                          f"{s['overlapped_seconds'] * 1e3:>9.3f}"
                          f"{s['transfer_only_seconds'] * 1e3:>10.3f}"
                          f"{s['compute_only_seconds'] * 1e3:>10.3f}")
    if slow:
        print(f"error: an offload policy's simulated step is more than "
              f"{args.max_slowdown}% above offload=none", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
