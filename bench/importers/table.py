#!/usr/bin/env python3
"""Every torchvision classifier through both import paths, and its memory.

For each classifier of `torchvision.models.list_models(module=
torchvision.models)` one row (docs/importers.md, "Every torchvision
classifier"):

  input        batch 2, 3 channels, the side `input_side` picks
  params       trainable parameters (PyTorch's count)
  echo-torch   `echo-torch torchvision:NAME --no-dropout`: ok, or the
               first line of its error
  torch-mlir   `bench/importers/check_export.sh EXPORTS/NAME.mlir`: PASS or
               the stage that failed; `-` when EXPORTS has no NAME.mlir
  oracle       with --oracle: `torch_oracle.py --models NAME` (same input
               and classes), its result and largest gradient error; else `-`
  Baseline, Echo, Echo + Gist fp8
               planned_peak_bytes of @train_step from
               `echo-opt model.mlir --echo-training-pipeline="remat=R gist=G"
               --echo-memory-report=format=json` on echo-torch's export
  PyTorch      the peak PyTorch measures for the same step (measure_torch)

Each model's row is cached as WORK/NAME/row.json (and the oracle's as
WORK/NAME/oracle.json), so an interrupted run resumes; --fresh recomputes.
Models run smallest first, rows are printed in list_models order. Writes
the Markdown table between the markers of --doc unless --no-doc.

  /usr/bin/python3 bench/importers/table.py [--models a,b] [--oracle]
      [--exports DIR] [--work DIR] [--bin DIR] [--deadline HH:MM]
  /usr/bin/python3 bench/importers/table.py --self-test
"""

import argparse
import datetime
import json
import os
import re
import resource
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
BEGIN = "<!-- BEGIN torchvision-table -->"
END = "<!-- END torchvision-table -->"
POLICIES = [("Baseline", "remat=none gist=none"),
            ("Echo", "remat=echo gist=none"),
            ("Echo + Gist fp8", "remat=echo gist=fp8")]
BATCH = 2
DEFAULT_SIDE = 64
# Constructor arguments: GoogLeNet and Inception v3 return a tuple of
# logits in train mode with their auxiliary classifiers; the table trains
# the main classifier only (as torch_oracle.py does).
KWARGS = {"googlenet": {"aux_logits": False, "init_weights": True},
          "inception_v3": {"aux_logits": False, "init_weights": True}}


def input_side(name, min_size):
    """64, or the smallest size torchvision's weights declare when larger
    (Inception v3 75, ViT/Swin/MaxViT 224, Swin v2 256); VGG at
    32, its smallest: its adaptive pooling to 7x7 then replicates a 1x1
    map, which echo-torch maps, while 64's 2x2 map would need bins of
    different sizes."""
    if name.startswith("vgg"):
        return 32
    return max(DEFAULT_SIDE, min_size)


def classifiers():
    """(name, min side) of every classifier, in list_models order."""
    import torchvision.models as tvm
    if hasattr(tvm, "list_models"):
        names = tvm.list_models(module=tvm)
        # The smallest over the weights: ViT-H's E2E weights are for 518,
        # its constructor (and its linear-probe weights) for 224.
        return [(n, min(max(w.meta.get("min_size", (1, 1))) for w in tvm.get_model_weights(n)))
                for n in names]
    # torchvision < 0.14: the lower-case builders of the package.
    return [(n, 1) for n in sorted(dir(tvm)) if n[0].islower() and callable(getattr(tvm, n))
            and not n.startswith("get_")]


# ---------------------------------------------------------------------------
# PyTorch's measured peak
# ---------------------------------------------------------------------------

def peak_of_deltas(deltas):
    """(maximum, final value) of the running sum of allocation deltas
    (bytes, + allocated, - freed) in time order, starting at 0."""
    run = peak = 0
    for d in deltas:
        run += d
        peak = max(peak, run)
    return peak, run


def memory_deltas(prof):
    """The CPU allocator's events of a torch.profiler run, in the order they
    happened: every allocation (+bytes) and free (-bytes) through c10's CPU
    allocator, which is every tensor's storage."""
    events = [e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"
              and str(e.device_type()) == "DeviceType.CPU"]
    # Stable: events of the same microsecond keep their record order.
    events.sort(key=lambda e: e.start_us())
    return [e.nbytes() for e in events]


def tensor_bytes(ts):
    return sum(t.numel() * t.element_size() for t in ts)


def measure_step(model, x, labels):
    """Peak bytes of one training step (forward, cross-entropy, backward) of
    `model` in its current mode, counted as echo's plan counts a step:
    persistent = parameters + their gradients + buffers (batch-norm running
    statistics) + the batch and labels, all live for the whole step (the
    gradients are allocated, zero, before it, as echo's out-parameters
    are, and as PyTorch 1.13 keeps them between steps with zero_grad());
    plus the most bytes the step itself holds at once, from the profiler's
    allocation events. Returns a dict of the parts."""
    import torch
    import torch.nn.functional as F
    from torch.profiler import ProfilerActivity, profile
    params = [p for p in model.parameters() if p.requires_grad]
    for p in params:
        p.grad = torch.zeros_like(p)
    persistent = (2 * tensor_bytes(params) + tensor_bytes(model.buffers())
                  + tensor_bytes([x, labels]))
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        loss = F.cross_entropy(model(x), labels)
        loss.backward()
    step_peak, step_end = peak_of_deltas(memory_deltas(prof))
    del loss
    return {"persistent": persistent, "step_peak": step_peak, "step_end": step_end,
            "peak": persistent + step_peak}


def echo_torch_module():
    sys.path.insert(0, os.path.join(ROOT, "tools", "echo-torch"))
    import echo_torch
    return echo_torch


def build_model(name):
    import torch
    import torchvision.models as tvm
    torch.manual_seed(0)
    kwargs = KWARGS.get(name, {})
    if hasattr(tvm, "get_model"):
        return tvm.get_model(name, weights=None, **kwargs)
    return getattr(tvm, name)(weights=None, **kwargs)


def measure_torch(name, side):
    """PyTorch's peak for NAME's step on echo-torch's batch (seed 0), f32,
    train mode with dropout and stochastic depth as the identity (eval
    mode, as echo-torch --no-dropout exports them)."""
    import torch
    torch.set_num_threads(1)
    model = build_model(name)
    model.train()
    try:
        from torchvision.ops import StochasticDepth
        drops = (torch.nn.Dropout, torch.nn.Dropout2d, StochasticDepth)
    except ImportError:
        drops = (torch.nn.Dropout, torch.nn.Dropout2d)
    for m in model.modules():
        if isinstance(m, drops):
            m.eval()
    classes = None
    for m in model.modules():
        if isinstance(m, torch.nn.Linear):
            classes = m.out_features  # the last Linear is the classifier
    x, labels = echo_torch_module().make_inputs([BATCH, 3, side, side], classes or 1000, 0)
    r = measure_step(model, x, labels)
    r["params"] = sum(p.numel() for p in model.parameters() if p.requires_grad)
    return r


def self_test():
    """The measurement and the parsers on cases worked out by hand."""
    import torch
    torch.manual_seed(0)
    # Linear(1000 -> 100), batch 2. Step: logits [2,100] 800 B, log_softmax
    # 800, loss and NLL's total weight 4 + 4, the logits freed (log_softmax
    # saves its output); backward: seed 4, NLL grad 800, log-softmax grad
    # 800; then the weight's gradient [100,1000] 400000 and the bias's 400
    # are computed while the logits' gradient (800), the loss and the total
    # weight are live: 400000 + 400 + 800 + 4 + 4 = 401208. Both new
    # gradients are added into the preallocated .grad and freed; the loss
    # (4) is what is left.
    m = torch.nn.Linear(1000, 100)
    x = torch.randn(2, 1000)
    y = torch.tensor([1, 2])
    r = measure_step(m, x, y)
    assert r["step_peak"] == 401208, r
    assert r["step_end"] == 4, r
    # 2 * (100000 + 100) parameters and gradients, x 8000, labels 2 x i64.
    assert r["persistent"] == 2 * 4 * 100100 + 8000 + 16, r
    assert peak_of_deltas([8, -4, 10, -14]) == (14, 0)
    report = ('{"function":"forward","planned_peak_bytes":1}\n'
              'remark: x\n{"function":"train_step","planned_peak_bytes":95336268,'
              '"persistent_bytes":1}\n')
    assert train_step_report(report)["planned_peak_bytes"] == 95336268
    assert parse_check_export("resnet18 | import | 80 echo ops\nresnet18: PASS\n") == "PASS"
    assert parse_check_export("m | train | loss 3.1 -> nan\nm: FAIL at train\n") == \
        "FAIL at train: loss 3.1 -> nan"
    row = ("| resnet18 | 2x3x64x64 | 11181642 | 20 | 1.994153 | 8.4e-08 | 4.0e-06 (conv1.weight)"
           " | 3.3e-06 | 8.7e-07 | 3.6e-03 | 9.1e-07 | yes | 1.5e-05 | 1.3e-05 | FAIL |")
    assert parse_oracle("header\n" + row + "\n", "resnet18") == \
        "FAIL (grad err 4.0e-06, step param err 3.6e-03)"
    assert parse_oracle(row.replace("8.7e-07", "2.0e-05") + "\n", "resnet18") == \
        "FAIL (grad err 4.0e-06, step param err 3.6e-03; step loss err 2.0e-05)"
    assert parse_oracle("| vgg11 | | | | | | | | | | | | | | not exported: avgpool: x |\n",
                        "vgg11") == "not exported: avgpool: x"
    text = "a\n%s\nold\n%s\nb\n" % (BEGIN, END)
    assert replace_between(text, "new\n") == "a\n%s\nnew\n%s\nb\n" % (BEGIN, END)
    print("self-test passed: Linear(1000, 100) step peak %d bytes, persistent %d"
          % (r["step_peak"], r["persistent"]))


# ---------------------------------------------------------------------------
# echo side
# ---------------------------------------------------------------------------

def run(cmd, timeout, **kw):
    """(returncode, stdout, stderr); returncode None on a timeout. A tool
    missing or not executable is retried for up to 5 minutes: the build
    may be relinking it."""
    for attempt in range(11):
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=timeout, **kw)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            return None, "", "timed out after %d s" % timeout
        except (PermissionError, FileNotFoundError):
            if attempt == 10:
                raise
            time.sleep(30)


def first_line(text, limit=160):
    """The error's first line: the first line saying `error`, else the
    first line (Python's warnings come before the tool's message), or a
    traceback's last line (the exception)."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    errors = [l for l in lines if "error" in l.lower()]
    if errors:
        line = errors[0]
    elif lines and lines[0].startswith("Traceback"):
        line = lines[-1]
    else:
        line = lines[0] if lines else ""
    line = line.replace("|", "\\|")
    return line if len(line) <= limit else line[:limit - 3] + "..."


def train_step_report(stderr):
    """The JSON object of @train_step among echo-memory-report's lines."""
    for line in stderr.splitlines():
        if line.startswith("{"):
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if d.get("function") == "train_step":
                return d
    return None


def parse_check_export(stdout):
    """check_export.sh's verdict: PASS, or the failed stage and its detail."""
    lines = stdout.strip().splitlines()
    if not lines:
        return "no output"
    last = lines[-1]
    if last.endswith(": PASS"):
        return "PASS"
    m = re.search(r": FAIL at (.*)$", last)
    if not m:
        return first_line(last)
    stage = m.group(1)
    detail = ""
    for l in lines[:-1]:
        parts = l.split(" | ", 2)
        if len(parts) == 3 and parts[1] == stage:
            detail = parts[2]
    return "FAIL at %s: %s" % (stage, first_line(detail, 120)) if detail else "FAIL at " + stage


def parse_oracle(stdout, name):
    """torch_oracle.py's row for NAME: PASS/FAIL with the largest gradient
    error and step parameter-change error, or its message."""
    for l in stdout.splitlines():
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        if len(cells) < 15 or cells[0] != name:
            continue
        result = cells[-1]
        if not cells[1]:
            return first_line(result, 120)
        text = "%s (grad err %s, step param err %s" % (result, cells[6].split(" ")[0], cells[9])
        if result != "PASS":
            # What failed, against the oracle's default tolerances.
            over = ["%s %s" % (what, cells[i]) for i, what, tol in
                    ((5, "loss err", 1e-5), (8, "step loss err", 1e-5),
                     (10, "BN stats err", 1e-3)) if _num(cells[i]) > tol]
            if cells[11] != "yes":
                over.append("--iterations differs from the chained steps")
            text += "; " + ", ".join(over) if over else ""
        return text + ")"
    return "no row"


def _num(cell):
    try:
        return float(cell)
    except ValueError:  # "-": not applicable
        return 0.0


def echo_row(name, side, a, work):
    """The echo columns: export, the three planned peaks."""
    row = {}
    out = os.path.join(work, "export")
    cmd = [os.path.join(a.bin, "echo-torch"), "torchvision:" + name, "--input-shape",
           "%d,3,%d,%d" % (BATCH, side, side), "--out", out, "--no-dropout"]
    if name in KWARGS:
        cmd[1] += ":" + ",".join("%s=%s" % kv for kv in KWARGS[name].items())
    rc, so, se = run(cmd, a.timeout)
    if rc != 0:
        row["export"] = first_line(se or so) or "exit %s" % rc
        return row
    row["export"] = "ok"
    model = os.path.join(out, "model.mlir")
    for label, policy in POLICIES:
        rc, so, se = run([os.path.join(a.bin, "echo-opt"), model,
                          "--echo-training-pipeline=" + policy,
                          "--echo-memory-report=format=json", "-o", os.devnull], a.timeout)
        d = train_step_report(se) if rc == 0 else None
        row[label] = d["planned_peak_bytes"] if d else "error: " + first_line(se)
    # The weights are only needed to run the step, which this table does not.
    for f in os.listdir(out):
        if f.endswith(".npy"):
            os.remove(os.path.join(out, f))
    return row


def torch_row(name, side, a):
    """measure_torch in a child process: a fresh heap per model, and a
    memory limit so that one large network cannot take the machine."""
    def limit():
        lim = int(a.torch_memory_gib * 2 ** 30)
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    rc, so, se = run([sys.executable, os.path.abspath(__file__), "--measure-torch",
                      "%s:%d" % (name, side)], a.timeout, preexec_fn=limit)
    if rc == 0:
        return json.loads(so.strip().splitlines()[-1])
    if rc is None:
        return {"error": "timed out after %d s" % a.timeout}
    msg = first_line(se)
    if "MemoryError" in se or "DefaultCPUAllocator: can't allocate" in se or "std::bad_alloc" in se:
        msg = "over the %g GiB limit of the measurement" % a.torch_memory_gib
    return {"error": msg}


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def save(path, obj):
    with open(path + ".tmp", "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)


def model_row(name, min_size, a, late=False):
    """NAME's row, from the cache where it has one; `late` (past the
    deadline): nothing new is run, missing columns say 'not run'."""
    work = os.path.join(a.work, name)
    os.makedirs(work, exist_ok=True)
    side = input_side(name, min_size)
    path = os.path.join(work, "row.json")
    row = None if a.fresh else load(path)
    if (row is None or row.get("side") != side) and late:
        row = {"name": name, "side": side, "export": "not run",
               "torch": {"error": "not run"}}
    elif row is None or row.get("side") != side:
        t = time.time()
        row = {"name": name, "side": side}
        row["torch"] = torch_row(name, side, a)
        row.update(echo_row(name, side, a, work))
        row["seconds"] = round(time.time() - t, 1)
        save(path, row)
    export = os.path.join(a.exports, name + ".mlir") if a.exports else None
    if export and os.path.exists(export):
        cpath = os.path.join(work, "check_export.json")
        c = None if a.fresh else load(cpath)
        if (c is None or c.get("export") != export) and late:
            c = {"status": "not run"}
        elif c is None or c.get("export") != export:
            env = dict(os.environ, BIN=a.bin)
            rc, so, se = run(["bash", os.path.join(HERE, "check_export.sh"), export,
                              os.path.join(work, "torch-mlir")], a.timeout * 4, env=env)
            c = {"export": export,
                 "status": parse_check_export(so) if rc is not None else "timed out"}
            save(cpath, c)
        row["torch-mlir"] = c["status"]
    else:
        row["torch-mlir"] = "-"
    row["oracle"] = "-"
    if a.oracle:
        opath = os.path.join(work, "oracle.json")
        o = None if a.fresh else load(opath)
        if (o is None or o.get("side") != side) and late:
            o = {"status": "not run"}
        elif o is None or o.get("side") != side:
            rc, so, se = run([sys.executable, os.path.join(ROOT, "bench", "torch-oracle",
                                                           "torch_oracle.py"),
                              "--bin", a.bin, "--models", name, "--image-size", str(side),
                              "--num-classes", "1000", "--work", os.path.join(work, "oracle")],
                             a.timeout * 4)
            o = {"side": side, "status": parse_oracle(so, name) if rc is not None
                 else "timed out",
                 "row": [l for l in so.splitlines() if l.startswith("| %s |" % name)]}
            save(opath, o)
        if o.get("row"):
            o["status"] = parse_oracle("\n".join(o["row"]), name)
        row["oracle"] = o["status"]
    return row


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

def mib(v):
    if isinstance(v, int):
        return "%.1f" % (v / 2 ** 20)
    return v or "-"


def markdown(rows, a):
    # The exact command, relative to the repository root.
    argv = [os.path.relpath(os.path.abspath(__file__), ROOT)] + sys.argv[1:]
    out = ["Generated by `/usr/bin/python3 %s` (torch %s, torchvision %s; %s)."
           % (" ".join(shlex.quote(x) for x in argv), a.torch_version, a.tv_version,
              datetime.date.today().isoformat()), "",
           "| model | input | params | echo-torch export | torch-mlir export (`check_export.sh`) "
           "| gradients vs PyTorch (oracle) | Baseline MiB | Echo MiB | Echo + Gist fp8 MiB "
           "| PyTorch measured MiB |",
           "| --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for r in rows:
        if r is None:
            continue
        t = r.get("torch", {})
        measured = mib(t.get("peak")) if "peak" in t else t.get("error", "not run")
        params = t.get("params")
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], "%dx3x%dx%d" % (BATCH, r["side"], r["side"]),
            "{:,}".format(params) if params else "-",
            r.get("export", "not run"), r.get("torch-mlir", "-"), r.get("oracle", "-"),
            *(mib(r.get(label)) if r.get("export") == "ok" else "-"
              for label, _ in POLICIES), measured))
    return "\n".join(out) + "\n"


def replace_between(text, table):
    """`text` with everything between the markers replaced by `table`."""
    b = text.index(BEGIN) + len(BEGIN)
    e = text.index(END)
    return text[:b] + "\n" + table + text[e:]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    p.add_argument("--models", default=None, help="comma-separated names (default: all)")
    p.add_argument("--exports", default=os.path.normpath(os.path.join(ROOT, "..", "shared", "real-models")),
                   help="torch-mlir exports, NAME.mlir ('' for none)")
    p.add_argument("--oracle", action="store_true", help="run torch_oracle.py per model")
    p.add_argument("--work", default="/tmp/echo-torchvision-table")
    p.add_argument("--doc", default=os.path.join(ROOT, "docs", "importers.md"))
    p.add_argument("--no-doc", action="store_true", help="print the table only")
    p.add_argument("--fresh", action="store_true", help="ignore cached rows")
    p.add_argument("--timeout", type=int, default=600, help="seconds per command")
    p.add_argument("--torch-memory-gib", type=float, default=12,
                   help="address-space limit of the PyTorch measurement")
    p.add_argument("--deadline", default=None,
                   help="HH:MM: run nothing new after this time (cached columns are "
                        "kept, the others say 'not run')")
    p.add_argument("--self-test", action="store_true")
    p.add_argument("--measure-torch", default=None, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.self_test:
        self_test()
        return 0
    if a.measure_torch:
        name, side = a.measure_torch.rsplit(":", 1)
        print(json.dumps(measure_torch(name, int(side))))
        return 0
    import torch
    import torchvision
    a.torch_version, a.tv_version = torch.__version__, torchvision.__version__
    a.bin = os.path.abspath(a.bin)
    a.work = os.path.abspath(a.work)
    models = classifiers()
    if a.models:
        want = a.models.split(",")
        models = [m for m in models if m[0] in want]
    # Smallest first, so that a deadline leaves out the largest networks.
    order = sorted(range(len(models)), key=lambda i: (_size_hint(models[i][0]), i))
    deadline = None
    if a.deadline:
        h, m = map(int, a.deadline.split(":"))
        deadline = datetime.datetime.now().replace(hour=h, minute=m, second=0)
    rows = [None] * len(models)
    for i in order:
        name, min_size = models[i]
        late = deadline is not None and datetime.datetime.now() > deadline
        t = time.time()
        rows[i] = model_row(name, min_size, a, late)
        print("%-22s %6.1f s  export: %s" % (name, time.time() - t, rows[i].get("export")),
              file=sys.stderr, flush=True)
    table = markdown(rows, a)
    print(table)
    if not a.no_doc:
        with open(a.doc) as f:
            text = f.read()
        with open(a.doc, "w") as f:
            f.write(replace_between(text, table))
    return 0


def _size_hint(name):
    """Parameter count from torchvision's weights metadata, for the order."""
    try:
        import torchvision.models as tvm
        return list(tvm.get_model_weights(name))[0].meta.get("num_params", 0)
    except Exception:  # noqa: BLE001 (older torchvision: no metadata)
        return 0


if __name__ == "__main__":
    sys.exit(main())
