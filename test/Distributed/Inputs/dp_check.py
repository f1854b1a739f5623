#!/usr/bin/env python3
"""Data-parallel training against one process on the whole batch.

  dp_check.py --bin BIN --ranks N --mpirun "mpirun ..." [--iterations K]
              [--optimizer "sgd lr=0.1"] [--tolerance T] [--shard STAGE]
              DIR MODEL ARGS...

MODEL ARGS are echo-models' arguments with --batch B, the global batch (a
multiple of N). Builds the step at batch B (one process) and at B/N with
--echo-data-parallel=ranks=N, compiles both (echo-compile --shared), draws
one global batch of data (floats from a normal distribution, integers in
[0, 4), so valid labels and token ids for every model), gives rank r rows
[r B/N, (r+1) B/N) of every data argument (dimension 0 is the batch), runs
K iterations of both, the ranks under the launcher twice (once from
per-rank files, once from the whole batch's files with echo-step
--shard-inputs), and checks:

  - the two runs are the same bits, and so are every rank's whole results
    (the loss, the parameters gathered whole);
  - they are within T (relative to each result's largest magnitude) of the
    one-process step's results on the whole batch; a result that is one
    rank's part (--shard: ZeRO's optimizer state, and from stage 3 the
    parameters) is compared with that part of the whole one;
  - each rank's measured peak equals the memory report's plan of its step;
  - with --same-bits-as-bucket-bytes B: the ranks' step built with
    echo-data-parallel bucket-bytes=B (0: one collective per gradient)
    gives every rank the same bits as the default step (its buckets), and
    the line says how many echo.all_reduce ops each step has.

Prints one line per check ('... ok' or '... FAILED: why'); exits 1 on a
failure.
"""

import argparse
import array
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys

TYPECODES = {"f32": ("f", "<f4"), "i32": ("i", "<i4"), "i64": ("q", "<i8")}


def save_npy(path, values, dtype, shape):
    """values (an array.array of dtype) as a version 1.0 .npy file."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        TYPECODES[dtype][1], "".join("%d, " % d for d in shape))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little"))
        f.write(header.encode("latin1"))
        f.write(values.tobytes())


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (
            " ".join(shlex.quote(c) for c in cmd) if isinstance(cmd, list)
            else cmd, p.returncode, p.stderr.strip()[-2000:]))
    return p


def step_arguments(step_text, trainable):
    """(index, shape, dtype) of each argument of @train_step that is
    trainable (trainable=True) or neither trainable nor optimizer state."""
    m = re.search(r"func\.func @train_step\((.*?)\)\s*->", step_text, re.S)
    if not m:
        raise RuntimeError("no @train_step")
    args = re.findall(r"%arg(\d+): tensor<([^>]*)>(\s*\{[^}]*\})?", m.group(1))
    out = []
    for index, type_text, attrs in args:
        if ("echo.trainable" in attrs) != trainable or (
                "echo.optimizer_state" in attrs):
            continue
        parts = type_text.split("x")
        out.append((int(index), [int(d) for d in parts[:-1]], parts[-1]))
    return out


def read_results(path):
    """[(dtype, shape, ndarray)] of an echo-step --dump-results file."""
    data = open(path, "rb").read()
    out, pos = [], 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        header = data[pos:end].decode()
        m = re.match(r"result (\d+) (\w+) \[([0-9, ]*)\] (\d+)$", header)
        if not m:
            raise RuntimeError("bad result header %r in %s" % (header, path))
        nbytes = int(m.group(4))
        raw = data[end + 1:end + 1 + nbytes]
        pos = end + 1 + nbytes + 1
        values = array.array(TYPECODES.get(m.group(2), ("B",))[0])
        values.frombytes(raw)
        out.append((m.group(2), m.group(3), values))
    return out


def planned_peak(report_text):
    for line in report_text.splitlines():
        if line.strip().startswith("{"):
            d = json.loads(line)
            if d.get("function") == "train_step":
                return d["planned_peak_bytes"]
    raise RuntimeError("no memory report of @train_step")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--ranks", type=int, required=True)
    parser.add_argument("--mpirun", required=True)
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--optimizer", default="sgd lr=0.1")
    parser.add_argument("--tolerance", type=float, default=1e-5)
    parser.add_argument("--shard", default="none")
    parser.add_argument("--no-sync-batch-norm", action="store_true",
                        help="each rank normalizes with its own statistics")
    parser.add_argument("--same-bits-as-bucket-bytes", type=int,
                        metavar="B", help="also run the step built with "
                        "bucket-bytes=B and compare its bits")
    parser.add_argument("dir")
    parser.add_argument("model", nargs=argparse.REMAINDER)
    o = parser.parse_args()
    tool = lambda name: os.path.join(o.bin, name)
    os.makedirs(o.dir, exist_ok=True)
    path = lambda name: os.path.join(o.dir, name)
    model = list(o.model)
    batch = int(model[model.index("--batch") + 1])
    if batch % o.ranks:
        print("the batch %d is not a multiple of %d ranks" % (batch, o.ranks))
        return 1
    local = list(model)
    local[local.index("--batch") + 1] = str(batch // o.ranks)
    autodiff = "--echo-autodiff=optimizer=" + o.optimizer

    data_parallel = "--echo-data-parallel=ranks=%d shard=%s%s" % (
        o.ranks, o.shard,
        " sync-batch-norm=false" if o.no_sync_batch_norm else "")
    steps = [("one", model, []), ("rank", local, [data_parallel])]
    if o.same_bits_as_bucket_bytes is not None:
        steps.append(("other", local, [data_parallel + " bucket-bytes=%d" %
                                       o.same_bits_as_bucket_bytes]))
    for name, args, extra in steps:
        forward = run([tool("echo-models")] + args).stdout
        run([tool("echo-opt"), autodiff] + extra + ["-o", path(name + ".mlir")],
            input=forward)
        run([tool("echo-compile"), path(name + ".mlir"), "--shared", "-o",
             path(name + ".so")])

    one_text = open(path("one.mlir")).read()
    rank_text = open(path("rank.mlir")).read()
    rng = random.Random(7)
    inputs_one, inputs_rank = [], []
    # Parameters: the same values in both, each rank given its part where
    # its step takes one (ZeRO-3).
    for (i, shape, dtype), (j, rshape, _) in zip(
            step_arguments(one_text, True), step_arguments(rank_text, True)):
        n = math.prod(shape)
        value = array.array("f", [0.1 * rng.gauss(0.0, 1.0) for _ in range(n)])
        save_npy(path("arg%d.npy" % i), value, "f32", shape)
        inputs_one += ["--inputs", "%d=%s" % (i, path("arg%d.npy" % i))]
        if rshape == shape:
            inputs_rank += ["--inputs", "%d=%s" % (i, path("arg%d.npy" % i))]
            continue
        k = rshape[0]
        for r in range(o.ranks):
            part = value[r * k:(r + 1) * k]
            part.extend([0.0] * (k - len(part)))
            save_npy(path("arg%d.rank%d.npy" % (i, r)), part, "f32", [k])
        inputs_rank += ["--inputs",
                        "%d=%s" % (i, path("arg%d.rank$OMPI_COMM_WORLD_RANK.npy" % i))]
    for (i, shape, dtype), (j, rshape, _) in zip(
            step_arguments(one_text, False), step_arguments(rank_text, False)):
        if i == j and shape == rshape and dtype == "f32":
            # Not split: state every rank holds whole (batch-norm running
            # statistics), the same values as one process's.
            n = math.prod(shape)
            value = array.array("f", [abs(rng.gauss(0.0, 1.0)) for _ in range(n)])
            save_npy(path("arg%d.npy" % i), value, dtype, shape)
            inputs_one += ["--inputs", "%d=%s" % (i, path("arg%d.npy" % i))]
            inputs_rank += ["--inputs", "%d=%s" % (i, path("arg%d.npy" % i))]
            continue
        if i != j or shape[0] != rshape[0] * o.ranks or shape[1:] != rshape[1:]:
            print("argument %d: %s is not %d ranks' %s along dimension 0" %
                  (i, shape, o.ranks, rshape))
            return 1
        if dtype not in TYPECODES:
            print("argument %d: no data of %s" % (i, dtype))
            return 1
        n = math.prod(shape)
        value = array.array(TYPECODES[dtype][0],
                            [rng.gauss(0.0, 1.0) if dtype == "f32"
                             else rng.randrange(4) for _ in range(n)])
        save_npy(path("arg%d.npy" % i), value, dtype, shape)
        inputs_one += ["--inputs", "%d=%s" % (i, path("arg%d.npy" % i))]
        rows = n // o.ranks
        for r in range(o.ranks):
            save_npy(path("arg%d.rank%d.npy" % (i, r)),
                     value[r * rows:(r + 1) * rows], dtype,
                     [shape[0] // o.ranks] + shape[1:])
        inputs_rank += ["--inputs",
                        "%d=%s" % (i, path("arg%d.rank$OMPI_COMM_WORLD_RANK.npy" % i))]

    common = ["--iterations", str(o.iterations), "--seed", "0"]
    run([tool("echo-step"), path("one.so")] + common + inputs_one +
        ["--dump-results", path("one.bin")])
    # Run a gives each rank its own files; run b the whole batch's, of
    # which echo-step --shard-inputs takes the rank's rows and parts.
    attempts = [("a", "rank.so", inputs_rank),
                ("b", "rank.so", inputs_one + ["--shard-inputs"])]
    if o.same_bits_as_bucket_bytes is not None:
        attempts.append(("c", "other.so", inputs_rank))
    for attempt, step, inputs in attempts:
        out = path("%s.rank$OMPI_COMM_WORLD_RANK" % attempt)
        rank_cmd = " ".join([shlex.quote(tool("echo-step")),
                             shlex.quote(path(step))] + common +
                            [shlex.quote(a).replace("'", '"')
                             for a in inputs] +
                            ["--dump-results", out + ".bin",
                             "--memory-stats=json", ">", out + ".stats"])
        run("%s -np %d sh -c %s" % (o.mpirun, o.ranks, shlex.quote(rank_cmd)),
            shell=True)

    failed = False
    def check(ok, what, why=""):
        nonlocal failed
        failed |= not ok
        print("%s %s" % (what, "ok" if ok else "FAILED: " + why))

    one = read_results(path("one.bin"))
    runs = {(a, r): read_results(path("%s.rank%d.bin" % (a, r)))
            for a in "ab" for r in range(o.ranks)}
    differing = [("rank %d" % r) for r in range(o.ranks)
                 if open(path("a.rank%d.bin" % r), "rb").read() !=
                 open(path("b.rank%d.bin" % r), "rb").read()]
    for r in range(o.ranks):
        for k, ((_, s1, a), (_, s2, b)) in enumerate(zip(runs["a", 0],
                                                         runs["a", r])):
            if s1 == one[k][1] and a.tobytes() != b.tobytes():
                differing.append("rank %d result %d" % (r, k))
    check(not differing, "%d ranks x 2 runs: same bits" % o.ranks,
          "differ: " + ", ".join(differing))

    worst, parts = 0.0, 0
    for k, (_, whole_shape, whole) in enumerate(one):
        for r in range(o.ranks):
            _, shape, mine = runs["a", r][k]
            if shape == whole_shape:
                reference = whole
            else:  # this rank's part of the whole, zeros past its end
                parts += r == 0
                n = len(mine)
                reference = whole[r * n:(r + 1) * n]
                reference.extend([0.0] * (n - len(reference)))
            if len(reference) != len(mine):
                check(False, "result %d" % k, "%s vs %s" % (shape, whole_shape))
                continue
            scale = max(max((abs(x) for x in reference), default=0.0), 1e-30)
            diff = max((abs(x - y) for x, y in zip(reference, mine)),
                       default=0.0)
            worst = max(worst, diff / scale)
    check(len(one) == len(runs["a", 0]) and worst <= o.tolerance,
          "within %g of one process on the whole batch (max relative "
          "difference %.2e over %d results, %d of them parts)" %
          (o.tolerance, worst, len(one), parts),
          "%d vs %d results, %.3e" % (len(one), len(runs["a", 0]), worst))

    report = run([tool("echo-opt"), path("rank.mlir"), "--echo-training-pipeline",
                  "--echo-memory-report=format=json", "-o", os.devnull]).stderr
    planned = planned_peak(report)
    measured = set()
    for r in range(o.ranks):
        lines = [l for l in open(path("a.rank%d.stats" % r)) if l.strip()]
        measured.add(json.loads(lines[-1])["peak_bytes"])
    check(measured == {planned}, "per-rank peak == plan (%d bytes)" % planned,
          "measured %s" % sorted(measured))

    if o.same_bits_as_bucket_bytes is not None:
        count = lambda name: open(path(name + ".mlir")).read().count(
            "echo.all_reduce ")
        differing = [r for r in range(o.ranks)
                     if open(path("a.rank%d.bin" % r), "rb").read() !=
                     open(path("c.rank%d.bin" % r), "rb").read()]
        check(not differing, "bucket-bytes=%d (%d all-reduces): the same "
              "bits as the default buckets (%d all-reduces)" %
              (o.same_bits_as_bucket_bytes, count("other"), count("rank")),
              "ranks %s differ" % differing)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        print("ERROR", e)
        sys.exit(1)
