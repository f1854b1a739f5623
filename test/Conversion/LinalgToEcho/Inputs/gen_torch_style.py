#!/usr/bin/env python3
"""Writes forward graphs in the linalg-on-tensors form torch-mlir exports.

torch-mlir (TorchToLinalg + canonicalize) writes a torchvision model as:
conv inputs padded by tensor.pad, destinations made by tensor.empty +
linalg.fill, linalg.conv_2d_nchw_fchw / depthwise_conv_2d_nchw_chw,
inference batch norm as one linalg.generic computing
(x - mean) * rsqrt(var + eps) * gamma + beta, ReLU as cmpf ugt + select,
ReLU6 (hardtanh) as two cmpf + select pairs, adaptive average pooling as
pooling_nchw_sum followed by a division, flatten as collapse_shape, and
nn.Linear as a transposing generic, linalg.matmul and a broadcasting bias
add. Weights are splat constants here (the repository keeps the files
small); echo-import-linalg's weights-as-arguments turns them into trainable
arguments, which echo-run initializes.

Usage: gen_torch_style.py resnet18|mobilenet_v2|attention|small_cnn > FILE.mlir
"""

import sys

PAR4 = '["parallel", "parallel", "parallel", "parallel"]'


def shape_str(shape):
    return "x".join(str(d) for d in shape)


def ty(shape):
    return "tensor<%sxf32>" % shape_str(shape) if shape else "tensor<f32>"


class Graph:
    def __init__(self, dense=None):
        # dense: a function (shape) -> list of values, for real weights.
        self.dense = dense
        self.lines = []
        self.maps = {}
        self.n = 0
        self.consts = {}

    def name(self):
        self.n += 1
        return "%%%d" % (self.n - 1)

    def amap(self, text):
        if text not in self.maps:
            self.maps[text] = "#map" + (str(len(self.maps)) if self.maps else "")
        return self.maps[text]

    def emit(self, line):
        self.lines.append("    " + line)

    def scalar(self, value, text=None, ftype="f32"):
        key = (text or repr(value), ftype)
        if key not in self.consts:
            name = "%%cst_%d" % len(self.consts) if self.consts else "%cst"
            self.consts[key] = name
            lit = text if text else "%.6e" % value
            self.lines.insert(0, "    %s = arith.constant %s : %s" % (name, lit, ftype))
        return self.consts[key]

    def weight(self, shape, value):
        v = self.name()
        if self.dense is None:
            self.emit("%s = arith.constant dense<%.6e> : %s" % (v, value, ty(shape)))
            return v
        values = self.dense(shape)

        def nest(vals, dims):
            if len(dims) == 1:
                return "[" + ", ".join("%.6e" % x for x in vals) + "]"
            step = len(vals) // dims[0]
            return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"
        self.emit("%s = arith.constant dense<%s> : %s" % (v, nest(values, shape), ty(shape)))
        return v

    def empty(self, shape):
        v = self.name()
        self.emit("%s = tensor.empty() : %s" % (v, ty(shape)))
        return v

    def filled(self, shape, cst):
        e = self.empty(shape)
        v = self.name()
        self.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s"
                  % (v, cst, e, ty(shape), ty(shape)))
        return v

    def pad(self, x, shape, p, cst):
        if p == 0:
            return x, shape
        out = shape[:2] + [shape[2] + 2 * p, shape[3] + 2 * p]
        v = self.name()
        self.emit("%s = tensor.pad %s low[0, 0, %d, %d] high[0, 0, %d, %d] {"
                  % (v, x, p, p, p, p))
        self.emit("^bb0(%arg100: index, %arg101: index, %arg102: index, %arg103: index):")
        self.emit("  tensor.yield %s : f32" % cst)
        self.emit("} : %s to %s" % (ty(shape), ty(out)))
        return v, out

    def conv(self, x, shape, cout, k, s, p, groups=1, bias=False):
        zero = self.scalar(0.0)
        if groups == 1:
            w = self.weight([cout, shape[1], k, k], 0.01)
            op, wshape = "linalg.conv_2d_nchw_fchw", [cout, shape[1], k, k]
        else:
            w = self.weight([cout, k, k], 0.01)
            op, wshape = "linalg.depthwise_conv_2d_nchw_chw", [cout, k, k]
        xp, pshape = self.pad(x, shape, p, zero)
        oh = (shape[2] + 2 * p - k) // s + 1
        ow = (shape[3] + 2 * p - k) // s + 1
        out = [shape[0], cout, oh, ow]
        if bias:
            # torch-mlir broadcasts the bias into the destination.
            b = self.weight([cout], 0.0)
            e = self.empty(out)
            f = self.name()
            chan = self.amap("affine_map<(d0, d1, d2, d3) -> (d1)>")
            ident = self.amap("affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>")
            self.emit("%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = %s} ins(%s : %s) outs(%s : %s) {"
                      % (f, chan, ident, PAR4, b, ty([cout]), e, ty(out)))
            self.emit("^bb0(%in: f32, %out: f32):")
            self.emit("  linalg.yield %in : f32")
            self.emit("} -> " + ty(out))
        else:
            f = self.filled(out, zero)
        v = self.name()
        self.emit("%s = %s {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
                  "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, op, s, xp, w, ty(pshape), ty(wshape), f, ty(out), ty(out)))
        return v, out

    def batch_norm(self, x, shape):
        c = shape[1]
        gamma = self.weight([c], 1.0)
        beta = self.weight([c], 0.0)
        mean = self.weight([c], 0.0)
        var = self.weight([c], 1.0)
        eps = self.scalar(1e-5, "1.000000e-05", "f64")
        ident = self.amap("affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>")
        chan = self.amap("affine_map<(d0, d1, d2, d3) -> (d1)>")
        e = self.empty(shape)
        v = self.name()
        vec = ty([c])
        self.emit("%s = linalg.generic {indexing_maps = [%s, %s, %s, %s, %s, %s], iterator_types = %s} "
                  "ins(%s, %s, %s, %s, %s : %s, %s, %s, %s, %s) outs(%s : %s) {"
                  % (v, ident, chan, chan, chan, chan, ident, PAR4, x, gamma, beta, mean, var,
                     ty(shape), vec, vec, vec, vec, e, ty(shape)))
        self.emit("^bb0(%in: f32, %in_1: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):")
        self.emit("  %b0 = arith.truncf " + eps + " : f64 to f32")
        self.emit("  %b1 = arith.addf %in_4, %b0 : f32")
        self.emit("  %b2 = math.rsqrt %b1 : f32")
        self.emit("  %b3 = arith.subf %in, %in_3 : f32")
        self.emit("  %b4 = arith.mulf %b3, %b2 : f32")
        self.emit("  %b5 = arith.mulf %b4, %in_1 : f32")
        self.emit("  %b6 = arith.addf %b5, %in_2 : f32")
        self.emit("  linalg.yield %b6 : f32")
        self.emit("} -> " + ty(shape))
        return v

    def elementwise(self, ins, shape, body, nins=1):
        rank = len(shape)
        dims = ", ".join("d%d" % i for i in range(rank))
        ident = self.amap("affine_map<(%s) -> (%s)>" % (dims, dims))
        iters = "[" + ", ".join(['"parallel"'] * rank) + "]"
        e = self.empty(shape)
        v = self.name()
        maps = ", ".join([ident] * (len(ins) + 1))
        self.emit("%s = linalg.generic {indexing_maps = [%s], iterator_types = %s} ins(%s : %s) outs(%s : %s) {"
                  % (v, maps, iters, ", ".join(ins), ", ".join([ty(shape)] * len(ins)), e, ty(shape)))
        args = ", ".join(["%in: f32"] + ["%%in_%d: f32" % i for i in range(1, len(ins))] + ["%out: f32"])
        self.emit("^bb0(%s):" % args)
        for line in body:
            self.emit("  " + line)
        self.emit("} -> " + ty(shape))
        return v

    def relu(self, x, shape):
        zero = self.scalar(0.0)
        return self.elementwise([x], shape, [
            "%%r0 = arith.cmpf ugt, %%in, %s : f32" % zero,
            "%%r1 = arith.select %%r0, %%in, %s : f32" % zero,
            "linalg.yield %r1 : f32"])

    def relu6(self, x, shape):
        zero, six = self.scalar(0.0), self.scalar(6.0)
        return self.elementwise([x], shape, [
            "%%r0 = arith.cmpf ult, %%in, %s : f32" % zero,
            "%%r1 = arith.select %%r0, %s, %%in : f32" % zero,
            "%%r2 = arith.cmpf ugt, %%r1, %s : f32" % six,
            "%%r3 = arith.select %%r2, %s, %%r1 : f32" % six,
            "linalg.yield %r3 : f32"])

    def add(self, a, b, shape):
        return self.elementwise([a, b], shape, [
            "%a0 = arith.addf %in, %in_1 : f32", "linalg.yield %a0 : f32"])

    def max_pool(self, x, shape, k, s, p):
        ninf = self.scalar(None, "0xFF800000")
        xp, pshape = self.pad(x, shape, p, ninf)
        out = shape[:2] + [(shape[2] + 2 * p - k) // s + 1, (shape[3] + 2 * p - k) // s + 1]
        f = self.filled(out, ninf)
        win = self.empty([k, k])
        v = self.name()
        self.emit("%s = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<%d> : vector<2xi64>} "
                  "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, s, xp, win, ty(pshape), ty([k, k]), f, ty(out), ty(out)))
        return v, out

    def global_avg_pool_flatten(self, x, shape):
        """adaptive_avg_pool2d((1, 1)) + flatten(1)."""
        zero = self.scalar(0.0)
        k = shape[2]
        out = shape[:2] + [1, 1]
        f = self.filled(out, zero)
        win = self.empty([k, shape[3]])
        v = self.name()
        self.emit("%s = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
                  "ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, x, win, ty(shape), ty([k, shape[3]]), f, ty(out), ty(out)))
        n = self.scalar(float(k * shape[3]))
        avg = self.elementwise([v], out, ["%%d0 = arith.divf %%in, %s : f32" % n,
                                          "linalg.yield %d0 : f32"])
        flat = self.name()
        self.emit("%s = tensor.collapse_shape %s [[0], [1, 2, 3]] : %s into %s"
                  % (flat, avg, ty(out), ty(shape[:2])))
        return flat, shape[:2]

    def linear(self, x, shape, out_features):
        """nn.Linear: x @ W^T + b, W^T made by a transposing generic."""
        zero = self.scalar(0.0)
        n, k = shape
        w = self.weight([out_features, k], 0.01)
        b = self.weight([out_features], 0.0)
        ident2 = self.amap("affine_map<(d0, d1) -> (d0, d1)>")
        trans = self.amap("affine_map<(d0, d1) -> (d1, d0)>")
        row = self.amap("affine_map<(d0, d1) -> (d1)>")
        e = self.empty([k, out_features])
        wt = self.name()
        self.emit('%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = ["parallel", "parallel"]} '
                  "ins(%s : %s) outs(%s : %s) {" % (wt, trans, ident2, w, ty([out_features, k]), e, ty([k, out_features])))
        self.emit("^bb0(%in: f32, %out: f32):")
        self.emit("  linalg.yield %in : f32")
        self.emit("} -> " + ty([k, out_features]))
        out = [n, out_features]
        f = self.filled(out, zero)
        mm = self.name()
        self.emit("%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (mm, x, wt, ty(shape), ty([k, out_features]), f, ty(out), ty(out)))
        e2 = self.empty(out)
        v = self.name()
        self.emit('%s = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = ["parallel", "parallel"]} '
                  "ins(%s, %s : %s, %s) outs(%s : %s) {"
                  % (v, ident2, row, ident2, mm, b, ty(out), ty([out_features]), e2, ty(out)))
        self.emit("^bb0(%in: f32, %in_1: f32, %out: f32):")
        self.emit("  %l0 = arith.addf %in, %in_1 : f32")
        self.emit("  linalg.yield %l0 : f32")
        self.emit("} -> " + ty(out))
        return v, out

    def reshape(self, x, op, reassoc, src, dst):
        v = self.name()
        extra = " output_shape [%s]" % ", ".join(str(d) for d in dst) if op == "expand_shape" else ""
        self.emit("%s = tensor.%s %s %s%s : %s into %s" % (v, op, x, reassoc, extra, ty(src), ty(dst)))
        return v

    def permute(self, x, shape, perm):
        """A transposing copy: out[d0..] = in[perm^-1 ...]."""
        rank = len(shape)
        dims = ["d%d" % i for i in range(rank)]
        inv = [0] * rank
        for i, p in enumerate(perm):
            inv[p] = i
        src = self.amap("affine_map<(%s) -> (%s)>" % (", ".join(dims), ", ".join(dims[inv[i]] for i in range(rank))))
        ident = self.amap("affine_map<(%s) -> (%s)>" % (", ".join(dims), ", ".join(dims)))
        out = [shape[p] for p in perm]
        e = self.empty(out)
        v = self.name()
        self.emit("%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {"
                  % (v, src, ident, ", ".join(['"parallel"'] * rank), x, ty(shape), e, ty(out)))
        self.emit("^bb0(%in: f32, %out: f32):")
        self.emit("  linalg.yield %in : f32")
        self.emit("} -> " + ty(out))
        return v, out

    def batch_matmul(self, a, ashape, b, bshape):
        zero = self.scalar(0.0)
        out = [ashape[0], ashape[1], bshape[2]]
        f = self.filled(out, zero)
        v = self.name()
        self.emit("%s = linalg.batch_matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
                  % (v, a, b, ty(ashape), ty(bshape), f, ty(out), ty(out)))
        return v, out

    def reduce_last(self, x, shape, kind):
        """amax / sum over the last dim with keepdim (constant-0 output map)."""
        rank = len(shape)
        dims = ["d%d" % i for i in range(rank)]
        ident = self.amap("affine_map<(%s) -> (%s)>" % (", ".join(dims), ", ".join(dims)))
        keep = self.amap("affine_map<(%s) -> (%s, 0)>" % (", ".join(dims), ", ".join(dims[:-1])))
        out = shape[:-1] + [1]
        init = self.scalar(None, "0xFF800000") if kind == "max" else self.scalar(0.0)
        f = self.filled(out, init)
        v = self.name()
        iters = ", ".join(['"parallel"'] * (rank - 1) + ['"reduction"'])
        self.emit("%s = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {"
                  % (v, ident, keep, iters, x, ty(shape), f, ty(out)))
        self.emit("^bb0(%in: f32, %out: f32):")
        op = "arith.maximumf" if kind == "max" else "arith.addf"
        self.emit("  %%s0 = %s %%in, %%out : f32" % op)
        self.emit("  linalg.yield %s0 : f32")
        self.emit("} -> " + ty(out))
        return v, out

    def with_row(self, x, row, shape, body):
        """Elementwise op of x and a keepdim row statistic (broadcast map)."""
        rank = len(shape)
        dims = ["d%d" % i for i in range(rank)]
        ident = self.amap("affine_map<(%s) -> (%s)>" % (", ".join(dims), ", ".join(dims)))
        keep = self.amap("affine_map<(%s) -> (%s, 0)>" % (", ".join(dims), ", ".join(dims[:-1])))
        e = self.empty(shape)
        v = self.name()
        self.emit("%s = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]} ins(%s, %s : %s, %s) outs(%s : %s) {"
                  % (v, ident, keep, ident, ", ".join(['"parallel"'] * rank), x, row, ty(shape),
                     ty(shape[:-1] + [1]), e, ty(shape)))
        self.emit("^bb0(%in: f32, %in_1: f32, %out: f32):")
        for line in body:
            self.emit("  " + line)
        self.emit("} -> " + ty(shape))
        return v

    def softmax_last(self, x, shape):
        """torch-mlir's decomposition of aten._softmax over the last dim."""
        m, _ = self.reduce_last(x, shape, "max")
        e = self.with_row(x, m, shape, ["%e0 = arith.subf %in, %in_1 : f32", "%e1 = math.exp %e0 : f32",
                                        "linalg.yield %e1 : f32"])
        s, _ = self.reduce_last(e, shape, "sum")
        return self.with_row(e, s, shape, ["%q0 = arith.divf %in, %in_1 : f32", "linalg.yield %q0 : f32"])

    def gelu_tanh(self, x, shape):
        """gelu(approximate='tanh'): 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""
        three = self.scalar(None, "3", "i32")
        c1 = self.scalar(0.044715)
        c2 = self.scalar(0.7978845608028654)
        one = self.scalar(1.0)
        half = self.scalar(0.5)
        return self.elementwise([x], shape, [
            "%%g0 = math.fpowi %%in, %s : f32, i32" % three,
            "%%g1 = arith.mulf %%g0, %s : f32" % c1,
            "%g2 = arith.addf %in, %g1 : f32",
            "%%g3 = arith.mulf %%g2, %s : f32" % c2,
            "%g4 = math.tanh %g3 : f32",
            "%%g5 = arith.addf %%g4, %s : f32" % one,
            "%%g6 = arith.mulf %%in, %s : f32" % half,
            "%g7 = arith.mulf %g6, %g5 : f32",
            "linalg.yield %g7 : f32"])

    def module(self, name, input_shape, result, result_shape):
        out = ["// Generated by gen_torch_style.py %s; do not edit." % name]
        for text, alias in self.maps.items():
            out.append("%s = %s" % (alias, text))
        out.append('module attributes {torch.debug_module_name = "%s"} {' % name)
        out.append("  func.func @forward(%%arg0: %s) -> %s {" % (ty(input_shape), ty(result_shape)))
        out += self.lines
        out.append("    return %s : %s" % (result, ty(result_shape)))
        out.append("  }")
        out.append("}")
        return "\n".join(out) + "\n"


def resnet18(batch=2, size=64, classes=1000):
    g = Graph()
    shape = [batch, 3, size, size]
    x, shape = g.conv("%arg0", shape, 64, 7, 2, 3)
    x = g.relu(g.batch_norm(x, shape), shape)
    x, shape = g.max_pool(x, shape, 3, 2, 1)
    for planes, stride in [(64, 1), (128, 2), (256, 2), (512, 2)]:
        for block in range(2):
            s = stride if block == 0 else 1
            identity, ishape = x, shape
            y, yshape = g.conv(x, shape, planes, 3, s, 1)
            y = g.relu(g.batch_norm(y, yshape), yshape)
            y, yshape = g.conv(y, yshape, planes, 3, 1, 1)
            y = g.batch_norm(y, yshape)
            if s != 1 or ishape[1] != planes:
                identity, _ = g.conv(identity, ishape, planes, 1, s, 0)
                identity = g.batch_norm(identity, yshape)
            x = g.relu(g.add(y, identity, yshape), yshape)
            shape = yshape
    x, shape = g.global_avg_pool_flatten(x, shape)
    x, shape = g.linear(x, shape, classes)
    return g.module("ResNet", [batch, 3, size, size], x, shape)


def mobilenet_v2(batch=2, size=64, classes=1000):
    g = Graph()
    shape = [batch, 3, size, size]
    x, shape = g.conv("%arg0", shape, 32, 3, 2, 1)
    x = g.relu6(g.batch_norm(x, shape), shape)
    cin = 32
    for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                       (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y, yshape = x, shape
            if t != 1:
                y, yshape = g.conv(y, yshape, hidden, 1, 1, 0)
                y = g.relu6(g.batch_norm(y, yshape), yshape)
            y, yshape = g.conv(y, yshape, hidden, 3, stride, 1, groups=hidden)
            y = g.relu6(g.batch_norm(y, yshape), yshape)
            y, yshape = g.conv(y, yshape, c, 1, 1, 0)
            y = g.batch_norm(y, yshape)
            if stride == 1 and cin == c:
                y = g.add(x, y, yshape)
            x, shape, cin = y, yshape, c
    x, shape = g.conv(x, shape, 1280, 1, 1, 0)
    x = g.relu6(g.batch_norm(x, shape), shape)
    x, shape = g.global_avg_pool_flatten(x, shape)
    x, shape = g.linear(x, shape, classes)
    return g.module("MobileNetV2", [batch, 3, size, size], x, shape)


def lcg_values(shape, state=[12345]):
    """Deterministic weights in [-0.5, 0.5) (the same stream every run)."""
    n = 1
    for d in shape:
        n *= d
    out = []
    for _ in range(n):
        state[0] = (state[0] * 1103515245 + 12345) % (1 << 31)
        out.append(round(state[0] / float(1 << 31) - 0.5, 4))
    return out


def small_cnn(batch=2, size=8, classes=4):
    """conv(3->4, 3x3, pad 1, bias) relu maxpool(2) conv(4->8, 3x3, stride 2,
    pad 1, bias) relu flatten linear(32->classes), with real weights."""
    g = Graph(dense=lcg_values)
    shape = [batch, 3, size, size]
    x, shape = g.conv("%arg0", shape, 4, 3, 1, 1, bias=True)
    x = g.relu(x, shape)
    x, shape = g.max_pool(x, shape, 2, 2, 0)
    x, shape = g.conv(x, shape, 8, 3, 2, 1, bias=True)
    x = g.relu(x, shape)
    flat = g.name()
    g.emit("%s = tensor.collapse_shape %s [[0], [1, 2, 3]] : %s into %s"
           % (flat, x, ty(shape), ty([shape[0], shape[1] * shape[2] * shape[3]])))
    x, shape = g.linear(flat, [shape[0], shape[1] * shape[2] * shape[3]], classes)
    return g.module("SmallCNN", [batch, 3, size, size], x, shape)


def attention(batch=2, seq=8, dim=32, heads=4, hidden=64):
    """A pre-activation transformer block: multi-head self-attention
    (batch_matmul, scaling, softmax) with a residual add, then a GELU MLP
    with a residual add."""
    g = Graph()
    hd = dim // heads
    x3 = [batch, seq, dim]
    flat = g.reshape("%arg0", "collapse_shape", "[[0, 1], [2]]", x3, [batch * seq, dim])

    def heads_of(v2):
        v3 = g.reshape(v2, "expand_shape", "[[0, 1], [2]]", [batch * seq, dim], x3)
        v4 = g.reshape(v3, "expand_shape", "[[0], [1], [2, 3]]", x3, [batch, seq, heads, hd])
        p, pshape = g.permute(v4, [batch, seq, heads, hd], [0, 2, 1, 3])
        return g.reshape(p, "collapse_shape", "[[0, 1], [2], [3]]", pshape, [batch * heads, seq, hd])

    q2, _ = g.linear(flat, [batch * seq, dim], dim)
    k2, _ = g.linear(flat, [batch * seq, dim], dim)
    v2, _ = g.linear(flat, [batch * seq, dim], dim)
    q, k, v = heads_of(q2), heads_of(k2), heads_of(v2)
    bh = [batch * heads, seq, hd]
    kt, ktshape = g.permute(k, bh, [0, 2, 1])
    scores, sshape = g.batch_matmul(q, bh, kt, ktshape)
    scale = g.scalar(float(hd) ** 0.5)
    scaled = g.elementwise([scores], sshape, ["%%c0 = arith.divf %%in, %s : f32" % scale,
                                              "linalg.yield %c0 : f32"])
    probs = g.softmax_last(scaled, sshape)
    ctx, cshape = g.batch_matmul(probs, sshape, v, bh)
    c4 = g.reshape(ctx, "expand_shape", "[[0, 1], [2], [3]]", cshape, [batch, heads, seq, hd])
    p, pshape = g.permute(c4, [batch, heads, seq, hd], [0, 2, 1, 3])
    merged = g.reshape(p, "collapse_shape", "[[0, 1], [2, 3]]", pshape, [batch * seq, dim])
    o2, _ = g.linear(merged, [batch * seq, dim], dim)
    h = g.add(flat, o2, [batch * seq, dim])
    m1, mshape = g.linear(h, [batch * seq, dim], hidden)
    act = g.gelu_tanh(m1, mshape)
    m2, _ = g.linear(act, mshape, dim)
    out = g.add(h, m2, [batch * seq, dim])
    y = g.reshape(out, "expand_shape", "[[0, 1], [2]]", [batch * seq, dim], x3)
    return g.module("TransformerBlock", x3, y, x3)


if __name__ == "__main__":
    models = {"resnet18": resnet18, "mobilenet_v2": mobilenet_v2, "attention": attention,
              "small_cnn": small_cnn}
    if len(sys.argv) != 2 or sys.argv[1] not in models:
        sys.exit("usage: gen_torch_style.py " + "|".join(models))
    sys.stdout.write(models[sys.argv[1]]())
