#!/usr/bin/env python3
"""PyTorch as the oracle of echo's losses, gradients and batch-norm running
statistics (docs/pytorch-frontend.md).

For each model: export it with echo-torch (dropout as the identity), then

  1. one step, optimizer=none: echo-run's loss and every parameter gradient
     against torch.autograd in train mode (batch statistics);
  2. STEPS SGD steps (lr LR): the loss echo-run prints at every step, and
     after the last one every parameter and every batch-norm running mean
     and variance, against torch.optim.SGD on the same module.

A quantity passes when its error is within the tolerance (see
`within`); the script prints one line per model and exits 1 if any fails.

  torch_oracle.py --bin build/bin [--models resnet18,alexnet] [--work DIR]
"""

import argparse
import copy
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "echo-torch"))
import echo_torch  # noqa: E402

# torchvision classifiers: constructor keyword arguments and the input's
# spatial size (the smallest each allows, or 32).
TORCHVISION = {
    "alexnet": ({}, 63),
    "googlenet": ({"aux_logits": False, "init_weights": True}, 64),
    "inception_v3": ({"aux_logits": False, "init_weights": True}, 75),
    "vit_b_16": ({}, 224), "swin_t": ({}, 224), "maxvit_t": ({}, 224),
}
# Every other network at 64x64: at 32x32 several end in 1x1 maps, where
# batch norm at batch 2 normalizes two values per channel and is so
# ill-conditioned that f32 rounding alone moves gradients by 1e-3 to 1e-2
# (docs/pytorch-frontend.md).
DEFAULT_SIZE = 64

DEFAULT_MODELS = ["resnet18", "resnet50", "resnext50_32x4d", "vgg11_bn",
                  "alexnet", "squeezenet1_0", "squeezenet1_1", "densenet121",
                  "mobilenet_v2", "mobilenet_v3_large", "mobilenet_v3_small",
                  "mnasnet0_5", "efficientnet_b0", "googlenet", "inception_v3",
                  "shufflenet_v2_x0_5", "regnet_y_400mf", "regnet_x_400mf",
                  "convnext_tiny", "vit_b_16", "swin_t"]


def build_model(spec, num_classes):
    """torchvision:NAME, or FILE.py:FUNCTION (a function returning the module)."""
    if ":" in spec and not spec.startswith("torchvision:"):
        return echo_torch.load_model(spec), None
    name = spec.split(":", 1)[-1]
    import torchvision
    kwargs, size = TORCHVISION.get(name, ({}, DEFAULT_SIZE))
    return getattr(torchvision.models, name)(weights=None, num_classes=num_classes,
                                             **kwargs), size


def read_results(path):
    """echo-run --dump-results: per result a header line, raw bytes, '\\n'."""
    out = []
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        header = data[pos:end].decode().split(" ", 3)
        dtype = {"f32": np.float32, "i32": np.int32, "i64": np.int64}[header[2]]
        shape_text, nbytes = header[3].rsplit(" ", 1)
        shape = [int(s) for s in shape_text.strip("[]").split(",") if s.strip()]
        nbytes = int(nbytes)
        out.append(np.frombuffer(data[end + 1:end + 1 + nbytes], dtype=dtype).reshape(shape))
        pos = end + 1 + nbytes + 1
    return out


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s" % (" ".join(cmd[:3]), r.returncode,
                                                     r.stderr[-3000:]))
    return r.stdout


def rel_error(a, b, scale=0.0):
    """||a - b|| / (||b|| + sqrt(n) * scale)."""
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    den = np.linalg.norm(b) + math.sqrt(b.size) * scale
    return float(np.linalg.norm(a - b) / den) if den > 0 else float(np.linalg.norm(a - b))


class Oracle:
    def __init__(self, args):
        self.args = args
        self.opt = os.path.join(args.bin, "echo-opt")
        self.echo_run = os.path.join(args.bin, "echo-run")

    def echo_step(self, mlir, inputs, pipeline, iterations, dump):
        step = mlir + "." + pipeline.replace(" ", "_").replace("=", "-") + ".step.mlir"
        run([self.opt, mlir, "--echo-autodiff" + pipeline, "-o", step])
        out = run([self.echo_run, step, "--iterations", str(iterations), "--print-loss",
                   "--inputs", inputs, "--dump-results", dump])
        losses = [float(line.split()[3]) for line in out.splitlines()
                  if line.startswith("iter ")]
        return losses, read_results(dump)

    def check(self, spec):
        a = self.args
        torch.manual_seed(a.seed)
        model, size = build_model(spec, a.num_classes)
        size = a.image_size or size or 32
        shape = [a.batch, 3, size, size]
        model.train()
        reference = copy.deepcopy(model)
        work = os.path.join(a.work, spec.replace(":", "_").replace("/", "_"))
        shutil.rmtree(work, ignore_errors=True)
        x, labels = echo_torch.make_inputs(shape, a.num_classes, a.seed)
        t0 = time.time()
        manifest = echo_torch.export(model, shape, work, seed=a.seed, dropout=False,
                                     x=x, labels=labels)
        with open(os.path.join(work, "inputs.txt")) as f:
            inputs = f.read().strip()
        mlir = os.path.join(work, "model.mlir")
        args = manifest["arguments"]
        trainable = [m for m in args if m["trainable"]]
        stats = [m for m in args if m["kind"] == "running_stat"]

        # -- PyTorch: the same module, train mode, dropout off ----------
        ref = reference
        for m in ref.modules():
            if isinstance(m, (nn.Dropout, nn.Dropout2d)) or type(m).__name__ == "StochasticDepth":
                m.eval()
        params = dict(ref.named_parameters())
        buffers = dict(ref.named_buffers())
        state0 = copy.deepcopy(ref.state_dict())
        loss = F.cross_entropy(ref(x), labels)
        ref.zero_grad()
        loss.backward()
        ref_loss = float(loss)
        ref_grads = {n: p.grad.detach().numpy().copy() for n, p in params.items()}
        ref.load_state_dict(state0)
        sgd = torch.optim.SGD(ref.parameters(), lr=a.lr)
        ref_losses = []
        for _ in range(a.steps):
            sgd.zero_grad()
            l = F.cross_entropy(ref(x), labels)
            ref_losses.append(float(l))
            l.backward()
            sgd.step()

        # -- echo: gradients, then STEPS SGD steps --------------------------
        _, results = self.echo_step(mlir, inputs, "", 1, os.path.join(work, "grads.bin"))
        echo_loss = float(results[0])
        scale = max(math.sqrt(float(np.mean(np.square(g)))) for g in ref_grads.values())
        grad_err, worst = 0.0, ""
        for m, g in zip(trainable, results[1:]):
            err = rel_error(g, ref_grads[m["name"]], scale)
            if err > grad_err:
                grad_err, worst = err, m["name"]
        losses, final = self.echo_step(mlir, inputs, "=optimizer=sgd lr=%r" % a.lr,
                                       a.steps, os.path.join(work, "sgd.bin"))
        sgd_err = max(abs(e - t) / abs(t) for e, t in zip(losses, ref_losses))
        param_err = 0.0
        for m, v in zip(trainable, final[1:1 + len(trainable)]):
            param_err = max(param_err, rel_error(v, params[m["name"]].detach().numpy()))
        stat_results = final[1 + len(trainable):]
        if len(stat_results) != len(stats):
            raise RuntimeError("the SGD step returns %d running statistics for %d "
                               "batch-norm buffers" % (len(stat_results), len(stats)))
        stat_err = 0.0
        for m, v in zip(stats, stat_results):
            stat_err = max(stat_err, rel_error(v, buffers[m["name"]].detach().numpy()))
        return dict(model=spec.split(":", 1)[-1], input="x".join(map(str, shape)),
                    params=sum(int(np.prod(m["shape"])) for m in trainable),
                    bn=len(stats) // 2, loss=ref_loss,
                    loss_err=abs(echo_loss - ref_loss) / abs(ref_loss),
                    grad_err=grad_err, worst=worst, sgd_err=sgd_err,
                    param_err=param_err, stat_err=stat_err if stats else None,
                    seconds=time.time() - t0)


def within(r, tol):
    ok = r["loss_err"] <= tol["loss"] and r["grad_err"] <= tol["grad"] and \
        r["sgd_err"] <= tol["loss"] * 10 and r["param_err"] <= tol["grad"]
    if r["stat_err"] is not None:
        ok = ok and r["stat_err"] <= tol["grad"]
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    p.add_argument("--models", default=",".join(DEFAULT_MODELS),
                   help="comma-separated torchvision names or FILE.py:FUNCTION")
    p.add_argument("--work", default=None, help="keep the exports here")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--image-size", type=int, default=None)
    p.add_argument("--num-classes", type=int, default=10)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--loss-tolerance", type=float, default=1e-5)
    p.add_argument("--grad-tolerance", type=float, default=1e-3)
    a = p.parse_args()
    tmp = None
    if a.work is None:
        tmp = tempfile.mkdtemp(prefix="torch-oracle-")
        a.work = tmp
    tol = {"loss": a.loss_tolerance, "grad": a.grad_tolerance}
    oracle = Oracle(a)
    print("| model | input | parameters | BN layers | loss (PyTorch) | loss err | "
          "max grad err (tensor) | SGD-%d loss err | params after | BN stats after | result |"
          % a.steps)
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |")
    failed = 0
    for spec in a.models.split(","):
        try:
            r = oracle.check(spec)
        except echo_torch.UnsupportedError as err:
            print("| %s | | | | | | | | | | not exported: %s |" % (spec, err))
            continue
        except torch.fx.proxy.TraceError as err:
            print("| %s | | | | | | | | | | not traceable: %s |" % (spec, str(err)[:120]))
            continue
        except RuntimeError as err:
            failed += 1
            print("| %s | | | | | | | | | | FAIL: %s |" % (spec, str(err).replace("\n", " ")[:400]))
            continue
        ok = within(r, tol)
        failed += not ok
        stat = "%.1e" % r["stat_err"] if r["stat_err"] is not None else "-"
        print("| %s | %s | %d | %d | %.6f | %.1e | %.1e (%s) | %.1e | %.1e | %s | %s |" % (
            r["model"], r["input"], r["params"], r["bn"], r["loss"], r["loss_err"],
            r["grad_err"], r["worst"], r["sgd_err"], r["param_err"], stat,
            "PASS" if ok else "FAIL"), flush=True)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
