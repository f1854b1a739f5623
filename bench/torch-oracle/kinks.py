"""Derivative flips at kinks (docs/pytorch-frontend.md, "Kinks").

ReLU, ReLU6 / hardtanh / clamp, hardsigmoid, hardswish and max pooling are
continuous but their derivatives jump: at a ReLU input within rounding of 0,
or a max-pool window whose two largest inputs are within rounding of each
other, f32 arithmetic cannot say which side the exact value lies on, and
echo (f32) may take the other derivative than PyTorch in float64. The
forward values are the same either way (the functions are continuous), so
only the backward pass differs, by a known vector: the upstream gradient at
that element times the jump of the derivative, pushed back to the
parameters. `Candidates` finds every element whose float64 input lies
within MARGIN times f32's rounding error of a kink (the error PyTorch's own
f32 forward pass makes at that call, measured) and computes that vector for
each; `explain` then tells whether echo's result is the reference with a
few of them flipped.
"""

import copy
import math
import operator

import numpy as np
import torch
import torch.fx as fx
import torch.nn as nn
import torch.nn.functional as F


def _hardswish_mid(z):
    return z / 3 + 0.5


# Elementwise piecewise functions: (function, [(kink, left derivative,
# right derivative)]), a derivative a number or a function of the input.
def _clamp_kinks(lo, hi):
    kinks = []
    if lo is not None:
        kinks.append((float(lo), 0.0, 1.0))
    if hi is not None:
        kinks.append((float(hi), 1.0, 0.0))
    return kinks


_HARDSIGMOID_KINKS = [(-3.0, 0.0, 1.0 / 6), (3.0, 1.0 / 6, 0.0)]
_HARDSWISH_KINKS = [(-3.0, 0.0, _hardswish_mid), (3.0, _hardswish_mid, 1.0)]


class Site:
    """One call of a function with a kink: its input `z` and output `out`
    (both in the autograd graph), and how to find its ambiguous elements."""

    def __init__(self, where, z, out, fn=None, kinks=None, pool=None):
        self.where, self.z, self.out = where, z, out
        self.fn, self.kinks, self.pool = fn, kinks, pool


class Probe(fx.Interpreter):
    """Runs a traced module, computing every kinked function out of place
    and recording it as a `Site` (in-place arithmetic becomes out of place
    too, so that the recorded tensors keep their values)."""

    _INPLACE = {operator.iadd: operator.add, operator.isub: operator.sub,
                operator.imul: operator.mul, operator.itruediv: operator.truediv}

    def __init__(self, gm):
        super().__init__(gm)
        self.sites = []

    def _elementwise(self, fn, z, kinks):
        out = fn(z)
        self.sites.append(Site(self._where(), z, out, fn=fn, kinks=kinks))
        return out

    def _max_pool(self, z, kernel, stride, padding, dilation, ceil_mode):
        if not stride:
            stride = kernel
        out = F.max_pool2d(z, kernel, stride, padding, dilation, ceil_mode)
        self.sites.append(Site(self._where(), z, out,
                               pool=(kernel, stride, padding, dilation, ceil_mode)))
        return out

    def _where(self):
        node = self.current
        return node.target if node.op == "call_module" else \
            (node.meta.get("echo_module") or "<root>")

    def run_node(self, n):
        self.current = n
        return super().run_node(n)

    def call_module(self, target, args, kwargs):
        m = self.fetch_attr(target)
        z = args[0] if args else None
        if isinstance(m, nn.ReLU):
            return self._elementwise(F.relu, z, _clamp_kinks(0.0, None))
        if isinstance(m, nn.Hardtanh):  # ReLU6 too
            return self._elementwise(lambda t: F.hardtanh(t, m.min_val, m.max_val), z,
                                     _clamp_kinks(m.min_val, m.max_val))
        if isinstance(m, nn.Hardsigmoid):
            return self._elementwise(F.hardsigmoid, z, _HARDSIGMOID_KINKS)
        if isinstance(m, nn.Hardswish):
            return self._elementwise(F.hardswish, z, _HARDSWISH_KINKS)
        if isinstance(m, nn.MaxPool2d) and not m.return_indices:
            return self._max_pool(z, m.kernel_size, m.stride, m.padding, m.dilation,
                                  m.ceil_mode)
        return super().call_module(target, args, kwargs)

    def call_function(self, fn, args, kwargs):
        def arg(i, key, default=None):
            return args[i] if len(args) > i else kwargs.get(key, default)
        if fn in self._INPLACE:
            return self._INPLACE[fn](*args)
        if fn in (F.relu, torch.relu, torch.relu_):
            return self._elementwise(F.relu, args[0], _clamp_kinks(0.0, None))
        if fn is F.relu6:
            return self._elementwise(F.relu6, args[0], _clamp_kinks(0.0, 6.0))
        if fn is F.hardtanh:
            lo, hi = arg(1, "min_val", -1.0), arg(2, "max_val", 1.0)
            return self._elementwise(lambda t: F.hardtanh(t, lo, hi), args[0],
                                     _clamp_kinks(lo, hi))
        if fn in (torch.clamp, torch.clip):
            lo, hi = arg(1, "min"), arg(2, "max")
            return self._elementwise(lambda t: torch.clamp(t, lo, hi), args[0],
                                     _clamp_kinks(lo, hi))
        if fn is F.hardsigmoid:
            return self._elementwise(F.hardsigmoid, args[0], _HARDSIGMOID_KINKS)
        if fn is F.hardswish:
            return self._elementwise(F.hardswish, args[0], _HARDSWISH_KINKS)
        if fn is F.max_pool2d and not arg(6, "return_indices", False):
            return self._max_pool(args[0], arg(1, "kernel_size"), arg(2, "stride"),
                                  arg(3, "padding", 0), arg(4, "dilation", 1),
                                  arg(5, "ceil_mode", False))
        return super().call_function(fn, args, kwargs)

    def call_method(self, name, args, kwargs):
        if name in ("relu", "relu_"):
            return self._elementwise(F.relu, args[0], _clamp_kinks(0.0, None))
        if name in ("clamp", "clamp_", "clip", "clip_"):
            lo = args[1] if len(args) > 1 else kwargs.get("min")
            hi = args[2] if len(args) > 2 else kwargs.get("max")
            return self._elementwise(lambda t: torch.clamp(t, lo, hi), args[0],
                                     _clamp_kinks(lo, hi))
        if name in ("add_", "sub_", "mul_", "div_"):
            return getattr(args[0], name[:-1])(*args[1:], **kwargs)
        return super().call_method(name, args, kwargs)


def _pair(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v, v)


def _pool_out(size, k, s, p, d, ceil):
    span = size + 2 * p - d * (k - 1) - 1
    out = (-(-span // s) if ceil else span // s) + 1
    if ceil and (out - 1) * s >= size + p:  # PyTorch: the last window starts inside
        out -= 1
    return out


def _pool_candidates(site, u, delta):
    """Windows whose largest and second largest inputs differ by a nonzero
    amount of at most `delta`: the cotangent that moves the window's
    upstream gradient from the first to the second. An exact tie in float64
    is structural (ReLU zeros, copies), the same in f32, and not counted."""
    kernel, stride, padding, dilation, ceil_mode = site.pool
    (kh, kw), (sh, sw), (ph, pw), (dh, dw) = map(_pair, (kernel, stride, padding, dilation))
    z = site.z.detach()
    n, c, h, w = z.shape
    oh = _pool_out(h, kh, sh, ph, dh, ceil_mode)
    ow = _pool_out(w, kw, sw, pw, dw, ceil_mode)
    # pad (with -inf, as PyTorch's max pooling does) so that every window
    # of the output lies inside
    need_h = (oh - 1) * sh + dh * (kh - 1) + 1
    need_w = (ow - 1) * sw + dw * (kw - 1) + 1
    pad = (pw, max(0, need_w - w - pw), ph, max(0, need_h - h - ph))
    zp = F.pad(z.reshape(n * c, 1, h, w), pad, value=-math.inf)
    ip = F.pad(torch.arange(h * w, dtype=torch.float64).reshape(1, 1, h, w), pad, value=-1.0)
    cols = F.unfold(zp, (kh, kw), dilation=(dh, dw), stride=(sh, sw))[:, :, :oh * ow]
    icols = F.unfold(ip, (kh, kw), dilation=(dh, dw), stride=(sh, sw))[0][:, :oh * ow]
    top, arg = cols.topk(2, dim=1)
    gap = top[:, 0] - top[:, 1]
    uo = u.reshape(n * c, oh * ow)
    found = []
    for plane, o in ((gap > 0) & (gap <= delta) & (uo != 0)).nonzero().tolist():
        # flat indices into z: (plane, pixel) -> plane * h * w + pixel
        first = plane * h * w + int(icols[arg[plane, 0, o], o])
        second = plane * h * w + int(icols[arg[plane, 1, o], o])
        g = float(uo[plane, o])
        found.append((float(gap[plane, o]) / delta, ((first, -g), (second, g))))
    return found


def _value(d, z):
    return d(z) if callable(d) else torch.full_like(z, d)


def _elementwise_candidates(site, u, delta):
    """Elements within `delta` of a kink: the cotangent that replaces
    PyTorch's derivative there by the one on the other side."""
    z = site.z.detach()
    zr = z.clone().requires_grad_(True)
    # PyTorch's own derivative (its convention exactly at a kink included)
    d_ref = torch.autograd.grad(site.fn(zr).sum(), zr)[0].detach()
    found = []
    for kink, left, right in site.kinks:
        near = ((z - kink).abs() <= delta) & (u != 0)
        if not near.any():
            continue
        d_other = _value(left, z) + _value(right, z) - d_ref
        for i in near.nonzero().tolist():
            i = tuple(i)
            jump = float((d_other[i] - d_ref[i]) * u[i])
            if jump != 0:
                flat = int(np.ravel_multi_index(i, tuple(z.shape)))
                found.append((abs(float(z[i]) - kink) / delta, ((flat, jump),)))
    return found


def _probe(module, x):
    import echo_torch  # tools/echo-torch, on the path of torch_oracle.py
    probe = Probe(echo_torch.trace(module))
    return probe, probe.run(x)


class Candidates:
    """Every ambiguous element of one float64 forward pass of `module` (in
    train mode; a copy, whose running statistics this changes) and, for
    each, the change of every parameter gradient that flipping its
    derivative makes. An element is ambiguous when its distance to the kink
    (to the runner-up of its pooling window) is at most MARGIN times the
    largest difference between PyTorch's f32 and float64 inputs of that
    call: f32 rounding of that size could put it on the other side."""

    MARGIN = 10.0

    def __init__(self, module, x, labels, limit=48):
        module = module.double()  # the caller's copy: its forward runs here
        probe32, _ = _probe(copy.deepcopy(module).float(), x.float())
        probe, logits = _probe(module, x.double())
        loss = F.cross_entropy(logits, labels)
        self.names = [n for n, _ in module.named_parameters()]
        self.params = [p for _, p in module.named_parameters()]
        sites = [(s, s32) for s, s32 in zip(probe.sites, probe32.sites)
                 if s.z.requires_grad]
        outs = torch.autograd.grad(loss, self.params + [s.out for s, _ in sites],
                                   retain_graph=True, allow_unused=True)
        self.grads = {n: (g.detach().numpy() if g is not None else np.zeros(tuple(p.shape)))
                      for n, g, p in zip(self.names, outs[:len(self.params)], self.params)}
        found = []
        for (s, s32), u in zip(sites, outs[len(self.params):]):
            if u is None:
                continue
            err32 = float((s32.z.detach().double() - s.z.detach()).abs().max())
            delta = self.MARGIN * max(err32, 1e-30)
            cands = _pool_candidates(s, u.detach(), delta) if s.pool else \
                _elementwise_candidates(s, u.detach(), delta)
            found.extend((closeness, s, entries) for closeness, entries in cands)
        # the closest first; each costs a backward pass, and a flip happens
        # where the exact value is closest to the kink
        found.sort(key=lambda t: t[0])
        self.count = len(found)
        self.found = found[:limit]
        self._keep = (probe, loss)  # the autograd graph the directions need

    def directions(self):
        """For each candidate (closest to its kink first): where it is and
        the change of every parameter gradient, {name: ndarray}."""
        for _, s, entries in self.found:
            # the cotangent of the function's input: nonzero at one or two
            # elements (kept sparse: there can be many candidates)
            cot = torch.zeros(s.z.numel(), dtype=s.z.dtype)
            for flat, value in entries:
                cot[flat] += value
            d = torch.autograd.grad(s.z, self.params, grad_outputs=cot.reshape(s.z.shape),
                                    retain_graph=True, allow_unused=True)
            yield s.where, {n: g.detach().numpy() for n, g in zip(self.names, d)
                            if g is not None}


def explain(residual, den, directions, factor=1.0, max_flips=8):
    """Which flips make echo's result the reference's. `residual`: {name:
    echo - reference}; `den`: {name: the tolerance's denominator};
    `directions`: (where, {name: change}) with the change multiplied by
    `factor` (-lr for an SGD step's parameter change). The objective is the
    sum over tensors of (||residual - flips|| / den)^2. A direction is
    kept when on its own it lowers the objective; then flips are taken
    greedily, the best first, while the objective falls, at most
    `max_flips`. Returns (the places flipped, {name: the residual left})."""
    def dot(a, b):
        return sum(float(np.vdot(a[n], b[n])) / den[n] ** 2 for n in a if n in b)

    useful = []
    for where, d in directions:
        d = {n: v * factor for n, v in d.items()}
        if 2 * dot(residual, d) - dot(d, d) > 0:
            useful.append((where, d))
    chosen = []
    residual = {n: np.array(v, np.float64) for n, v in residual.items()}
    while useful and len(chosen) < max_flips:
        gains = [2 * dot(residual, d) - dot(d, d) for _, d in useful]
        best = int(np.argmax(gains))
        if gains[best] <= 0:
            break
        where, d = useful.pop(best)
        for n, v in d.items():
            residual[n] -= v
        chosen.append(where)
    return chosen, residual
