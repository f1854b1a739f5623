#!/usr/bin/env python3
"""PyTorch as the oracle of an echo forward function written by echo-models.

Runs the forward function op by op in PyTorch (an independent
implementation of every echo op it uses), with the same argument values as
echo-run, and compares

  * the loss and every parameter gradient (echo-autodiff, optimizer=none),
  * after STEPS SGD steps: the loss of every step, every parameter, and
    every batch-norm running mean and variance (the training step returns
    them, `echo.update_of`; PyTorch's F.batch_norm updates them in place).

  echo_in_torch.py --bin build/bin MODEL.mlir [--steps 3] [--lr 0.01]
                   [--inputs N=FILE.npy,...]

`--inputs` (echo-run's list, e.g. the `inputs.txt` echo-import-linalg's
`weights-dir` writes) gives arguments their values; the others are drawn
as below.

Prints one line per compared quantity and exits 1 if one is off by more
than the tolerance (docs/pytorch-frontend.md).
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from torch_oracle import change_parts, in_f32_envelope, read_results, rel_error, worst  # noqa: E402

TYPE = re.compile(r"tensor<([0-9x]*)(f32|i32|i64|i1)>")


def parse_type(text):
    m = TYPE.fullmatch(text.strip())
    if not m:
        raise ValueError("unsupported type %r" % text)
    dims = [int(d) for d in m.group(1).split("x") if d]
    return dims, m.group(2)


def parse_attrs(text):
    attrs = {}
    for key, value in re.findall(r"(\w+)\s*=\s*(array<i64:[^>]*>|[-+0-9.e]+(?:\s*:\s*\w+)?)", text):
        if value.startswith("array"):
            attrs[key] = [int(v) for v in value[len("array<i64:"):-1].split(",") if v.strip()]
        else:
            number = value.split(":")[0].strip()
            attrs[key] = float(number) if any(c in number for c in ".e") else int(number)
    return attrs


def split_top(text, sep=","):
    """Splits at `sep` outside <>, (), [] and {}."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


class Function:
    """The forward function: arguments (name, shape, dtype, trainable) and ops."""

    def __init__(self, text):
        m = re.search(r"func\.func @(\w+)\((.*?)\)\s*->\s*tensor<f32>\s*(?:attributes \{[^}]*\})?\s*\{",
                      text, re.S)
        if not m:
            raise ValueError("no forward function returning tensor<f32>")
        self.name = m.group(1)
        self.args = []
        for a in split_top(m.group(2)):
            name, rest = a.split(":", 1)
            type_text = rest.split("{")[0].strip()
            shape, dtype = parse_type(type_text)
            self.args.append(dict(name=name.strip(), shape=shape, dtype=dtype,
                                  trainable="echo.trainable" in rest))
        body = text[m.end():]
        self.ops = []
        for line in body.splitlines():
            line = re.sub(r"\s*loc\(.*\)\s*$", "", line.strip())
            if line.startswith("return"):
                self.result = line.split()[1]
                break
            if not line or line.startswith("//"):
                continue
            self.ops.append(self.parse_op(line))

    @staticmethod
    def parse_op(line):
        lhs, rhs = line.split("=", 1) if re.match(r"^%[\w#:, %]+=", line) else ("", line)
        results = []
        for r in split_top(lhs):
            if ":" in r:
                base, n = r.split(":")
                results += ["%s#%d" % (base, i) for i in range(int(n))]
            elif r:
                results.append(r)
        rhs = rhs.strip()
        opname, rest = rhs.split(None, 1) if " " in rhs else (rhs, "")
        # Operands and attributes before the top-level ':'; types after.
        depth, colon = 0, None
        for i, ch in enumerate(rest):
            if ch in "<([{":
                depth += 1
            elif ch in ">)]}":
                depth -= 1
            elif ch == ":" and depth == 0:
                colon = i
                break
        head, types = (rest[:colon], rest[colon + 1:]) if colon is not None else (rest, "")
        attrs = {}
        brace = head.find("{")
        if brace >= 0:
            attrs = parse_attrs(head[brace:])
            head = head[:brace]
        words = head.replace(",", " ").split()
        operands = [w for w in words if w.startswith("%")]
        keywords = [w for w in words if not w.startswith("%")]
        # Inline keyword attributes: `axis 1`, `dims [2, 3]`, `offsets [...]`,
        # `probability 1.0 seed 7`, the reduce kind.
        inline = {}
        for key in ("axis", "probability", "seed"):
            m = re.search(r"\b%s\s+([-+0-9.e]+)" % key, head)
            if m:
                inline[key] = float(m.group(1)) if key == "probability" else int(m.group(1))
        for key in ("dims", "offsets", "strides", "permutation"):
            m = re.search(r"\b%s\s*\[([^\]]*)\]" % key, head)
            if m:
                inline[key] = [int(v) for v in m.group(1).split(",") if v.strip()]
        if opname == "echo.reduce":
            inline["kind"] = keywords[0]
            inline["keepdims"] = "keepdims" in keywords
        if opname == "echo.fill":
            inline["value"] = float(keywords[0])
        attrs.update(inline)
        result_types = types.split("->")[-1].strip()
        if result_types.startswith("("):
            result_types = result_types[1:-1]
        rtypes = [parse_type(t) for t in split_top(result_types)] if result_types else []
        return dict(op=opname, results=results, operands=operands, attrs=attrs,
                    types=rtypes)


# The reference's float type (--dtype): float64 stands for exact arithmetic.
DTYPE = [torch.float64]


def reference_values(values, dtype):
    DTYPE[0] = {"f64": torch.float64, "f32": torch.float32}[dtype]
    return {k: v.clone().to(DTYPE[0]) if v.is_floating_point() else v.clone()
            for k, v in values.items()}


def interpret(fn, values, stats):
    """Runs the function in PyTorch; `values` maps argument names to tensors.
    Batch norm updates the running statistics in `values` in place."""
    env = dict(values)
    for op in fn.ops:
        kind, a, at = op["op"], [env[o] for o in op["operands"]], op["attrs"]
        shape = op["types"][0][0] if op["types"] else None
        if kind == "echo.conv2d":
            out = F.conv2d(a[0], a[1], a[2] if len(a) > 2 else None,
                           stride=at.get("stride", [1, 1]), padding=at.get("padding", [0, 0]),
                           dilation=at.get("dilation", [1, 1]), groups=at.get("groups", 1))
        elif kind == "echo.linear":
            out = F.linear(a[0], a[1], a[2] if len(a) > 2 else None)
        elif kind == "echo.batch_norm":
            x, g, b, rm, rv = a
            y = F.batch_norm(x, rm, rv, g, b, training=True,
                             momentum=at.get("momentum", 0.1), eps=at.get("epsilon", 1e-5))
            # The new running statistics are the updated buffers.
            out = (y, rm.clone(), rv.clone(), None, None)
        elif kind == "echo.relu":
            out = torch.relu(a[0])
        elif kind in ("echo.tanh", "echo.sigmoid", "echo.exp", "echo.log", "echo.neg",
                      "echo.sqrt", "echo.rsqrt"):
            out = getattr(torch, kind[5:])(a[0])
        elif kind in ("echo.add", "echo.sub", "echo.mul", "echo.div"):
            out = getattr(torch, kind[5:])(a[0], a[1])
        elif kind == "echo.max":
            out = torch.maximum(a[0], a[1])
        elif kind == "echo.max_pool2d":
            out = F.max_pool2d(a[0], at["kernel"], at["stride"], at.get("padding", [0, 0]))
        elif kind == "echo.avg_pool2d":
            out = F.avg_pool2d(a[0], at["kernel"], at["stride"], at.get("padding", [0, 0]),
                               count_include_pad=True)
        elif kind == "echo.reduce":
            dims = at["dims"]
            f = {"sum": torch.sum, "mean": torch.mean}.get(at["kind"])
            if f is None:
                out = torch.amax(a[0], dim=dims, keepdim=at["keepdims"])
            else:
                out = f(a[0], dim=dims, keepdim=at["keepdims"])
        elif kind == "echo.reshape":
            out = a[0].reshape(shape)
        elif kind == "echo.transpose":
            out = a[0].permute(at["permutation"])
        elif kind == "echo.broadcast_to":
            out = a[0].expand(shape)
        elif kind == "echo.concat":
            out = torch.cat(a, dim=at["axis"])
        elif kind == "echo.slice":
            idx = tuple(slice(o, o + s * st, st) for o, s, st in
                        zip(at["offsets"], shape, at.get("strides", [1] * len(shape))))
            out = a[0][idx]
        elif kind == "echo.zeros":
            out = torch.zeros(shape, dtype=DTYPE[0])
        elif kind == "echo.fill":
            out = torch.full(shape, at["value"], dtype=DTYPE[0])
        elif kind == "echo.cross_entropy":
            out = F.cross_entropy(a[0], a[1].long())
        elif kind == "echo.softmax":
            out = torch.softmax(a[0], at.get("axis", -1))
        elif kind == "echo.log_softmax":
            out = torch.log_softmax(a[0], at.get("axis", -1))
        else:
            raise ValueError("echo_in_torch: no PyTorch rule for %s" % kind)
        if not isinstance(out, tuple):
            out = (out,)
        for r, v in zip(op["results"], out):
            env[r] = v
    return env[fn.result]


def change_error(triples):
    """The largest error of what the steps changed, for (name, echo's value,
    the reference's, the value before): torch_oracle's comparison of changes
    on the group's scale (docs/pytorch-frontend.md)."""
    return worst(*change_parts(triples))[0] if triples else 0.0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("model", help="an echo forward function (echo-models output)")
    p.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--grad-tolerance", type=float, default=1e-3)
    p.add_argument("--loss-tolerance", type=float, default=1e-5)
    p.add_argument("--dtype", choices=["f64", "f32"], default="f64",
                   help="the reference's arithmetic (f64: exact arithmetic's stand-in)")
    p.add_argument("--f32-envelope", type=float, default=3.0,
                   help="with --dtype f64, an error above the tolerance passes when it is at "
                   "most this many times PyTorch f32's (0: never)")
    p.add_argument("--inputs", default="", help="N=FILE.npy,... as echo-run takes them")
    a = p.parse_args()
    given = {}
    for item in filter(None, a.inputs.split(",")):
        index, path = item.split("=", 1)
        given[int(index)] = path
    with open(a.model) as f:
        fn = Function(f.read())
    stat_args = set()
    for op in fn.ops:
        if op["op"] == "echo.batch_norm":
            stat_args.update(op["operands"][3:5])
    means = {op["operands"][3] for op in fn.ops if op["op"] == "echo.batch_norm"}

    # Argument values: fan-in uniform weights, perturbed batch-norm scales,
    # zero running means, unit running variances, normal inputs, labels.
    g = torch.Generator().manual_seed(a.seed)
    classes = None
    for op in fn.ops:
        if op["op"] == "echo.cross_entropy":
            logits = op["operands"][0]
            for o2 in fn.ops:
                if logits in o2["results"]:
                    classes = o2["types"][0][0][-1]
    work = tempfile.mkdtemp(prefix="echo-in-torch-")
    values, files = {}, []
    for i, arg in enumerate(fn.args):
        shape = arg["shape"]
        if i in given:
            v = torch.from_numpy(np.load(given[i]))
            if list(v.shape) != shape:
                raise ValueError("--inputs: argument %d has shape %s, the function's is %s"
                                 % (i, list(v.shape), shape))
        elif arg["dtype"] in ("i32", "i64"):
            v = torch.randint(0, classes or 2, shape, generator=g).to(torch.int32)
        elif arg["name"] in stat_args:
            v = torch.zeros(shape) if arg["name"] in means else torch.ones(shape)
        elif arg["trainable"]:
            if len(shape) == 1:
                v = 1 + 0.1 * torch.randn(shape, generator=g)
            else:
                bound = 1 / math.sqrt(int(np.prod(shape[1:])))
                v = (torch.rand(shape, generator=g) * 2 - 1) * bound
        else:
            v = torch.randn(shape, generator=g)
        values[arg["name"]] = v
        path = os.path.join(work, "arg%d.npy" % i)
        np.save(path, v.numpy())
        files.append("%d=%s" % (i, path))
    inputs = ",".join(files)
    opt = os.path.join(a.bin, "echo-opt")
    echo_run = os.path.join(a.bin, "echo-run")

    def echo(pipeline, iterations, dump):
        step = subprocess.run([opt, a.model, "--echo-autodiff" + pipeline],
                              check=True, stdout=subprocess.PIPE, text=True).stdout
        out = subprocess.run([echo_run, "--iterations", str(iterations), "--print-loss",
                              "--inputs", inputs, "--dump-results", dump],
                             input=step, check=True, stdout=subprocess.PIPE, text=True).stdout
        return ([float(l.split()[3]) for l in out.splitlines() if l.startswith("iter ")],
                read_results(dump))

    trainable = [arg["name"] for arg in fn.args if arg["trainable"]]
    stats = [arg["name"] for arg in fn.args if arg["name"] in stat_args]

    def reference(dtype):
        """The loss and gradients at the start, then STEPS SGD steps: their
        losses and the final parameters and running statistics."""
        ref = reference_values(values, dtype)
        for k in trainable:
            ref[k].requires_grad_(True)
        loss = interpret(fn, ref, stats)
        loss.backward()
        grads = {k: ref[k].grad.double().numpy() for k in trainable}
        ref = reference_values(values, dtype)
        losses = []
        for _ in range(a.steps):
            for k in trainable:
                ref[k].requires_grad_(True)
            l = interpret(fn, ref, stats)
            losses.append(float(l))
            step_grads = torch.autograd.grad(l, [ref[k] for k in trainable])
            with torch.no_grad():
                for k, gr in zip(trainable, step_grads):
                    ref[k] = (ref[k] - a.lr * gr).detach()
        return dict(loss=float(loss), grads=grads, losses=losses,
                    final={k: ref[k] for k in trainable + stats})

    def errors(loss, grads, losses, final, ref):
        """Each compared quantity's error against `ref` (a `reference`)."""
        scale = max(float(np.sqrt(np.mean(np.square(ref["grads"][k])))) for k in trainable)
        e = dict(loss=abs(loss - ref["loss"]) / abs(ref["loss"]),
                 grad=max(rel_error(grads[k], ref["grads"][k], scale) for k in trainable),
                 sgd=max(abs(x - t) / max(abs(t), 1e-30) for x, t in zip(losses, ref["losses"])),
                 param=change_error([(k, final[k], ref["final"][k], values[k]) for k in trainable]))
        # As changes on the model's scale (docs/pytorch-frontend.md): a running
        # mean that stays zero in exact arithmetic (a batch norm after a
        # projection) moves by rounding only.
        e["stat"] = change_error([(k, final[k], ref["final"][k], values[k]) for k in stats])
        return e

    ref = reference(a.dtype)
    _, res = echo("", 1, os.path.join(work, "grads.bin"))
    echo_losses, final = echo("=optimizer=sgd lr=%r" % a.lr, a.steps,
                              os.path.join(work, "sgd.bin"))
    failures = 0
    if len(echo_losses) != a.steps or len(final) != 1 + len(trainable) + len(stats):
        print("FAIL: echo-run printed %d losses for %d steps and returned %d results for %d "
              "parameters and %d running statistics" % (len(echo_losses), a.steps, len(final) - 1,
                                                        len(trainable), len(stats)))
        return 1
    echo_final = dict(zip(trainable + stats, final[1:]))
    err = errors(float(res[0]), dict(zip(trainable, res[1:])), echo_losses, echo_final, ref)
    # Where the network is so ill-conditioned that PyTorch's own f32 misses
    # float64 by more than the tolerance (but by less than 10%), an error up
    # to ENVELOPE times PyTorch f32's passes too (torch_oracle.py's rule;
    # docs/pytorch-frontend.md). Here whole trajectories are compared, so
    # PyTorch f32 runs the same steps from the start.
    f32 = None
    if a.dtype == "f64" and a.f32_envelope > 0:
        r32 = reference("f32")
        f32 = errors(r32["loss"], r32["grads"], r32["losses"], r32["final"], ref)
    tol = dict(loss=a.loss_tolerance, grad=a.grad_tolerance, sgd=10 * a.loss_tolerance,
               param=a.grad_tolerance, stat=a.grad_tolerance)

    def judge(key):
        if err[key] <= tol[key]:
            return ""
        if f32 is not None and in_f32_envelope(err[key], f32[key], a.f32_envelope):
            return " (within %gx PyTorch f32's %.1e)" % (a.f32_envelope, f32[key])
        return " (over the tolerance %.0e%s)" % (
            tol[key], ", PyTorch f32's %.1e" % f32[key] if f32 is not None else "")

    def report(key, text):
        nonlocal failures
        verdict = judge(key)
        failures += verdict.startswith(" (over")
        print(text + verdict)

    report("loss", "loss %.6f relative error %.1e" % (ref["loss"], err["loss"]))
    report("grad", "gradients (%d) max relative error %.1e" % (len(trainable), err["grad"]))
    report("sgd", "SGD losses %s relative error %.1e" % (
        " ".join("%.6f" % l for l in ref["losses"]), err["sgd"]))
    report("param", "parameters after %d steps max relative error %.1e" % (a.steps, err["param"]))
    moved = max([float(np.abs(echo_final[k] - values[k].numpy()).max()) for k in stats] or [0])
    report("stat", "running statistics (%d) after %d steps max relative error %.1e "
           "(largest change %.2g)" % (len(stats), a.steps, err["stat"], moved))
    if stats and moved == 0:
        print("FAIL: no running statistic moved")
        failures += 1
    print("PASS" if not failures else "FAIL")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
