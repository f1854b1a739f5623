#!/usr/bin/env python3
"""MLIR-aware mutation fuzzing of echo-opt, echo-run and echo-models.

Python 3 standard library only. Three modes:

  seeds   write small model-zoo modules (echo-models NAME --batch 2 ...) to a
          directory, to seed this script and the libFuzzer target;
  mutate  write N mutants of seed .mlir files to a directory;
  drive   run the tools on mutants (and on bad flags, bad .npy inputs, bad
          pass options) with a per-run timeout and classify every outcome.

Outcome classes of `drive`:
  crash        killed by a signal, or exit status >= 128
  llvm-error   'LLVM ERROR' on stderr (report_fatal_error)
  bug-report   'PLEASE submit a bug report' (LLVM's crash handler)
  abort        uncaught exception, failed assertion, sanitizer report
  nan-loss     echo-run exited 0 and printed a NaN/inf loss (without
               --allow-nonfinite-loss)
  hang         did not finish within the timeout
  invalid-output  echo-opt exited 0 but what it printed does not parse back
  ok           anything else: success, or non-zero exit with a diagnostic
Every non-ok run is saved as DIR/CLASS/NNNNN/{cmd.sh,stderr.txt,inputs...};
cmd.sh reproduces it from the repository root.

Examples:
  scripts/fuzz_mutate.py seeds --echo-models build/bin/echo-models --out /tmp/seeds
  scripts/fuzz_mutate.py mutate test/Fuzz/corpus/*.mlir --out /tmp/mutants -n 100
  scripts/fuzz_mutate.py drive --bin build/bin --runs 2000 --out /tmp/fuzz-bad \\
      test/Fuzz/corpus/*.mlir
"""

import argparse
import os
import random
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

ECHO_OPS = """linear matmul batch_matmul conv2d embedding relu tanh sigmoid gelu exp
log neg sqrt rsqrt add sub mul div max dropout max_pool2d avg_pool2d batch_norm
layer_norm softmax log_softmax reduce concat slice split reshape transpose
broadcast_to cross_entropy constant zeros fill relu_grad tanh_grad sigmoid_grad
gelu_grad sqrt_grad rsqrt_grad max_grad sum_to dropout_grad max_pool2d_grad
avg_pool2d_grad batch_norm_grad layer_norm_grad softmax_grad log_softmax_grad
reduce_grad reduce_max_grad slice_grad cross_entropy_grad linear_grad_input
linear_grad_weight conv2d_grad_input conv2d_grad_weight embedding_grad
relu_grad_encoded max_pool2d_grad_argmax sgd_update adam_update stash
recompute yield encode decode offload prefetch""".split()

ELEMENT_TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64",
                 "index", "f8E4M3FN", "f8E5M2", "complex<f32>", "ui8", "si32"]
HUGE_DIMS = ["0", "1", "0", "2147483648", "4294967297", "99999999999",
             "9223372036854775807", "1099511627776"]
BAD_INTS = ["0", "-1", "-2147483648", "2147483647", "4294967296",
            "9223372036854775807", "-9223372036854775808", "99999999999999999999"]
BAD_FLOATS = ["0x7FC00000", "0x7F800000", "0xFF800000", "-0.0", "1.0e+308",
              "-1.0e+308", "1.0e-45", "0.0", "-1.0", "2.0", "1.0"]
BAD_OPTION_VALUES = ["bogus", "", "-1", "0", "nan", "inf", "-inf", "1e308",
                     "-9223372036854775808", "99999999999999999999", "1.5",
                     "true", "none"]
MODELS = ["mlp", "lstm-lm", "nmt", "nmt-large", "transformer", "deepspeech2",
          "resnet50", "resnet152", "resnet-cifar", "vgg16", "alexnet",
          "inception-v4", "nin", "overfeat"]

# Small, fast configurations of each model (seeds and echo-models runs).
SMALL_MODELS = [
    ("mlp", ["--batch", "2", "--hidden", "8"]),
    ("mlp", ["--batch", "1", "--hidden", "1"]),
    ("lstm-lm", ["--batch", "2", "--seq-len", "3", "--hidden", "8",
                 "--layers", "1", "--vocab", "16"]),
    ("nmt", ["--batch", "2", "--src-len", "3", "--tgt-len", "3",
             "--hidden", "8", "--vocab", "16"]),
    ("transformer", ["--batch", "2", "--seq-len", "4", "--hidden", "8",
                     "--layers", "1", "--vocab", "16"]),
    ("deepspeech2", ["--batch", "2", "--seq-len", "8", "--hidden", "8",
                     "--layers", "1", "--vocab", "8"]),
    ("resnet-cifar", ["--batch", "2", "--image-size", "8", "--depth", "8"]),
    ("alexnet", ["--batch", "2", "--image-size", "67"]),
    ("nin", ["--batch", "2", "--image-size", "67"]),
    ("vgg16", ["--batch", "2", "--image-size", "32"]),
    ("resnet50", ["--batch", "2", "--image-size", "32"]),
    ("overfeat", ["--batch", "2", "--image-size", "71"]),
    ("inception-v4", ["--batch", "1", "--image-size", "75"]),
]

TENSOR_TYPE = re.compile(r"(tensor|memref|!echo\.encoded)<([^<>]*?)>")
SSA_USE = re.compile(r"%[A-Za-z0-9_.$#-]+")


# ---------------------------------------------------------------------------
# Text mutations. Each takes (rng, text) and returns the new text (or the
# same text when it does not apply).


def _pick_match(rng, pattern, text):
    matches = list(re.finditer(pattern, text))
    return rng.choice(matches) if matches else None


def mutate_dim(rng, text):
    """One dimension of one tensor type to 0/1/huge, or one dimension value
    everywhere (keeps the module consistent, e.g. batch 2 -> batch 0)."""
    dims = re.findall(r"(?<=[<x])(\d+)(?=x)", text)
    if not dims:
        return text
    new = rng.choice(HUGE_DIMS)
    if rng.random() < 0.5:
        old = rng.choice(dims)
        return re.sub(r"(?<=[<x])%s(?=x)" % old, new, text)
    m = _pick_match(rng, r"(?<=[<x])\d+(?=x)", text)
    return text[:m.start()] + new + text[m.end():]


def mutate_element_type(rng, text):
    m = _pick_match(rng, r"\b(f32|f16|bf16|i32|i64|i1|f64)(?=>)", text)
    if not m:
        return text
    new = rng.choice(ELEMENT_TYPES)
    if rng.random() < 0.3:  # every occurrence: the module stays consistent
        return re.sub(r"\b%s(?=>)" % m.group(1), new, text)
    return text[:m.start()] + new + text[m.end():]


def mutate_op_name(rng, text):
    m = _pick_match(rng, r"\becho\.([a-z0-9_]+)\b", text)
    if not m or m.group(1) not in ECHO_OPS:
        return text
    return text[:m.start()] + "echo." + rng.choice(ECHO_OPS) + text[m.end():]


def mutate_int_attr(rng, text):
    # Integers in attribute position: `= 3`, `array<i64: 1, 2>`, `3 : i64`.
    m = _pick_match(rng, r"(?<=[=:,\[] )-?\d+(?![\dx.])|(?<=\[)-?\d+(?![\dx.])", text)
    if not m:
        return text
    return text[:m.start()] + rng.choice(BAD_INTS) + text[m.end():]


def mutate_float_attr(rng, text):
    m = _pick_match(rng, r"-?\d+\.\d+(e[+-]?\d+)?", text)
    if not m:
        return text
    return text[:m.start()] + rng.choice(BAD_FLOATS) + text[m.end():]


def mutate_ssa_order(rng, text):
    """Swaps two operands of one op, or replaces a use with another value."""
    lines = text.split("\n")
    cands = [i for i, l in enumerate(lines) if "=" in l and len(SSA_USE.findall(l.split("=", 1)[1])) >= 1]
    if not cands:
        return text
    i = rng.choice(cands)
    lhs, rhs = lines[i].split("=", 1)
    uses = list(SSA_USE.finditer(rhs))
    names = SSA_USE.findall(text)
    if len(uses) >= 2 and rng.random() < 0.6:
        a, b = rng.sample(range(len(uses)), 2)
        if a > b:
            a, b = b, a
        ua, ub = uses[a], uses[b]
        rhs = (rhs[:ua.start()] + ub.group() + rhs[ua.end():ub.start()] +
               ua.group() + rhs[ub.end():])
    else:
        u = rng.choice(uses)
        rhs = rhs[:u.start()] + rng.choice(names) + rhs[u.end():]
    lines[i] = lhs + "=" + rhs
    return "\n".join(lines)


def mutate_lines(rng, text):
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.randrange(3)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(j, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def mutate_truncate(rng, text):
    return text[:rng.randrange(len(text) + 1)] if text else text


def mutate_splice_attr(rng, text):
    """Adds, drops or corrupts an echo attribute on an op."""
    attrs = ["{echo.trainable}", "{echo.density = 0x7FC00000 : f32}",
             "{echo.density = -1.0 : f32}", "{echo.density = 2.0 : f32}",
             '{echo.category = "bogus"}', "{echo.trainable = 3 : i64}"]
    m = _pick_match(rng, r"\)\s*(?=:|->|\{|$)", text)
    if not m:
        return text
    return text[:m.end()] + " " + rng.choice(attrs) + " " + text[m.end():]


def mutate_bytes(rng, text):
    tokens = ["{", "}", "(", ")", "<", ">", "%", "^bb0:", "\x00", "\xff",
              "?", "x", ":", "->", "#echo.encoding<>", "!echo.encoded<>",
              "tensor<?xf32>", "tensor<*xf32>", "dense<1.0>"]
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(tokens) + text[i:]


MUTATORS = [
    (mutate_dim, 5), (mutate_element_type, 3), (mutate_op_name, 3),
    (mutate_int_attr, 3), (mutate_float_attr, 2), (mutate_ssa_order, 3),
    (mutate_lines, 2), (mutate_truncate, 1), (mutate_splice_attr, 1),
    (mutate_bytes, 1),
]


def mutate(rng, text, rounds=None):
    ops = [m for m, _ in MUTATORS]
    weights = [w for _, w in MUTATORS]
    for _ in range(rounds or rng.choice([1, 1, 1, 2, 3])):
        text = rng.choices(ops, weights)[0](rng, text)
    return text


# ---------------------------------------------------------------------------
# Bad .npy files and tool flags.


def npy_bytes(dtype, shape, data, fortran=False, magic=b"\x93NUMPY",
              version=b"\x01\x00", pad=True):
    shape_s = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        dtype, "True" if fortran else "False", shape_s)
    if pad:
        total = len(magic) + 2 + 2 + len(header) + 1
        header += " " * ((64 - total % 64) % 64)
    header += "\n"
    return magic + version + struct.pack("<H", len(header)) + header.encode() + data


def random_npy(rng):
    """A .npy file, usually broken in one way."""
    shape = [rng.choice([0, 1, 2, 3, 4, 16, 32]) for _ in range(rng.randrange(0, 4))]
    n = 1
    for d in shape:
        n *= d
    dtype = rng.choice(["<f4", "<f4", "<i4", "<i8", "<f8", ">f4", "|b1",
                        "<f2", "|u1", "bogus", "<c8", "O"])
    data = struct.pack("<%df" % n, *[rng.uniform(-2, 2) for _ in range(n)])
    kind = rng.randrange(12)
    if kind == 0:
        return npy_bytes(dtype, shape, data, magic=b"\x93NUMPX")
    if kind == 1:
        return npy_bytes(dtype, shape, data)[:rng.randrange(1, 80)]
    if kind == 2:
        return npy_bytes(dtype, [-2, -3], data)
    if kind == 3:
        return npy_bytes(dtype, [99999999999, 99999999999], data)
    if kind == 4:
        return npy_bytes(dtype, shape, data, fortran=True)
    if kind == 5:
        return npy_bytes(dtype, shape, data, version=rng.choice([b"\x02\x00", b"\x03\x00", b"\x09\x09"]))
    if kind == 6:
        return npy_bytes(dtype, shape, data[: len(data) // 2])
    if kind == 7:
        return npy_bytes(dtype, shape, data + b"\x00" * 7)
    if kind == 8:
        b = bytearray(npy_bytes(dtype, shape, data))
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 9:
        return npy_bytes("<f4", [2 ** 62, 4], data)
    if kind == 10:
        nan = struct.pack("<f", float("nan")) * max(n, 1)
        return npy_bytes("<f4", shape or [], nan[: 4 * n] if shape else nan[:4])
    return npy_bytes(dtype, shape, data, pad=rng.random() < 0.5)


def bad_value(rng):
    return rng.choice(BAD_OPTION_VALUES)


def pipeline_option(rng):
    """An echo-opt pass option: mostly valid pass names with good or bad
    option values, so the options' validation is what gets exercised."""
    v = bad_value
    remat = rng.choice(["none", "mirror", "echo", "echo", v(rng)])
    gist = rng.choice(["none", "lossless", "fp16", "fp10", "fp8", v(rng)])
    opt = rng.choice(["none", "sgd", "momentum", "adam", v(rng)])
    lr = rng.choice(["0.01", "0.5", v(rng)])
    choice = rng.randrange(11)
    if choice <= 3:
        return ["--echo-training-pipeline=remat=%s gist=%s optimizer=%s lr=%s" % (remat, gist, opt, lr)]
    if choice == 4:
        return ["--echo-autodiff=optimizer=%s lr=%s momentum=%s beta1=%s beta2=%s "
                "epsilon=%s weight-decay=%s" % (opt, lr, rng.choice(["0.9", v(rng)]),
                                                rng.choice(["0.9", v(rng)]), rng.choice(["0.999", v(rng)]),
                                                rng.choice(["1e-8", v(rng)]), rng.choice(["0", v(rng)]))]
    if choice == 5:
        return ["--pass-pipeline=builtin.module(echo-autodiff{skip-existing},func.func(echo-remat{policy=%s gist=%s "
                "flops-slack=%s exchange-rate=%s alignment=%s heavy-ops=%s masks=%s peak-check=%s}))" % (
                    remat, gist, rng.choice(["0.05", v(rng)]), rng.choice(["0.005", v(rng)]),
                    rng.choice(["256", "0", "3", v(rng)]),
                    rng.choice(["echo.conv2d", "echo.bogus", "", v(rng)]),
                    rng.choice(["true", "false"]), rng.choice(["true", "false"]))]
    if choice == 6:
        return ["--pass-pipeline=builtin.module(echo-autodiff{skip-existing},func.func(gist-encode{dpr=%s lossless=%s "
                "csr-density=%s csr-margin=%s dpr-min-bytes=%s}))" % (
                    rng.choice(["none", "fp16", "fp10", "fp8", v(rng)]), rng.choice(["true", "false"]),
                    rng.choice(["0.5", v(rng)]), rng.choice(["1.25", v(rng)]),
                    rng.choice(["4096", "0", v(rng)]))]
    if choice == 7:
        # The training pipeline's planning half, with buffer-assign options.
        return ["--pass-pipeline=builtin.module(echo-autodiff{skip-existing},"
                "func.func(echo-annotate-memory),func.func(echo-inline-recompute),"
                "one-shot-bufferize{bufferize-function-boundaries "
                "function-boundary-type-conversion=identity-layout-map},"
                "buffer-results-to-out-params{hoist-static-allocs modify-public-functions},"
                "func.func(echo-buffer-assign{alignment=%s in-place=%s}))"
                % (rng.choice(["256", "0", "1", "3", v(rng)]), rng.choice(["true", "false"]))]
    if choice == 8:
        return ["--echo-autodiff", "--echo-memory-report=format=%s output=%s" % (
            rng.choice(["text", "json", v(rng)]), rng.choice(["-", "/nonexistent/dir/r.txt", "/tmp", v(rng)]))]
    if choice == 9:
        return ["--echo-autodiff", "--echo-lower-to-cpu"]
    return [rng.choice(["--echo-inline-recompute", "--echo-annotate-memory",
                        "--echo-annotate-alloc-sites", "--echo-runtime-context",
                        "--echo-annotate-profile-sites", "--echo-autodiff=skip-existing"])]


def echo_run_flags(rng, tmp):
    """echo-run flags, some bad, plus the files they name."""
    flags, files = [], {}
    if rng.random() < 0.7:
        flags += ["--iterations", rng.choice(["1", "2", "3", "0", "-1", "bogus"])]
    if rng.random() < 0.6:
        flags.append("--print-loss")
    if rng.random() < 0.25:
        flags.append("--seed=" + rng.choice(["0", "1", "-1", "18446744073709551615", "bogus"]))
    if rng.random() < 0.2:
        flags.append("--capacity=" + rng.choice(["0", "1", "1024", "-5", "99999999999999999999"]))
    if rng.random() < 0.15:
        flags.append("--entry=" + rng.choice(["train_step", "bogus", "", "main"]))
    if rng.random() < 0.1:
        flags.append("--backend=" + rng.choice(["cpu", "cuda", "bogus", "/nonexistent.so", "/etc/passwd"]))
    if rng.random() < 0.3:
        for k in range(rng.randrange(1, 3)):
            path = os.path.join(tmp, "in%d.npy" % k)
            kind = rng.random()
            if kind < 0.1:
                path = tmp  # a directory
            elif kind < 0.15:
                path = os.path.join(tmp, "missing.npy")
            else:
                files[path] = random_npy(rng)
            arg = rng.choice(["0", "1", "2", "-1", "99", "x", ""])
            flags.append("--inputs=%s=%s" % (arg, path))
    if rng.random() < 0.1:
        flags.append("--dump-results=" + rng.choice([os.path.join(tmp, "out.bin"), tmp, "/nonexistent/d/o"]))
    if rng.random() < 0.15:
        flags.append("--check-gradients" + rng.choice(["", "=1", "=0", "=-1", "=bogus"]))
        if rng.random() < 0.5:
            flags.append("--gradient-epsilon=" + rng.choice(["1e-3", "0", "-1", "nan", "inf"]))
        if rng.random() < 0.5:
            flags.append("--gradient-tolerance=" + rng.choice(["1e-2", "0", "-1", "nan"]))
    if rng.random() < 0.1:
        flags.append("--memory-stats" + rng.choice(["", "=json", "=bogus"]))
    if rng.random() < 0.05:
        flags.append("--no-buffer-assign")
    if rng.random() < 0.05:
        flags.append("--profile-sparsity=" + rng.choice([os.path.join(tmp, "p.mlir"), tmp, "/nonexistent/d/p"]))
    if rng.random() < 0.05:
        flags.append("--allow-nonfinite-loss")
    return flags, files


def echo_models_flags(rng):
    name = rng.choice(MODELS + ["bogus", ""]) if rng.random() < 0.2 else None
    if name is None:
        name, base = rng.choice(SMALL_MODELS)
        args = list(base)
    else:
        args = []
    opts = ["--batch", "--hidden", "--seq-len", "--src-len", "--tgt-len",
            "--layers", "--vocab", "--image-size", "--depth"]
    for _ in range(rng.randrange(1, 3)):
        args += [rng.choice(opts), rng.choice(["0", "1", "-1", "-9223372036854775808",
                                               "9223372036854775807", "4294967296",
                                               "bogus", "", "3", "7"])]
    if rng.random() < 0.1:
        args.append("--debug-info")
    return [name] + args


# ---------------------------------------------------------------------------
# Running and classifying.

NAN_LOSS = re.compile(r"loss\s+[-+]?(nan|inf)", re.I)


def classify(tool, rc, out, err, argv):
    if rc is None:
        return "hang"
    if rc == "invalid-output":
        return rc
    if rc == -1000:
        return "skipped"
    if "LLVM ERROR" in err:
        return "llvm-error"
    if "PLEASE submit a bug report" in err:
        return "bug-report"
    if rc < 0 or rc >= 128:
        return "crash"
    for pat in ("terminate called", "uncaught exception", "Assertion",
                "AddressSanitizer", "UndefinedBehaviorSanitizer",
                "runtime error:", "Aborted"):
        if pat in err:
            return "abort"
    if (tool == "echo-run" and rc == 0 and NAN_LOSS.search(out) and
            "--allow-nonfinite-loss" not in argv):
        return "nan-loss"
    return "ok"


def signature(err):
    """What identifies a failure: its first LLVM ERROR / sanitizer line and
    the innermost frame of echo code, with addresses and numbers dropped."""
    head = ""
    for line in err.split("\n"):
        if re.search(r"LLVM ERROR|runtime error|Sanitizer|Assertion|terminate called", line):
            head = line
            break
    frame = ""
    for line in err.split("\n"):
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.*?) \(", line)
        if m and ("echo" in m.group(1) or "mlir::" in m.group(1)) and "llvm::sys" not in m.group(1):
            frame = m.group(1)
            break
    return re.sub(r"\d+", "N", head + " @ " + frame)[:300]


def run(argv, stdin_bytes, timeout):
    try:
        p = subprocess.run(argv, input=stdin_bytes, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or b"", e.stderr or b""
    except OSError as e:
        # The tool is being rebuilt (or is missing): not an outcome of it.
        return -1000, b"", str(e).encode()


class Driver:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.bin = args.bin
        self.out = args.out
        self.counts = {}
        self.tool_runs = {}
        self.saved = 0
        self.signatures = {}
        self.seeds = []
        for path in args.seeds:
            with open(path, "r", errors="replace") as f:
                self.seeds.append((path, f.read()))
        if not self.seeds:
            sys.exit("fuzz_mutate: no seed files")
        os.makedirs(self.out, exist_ok=True)
        self.tmp = tempfile.mkdtemp(prefix="echo-fuzz-")

    def tool(self, name):
        return os.path.join(self.bin, name)

    def record(self, tool, argv, stdin_name, files, rc, out, err):
        out_s = out.decode("utf-8", "replace")
        err_s = err.decode("utf-8", "replace")
        cls = classify(tool, rc, out_s, err_s, argv)
        self.counts[cls] = self.counts.get(cls, 0) + 1
        self.tool_runs[tool] = self.tool_runs.get(tool, 0) + 1
        if cls in ("ok", "skipped"):
            return cls
        # Keeps a few inputs per distinct failure (class + tool + message or
        # innermost echo frame), not thousands of copies of one bug.
        sig = (cls, tool, signature(err_s))
        self.signatures[sig] = self.signatures.get(sig, 0) + 1
        if self.signatures[sig] > self.args.keep:
            return cls
        self.saved += 1
        d = os.path.join(self.out, cls, "%05d" % self.saved)
        os.makedirs(d, exist_ok=True)
        # Inputs are copied beside cmd.sh; cmd.sh names them relative to it.
        mapping = {}
        for src, data in files.items():
            base = os.path.basename(src) if src != self.tmp else None
            if base is None:
                continue
            with open(os.path.join(d, base), "wb") as f:
                f.write(data)
            mapping[src] = "$D/" + base
        cmd = []
        for a in argv:
            for src, dst in mapping.items():
                a = a.replace(src, dst)
            cmd.append(a.replace(self.tmp, "$D"))
        with open(os.path.join(d, "cmd.sh"), "w") as f:
            f.write("#!/bin/sh\n# class: %s, exit %s\nD=$(dirname \"$0\")\n" % (cls, rc))
            line = " ".join(shlex.quote(c) if not c.startswith("$D") and "$D" not in c
                            else '"%s"' % c for c in cmd)
            if stdin_name:
                line += ' < "$D/%s"' % stdin_name
            f.write(line + "\n")
        with open(os.path.join(d, "stderr.txt"), "w") as f:
            f.write(err_s[-20000:])
        return cls

    def write_tmp(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def one_echo_opt(self, text):
        flags = pipeline_option(self.rng)
        data = text.encode("utf-8", "replace")
        argv = [self.tool("echo-opt")] + flags + ["-"]
        rc, out, err = run(argv, data, self.args.timeout)
        cls = self.record("echo-opt", argv, "input.mlir", {"input.mlir": data}, rc, out, err)
        if cls == "ok" and rc == 0 and not any("memory-report" in f for f in flags):
            # What echo-opt prints on success must parse and verify again.
            rc2, _, err2 = run([self.tool("echo-opt"), "-"], out, self.args.timeout)
            if rc2 != 0 and rc2 is not None and rc2 != -1000:
                self.counts["ok"] -= 1
                self.tool_runs["echo-opt"] -= 1
                self.record("echo-opt", argv, "input.mlir", {"input.mlir": data}, "invalid-output",
                            out, b"output does not parse back:\n" + err2)
        return rc, out

    def one_echo_run(self, text):
        # A step for echo-run: the mutant differentiated (when it is a
        # forward function), or the mutant itself.
        data = text.encode("utf-8", "replace")
        if self.rng.random() < 0.8:
            opt = self.rng.choice(["--echo-autodiff=skip-existing",
                                   "--echo-autodiff=skip-existing optimizer=sgd lr=0.5",
                                   "--echo-autodiff=skip-existing optimizer=adam"])
            rc, out, err = run([self.tool("echo-opt"), opt, "-"], data, self.args.timeout)
            if rc == 0:
                data = out
        flags, npys = echo_run_flags(self.rng, self.tmp)
        for p, b in npys.items():
            with open(p, "wb") as f:
                f.write(b)
        argv = [self.tool("echo-run")] + flags + ["-"]
        rc, out, err = run(argv, data, self.args.timeout)
        files = {"step.mlir": data}
        files.update(npys)
        self.record("echo-run", argv, "step.mlir", files, rc, out, err)

    def one_echo_models(self):
        margs = echo_models_flags(self.rng)
        argv = [self.tool("echo-models")] + margs
        rc, out, err = run(argv, None, self.args.timeout)
        self.record("echo-models", argv, None, {}, rc, out, err)
        if rc == 0 and self.rng.random() < 0.7:
            # The model, valid or degenerate, through the training pipeline
            # or echo-run. Full-size models only go to echo-opt: training
            # them for real takes minutes, which is not a hang.
            text = out.decode("utf-8", "replace")
            if len(out) < 60_000 and self.rng.random() < 0.5:
                self.one_echo_run(text)
            elif len(out) < 1_000_000:
                self.one_echo_opt(text)

    def step(self):
        r = self.rng.random()
        if r < 0.12:
            self.one_echo_models()
            return
        path, text = self.rng.choice(self.seeds)
        # Unmutated seeds now and then: bad options on good input.
        mutant = text if self.rng.random() < 0.1 else mutate(self.rng, text)
        if r < 0.75:
            self.one_echo_opt(mutant)
        else:
            self.one_echo_run(mutant)

    def loop(self):
        start = time.time()
        n = 0
        def stop(signum, frame):
            raise KeyboardInterrupt
        # A campaign in the background ignores SIGINT: SIGTERM also ends it
        # with the final report.
        signal.signal(signal.SIGTERM, stop)
        try:
            while n < self.args.runs and time.time() - start < self.args.seconds:
                self.step()
                n += 1
                if self.args.progress and n % self.args.progress == 0:
                    self.report(time.time() - start, stream=sys.stderr)
        except KeyboardInterrupt:
            print("fuzz_mutate: stopped", file=sys.stderr)
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
        self.report(time.time() - start)
        return 0 if set(self.counts) <= {"ok", "skipped"} else 1

    def report(self, elapsed, stream=sys.stdout):
        total = sum(self.counts.values())
        per_tool = ", ".join("%s %d" % kv for kv in sorted(self.tool_runs.items()))
        classes = ", ".join("%s %d" % kv for kv in sorted(self.counts.items()))
        print("fuzz_mutate: %d runs in %.0fs (%s): %s" % (total, elapsed, per_tool, classes),
              file=stream, flush=True)
        if stream is sys.stdout:
            for (cls, tool, sig), n in sorted(self.signatures.items()):
                print("  %-10s %-11s x%-5d %s" % (cls, tool, n, sig), file=stream)


# ---------------------------------------------------------------------------


def cmd_seeds(args):
    os.makedirs(args.out, exist_ok=True)
    n = 0
    for name, flags in SMALL_MODELS:
        p = subprocess.run([args.echo_models, name] + flags, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
        if p.returncode != 0 or len(p.stdout) > args.max_bytes:
            print("seeds: skipped %s %s (%s)" % (name, " ".join(flags),
                  "too big" if p.returncode == 0 else "exit %d" % p.returncode), file=sys.stderr)
            continue
        stem = name + "-" + "-".join(f.lstrip("-") for f in flags)
        with open(os.path.join(args.out, "model-%s.mlir" % stem), "wb") as f:
            f.write(p.stdout)
        n += 1
    print("seeds: wrote %d model modules to %s" % (n, args.out))


def cmd_mutate(args):
    rng = random.Random(args.seed)
    seeds = []
    for path in args.seeds:
        with open(path, errors="replace") as f:
            seeds.append((os.path.basename(path), f.read()))
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.n):
        name, text = rng.choice(seeds)
        with open(os.path.join(args.out, "%05d-%s" % (i, name)), "w") as f:
            f.write(mutate(rng, text))
    print("mutate: wrote %d mutants to %s" % (args.n, args.out))


# Option sets each replayed file goes through (echo-opt flags).
REPLAY_PIPELINES = [
    ["--echo-training-pipeline"],
    ["--echo-training-pipeline=remat=echo gist=fp8 optimizer=adam"],
    ["--echo-training-pipeline=remat=mirror gist=lossless optimizer=sgd"],
]


def cmd_replay(args):
    """Replays corpus files through echo-opt: every file, every pipeline of
    REPLAY_PIPELINES, then the planned step's lowering to LLVM; or, for a
    file whose first line is `// FUZZ-ARGS: FLAGS`, those flags, and on
    success its output must parse back. Any class but `ok` fails."""
    files = []
    for d in args.dirs:
        if os.path.isdir(d):
            files += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".mlir"))
        else:
            files.append(d)
    bad = 0
    runs = 0
    reparse = set()  # files whose successful output must parse back
    start = time.time()
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
        if first.startswith("// FUZZ-ARGS:"):
            pipelines = [shlex.split(first[len("// FUZZ-ARGS:"):])]
            reparse.add(path)
        else:
            pipelines = REPLAY_PIPELINES
        for flags in pipelines:
            argv = [args.echo_opt] + flags + ["-"]
            rc, out, err = run(argv, data, args.timeout)
            runs += 1
            cls = classify("echo-opt", rc, "", err.decode("utf-8", "replace"), argv)
            if cls == "ok" and rc == 0 and "--echo-training-pipeline" in flags[0]:
                # The planned step must also lower to LLVM without crashing.
                argv2 = [args.echo_opt, "--pass-pipeline=builtin.module(" + args.lower + ")", "-"]
                rc, _, err = run(argv2, out, args.timeout)
                runs += 1
                cls = classify("echo-opt", rc, "", err.decode("utf-8", "replace"), argv2)
                if cls != "ok":
                    flags = flags + ["| echo-opt " + argv2[1]]
            if cls == "ok" and rc == 0 and path in reparse:
                rc, _, err = run([args.echo_opt, "-"], out, args.timeout)
                if rc != 0:
                    cls = "invalid-output"
            if cls != "ok":
                bad += 1
                print("FAIL %s (%s): %s: %s" % (os.path.basename(path), " ".join(flags), cls,
                      err.decode("utf-8", "replace").strip().split("\n")[0][:200]))
    print("replay: %d files, %d runs in %.1fs, %d bad" % (len(files), runs, time.time() - start, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    s = sub.add_parser("seeds", help="write small model-zoo modules")
    s.add_argument("--echo-models", default="build/bin/echo-models")
    s.add_argument("--out", required=True)
    s.add_argument("--max-bytes", type=int, default=400_000)
    s.set_defaults(func=cmd_seeds)
    m = sub.add_parser("mutate", help="write mutants of seed files")
    m.add_argument("seeds", nargs="+")
    m.add_argument("--out", required=True)
    m.add_argument("-n", type=int, default=100)
    m.add_argument("--seed", type=int, default=0)
    m.set_defaults(func=cmd_mutate)
    d = sub.add_parser("drive", help="run the tools on mutants and classify")
    d.add_argument("seeds", nargs="+")
    d.add_argument("--bin", default="build/bin")
    d.add_argument("--out", required=True, help="where bad inputs are saved")
    d.add_argument("--runs", type=float, default=float("inf"))
    d.add_argument("--seconds", type=float, default=float("inf"))
    d.add_argument("--timeout", type=float, default=30.0)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--progress", type=int, default=0, help="report every N runs")
    d.add_argument("--keep", type=int, default=5, help="inputs saved per distinct failure")
    d.set_defaults(func=lambda a: sys.exit(Driver(a).loop()))
    r = sub.add_parser("replay", help="replay corpus files through echo-opt")
    r.add_argument("dirs", nargs="+", help="directories of .mlir files, or files")
    r.add_argument("--echo-opt", default="build/bin/echo-opt")
    r.add_argument("--timeout", type=float, default=30.0)
    # buildPlannedToLLVMPipeline's text (lib/Conversion/EchoToRuntime).
    r.add_argument("--lower", default="buffer-deallocation-pipeline,convert-bufferization-to-memref,"
                   "echo-annotate-alloc-sites,echo-runtime-context,convert-scf-to-cf,"
                   "expand-strided-metadata,finalize-memref-to-llvm{use-generic-functions "
                   "use-aligned-alloc},convert-arith-to-llvm,convert-func-to-llvm,"
                   "convert-cf-to-llvm,reconcile-unrealized-casts")
    r.set_defaults(func=lambda a: sys.exit(cmd_replay(a)))
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
