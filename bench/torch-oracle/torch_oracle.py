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
import re
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
import kinks  # noqa: E402

# torchvision classifiers: constructor keyword arguments and the input's
# spatial size (the smallest each allows, or 32).
TORCHVISION = {
    "alexnet": ({}, 63),
    "googlenet": ({"aux_logits": False, "init_weights": True}, 64),
    "inception_v3": ({"aux_logits": False, "init_weights": True}, 75),
    # ViT's position embedding is sized by image_size; at 32x32 a 16x16
    # patch grid is 2x2 (5 tokens with the class token)
    "vit_b_16": ({"image_size": 32}, 32), "vit_b_32": ({"image_size": 64}, 64),
    "swin_t": ({}, 224), "maxvit_t": ({}, 224),
}
# Every other network at 64x64 unless DEFAULT_MODELS says: at 32x32 several
# end in 1x1 maps, where batch norm at batch 2 normalizes two values per
# channel and is so ill-conditioned that f32 rounding alone moves gradients
# by 1e-3 to 1e-2 (docs/pytorch-frontend.md).
DEFAULT_SIZE = 64

# The table of docs/pytorch-frontend.md, with each model's input size where
# 64x64 (or TORCHVISION's) is ill-conditioned or does not fit: batch norm
# over 2x2 maps at batch 2 moves MNASNet's loss and RegNet's and ResNet-50's
# gradients by 1e-5 / 1e-3 in PyTorch's own f32 too, Inception's at 75x75
# (1x1 maps) by 0.5 and at 139x139 (3x3) by 9e-3; VGG's adaptive pool needs
# a last map that divides 7 or is divided by it.
DEFAULT_MODELS = ["resnet18", "resnet50@128", "resnext50_32x4d@128", "wide_resnet50_2@128",
                  "vgg11_bn@32", "alexnet", "squeezenet1_0", "squeezenet1_1", "densenet121",
                  "mobilenet_v2", "mobilenet_v3_large", "mobilenet_v3_small", "mnasnet0_5@128",
                  "efficientnet_b0", "efficientnet_v2_s", "googlenet", "inception_v3@203",
                  "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "regnet_y_400mf@128",
                  "regnet_x_400mf@128", "convnext_tiny", "vit_b_16", "swin_t@32",
                  "swin_v2_t@32", "maxvit_t"]


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


def gradient_scale(tensors):
    """The largest root-mean-square value of any of `tensors`."""
    return max(math.sqrt(float(np.mean(np.square(np.asarray(t, np.float64)))))
               for t in tensors)


def parts(echo, reference, scale):
    """Per tensor: echo - reference, and the tolerance's denominator
    ||reference|| + sqrt(n) * scale (see `rel_error`)."""
    residual, den = {}, {}
    for n, t in reference.items():
        t = np.asarray(t, np.float64)
        residual[n] = np.asarray(echo[n], np.float64) - t
        den[n] = np.linalg.norm(t) + math.sqrt(t.size) * scale
    return residual, den


def worst(residual, den):
    """The largest ||residual|| / den and its tensor."""
    return max((float(np.linalg.norm(r) / den[n]) if den[n] > 0 else
                float(np.linalg.norm(r)), n) for n, r in residual.items())


def change_parts(triples):
    """What a training run changed: for (name, echo's value, the reference's
    value, the value before), `parts` of echo's change against the
    reference's, with the model-wide scale of the reference's changes (a
    quantity that stays zero in exact arithmetic, such as the bias of a
    batch norm whose output another batch norm normalizes, only moves by
    rounding)."""
    def array(v):
        return v.detach().double().numpy() if isinstance(v, torch.Tensor) else \
            np.asarray(v, np.float64)
    echo, ref = {}, {}
    for n, e, t, t0 in triples:
        t0 = array(t0)
        # the reference's new value as f32 stores it: a change finer than
        # the f32 spacing of the value cannot be represented by any f32
        # trainer (it matters once the gradients are tiny: Swin-T's loss is
        # 7e-5 after one step, its changes a few ulps)
        t = array(t).astype(np.float32).astype(np.float64)
        echo[n], ref[n] = array(e) - t0, t - t0
    return parts(echo, ref, gradient_scale(ref.values()))


def step_updates(step_mlir):
    """The echo.update_of of each result of the step function, in order."""
    with open(step_mlir) as f:
        for line in f:
            if "func.func @train_step" in line:
                signature = line[line.index("->"):]
                return [int(n) for n in re.findall(r"echo\.update_of = (\d+)", signature)]
    raise RuntimeError("no @train_step in " + step_mlir)


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
        self.echo_run_bin = os.path.join(args.bin, "echo-run")

    def autodiff(self, mlir, pipeline):
        step = mlir + "." + pipeline.replace(" ", "_").replace("=", "-") + ".step.mlir"
        run([self.opt, mlir, "--echo-autodiff" + pipeline, "-o", step])
        return step

    def echo_run(self, step, inputs, iterations, dump):
        out = run([self.echo_run_bin, step, "--iterations", str(iterations), "--print-loss",
                   "--inputs", inputs, "--dump-results", dump])
        losses = [float(line.split()[3]) for line in out.splitlines()
                  if line.startswith("iter ")]
        return losses, read_results(dump)

    def check(self, spec):
        a = self.args
        torch.manual_seed(a.seed)
        spec, _, at = spec.partition("@")  # NAME@SIZE: this model's input size
        model, size = build_model(spec, a.num_classes)
        size = int(at) if at else a.image_size or size or 32
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
        # The reference computes in float64: it stands for exact arithmetic,
        # so the error measured is echo's own f32 rounding. PyTorch in f32
        # (`ref32`) is measured against it with the same criterion, to show
        # what two correct f32 implementations differ by.
        for m in reference.modules():
            if isinstance(m, (nn.Dropout, nn.Dropout2d)) or type(m).__name__ == "StochasticDepth":
                m.eval()
        ref32 = copy.deepcopy(reference)
        native32 = copy.deepcopy(reference)
        ref = reference.double()
        x64 = x.double()
        state0 = copy.deepcopy(ref.state_dict())

        def torch_steps(module, inputs_, steps, lr):
            """`steps` SGD steps from the module's state: the losses, the
            gradients of the first step and the state after the last."""
            sgd = torch.optim.SGD(module.parameters(), lr=lr)
            losses, grads = [], None
            for _ in range(steps):
                sgd.zero_grad()
                l = F.cross_entropy(module(inputs_), labels)
                losses.append(float(l))
                l.backward()
                if grads is None:
                    grads = {n: p.grad.detach().double().numpy().copy()
                             for n, p in module.named_parameters()}
                sgd.step()
            return losses, grads, module.state_dict()

        def native_step(module32):
            """One f32 step through PyTorch's native CPU kernels instead of
            oneDNN's: another correct f32 implementation, which rounds in
            another order (the envelope takes the worse of the two)."""
            with torch.backends.mkldnn.flags(enabled=False):
                return torch_steps(module32, x, 1, a.lr)

        ref_losses, ref_grads, _ = torch_steps(ref, x64, a.steps, a.lr)
        ref_loss = ref_losses[0]
        torch32_losses, torch32_grads, _ = torch_steps(ref32, x, a.steps, a.lr)

        # -- echo: the loss and the gradients (optimizer=none) --------------
        _, results = self.echo_run(self.autodiff(mlir, ""), inputs, 1,
                                   os.path.join(work, "grads.bin"))
        echo_loss = float(results[0])
        scale = gradient_scale(ref_grads.values())
        residual, den = parts({m["name"]: g for m, g in zip(trainable, results[1:])},
                              ref_grads, scale)
        grad_err, worst_name = worst(residual, den)
        flips, raw = [], []  # the flips, and the errors they explained
        if grad_err > a.grad_tolerance:
            # a derivative taken on the other side of a kink? (kinks.py)
            module = copy.deepcopy(ref)
            module.load_state_dict(state0)
            where, residual = kinks.explain(
                residual, den, kinks.Candidates(module, x64, labels).directions())
            del module
            if where:
                flips += ["%s @ gradients" % w for w in where]
                raw.append(grad_err)
                grad_err, worst_name = worst(residual, den)
        torch32_err = max(rel_error(torch32_grads[n], g, scale) for n, g in ref_grads.items())
        (native_loss,), native_grads, _ = native_step(native32)
        del native32
        native_err = max(rel_error(native_grads[n], g, scale) for n, g in ref_grads.items())

        # -- echo: STEPS SGD steps, one echo-run each ------------------------
        # Every step is compared with PyTorch's step from echo's state before
        # it (the same parameters and running statistics): what the step
        # changes, not where two trajectories drift to (see
        # docs/pytorch-frontend.md, "Tolerance").
        step = self.autodiff(mlir, "=optimizer=sgd lr=%r" % a.lr)
        update_of = step_updates(step)
        arg_files = dict(item.split("=", 1) for item in inputs.split(","))
        state = {m["name"]: np.load(arg_files[str(i)]) for i, m in enumerate(args)
                 if m["kind"] in ("parameter", "running_stat")}
        index = {m["name"]: i for i, m in enumerate(args)}
        step_loss_err = param_err = stat_err = 0.0
        # PyTorch f32's errors from the same states, measured the same way:
        # what a correct f32 implementation misses exact arithmetic by here
        f32 = {"loss": max(abs(l - ref_loss) / abs(ref_loss) for l in (torch32_losses[0], native_loss)),
               "grad": max(torch32_err, native_err),
               "step_loss": 0.0, "param": 0.0, "stat": 0.0}
        chained = []
        for k in range(a.steps):
            losses, final = self.echo_run(
                step, ",".join("%s=%s" % kv for kv in sorted(arg_files.items(), key=lambda kv: int(kv[0]))),
                1, os.path.join(work, "sgd%d.bin" % k))
            if len(update_of) != len(final) - 1:
                raise RuntimeError("the SGD step returns %d results after the loss, %d with "
                                   "echo.update_of" % (len(final) - 1, len(update_of)))
            new = {args[i]["name"]: v for i, v in zip(update_of, final[1:])}
            missing = [m["name"] for m in trainable + stats if m["name"] not in new]
            if missing:
                raise RuntimeError("the SGD step does not update %d of the parameters and "
                                   "running statistics: %s" % (len(missing), ", ".join(missing[:5])))
            before = copy.copy(state0)
            before._metadata = state0._metadata  # MNASNet checks its version
            for n in state:
                before[n] = torch.from_numpy(np.array(state[n])).double()
            ref.load_state_dict(before)
            (torch_loss,), _, after = torch_steps(ref, x64, 1, a.lr)
            step_loss_err = max(step_loss_err, abs(losses[0] - torch_loss) / abs(torch_loss))
            loss32 = []
            for path in (lambda m: torch_steps(m, x, 1, a.lr), native_step):
                m32 = copy.deepcopy(ref)
                m32.load_state_dict(before)
                (l32,), _, after32 = path(m32.float())
                del m32
                loss32.append(l32)
                f32["step_loss"] = max(f32["step_loss"], abs(l32 - torch_loss) / abs(torch_loss))
                f32["param"] = max(f32["param"], worst(*change_parts(
                    [(m["name"], after32[m["name"]], after[m["name"]], state[m["name"]])
                     for m in trainable]))[0])
                if stats:
                    f32["stat"] = max(f32["stat"], worst(*change_parts(
                        [(m["name"], after32[m["name"]], after[m["name"]], state[m["name"]])
                         for m in stats]))[0])
            if a.verbose:
                print("%s step %d: loss echo %.9g, float64 %.9g, PyTorch f32 %.9g (native %.9g)" % (
                    spec, k + 1, losses[0], torch_loss, loss32[0], loss32[1]), file=sys.stderr)
            residual, den = change_parts([(m["name"], new[m["name"]], after[m["name"]],
                                           state[m["name"]]) for m in trainable])
            err = worst(residual, den)[0]
            if err > a.grad_tolerance:
                # the same question as for the gradients; a step changes a
                # parameter by -lr times its gradient
                module = copy.deepcopy(ref)
                module.load_state_dict(before)
                where, residual = kinks.explain(
                    residual, den, kinks.Candidates(module, x64, labels).directions(),
                    factor=-a.lr)
                if where:
                    flips += ["%s @ step %d" % (w, k + 1) for w in where]
                    raw.append(err)
                    err = worst(residual, den)[0]
            param_err = max(param_err, err)
            if stats:
                # forward values: continuous at kinks, compared as they are
                stat_err = max(stat_err, worst(*change_parts(
                    [(m["name"], new[m["name"]], after[m["name"]], state[m["name"]])
                     for m in stats]))[0])
            chained.append(losses[0])
            for name, v in new.items():
                path = os.path.join(work, "step%d_arg%d.npy" % (k + 1, index[name]))
                np.save(path, v)
                arg_files[str(index[name])] = path
                state[name] = v
        # -- echo-run --iterations STEPS: the same steps, bit for bit ---------
        losses, final = self.echo_run(step, inputs, a.steps, os.path.join(work, "sgd.bin"))
        iterated = losses == chained and all(
            np.array_equal(v, state[args[i]["name"]]) for i, v in zip(update_of, final[1:]))
        sgd_err = max(abs(e - t) / abs(t) for e, t in zip(losses, ref_losses))
        torch32_sgd_err = max(abs(e - t) / abs(t) for e, t in zip(torch32_losses, ref_losses))
        return dict(model=spec.split(":", 1)[-1], input="x".join(map(str, shape)),
                    params=sum(int(np.prod(m["shape"])) for m in trainable),
                    bn=len(stats) // 2, loss=ref_loss, torch32_err=torch32_err,
                    loss_err=abs(echo_loss - ref_loss) / abs(ref_loss),
                    grad_err=grad_err, worst=worst_name, flips=flips,
                    raw_err=max(raw) if raw else None, step_loss_err=step_loss_err,
                    param_err=param_err, stat_err=stat_err if stats else None,
                    iterated=iterated, sgd_err=sgd_err, torch32_sgd_err=torch32_sgd_err, f32=f32,
                    seconds=time.time() - t0)


# Beyond this relative error of PyTorch's own f32, a comparison says
# nothing (Inception v3 at 75x75, batch 2: 57%): the envelope does not apply.
F32_JUDGEABLE = 0.1


def in_f32_envelope(err, f32_err, envelope):
    """Whether `err` (echo's, against float64) is at most `envelope` times
    `f32_err` (PyTorch f32's, on the same quantity from the same state),
    where PyTorch f32 is close enough to float64 for that to mean something."""
    return envelope > 0 and f32_err <= F32_JUDGEABLE and err <= envelope * f32_err


# What is judged, and against which tolerance ("loss" or "grad").
JUDGED = (("loss", "loss_err", "loss"), ("grad", "grad_err", "grad"),
          ("step_loss", "step_loss_err", "loss"), ("param", "param_err", "grad"),
          ("stat", "stat_err", "grad"))


def within(r, tol, envelope):
    """The loss and every gradient of the first step; every step's loss,
    parameter change and running-statistic change from the same state; and
    `--iterations` the same as the chained steps, bit for bit. (The drift of
    the two trajectories is reported, not judged: see the docs.)

    Each error passes under the fixed tolerance, or when it is at most
    `envelope` times PyTorch f32's error on the same quantity from the same
    state: where rounding alone moves PyTorch's own f32 result beyond the
    tolerance (batch norm over few values, ResNet-50 and Inception v3 at
    batch 2), the tolerance cannot tell a correct f32 result from a wrong
    one, and being as close to exact arithmetic as PyTorch's f32 is the
    most an f32 implementation can be asked. Returns (passed, the
    quantities that needed the envelope)."""
    ok, widened = r["iterated"], []
    for key, field, kind in JUDGED:
        err = r[field]
        if err is None or err <= tol[kind]:
            continue
        if in_f32_envelope(err, r["f32"][key], envelope):
            widened.append(key)
        else:
            ok = False
    return ok, widened


def self_test():
    """`within` on made-up rows: each way to pass and to fail."""
    tol = {"loss": 1e-5, "grad": 1e-3}
    f32 = {"loss": 1e-6, "grad": 4e-3, "step_loss": 1e-6, "param": 1e-4, "stat": 1e-4}
    row = dict(loss_err=5e-6, grad_err=5e-4, step_loss_err=5e-6, param_err=5e-4,
               stat_err=None, iterated=True, f32=f32)
    assert within(row, tol, 3.0) == (True, [])
    # ResNet-50-like: gradients beyond the tolerance, as PyTorch f32's are
    assert within(dict(row, grad_err=1.1e-2), tol, 3.0) == (True, ["grad"])
    assert within(dict(row, grad_err=1.3e-2), tol, 3.0) == (False, [])
    assert within(dict(row, grad_err=1.1e-2), tol, 0.0) == (False, [])
    # the envelope is per quantity: a good f32 gradient does not excuse a loss
    assert within(dict(row, loss_err=2e-5), tol, 3.0) == (False, [])
    assert within(dict(row, stat_err=2e-3), tol, 3.0) == (False, [])
    assert within(dict(row, stat_err=2e-4), tol, 3.0) == (True, [])
    assert within(dict(row, iterated=False), tol, 3.0) == (False, [])
    # where PyTorch f32 itself is 57% off, nothing can be judged
    assert within(dict(row, grad_err=1.0, f32=dict(f32, grad=0.57)), tol, 3.0) == (False, [])
    print("self-test passed")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    p.add_argument("--models", default=",".join(DEFAULT_MODELS),
                   help="comma-separated torchvision names or FILE.py:FUNCTION, each "
                   "optionally @SIZE (its input's height and width)")
    p.add_argument("--work", default=None, help="keep the exports here")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--image-size", type=int, default=None)
    p.add_argument("--num-classes", type=int, default=10)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--loss-tolerance", type=float, default=1e-5)
    p.add_argument("--grad-tolerance", type=float, default=1e-3)
    p.add_argument("--verbose", action="store_true", help="each step's losses on stderr")
    p.add_argument("--f32-envelope", type=float, default=3.0,
                   help="an error above the tolerance still passes when it is at most this "
                   "many times the larger error of PyTorch f32's two CPU paths (oneDNN, native) on the same quantity from the same state (0: never)")
    p.add_argument("--self-test", action="store_true", help="check the judging rule and exit")
    a = p.parse_args()
    if a.self_test:
        self_test()
        return 0
    tmp = None
    if a.work is None:
        tmp = tempfile.mkdtemp(prefix="torch-oracle-")
        a.work = tmp
    tol = {"loss": a.loss_tolerance, "grad": a.grad_tolerance}
    oracle = Oracle(a)
    print("| model | input | parameters | BN layers | loss (PyTorch) | loss err | "
          "max grad err (tensor) | PyTorch f32 grad err | steps: loss err | param change err | "
          "BN stats change err | --iterations %d = steps | drift after %d: echo | drift: PyTorch f32 | derivative flips at kinks | "
          "PyTorch f32, same states: loss, grads, step loss, change, stats | judged by | result |"
          % (a.steps, a.steps))
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- | --- | --- | --- |")
    failed = 0
    for spec in a.models.split(","):
        try:
            r = oracle.check(spec)
        except echo_torch.UnsupportedError as err:
            print("| %s | | | | | | | | | | | | | | | | | not exported: %s |" % (spec, err))
            continue
        except torch.fx.proxy.TraceError as err:
            print("| %s | | | | | | | | | | | | | | | | | not traceable: %s |" % (spec, str(err)[:120]))
            continue
        except RuntimeError as err:
            failed += 1
            print("| %s | | | | | | | | | | | | | | | | | FAIL: %s |" % (spec, str(err).replace("\n", " ")[:400]))
            continue
        ok, widened = within(r, tol, a.f32_envelope)
        failed += not ok
        stat = "%.1e" % r["stat_err"] if r["stat_err"] is not None else "-"
        f = r["f32"]
        print("| %s | %s | %d | %d | %.6f | %.1e | %.1e (%s) | %.1e | %.1e | %.1e | %s | %s | %.1e | %.1e | %s | %s | %s | %s |" % (
            r["model"], r["input"], r["params"], r["bn"], r["loss"], r["loss_err"],
            r["grad_err"], r["worst"], r["torch32_err"], r["step_loss_err"], r["param_err"], stat,
            "yes" if r["iterated"] else "NO", r["sgd_err"], r["torch32_sgd_err"],
            "%d (error without them %.1e): %s" % (len(r["flips"]), r["raw_err"], "; ".join(r["flips"]))
            if r["flips"] else "0",
            "%.1e, %.1e, %.1e, %.1e, %s" % (f["loss"], f["grad"], f["step_loss"], f["param"],
                                            "%.1e" % f["stat"] if r["stat_err"] is not None else "-"),
            "%gx PyTorch f32: %s" % (a.f32_envelope, ", ".join(widened)) if widened else "tolerance",
            "PASS" if ok else "FAIL"), flush=True)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
