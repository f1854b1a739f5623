#!/usr/bin/env python3
"""echo-torch: a PyTorch frontend for echo-mlir.

Traces an nn.Module with torch.fx and writes

  DIR/model.mlir     the echo forward function @forward: the input first, then
                     every parameter ({echo.trainable}) and batch-norm running
                     statistic, in order of first use, then the i32 labels; it
                     returns the cross-entropy loss (tensor<f32>), the form
                     `echo-import-linalg weights-as-arguments loss=cross-entropy`
                     writes and `echo-autodiff` takes;
  DIR/argN.npy       the value of argument N (weights, the input, the labels);
  DIR/inputs.txt     the `echo-run --inputs` list of every argument;
  DIR/manifest.json  argument N -> the PyTorch name of the tensor it holds.

Usage (docs/pytorch-frontend.md):

  echo-torch torchvision:resnet18 --input-shape 2,3,32,32 --out DIR
  echo-torch path/to/file.py:make_model --input-shape 1,3,64,64 --out DIR

Every op it meets is mapped exactly or refused: an op or module echo has no
equivalent for is an error naming the module path and the op, and the exit
status is 1. Usable as a library too: `export(module, input_shape, out_dir)`.
"""

import argparse
import dis
import importlib
import inspect
import importlib.util
import json
import math
import operator
import os
import sys

import numpy as np
import torch
import torch.fx as fx
import torch.nn as nn
import torch.nn.functional as F


class UnsupportedError(Exception):
    """An op or module with no exact echo equivalent."""


# ---------------------------------------------------------------------------
# Tracing: torch.fx, with the module path of every node recorded
# ---------------------------------------------------------------------------

def _leaf_types():
    leaves = []
    try:
        from torchvision.ops import StochasticDepth
        leaves.append(StochasticDepth)
    except ImportError:  # torchvision is optional
        pass
    return tuple(leaves)


def _channel_shuffle():
    try:
        from torchvision.models import shufflenetv2
        return shufflenetv2.channel_shuffle
    except (ImportError, AttributeError):
        return None


def _swin_functions():
    """torchvision's Swin functions that torch.fx keeps as single calls
    (torch.fx.wrap), by name."""
    try:
        from torchvision.models import swin_transformer as sw
    except ImportError:
        return {}
    return {name: getattr(sw, name) for name in
            ("_get_relative_position_bias", "shifted_window_attention", "_patch_merging_pad")
            if hasattr(sw, name)}


def _autowrap_functions():
    """Functions kept as single call nodes: torchvision's channel shuffle
    unpacks x.size(), which symbolic tracing cannot iterate."""
    return tuple(f for f in (_channel_shuffle(),) if f is not None)


class _Tracer(fx.Tracer):
    """Records in node.meta['echo_module'] the path of the module whose
    forward created the node, and keeps a few torchvision modules that draw
    random numbers (stochastic depth) as leaves."""

    def __init__(self):
        super().__init__(autowrap_functions=_autowrap_functions())
        self.module_path = [""]
        self.extra_leaves = _leaf_types()

    def is_leaf_module(self, m, qualname):
        if self.extra_leaves and isinstance(m, self.extra_leaves):
            return True
        return super().is_leaf_module(m, qualname)

    def call_module(self, m, forward, args, kwargs):
        self.module_path.append(self.path_of_module(m))
        try:
            return super().call_module(m, forward, args, kwargs)
        finally:
            self.module_path.pop()

    def create_node(self, *args, **kwargs):
        node = super().create_node(*args, **kwargs)
        node.meta["echo_module"] = self.module_path[-1]
        return node


def _proxy_iter(self):
    """fx.Proxy.__iter__ for Python 3.11: torch 1.13 finds the unpacking
    instruction at index f_lasti // 2, which 3.11's inline caches break;
    look it up by offset (`a, b = x.chunk(2)`, `n, c, h, w = x.shape`)."""
    frame = inspect.currentframe().f_back
    for inst in dis.get_instructions(frame.f_code):
        if inst.offset == frame.f_lasti:
            if inst.opname == "UNPACK_SEQUENCE":
                return (self[i] for i in range(inst.argval))
            break
    return self.tracer.iter(self)


def trace(module):
    tracer = _Tracer()
    saved = fx.Proxy.__iter__
    fx.Proxy.__iter__ = _proxy_iter
    try:
        graph = tracer.trace(module)
    finally:
        fx.Proxy.__iter__ = saved
    return fx.GraphModule(tracer.root, graph, module.__class__.__name__)


# ---------------------------------------------------------------------------
# Values and the printer
# ---------------------------------------------------------------------------

class T:
    """An echo SSA value: its name and static f32 shape."""

    def __init__(self, name, shape, dtype="f32"):
        self.name = name
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype

    @property
    def type(self):
        return tensor_type(self.shape, self.dtype)


def tensor_type(shape, dtype="f32"):
    return "tensor<" + "".join("%dx" % d for d in shape) + dtype + ">"


def f64(v):
    """An MLIR float literal (always with a '.', exact for f64)."""
    v = float(v)
    if math.isinf(v) or math.isnan(v):
        raise UnsupportedError("non-finite constant %r" % v)
    return "%.17e" % v


def i64s(values):
    return "array<i64: " + ", ".join(str(int(v)) for v in values) + ">"


def pair(v):
    if isinstance(v, (tuple, list)):
        if len(v) == 1:
            return (int(v[0]), int(v[0]))
        if len(v) != 2:
            raise UnsupportedError("expected 2 spatial values, got %r" % (v,))
        return (int(v[0]), int(v[1]))
    return (int(v), int(v))


def broadcast_shapes(a, b):
    r = max(len(a), len(b))
    a = (1,) * (r - len(a)) + tuple(a)
    b = (1,) * (r - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            raise UnsupportedError("shapes %r and %r do not broadcast" % (a, b))
        out.append(max(x, y))
    return tuple(out)


class Emitter:
    """Writes echo ops into the body of @forward."""

    def __init__(self):
        self.lines = []
        self.count = 0
        self.dropout_seed = 0

    def fresh(self):
        self.count += 1
        return "%%v%d" % self.count

    def op(self, text_fn, shape):
        """`text_fn(name)` is the op's text; returns its single result."""
        name = self.fresh()
        self.lines.append(text_fn(name))
        return T(name, shape)

    # -- elementwise -------------------------------------------------------
    def unary(self, kind, x):
        return self.op(lambda r: "%s = echo.%s %s : %s" % (r, kind, x.name, x.type),
                       x.shape)

    def binary(self, kind, a, b):
        shape = broadcast_shapes(a.shape, b.shape)
        return self.op(lambda r: "%s = echo.%s %s, %s : (%s, %s) -> %s" % (
            r, kind, a.name, b.name, a.type, b.type, tensor_type(shape)), shape)

    def fill(self, value, shape):
        return self.op(lambda r: "%s = echo.fill %s : %s" % (
            r, f64(value), tensor_type(shape)), shape)

    def scalar_like(self, value, x):
        """A size-1 tensor of x's rank holding `value` (broadcasts to x)."""
        return self.fill(value, (1,) * max(len(x.shape), 1))

    def binary_scalar(self, kind, x, value, scalar_first=False):
        s = self.scalar_like(value, x)
        return self.binary(kind, s, x) if scalar_first else self.binary(kind, x, s)

    def minimum_scalar(self, x, value):
        """min(x, value) as -max(-x, -value) (echo has no min)."""
        n = self.unary("neg", x)
        m = self.binary_scalar("max", n, -float(value))
        return self.unary("neg", m)

    def clamp(self, x, lo, hi):
        if lo is not None:
            x = self.unary("relu", x) if lo == 0 else self.binary_scalar("max", x, lo)
        if hi is not None:
            x = self.minimum_scalar(x, hi)
        return x

    def hardsigmoid(self, x):
        # relu6(x + 3) / 6
        y = self.binary_scalar("add", x, 3.0)
        y = self.clamp(y, 0.0, 6.0)
        return self.binary_scalar("div", y, 6.0)

    # -- shape -------------------------------------------------------------
    def reshape(self, x, shape):
        shape = tuple(int(d) for d in shape)
        if shape == x.shape:
            return x
        if int(np.prod(shape)) != int(np.prod(x.shape)):
            raise UnsupportedError("cannot reshape %r to %r" % (x.shape, shape))
        return self.op(lambda r: "%s = echo.reshape %s : %s -> %s" % (
            r, x.name, x.type, tensor_type(shape)), shape)

    def broadcast_to(self, x, shape):
        shape = tuple(shape)
        if shape == x.shape:
            return x
        return self.op(lambda r: "%s = echo.broadcast_to %s : %s -> %s" % (
            r, x.name, x.type, tensor_type(shape)), shape)

    def transpose(self, x, perm):
        perm = [int(p) for p in perm]
        if perm == list(range(len(perm))):
            return x
        shape = tuple(x.shape[p] for p in perm)
        return self.op(lambda r: "%s = echo.transpose %s permutation [%s] : %s -> %s" % (
            r, x.name, ", ".join(map(str, perm)), x.type, tensor_type(shape)), shape)

    def concat(self, xs, axis):
        if len(xs) == 1:
            return xs[0]
        shape = list(xs[0].shape)
        shape[axis] = sum(x.shape[axis] for x in xs)
        return self.op(lambda r: "%s = echo.concat %s axis %d : (%s) -> %s" % (
            r, ", ".join(x.name for x in xs), axis,
            ", ".join(x.type for x in xs), tensor_type(shape)), tuple(shape))

    def slice(self, x, offsets, sizes, strides=None):
        sizes = tuple(sizes)
        if tuple(offsets) == (0,) * len(sizes) and sizes == x.shape and \
                (strides is None or all(s == 1 for s in strides)):
            return x
        st = ""
        if strides is not None and any(s != 1 for s in strides):
            st = " strides [%s]" % ", ".join(map(str, strides))
        return self.op(lambda r: "%s = echo.slice %s offsets [%s]%s : %s -> %s" % (
            r, x.name, ", ".join(map(str, offsets)), st, x.type,
            tensor_type(sizes)), sizes)

    def split(self, x, sizes, axis):
        if len(sizes) == 1:
            return [x]
        shapes = []
        for s in sizes:
            shape = list(x.shape)
            shape[axis] = s
            shapes.append(tuple(shape))
        names = [self.fresh() for _ in sizes]
        self.lines.append("%s = echo.split %s axis %d : %s -> %s" % (
            ", ".join(names), x.name, axis, x.type,
            ", ".join(tensor_type(s) for s in shapes)))
        return [T(n, s) for n, s in zip(names, shapes)]

    def reduce(self, kind, x, dims, keepdims):
        dims = sorted(set(d % len(x.shape) for d in dims))
        if keepdims:
            shape = tuple(1 if i in dims else d for i, d in enumerate(x.shape))
        else:
            shape = tuple(d for i, d in enumerate(x.shape) if i not in dims)
        return self.op(lambda r: "%s = echo.reduce %s %s dims [%s]%s : %s -> %s" % (
            r, kind, x.name, ", ".join(map(str, dims)),
            " keepdims" if keepdims else "", x.type, tensor_type(shape)), shape)

    # -- layers ------------------------------------------------------------
    def conv2d(self, x, w, b, stride, padding, dilation, groups, out_shape):
        operands = [x, w] + ([b] if b is not None else [])
        attrs = "{dilation = %s, groups = %d : i64, padding = %s, stride = %s}" % (
            i64s(dilation), groups, i64s(padding), i64s(stride))
        return self.op(lambda r: "%s = echo.conv2d %s %s : (%s) -> %s" % (
            r, ", ".join(o.name for o in operands), attrs,
            ", ".join(o.type for o in operands), tensor_type(out_shape)), out_shape)

    def linear(self, x, w, b):
        operands = [x, w] + ([b] if b is not None else [])
        shape = x.shape[:-1] + (w.shape[0],)
        return self.op(lambda r: "%s = echo.linear %s : (%s) -> %s" % (
            r, ", ".join(o.name for o in operands),
            ", ".join(o.type for o in operands), tensor_type(shape)), shape)

    def matmul(self, a, b, transpose_rhs=False):
        """echo.matmul (rank 2) or echo.batch_matmul (rank >= 3, the same
        batch dimensions)."""
        if len(a.shape) != len(b.shape) or len(a.shape) < 2 or a.shape[:-2] != b.shape[:-2]:
            raise UnsupportedError("matrix product of %r and %r (echo multiplies rank-2 "
                                   "tensors or batches of the same shape)" % (a.shape, b.shape))
        k = b.shape[-1] if transpose_rhs else b.shape[-2]
        if a.shape[-1] != k:
            raise UnsupportedError("matrix product of %r and %r" % (a.shape, b.shape))
        shape = a.shape[:-1] + ((b.shape[-2],) if transpose_rhs else (b.shape[-1],))
        kind = "matmul" if len(a.shape) == 2 else "batch_matmul"
        return self.op(lambda r: "%s = echo.%s %s, %s%s : (%s, %s) -> %s" % (
            r, kind, a.name, b.name, " transpose_rhs" if transpose_rhs else "",
            a.type, b.type, tensor_type(shape)), shape)

    def embedding(self, table, indices):
        shape = indices.shape + (table.shape[1],)
        return self.op(lambda r: "%s = echo.embedding %s, %s : (%s, %s) -> %s" % (
            r, table.name, indices.name, table.type, indices.type, tensor_type(shape)), shape)

    def pad(self, x, before, after, value=0.0):
        """Constant padding of each dimension: concatenation with fills."""
        for d in range(len(x.shape)):
            parts = []
            for n in (before[d], after[d]):
                shape = list(x.shape)
                shape[d] = n
                parts.append(self.fill(value, shape) if n else None)
            xs = [t for t in (parts[0], x, parts[1]) if t is not None]
            x = self.concat(xs, d)
        return x

    def roll(self, x, shift, dim):
        """torch.roll along one dimension: two slices, concatenated."""
        size = x.shape[dim]
        shift %= size
        if shift == 0:
            return x
        def part(start, length):
            offsets = [0] * len(x.shape)
            offsets[dim] = start
            sizes = list(x.shape)
            sizes[dim] = length
            return self.slice(x, offsets, sizes)
        return self.concat([part(size - shift, shift), part(0, size - shift)], dim)

    def pool(self, kind, x, kernel, stride, padding):
        n, c, h, w = x.shape
        oh = (h + 2 * padding[0] - kernel[0]) // stride[0] + 1
        ow = (w + 2 * padding[1] - kernel[1]) // stride[1] + 1
        shape = (n, c, oh, ow)
        attrs = "{kernel = %s, padding = %s, stride = %s}" % (
            i64s(kernel), i64s(padding), i64s(stride))
        return self.op(lambda r: "%s = echo.%s %s %s : %s -> %s" % (
            r, kind, x.name, attrs, x.type, tensor_type(shape)), shape)

    def batch_norm(self, x, gamma, beta, mean, var, eps, momentum):
        c = x.shape[1]
        vec = tensor_type((c,))
        names = [self.fresh() for _ in range(5)]
        self.lines.append(
            "%s = echo.batch_norm %s, %s, %s, %s, %s {epsilon = %s : f64, momentum = %s : f64} : (%s, %s, %s, %s, %s) -> (%s, %s, %s, %s, %s)" % (
                ", ".join(names), x.name, gamma.name, beta.name, mean.name,
                var.name, f64(eps), f64(momentum), x.type, vec, vec, vec, vec,
                x.type, vec, vec, vec, vec))
        return T(names[0], x.shape)

    def layer_norm(self, x, gamma, beta, eps):
        rows = tensor_type(x.shape[:-1])
        names = [self.fresh() for _ in range(3)]
        self.lines.append(
            "%s = echo.layer_norm %s, %s, %s {epsilon = %s : f64} : (%s, %s, %s) -> (%s, %s, %s)" % (
                ", ".join(names), x.name, gamma.name, beta.name, f64(eps),
                x.type, gamma.type, beta.type, x.type, rows, rows))
        return T(names[0], x.shape)

    def dropout(self, x, p):
        names = [self.fresh() for _ in range(2)]
        self.dropout_seed += 1
        self.lines.append(
            "%s = echo.dropout %s probability %s seed %d : %s -> %s, %s" % (
                ", ".join(names), x.name, f64(p), self.dropout_seed, x.type,
                x.type, tensor_type(x.shape, "i1")))
        return T(names[0], x.shape)

    def attention(self, q, k, v, p):
        """echo.attention of [B, H, L, D] operands at the default scale
        1 / sqrt(D), dropout `p` on the probabilities (echo.dropout's mask
        for the next seed, element ((b * H + h) * L + i) * L + j)."""
        names = [self.fresh() for _ in range(2)]
        attrs = ""
        if p > 0:
            self.dropout_seed += 1
            attrs = " {dropout = %s, seed = %d : i64}" % (f64(p), self.dropout_seed)
        self.lines.append("%s = echo.attention %s, %s, %s%s : %s, %s, %s" % (
            ", ".join(names), q.name, k.name, v.name, attrs, q.type, k.type, v.type))
        return T(names[0], q.shape)

    def softmax(self, kind, x, axis):
        return self.op(lambda r: "%s = echo.%s %s {axis = %d : i64} : %s" % (
            r, kind, x.name, axis % len(x.shape), x.type), x.shape)

    def cross_entropy(self, logits, labels):
        return self.op(lambda r: "%s = echo.cross_entropy %s, %s : (%s, %s) -> tensor<f32>" % (
            r, logits.name, labels.name, logits.type, labels.type), ())


# ---------------------------------------------------------------------------
# The converter
# ---------------------------------------------------------------------------

def _name_of(target):
    if isinstance(target, str):
        return target
    mod = getattr(target, "__module__", None) or ""
    name = getattr(target, "__name__", repr(target))
    if mod in ("_operator", "operator"):
        return "operator." + name
    if mod.startswith("torch"):
        return mod.replace("torch._C._nn", "torch.nn.functional") + "." + name
    return name


class Converter:
    def __init__(self, gm, example, dropout=True, fused_attention=True):
        self.gm = gm
        self.modules = dict(gm.named_modules())
        self.e = Emitter()
        self.dropout_enabled = dropout
        self.fused_attention = fused_attention
        self.args = []        # (name, shape, dtype, attrs, value ndarray, kind, torch name)
        self.arg_of = {}      # id(tensor) -> T (one argument per torch tensor)
        self.env = {}
        self.example = example
        self.node = None

    # -- arguments ---------------------------------------------------------
    def add_argument(self, shape, dtype, value, kind, torch_name, trainable):
        index = len(self.args)
        t = T("%%arg%d" % index, shape, dtype)
        self.args.append(dict(index=index, shape=list(shape), dtype=dtype,
                              kind=kind, name=torch_name, trainable=trainable,
                              value=value))
        return t

    def tensor_arg(self, tensor, torch_name, kind):
        """The argument holding `tensor` (a parameter or buffer); created at
        its first use."""
        key = id(tensor)
        if key not in self.arg_of:
            if tensor.dtype != torch.float32:
                raise UnsupportedError("%s has dtype %s; echo-torch handles f32"
                                       % (torch_name, tensor.dtype))
            value = tensor.detach().cpu().numpy().astype(np.float32)
            self.arg_of[key] = self.add_argument(
                tuple(tensor.shape), "f32", value, kind, torch_name,
                kind == "parameter")
        return self.arg_of[key]

    def param(self, module_path, module, attr, kind=None):
        t = getattr(module, attr)
        if t is None:
            return None
        name = (module_path + "." if module_path else "") + attr
        if kind is None:
            kind = "parameter" if isinstance(t, nn.Parameter) else "buffer"
            if kind == "parameter" and not t.requires_grad:
                kind = "frozen"
        return self.tensor_arg(t, name, kind)

    # -- errors ------------------------------------------------------------
    def where(self, node):
        path = node.meta.get("echo_module", "") if node.op != "call_module" else node.target
        if node.op == "call_module":
            what = "module %s" % type(self.modules[node.target]).__name__
        elif node.op == "call_method":
            what = "method Tensor.%s" % node.target
        else:
            what = _name_of(node.target)
        return "%s: %s" % (path or "<root>", what)

    # -- evaluation of fx arguments ----------------------------------------
    def value(self, a):
        if isinstance(a, fx.Node):
            return self.env[a]
        if isinstance(a, (list, tuple)):
            vals = [self.value(x) for x in a]
            return type(a)(vals) if not hasattr(a, "_fields") else type(a)(*vals)
        if isinstance(a, dict):
            return {k: self.value(v) for k, v in a.items()}
        if isinstance(a, slice):
            return slice(self.value(a.start), self.value(a.stop), self.value(a.step))
        return a

    @staticmethod
    def has_tensor(v):
        if isinstance(v, T):
            return True
        if isinstance(v, (list, tuple)):
            return any(Converter.has_tensor(x) for x in v)
        if isinstance(v, dict):
            return any(Converter.has_tensor(x) for x in v.values())
        return False

    # -- the graph ---------------------------------------------------------
    def run(self):
        placeholders = [n for n in self.gm.graph.nodes if n.op == "placeholder"]
        if len(placeholders) != 1:
            raise UnsupportedError("<root>: forward takes %d inputs; echo-torch "
                                   "handles one image tensor" % len(placeholders))
        x = self.add_argument(tuple(self.example.shape), "f32",
                              self.example.numpy().astype(np.float32), "input",
                              "input", False)
        result = None
        for node in self.gm.graph.nodes:
            self.node = node
            if node.op == "placeholder":
                self.env[node] = x
            elif node.op == "output":
                result = self.value(node.args[0])
            else:
                try:
                    self.env[node] = self.convert(node)
                except UnsupportedError as err:
                    raise UnsupportedError("%s: %s" % (self.where(node), err)) from None
        if not isinstance(result, T) or len(result.shape) != 2:
            raise UnsupportedError(
                "<root>: the model returns %s; echo-torch needs one [batch, "
                "classes] logits tensor" % (
                    type(result).__name__ if not isinstance(result, T)
                    else "a tensor of shape %r" % (result.shape,)))
        return result

    def convert(self, node):
        args = self.value(node.args)
        kwargs = self.value(node.kwargs)
        if node.op == "get_attr":
            obj = self.gm
            for part in node.target.split("."):
                obj = getattr(obj, part)
            if isinstance(obj, torch.Tensor) and not obj.is_floating_point():
                # an index table (Swin's relative positions): a constant
                # for the op that takes it, never an f32 argument
                return obj
            if isinstance(obj, torch.Tensor):
                kind = "parameter" if isinstance(obj, nn.Parameter) and obj.requires_grad \
                    else "buffer"
                return self.tensor_arg(obj, node.target, kind)
            return obj
        if node.op == "call_module":
            return self.call_module(node.target, self.modules[node.target], args, kwargs)
        if node.op == "call_method":
            self_arg, rest = args[0], args[1:]
            if not isinstance(self_arg, T):
                return getattr(self_arg, node.target)(*rest, **kwargs)
            return self.call_method(node.target, self_arg, rest, kwargs)
        if node.op == "call_function":
            if not self.has_tensor(args) and not self.has_tensor(kwargs) \
                    and node.target in _PY_FUNCTIONS:
                return node.target(*args, **kwargs)
            return self.call_function(node.target, args, kwargs)
        raise UnsupportedError("unknown fx node kind %s" % node.op)

    # -- modules -----------------------------------------------------------
    def call_module(self, path, m, args, kwargs):
        e = self.e
        x = args[0] if args else None
        if isinstance(m, nn.Conv2d):
            if m.padding_mode != "zeros":
                raise UnsupportedError("padding_mode=%r (echo pads with zeros)" % m.padding_mode)
            if isinstance(m.padding, str):
                raise UnsupportedError("padding=%r (give the padding as numbers)" % m.padding)
            return self.conv2d(x, self.param(path, m, "weight"), self.param(path, m, "bias"),
                               m.stride, m.padding, m.dilation, m.groups)
        if isinstance(m, nn.Linear):
            return e.linear(x, self.param(path, m, "weight"), self.param(path, m, "bias"))
        if isinstance(m, nn.BatchNorm2d) or isinstance(m, nn.BatchNorm1d):
            if not m.track_running_stats or m.running_mean is None:
                raise UnsupportedError("batch norm without running statistics")
            if m.momentum is None:
                raise UnsupportedError("momentum=None (a cumulative average; "
                                       "echo's running statistics use a momentum)")
            if len(x.shape) < 2:
                raise UnsupportedError("batch norm of a rank-%d tensor" % len(x.shape))
            c = x.shape[1]
            gamma = self.param(path, m, "weight") if m.affine else e.fill(1.0, (c,))
            beta = self.param(path, m, "bias") if m.affine else e.fill(0.0, (c,))
            return e.batch_norm(x, gamma, beta,
                                self.param(path, m, "running_mean", "running_stat"),
                                self.param(path, m, "running_var", "running_stat"),
                                m.eps, m.momentum)
        if isinstance(m, nn.LayerNorm):
            if len(m.normalized_shape) != 1 or not m.elementwise_affine:
                raise UnsupportedError("layer norm over several dimensions or without "
                                       "affine parameters (echo normalizes the last "
                                       "dimension with gamma and beta)")
            return e.layer_norm(x, self.param(path, m, "weight"),
                                self.param(path, m, "bias"), m.eps)
        if isinstance(m, nn.ReLU):
            return e.unary("relu", x)
        if isinstance(m, nn.ReLU6):
            return e.clamp(x, 0.0, 6.0)
        if isinstance(m, nn.Hardtanh):
            return e.clamp(x, m.min_val, m.max_val)
        if isinstance(m, nn.Sigmoid):
            return e.unary("sigmoid", x)
        if isinstance(m, nn.Tanh):
            return e.unary("tanh", x)
        if isinstance(m, nn.SiLU):
            return e.binary("mul", x, e.unary("sigmoid", x))
        if isinstance(m, nn.Hardsigmoid):
            return e.hardsigmoid(x)
        if isinstance(m, nn.Hardswish):
            return e.binary("mul", x, e.hardsigmoid(x))
        if isinstance(m, nn.GELU):
            return self.gelu(x, m.approximate)
        if isinstance(m, nn.MaxPool2d):
            return self.max_pool2d(x, m.kernel_size, m.stride, m.padding,
                                   m.dilation, m.ceil_mode, m.return_indices)
        if isinstance(m, nn.AvgPool2d):
            return self.avg_pool2d(x, m.kernel_size, m.stride, m.padding, m.ceil_mode,
                                   m.count_include_pad, m.divisor_override)
        if isinstance(m, nn.AdaptiveAvgPool2d):
            return self.adaptive_avg_pool2d(x, m.output_size)
        if type(m) is nn.Dropout:
            return self.dropout(x, m.p)
        if isinstance(m, nn.Flatten):
            return self.flatten(x, m.start_dim, m.end_dim)
        if isinstance(m, nn.Identity):
            return x
        if isinstance(m, nn.Softmax):
            return e.softmax("softmax", x, m.dim if m.dim is not None else -1)
        if isinstance(m, nn.LogSoftmax):
            return e.softmax("log_softmax", x, m.dim if m.dim is not None else -1)
        if isinstance(m, nn.MultiheadAttention):
            return self.multihead_attention(path, m, args, kwargs)
        if type(m).__name__ == "StochasticDepth":
            if m.p == 0 or not self.dropout_enabled:
                return x
            raise UnsupportedError(
                "stochastic depth (p=%g, mode %r) drops whole samples at random; "
                "echo has no such op (export with --no-dropout)" % (m.p, m.mode))
        raise UnsupportedError("no echo equivalent")

    # -- methods -----------------------------------------------------------
    def call_method(self, name, x, args, kwargs):
        e = self.e
        if name in ("size",):
            dim = args[0] if args else kwargs.get("dim")
            return torch.Size(x.shape) if dim is None else x.shape[dim]
        if name == "dim":
            return len(x.shape)
        if name in ("contiguous", "clone", "detach") and not args:
            return x
        if name in ("view", "reshape"):
            shape = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list, torch.Size)) else args
            return e.reshape(x, infer_shape(x.shape, shape))
        if name == "flatten":
            return self.flatten(x, *args, **kwargs)
        if name in ("transpose",):
            return self.transpose(x, *args)
        if name == "permute":
            perm = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
            return e.transpose(x, [p % len(x.shape) for p in perm])
        if name in ("chunk",):
            return self.chunk(x, *args, **kwargs)
        if name == "split":
            return self.split(x, *args, **kwargs)
        if name == "mean":
            return self.mean(x, *args, **kwargs)
        if name == "sum":
            return self.sum(x, *args, **kwargs)
        if name in ("squeeze", "unsqueeze"):
            return getattr(self, name)(x, *args)
        if name in ("relu", "relu_", "sigmoid", "sigmoid_", "tanh", "tanh_"):
            return e.unary(name.rstrip("_"), x)
        if name in ("add", "add_", "mul", "mul_", "sub", "sub_", "div", "div_"):
            return self.arith(name.rstrip("_"), x, args[0], **kwargs)
        if name in ("softmax", "log_softmax"):
            dim = args[0] if args else kwargs.get("dim")
            return e.softmax(name, x, dim)
        if name == "matmul":
            return e.matmul(x, args[0])
        if name == "expand_as":
            return e.broadcast_to(x, args[0].shape)
        if name == "expand":
            shape = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
            shape = [x.shape[i - (len(shape) - len(x.shape))] if s == -1 else s
                     for i, s in enumerate(shape)]
            return e.broadcast_to(x, shape)
        raise UnsupportedError("no echo equivalent")

    # -- functions ---------------------------------------------------------
    def call_function(self, fn, args, kwargs):
        e = self.e
        a = list(args)

        def arg(i, key, default=None):
            if i < len(a):
                return a[i]
            return kwargs.get(key, default)

        if fn in (operator.add, operator.iadd, torch.add):
            if kwargs.get("alpha", 1) != 1:
                raise UnsupportedError("add with alpha")
            return self.arith("add", a[0], a[1])
        if fn in (operator.mul, operator.imul, torch.mul):
            return self.arith("mul", a[0], a[1])
        if fn in (operator.sub, operator.isub, torch.sub):
            return self.arith("sub", a[0], a[1])
        if fn in (operator.truediv, operator.itruediv, torch.div):
            if kwargs.get("rounding_mode") is not None:
                raise UnsupportedError("division with rounding_mode")
            return self.arith("div", a[0], a[1])
        if fn is operator.neg:
            return e.unary("neg", a[0])
        if fn is operator.getitem:
            return self.getitem(a[0], a[1])
        if fn is getattr:
            if isinstance(a[0], T) and a[1] == "shape":
                return torch.Size(a[0].shape)
            if isinstance(a[0], T) and a[1] == "ndim":
                return len(a[0].shape)
            raise UnsupportedError("attribute %r of a tensor" % (a[1],))
        if fn in (torch.relu, F.relu, torch.relu_):
            return e.unary("relu", a[0])
        if fn is F.relu6:
            return e.clamp(a[0], 0.0, 6.0)
        if fn is F.hardtanh:
            return e.clamp(a[0], arg(1, "min_val", -1.0), arg(2, "max_val", 1.0))
        if fn in (torch.clamp, torch.clip):
            return e.clamp(a[0], arg(1, "min"), arg(2, "max"))
        if fn in (torch.sigmoid, F.sigmoid):
            return e.unary("sigmoid", a[0])
        if fn in (torch.tanh, F.tanh):
            return e.unary("tanh", a[0])
        if fn is F.silu:
            return e.binary("mul", a[0], e.unary("sigmoid", a[0]))
        if fn is F.hardsigmoid:
            return e.hardsigmoid(a[0])
        if fn is F.hardswish:
            return e.binary("mul", a[0], e.hardsigmoid(a[0]))
        if fn is F.gelu:
            return self.gelu(a[0], arg(1, "approximate", "none"))
        if fn in (torch.exp,):
            return e.unary("exp", a[0])
        if fn in (torch.log,):
            return e.unary("log", a[0])
        if fn in (torch.sqrt,):
            return e.unary("sqrt", a[0])
        if fn in (torch.rsqrt,):
            return e.unary("rsqrt", a[0])
        if fn in (F.softmax, torch.softmax):
            return e.softmax("softmax", a[0], arg(1, "dim"))
        if fn in (F.log_softmax, torch.log_softmax):
            return e.softmax("log_softmax", a[0], arg(1, "dim"))
        if fn is F.max_pool2d:
            return self.max_pool2d(a[0], arg(1, "kernel_size"), arg(2, "stride"),
                                   arg(3, "padding", 0), arg(4, "dilation", 1),
                                   arg(5, "ceil_mode", False), arg(6, "return_indices", False))
        if fn is F.avg_pool2d:
            return self.avg_pool2d(a[0], arg(1, "kernel_size"), arg(2, "stride"),
                                   arg(3, "padding", 0), arg(4, "ceil_mode", False),
                                   arg(5, "count_include_pad", True),
                                   arg(6, "divisor_override"))
        if fn is F.adaptive_avg_pool2d:
            return self.adaptive_avg_pool2d(a[0], arg(1, "output_size"))
        if fn is F.dropout:
            return self.dropout(a[0], arg(1, "p", 0.5), arg(2, "training", True))
        if fn is torch.flatten:
            return self.flatten(a[0], arg(1, "start_dim", 0), arg(2, "end_dim", -1))
        if fn is torch.reshape:
            return e.reshape(a[0], infer_shape(a[0].shape, arg(1, "shape")))
        if fn is torch.cat or fn is torch.concat:
            xs = list(arg(0, "tensors"))
            dim = arg(1, "dim", 0)
            return e.concat(xs, dim % len(xs[0].shape))
        if fn is torch.transpose:
            return self.transpose(a[0], arg(1, "dim0"), arg(2, "dim1"))
        if fn is torch.permute:
            return e.transpose(a[0], [p % len(a[0].shape) for p in arg(1, "dims")])
        if fn is torch.chunk:
            return self.chunk(a[0], arg(1, "chunks"), arg(2, "dim", 0))
        if fn is torch.split:
            return self.split(a[0], arg(1, "split_size_or_sections"), arg(2, "dim", 0))
        if fn is torch.mean:
            return self.mean(a[0], *a[1:], **kwargs)
        if fn is torch.sum:
            return self.sum(a[0], *a[1:], **kwargs)
        if fn is torch.squeeze:
            return self.squeeze(a[0], *a[1:])
        if fn is torch.unsqueeze:
            return self.unsqueeze(a[0], *a[1:])
        if fn is F.normalize:
            if arg(1, "p", 2.0) != 2:
                raise UnsupportedError("F.normalize with p=%r (p=2 only)" % (arg(1, "p"),))
            return self.normalize(a[0], arg(2, "dim", 1), arg(3, "eps", 1e-12))
        if fn is F.pad:
            return self.pad_function(a[0], arg(1, "pad"), arg(2, "mode", "constant"),
                                     arg(3, "value", None))
        if fn is torch.roll:
            shifts, dims = arg(1, "shifts"), arg(2, "dims")
            if dims is None:
                raise UnsupportedError("torch.roll of the flattened tensor")
            shifts = shifts if isinstance(shifts, (tuple, list)) else [shifts]
            dims = dims if isinstance(dims, (tuple, list)) else [dims]
            x = a[0]
            for sh, d in zip(shifts, dims):
                x = e.roll(x, int(sh), d % len(x.shape))
            return x
        swin = _swin_functions()
        if fn is not None and fn is swin.get("_get_relative_position_bias"):
            return self.relative_position_bias(*a, **kwargs)
        if fn is not None and fn is swin.get("shifted_window_attention"):
            return self.shifted_window_attention(*a, **kwargs)
        if fn is not None and fn is swin.get("_patch_merging_pad"):
            x = a[0]
            h, w = x.shape[-3], x.shape[-2]
            r = len(x.shape)
            x = e.pad(x, [0] * r, [0] * (r - 3) + [h % 2, w % 2, 0])
            parts = [self.getitem(x, (Ellipsis, slice(i, None, 2), slice(j, None, 2), slice(None)))
                     for i, j in ((0, 0), (1, 0), (0, 1), (1, 1))]
            return e.concat(parts, r - 1)
        if fn is not None and fn is _channel_shuffle():
            # view(n, g, c/g, h, w), transpose(1, 2), view(n, c, h, w)
            x, groups = a[0], arg(1, "groups")
            n, c, h, w = x.shape
            y = e.reshape(x, (n, groups, c // groups, h, w))
            y = e.transpose(y, [0, 2, 1, 3, 4])
            return e.reshape(y, (n, c, h, w))
        if fn is F.layer_norm:
            x, shape = a[0], tuple(arg(1, "normalized_shape"))
            weight, bias = arg(2, "weight"), arg(3, "bias")
            if len(shape) != 1 or shape[0] != x.shape[-1] or weight is None or bias is None:
                raise UnsupportedError("layer norm over several dimensions or without "
                                       "affine parameters (echo normalizes the last "
                                       "dimension with gamma and beta)")
            return e.layer_norm(x, weight, bias, arg(4, "eps", 1e-5))
        if fn is F.linear:
            return e.linear(a[0], arg(1, "weight"), arg(2, "bias"))
        if fn in (torch.matmul, operator.matmul, torch.bmm):
            return e.matmul(a[0], a[1])
        if fn is torch.einsum:
            return self.einsum(a[0], *a[1:])
        if fn is torch.swapaxes or fn is torch.swapdims:
            return self.transpose(a[0], a[1], a[2])
        if fn is F.conv2d:
            return self.conv2d(a[0], arg(1, "weight"), arg(2, "bias"), arg(3, "stride", 1),
                               arg(4, "padding", 0), arg(5, "dilation", 1), arg(6, "groups", 1))
        raise UnsupportedError("no echo equivalent")

    # -- shared rules ------------------------------------------------------
    def arith(self, kind, a, b):
        e = self.e
        if isinstance(a, T) and isinstance(b, T):
            return e.binary(kind, a, b)
        if isinstance(a, T) and isinstance(b, (int, float)):
            if kind in ("add", "sub") and b == 0 or kind in ("mul", "div") and b == 1:
                return a
            return e.binary_scalar(kind, a, b)
        if isinstance(b, T) and isinstance(a, (int, float)):
            if kind == "add" and a == 0 or kind == "mul" and a == 1:
                return b
            return e.binary_scalar(kind, b, a, scalar_first=True)
        raise UnsupportedError("%s of %s and %s" % (kind, type(a).__name__, type(b).__name__))

    def multihead_attention(self, path, m, args, kwargs):
        """nn.MultiheadAttention as PyTorch 1.13 computes it in training
        (F.multi_head_attention_forward): the packed input projection, per
        head q / sqrt(head_dim) times k^T, softmax, dropout, times v, the
        output projection. Self-attention without masks only."""
        e = self.e
        names = ["query", "key", "value", "key_padding_mask", "need_weights", "attn_mask",
                 "average_attn_weights"]
        given = dict(zip(names, args))
        given.update(kwargs)
        q, k, v = given.get("query"), given.get("key"), given.get("value")
        if not (q is k is v):
            raise UnsupportedError("attention with different query, key and value "
                                   "(self-attention only)")
        if given.get("key_padding_mask") is not None or given.get("attn_mask") is not None:
            raise UnsupportedError("attention masks")
        if not m._qkv_same_embed_dim or m.bias_k is not None or m.add_zero_attn:
            raise UnsupportedError("kdim/vdim, add_bias_kv or add_zero_attn")
        x = q if m.batch_first else e.transpose(q, [1, 0, 2])   # [N, L, E]
        if len(x.shape) != 3:
            raise UnsupportedError("unbatched attention input %r" % (x.shape,))
        n, length, dim = x.shape
        heads = m.num_heads
        d = dim // heads
        qkv = e.linear(x, self.param(path, m, "in_proj_weight"),
                       self.param(path, m, "in_proj_bias"))
        if self.fused_attention and given.get("need_weights", True) is False:
            # No weights asked for: one echo.attention, which stashes no
            # [L, L] probabilities (the same function; PyTorch scales q
            # before the product, echo.attention the scores in its kernel).
            heads4 = [e.transpose(e.reshape(t, (n, length, heads, d)), [0, 2, 1, 3])
                      for t in e.split(qkv, [dim] * 3, 2)]
            p = m.dropout if self.dropout_enabled else 0.0
            out = e.attention(*heads4, p)                        # [N, h, L, d]
            out = e.reshape(e.transpose(out, [0, 2, 1, 3]), (n, length, dim))
            out = e.linear(out, self.param(path + ".out_proj", m.out_proj, "weight"),
                           self.param(path + ".out_proj", m.out_proj, "bias"))
            if not m.batch_first:
                out = e.transpose(out, [1, 0, 2])
            return (out, None)
        parts = []
        for t in e.split(qkv, [dim] * 3, 2):
            t = e.transpose(e.reshape(t, (n, length, heads, d)), [0, 2, 1, 3])
            parts.append(e.reshape(t, (n * heads, length, d)))
        q, k, v = parts
        scores = e.matmul(e.binary_scalar("div", q, math.sqrt(d)), k, transpose_rhs=True)
        attn = e.softmax("softmax", scores, -1)
        if m.dropout > 0:
            attn = self.dropout(attn, m.dropout)
        out = e.matmul(attn, v)                                  # [N*h, L, d]
        out = e.transpose(e.reshape(out, (n, heads, length, d)), [0, 2, 1, 3])
        out = e.linear(e.reshape(out, (n, length, dim)),
                       self.param(path + ".out_proj", m.out_proj, "weight"),
                       self.param(path + ".out_proj", m.out_proj, "bias"))
        if not m.batch_first:
            out = e.transpose(out, [1, 0, 2])
        weights = None
        if given.get("need_weights", True):
            # softmax(q k^T / sqrt(d)), averaged over the heads unless asked not to
            w = e.reshape(attn, (n, heads, length, length))
            weights = e.reduce("mean", w, [1], False) \
                if given.get("average_attn_weights", True) else w
        return (out, weights)

    def pad_function(self, x, pad, mode, value):
        if mode != "constant":
            raise UnsupportedError("padding mode %r" % (mode,))
        pad = [int(p) for p in pad]
        if any(p < 0 for p in pad):
            raise UnsupportedError("negative padding (cropping)")
        r = len(x.shape)
        before, after = [0] * r, [0] * r
        for i in range(len(pad) // 2):   # F.pad: last dimension first
            before[r - 1 - i], after[r - 1 - i] = pad[2 * i], pad[2 * i + 1]
        return self.e.pad(x, before, after, 0.0 if value is None else value)

    def einsum(self, equation, *operands):
        """The einsums that are (batched) matrix products: the same batch
        letters first in all three terms, then ij,jk->ik or ij,kj->ik."""
        if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
            operands = operands[0]
        terms = equation.replace(" ", "")
        if "->" not in terms or len(operands) != 2:
            raise UnsupportedError("einsum %r (two operands and an explicit result only)"
                                   % (equation,))
        lhs, out = terms.split("->")
        p, q = lhs.split(",")
        if "." not in terms and len(p) == len(q) == len(out) >= 2:
            batch = p[:-2]
            if q[:-2] == batch and out[:-2] == batch:
                (i, j), (k, l), (m, n) = p[-2:], q[-2:], out[-2:]
                if j == k and (m, n) == (i, l) and len({i, j, l}) == 3:
                    return self.e.matmul(operands[0], operands[1])
                if j == l and (m, n) == (i, k) and len({i, j, k}) == 3:
                    return self.e.matmul(operands[0], operands[1], transpose_rhs=True)
        raise UnsupportedError("einsum %r is not a (batched) matrix product" % (equation,))

    def normalize(self, x, dim, eps=1e-12):
        """F.normalize (p=2): x / max(||x||_2 over dim, eps), as
        x / sqrt(max(sum x^2, eps^2)): the same function, but a zero vector
        (Swin's padding tokens) gets sqrt's derivative at eps^2, not the
        infinite one at 0 times max's zero (NaN); PyTorch's norm backward
        is 0 there too."""
        e = self.e
        sq = e.reduce("sum", e.binary("mul", x, x), [dim], True)
        return e.binary("div", x, e.unary("sqrt", e.binary_scalar("max", sq, eps * eps)))

    def constant_argument(self, value, dtype, name):
        """A tensor the model computes from shapes alone (an index table, an
        attention mask): an argument of kind "constant", never trained."""
        value = np.ascontiguousarray(value)
        return self.add_argument(value.shape, dtype, value, "constant", name, False)

    def relative_position_bias(self, table, index, window_size):
        """torchvision's Swin: table[index] (echo.embedding), viewed as
        [N, N, heads] and permuted to [1, heads, N, N]."""
        n = int(window_size[0]) * int(window_size[1])
        if not isinstance(index, torch.Tensor) or index.numel() != n * n:
            raise UnsupportedError("relative position index of %r" % (type(index).__name__,))
        idx = self.constant_argument(index.numpy().astype(np.int32).reshape(n * n), "i32",
                                     "%s.relative_position_index" % (
                                         self.node.meta.get("echo_module") or "<root>"))
        b = self.e.embedding(table, idx)                                   # [N*N, heads]
        b = self.e.transpose(self.e.reshape(b, (n, n, table.shape[1])), [2, 0, 1])
        return self.e.reshape(b, (1, table.shape[1], n, n))

    def shifted_window_attention(self, x, qkv_weight, proj_weight, relative_position_bias,
                                 window_size, num_heads, shift_size, attention_dropout=0.0,
                                 dropout=0.0, qkv_bias=None, proj_bias=None, logit_scale=None):
        """torchvision 0.14's shifted_window_attention, step by step: pad to
        whole windows, cyclic shift (torch.roll), partition, attention with
        the relative position bias and, when shifted, the mask PyTorch builds
        from the shapes (computed here, a constant argument), reverse."""
        e = self.e
        b, h, w, c = x.shape
        wh, ww = int(window_size[0]), int(window_size[1])
        pad_r, pad_b = (ww - w % ww) % ww, (wh - h % wh) % wh
        x = e.pad(x, [0, 0, 0, 0], [0, pad_b, pad_r, 0])
        ph, pw = h + pad_b, w + pad_r
        shift = [int(shift_size[0]) if wh < ph else 0, int(shift_size[1]) if ww < pw else 0]
        if sum(shift) > 0:
            x = e.roll(e.roll(x, -shift[0], 1), -shift[1], 2)
        nw, n = (ph // wh) * (pw // ww), wh * ww
        x = e.reshape(x, (b, ph // wh, wh, pw // ww, ww, c))
        x = e.reshape(e.transpose(x, [0, 1, 3, 2, 4, 5]), (b * nw, n, c))
        d = c // num_heads
        if logit_scale is not None and qkv_bias is not None:
            # Swin V2: the key's third of the bias is zero (a copy with it zeroed)
            third = qkv_bias.shape[0] // 3
            qb, _, vb = e.split(qkv_bias, [third] * 3, 0)
            qkv_bias = e.concat([qb, e.fill(0.0, (third,)), vb], 0)
        qkv = e.linear(x, qkv_weight, qkv_bias)
        qkv = e.transpose(e.reshape(qkv, (b * nw, n, 3, num_heads, d)), [2, 0, 3, 1, 4])
        q, k, v = [e.reshape(t, (b * nw, num_heads, n, d)) for t in e.split(qkv, [1, 1, 1], 0)]
        if logit_scale is not None:
            # Swin V2's cosine attention: F.normalize(q) @ F.normalize(k)^T
            # times exp(min(logit_scale, log 100))
            attn = e.matmul(self.normalize(q, -1), self.normalize(k, -1), transpose_rhs=True)
            scale = e.unary("exp", e.minimum_scalar(logit_scale, math.log(100.0)))
            attn = e.binary("mul", attn, scale)
        else:
            q = e.binary_scalar("mul", q, d ** -0.5)
            attn = e.matmul(q, k, transpose_rhs=True)
        attn = e.binary("add", attn, relative_position_bias)
        if sum(shift) > 0:
            mask = np.zeros((ph, pw), np.float32)
            count = 0
            for hs in ((0, -wh), (-wh, -shift[0]), (-shift[0], None)):
                for ws in ((0, -ww), (-ww, -shift[1]), (-shift[1], None)):
                    mask[hs[0]:hs[1], ws[0]:ws[1]] = count
                    count += 1
            mask = mask.reshape(ph // wh, wh, pw // ww, ww).transpose(0, 2, 1, 3).reshape(nw, n)
            mask = mask[:, None, :] - mask[:, :, None]
            mask = np.where(mask != 0, np.float32(-100.0), np.float32(0.0))
            m = self.constant_argument(mask.reshape(1, nw, 1, n, n), "f32", "%s.attn_mask" % (
                self.node.meta.get("echo_module") or "<root>"))
            attn = e.reshape(attn, (b, nw, num_heads, n, n))
            attn = e.reshape(e.binary("add", attn, m), (b * nw, num_heads, n, n))
        attn = e.softmax("softmax", attn, -1)
        if attention_dropout > 0:
            attn = self.dropout(attn, attention_dropout)
        x = e.transpose(e.matmul(attn, v), [0, 2, 1, 3])
        x = e.linear(e.reshape(x, (b * nw, n, c)), proj_weight, proj_bias)
        if dropout > 0:
            x = self.dropout(x, dropout)
        x = e.reshape(x, (b, ph // wh, pw // ww, wh, ww, c))
        x = e.reshape(e.transpose(x, [0, 1, 3, 2, 4, 5]), (b, ph, pw, c))
        if sum(shift) > 0:
            x = e.roll(e.roll(x, shift[0], 1), shift[1], 2)
        return e.slice(x, [0, 0, 0, 0], [b, h, w, c])

    def gelu(self, x, approximate):
        # echo.gelu is the tanh approximation, echo.gelu_erf the exact
        # x * Phi(x) (PyTorch's default, approximate='none').
        if approximate == "tanh":
            return self.e.unary("gelu", x)
        if approximate == "none":
            return self.e.unary("gelu_erf", x)
        raise UnsupportedError("GELU with approximate=%r (PyTorch accepts "
                               "'none' and 'tanh')" % (approximate,))

    def conv2d(self, x, w, b, stride, padding, dilation, groups):
        if isinstance(padding, str):
            raise UnsupportedError("padding=%r" % padding)
        n, c, h, wd = x.shape
        o, ci, kh, kw = w.shape
        stride, padding, dilation = pair(stride), pair(padding), pair(dilation)
        if ci * groups != c:
            raise UnsupportedError("conv2d: %d input channels, weight %r, groups %d"
                                   % (c, w.shape, groups))
        oh = (h + 2 * padding[0] - dilation[0] * (kh - 1) - 1) // stride[0] + 1
        ow = (wd + 2 * padding[1] - dilation[1] * (kw - 1) - 1) // stride[1] + 1
        return self.e.conv2d(x, w, b, stride, padding, dilation, groups, (n, o, oh, ow))

    def max_pool2d(self, x, kernel, stride, padding, dilation, ceil_mode, return_indices):
        if return_indices:
            raise UnsupportedError("max pooling returning indices")
        kernel = pair(kernel)
        stride = pair(stride) if stride not in (None, [], ()) else kernel
        padding, dilation = pair(padding), pair(dilation)
        if dilation != (1, 1):
            raise UnsupportedError("dilated max pooling")
        if ceil_mode:
            # Ceil mode lets the last window run past the bottom/right edge,
            # where PyTorch ignores the missing elements: pad those sides with
            # the lowest float (which never wins a window that holds an
            # element), and pool in floor mode.
            extra = [0, 0]
            for d in range(2):
                size = x.shape[2 + d]
                out = _pool_out(size, kernel[d], stride[d], padding[d], True)
                extra[d] = max(0, (out - 1) * stride[d] + kernel[d] - (size + 2 * padding[d]))
            x = self.pad_bottom_right(x, extra, -3.4028234663852886e38)
        return self.e.pool("max_pool2d", x, kernel, stride, padding)

    def pad_bottom_right(self, x, extra, value):
        e = self.e
        for d in range(2):
            if extra[d] > 0:
                shape = list(x.shape)
                shape[2 + d] = extra[d]
                x = e.concat([x, e.fill(value, tuple(shape))], 2 + d)
        return x

    def avg_pool2d(self, x, kernel, stride, padding, ceil_mode, count_include_pad,
                   divisor_override):
        kernel = pair(kernel)
        stride = pair(stride) if stride not in (None, [], ()) else kernel
        padding = pair(padding)
        if divisor_override is not None:
            raise UnsupportedError("average pooling with divisor_override")
        if padding != (0, 0) and not count_include_pad:
            raise UnsupportedError("average pooling with count_include_pad=False "
                                   "(echo counts the padding as zeros)")
        if ceil_mode:
            for d in range(2):
                size = x.shape[2 + d]
                if _pool_out(size, kernel[d], stride[d], padding[d], True) != \
                        _pool_out(size, kernel[d], stride[d], padding[d], False):
                    raise UnsupportedError(
                        "ceil-mode average pooling whose last window is partial "
                        "(PyTorch divides it by the window's size inside the "
                        "padded input; echo pools in floor mode)")
        return self.e.pool("avg_pool2d", x, kernel, stride, padding)

    def adaptive_avg_pool2d(self, x, output_size):
        e = self.e
        n, c, h, w = x.shape
        out = list(output_size) if isinstance(output_size, (tuple, list)) else [output_size] * 2
        out = [h if out[0] is None else int(out[0]), w if out[1] is None else int(out[1])]
        if (h, w) == tuple(out):
            return x
        if h % out[0] == 0 and w % out[1] == 0:
            k = (h // out[0], w // out[1])
            return e.pool("avg_pool2d", x, k, k, (0, 0))
        if out[0] % h == 0 and out[1] % w == 0:
            # Every output cell averages one input element: replication.
            rh, rw = out[0] // h, out[1] // w
            y = e.reshape(x, (n, c, h, 1, w, 1))
            y = e.broadcast_to(y, (n, c, h, rh, w, rw))
            return e.reshape(y, (n, c, out[0], out[1]))
        raise UnsupportedError("adaptive average pooling from %dx%d to %dx%d (bins of "
                               "different sizes; choose an input size whose "
                               "feature map divides the output or is divided by it)"
                               % (h, w, out[0], out[1]))

    def dropout(self, x, p, training=True):
        if not training or p == 0 or not self.dropout_enabled:
            return x
        if p >= 1:
            raise UnsupportedError("dropout with p = %g" % p)
        return self.e.dropout(x, p)

    def flatten(self, x, start_dim=0, end_dim=-1):
        r = len(x.shape)
        s, t = start_dim % r, end_dim % r
        shape = x.shape[:s] + (int(np.prod(x.shape[s:t + 1])),) + x.shape[t + 1:]
        return self.e.reshape(x, shape)

    def transpose(self, x, d0, d1):
        perm = list(range(len(x.shape)))
        d0, d1 = d0 % len(perm), d1 % len(perm)
        perm[d0], perm[d1] = perm[d1], perm[d0]
        return self.e.transpose(x, perm)

    def chunk(self, x, chunks, dim=0):
        dim %= len(x.shape)
        size = x.shape[dim]
        piece = -(-size // chunks)
        sizes = [piece] * (size // piece) + ([size % piece] if size % piece else [])
        return tuple(self.e.split(x, sizes, dim))

    def split(self, x, split_size, dim=0):
        dim %= len(x.shape)
        size = x.shape[dim]
        if isinstance(split_size, int):
            sizes = [split_size] * (size // split_size) + \
                ([size % split_size] if size % split_size else [])
        else:
            sizes = list(split_size)
        return tuple(self.e.split(x, sizes, dim))

    def _dims(self, x, dim):
        if dim is None:
            return list(range(len(x.shape)))
        if isinstance(dim, int):
            return [dim % len(x.shape)]
        return [d % len(x.shape) for d in dim]

    def mean(self, x, dim=None, keepdim=False, dtype=None):
        if dtype is not None:
            raise UnsupportedError("mean with dtype")
        return self.e.reduce("mean", x, self._dims(x, dim), keepdim)

    def sum(self, x, dim=None, keepdim=False, dtype=None):
        if dtype is not None:
            raise UnsupportedError("sum with dtype")
        return self.e.reduce("sum", x, self._dims(x, dim), keepdim)

    def squeeze(self, x, dim=None):
        if dim is None:
            shape = [d for d in x.shape if d != 1]
        else:
            dim %= len(x.shape)
            shape = [d for i, d in enumerate(x.shape) if i != dim or d != 1]
        return self.e.reshape(x, shape)

    def unsqueeze(self, x, dim):
        dim %= len(x.shape) + 1
        shape = list(x.shape)
        shape.insert(dim, 1)
        return self.e.reshape(x, shape)

    def getitem(self, obj, index):
        if not isinstance(obj, T):
            return obj[index]
        if isinstance(index, torch.Tensor) and not index.is_floating_point() \
                and index.dtype != torch.bool and len(obj.shape) == 2:
            # rows of a table by a constant index (MaxViT's relative
            # position bias): echo.embedding
            idx = self.constant_argument(index.numpy().astype(np.int32), "i32", "%s.index" % (
                self.node.meta.get("echo_module") or "<root>"))
            return self.e.embedding(obj, idx)
        if not isinstance(index, tuple):
            index = (index,)
        offsets, sizes, strides, drop = [], [], [], []
        dims = list(x for x in index)
        if Ellipsis in dims:
            i = dims.index(Ellipsis)
            dims = dims[:i] + [slice(None)] * (len(obj.shape) - len(dims) + 1) + dims[i + 1:]
        dims += [slice(None)] * (len(obj.shape) - len(dims))
        for d, (ix, size) in enumerate(zip(dims, obj.shape)):
            if isinstance(ix, slice):
                start, stop, step = ix.indices(size)
                if step <= 0:
                    raise UnsupportedError("negative slice step")
                offsets.append(start)
                sizes.append(max(0, -(-(stop - start) // step)))
                strides.append(step)
            elif isinstance(ix, int):
                offsets.append(ix % size)
                sizes.append(1)
                strides.append(1)
                drop.append(d)
            else:
                raise UnsupportedError("indexing a tensor with %s" % type(ix).__name__)
        y = self.e.slice(obj, offsets, sizes, strides)
        if drop:
            y = self.e.reshape(y, [s for i, s in enumerate(sizes) if i not in drop])
        return y


def _pool_out(size, k, s, p, ceil):
    """PyTorch's pooling output size (aten's pooling_output_shape)."""
    num = size + 2 * p - k
    out = (num + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + p:
        out -= 1
    return out


def infer_shape(shape, target):
    target = [int(t) for t in target]
    if target.count(-1) > 1:
        raise UnsupportedError("reshape with several -1")
    total = int(np.prod(shape))
    if -1 in target:
        known = int(np.prod([t for t in target if t != -1]))
        target[target.index(-1)] = total // known
    return target


# Functions evaluated in Python when no tensor is involved (shape arithmetic).
_PY_FUNCTIONS = {operator.getitem, operator.add, operator.sub, operator.mul,
                 operator.floordiv, operator.truediv, operator.mod, operator.neg,
                 operator.eq, operator.ne, operator.lt, operator.le, operator.gt,
                 operator.ge, getattr, len, int, float, math.ceil, math.floor,
                 torch._assert}


# ---------------------------------------------------------------------------
# Export
# ---------------------------------------------------------------------------

def make_inputs(input_shape, num_classes, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(*input_shape, generator=g)
    labels = torch.randint(0, num_classes, (input_shape[0],), generator=g, dtype=torch.int64)
    return x, labels


def export(module, input_shape, out_dir, seed=0, dropout=True, x=None, labels=None,
           fused_attention=True):
    """Traces `module`, writes the forward function, its arguments and the
    manifest to `out_dir`; returns the manifest (a dict). With
    `fused_attention`, nn.MultiheadAttention called with need_weights=False
    is one echo.attention."""
    gm = trace(module)
    if x is None:
        x, _ = make_inputs(input_shape, 2, seed)
    conv = Converter(gm, x, dropout=dropout, fused_attention=fused_attention)
    logits = conv.run()
    n, classes = logits.shape
    if labels is None:
        _, labels = make_inputs(input_shape, classes, seed)
    if tuple(labels.shape) != (n,):
        raise UnsupportedError("<root>: labels of shape %r for logits %r"
                               % (tuple(labels.shape), logits.shape))
    label_arg = conv.add_argument((n,), "i32", labels.numpy().astype(np.int32),
                                  "labels", "labels", False)
    loss = conv.e.cross_entropy(logits, label_arg)

    os.makedirs(out_dir, exist_ok=True)
    params = []
    for a in conv.args:
        attr = " {echo.trainable}" if a["trainable"] else ""
        params.append("%%arg%d: %s%s" % (a["index"], tensor_type(a["shape"], a["dtype"]), attr))
    body = "\n".join("    " + line for line in conv.e.lines)
    text = ("// Exported by echo-torch from %s (torch %s).\n"
            "module {\n  func.func @forward(%s) -> tensor<f32> {\n%s\n"
            "    return %s : tensor<f32>\n  }\n}\n") % (
                type(module).__name__, torch.__version__, ", ".join(params), body, loss.name)
    with open(os.path.join(out_dir, "model.mlir"), "w") as f:
        f.write(text)
    listing = []
    manifest = {"model": type(module).__name__, "input_shape": list(x.shape),
                "classes": classes, "arguments": []}
    for a in conv.args:
        path = os.path.abspath(os.path.join(out_dir, "arg%d.npy" % a["index"]))
        np.save(path, a["value"])
        listing.append("%d=%s" % (a["index"], path))
        manifest["arguments"].append({k: a[k] for k in
                                      ("index", "name", "kind", "shape", "dtype", "trainable")})
    with open(os.path.join(out_dir, "inputs.txt"), "w") as f:
        f.write(",".join(listing) + "\n")
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


def load_model(spec, num_classes=None):
    """`torchvision:NAME[:key=value,...]` or `FILE.py:FUNCTION`."""
    kwargs = {}
    if spec.startswith("torchvision:"):
        parts = spec.split(":")
        name = parts[1]
        if len(parts) > 2 and parts[2]:
            for kv in parts[2].split(","):
                k, v = kv.split("=", 1)
                kwargs[k] = _literal(v)
        import torchvision
        if num_classes is not None:
            kwargs["num_classes"] = num_classes
        return torchvision.models.get_model(name, weights=None, **kwargs) \
            if hasattr(torchvision.models, "get_model") \
            else getattr(torchvision.models, name)(weights=None, **kwargs)
    if ":" not in spec:
        raise SystemExit("echo-torch: MODEL is torchvision:NAME or FILE.py:FUNCTION, got %r" % spec)
    path, fn = spec.rsplit(":", 1)
    loader = importlib.util.spec_from_file_location("echo_torch_user_model", path)
    if loader is None:
        raise SystemExit("echo-torch: cannot load %s" % path)
    mod = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(mod)
    factory = getattr(mod, fn)
    return factory(num_classes=num_classes) if num_classes is not None else factory()


def _literal(v):
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return {"True": True, "False": False, "None": None}.get(v, v)


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="echo-torch",
        description="Trace a PyTorch nn.Module with torch.fx and write its echo "
                    "forward function (cross-entropy loss), weights (.npy) and "
                    "the echo-run --inputs list.")
    p.add_argument("model", help="torchvision:NAME[:key=value,...] or FILE.py:FUNCTION "
                                 "(a function returning the nn.Module)")
    p.add_argument("--input-shape", required=True,
                   help="N,C,H,W of the input batch, e.g. 2,3,32,32")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--num-classes", type=int, default=None,
                   help="passed to the model's constructor")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the weights' initialization and the random batch")
    p.add_argument("--no-dropout", action="store_true",
                   help="dropout and stochastic depth as the identity (as in "
                        "the PyTorch comparison); by default dropout is echo.dropout")
    p.add_argument("--attention", choices=["fused", "unfused"], default="fused",
                   help="nn.MultiheadAttention without weights (need_weights=False) as "
                        "one echo.attention (fused, the default) or as batch_matmul, "
                        "softmax, dropout, batch_matmul (unfused)")
    args = p.parse_args(argv)
    shape = [int(s) for s in args.input_shape.split(",")]
    torch.manual_seed(args.seed)
    model = load_model(args.model, args.num_classes)
    model.train()
    try:
        manifest = export(model, shape, args.out, seed=args.seed,
                          dropout=not args.no_dropout,
                          fused_attention=args.attention == "fused")
    except UnsupportedError as err:
        print("echo-torch: error: %s" % err, file=sys.stderr)
        return 1
    except torch.fx.proxy.TraceError as err:
        print("echo-torch: error: torch.fx cannot trace %s: %s" % (args.model, err),
              file=sys.stderr)
        return 1
    n = sum(1 for a in manifest["arguments"] if a["trainable"])
    print("echo-torch: wrote %s/model.mlir (%d arguments, %d trainable)"
          % (args.out, len(manifest["arguments"]), n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
