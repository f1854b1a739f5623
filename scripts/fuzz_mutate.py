#!/usr/bin/env python3
"""MLIR-aware mutation fuzzing of echo-opt, echo-run, echo-models,
echo-compile and echo-step.

Python 3 standard library only. Three modes:

  seeds   write small model-zoo modules (echo-models NAME --batch 2 ...) to a
          directory, to seed this script and the libFuzzer target;
  mutate  write N mutants of seed .mlir files to a directory;
  drive   run the tools on mutants (and on bad flags, bad .npy inputs, bad
          pass options) with a per-run timeout and classify every outcome;
  replay  run the fixed corpus through echo-opt (make check).

Targets of `drive` (the report counts runs per target):
  echo-opt      a mutant through one pass or pipeline with good and bad
                options: every option echo-opt --help lists for the passes
                of PASSES (training pipeline, remat incl. policy=optimal
                with small solver limits, gist-encode, schedule, offload,
                simulate, memory report in every format to good and
                unwritable outputs, both lowerings with chip and PTX-feature
                lists), and both importers on linalg / TOSA seeds; now and
                then the same command again, whose output must be identical
  echo-run      a step with good and bad flags, .npy inputs and backends
                (also a truncated backend library)
  echo-models   bad sizes, the model then through echo-opt or echo-run
  echo-compile  a step with good and bad flags and unwritable outputs; a
                library it writes then runs under echo-step
  echo-step     a library echo-compile built, damaged: truncated, ELF header
                bytes changed, or its manifest mutated (with the checksum
                left stale or recomputed), with good and bad flags

Outcome classes of `drive`:
  crash        killed by a signal, or exit status >= 128
  llvm-error   'LLVM ERROR' on stderr (report_fatal_error)
  bug-report   'PLEASE submit a bug report' (LLVM's crash handler)
  abort        uncaught exception, failed assertion, sanitizer report
  nan-loss     echo-run exited 0 and printed a NaN/inf loss (without
               --allow-nonfinite-loss)
  hang         did not finish within the timeout
  invalid-output  echo-opt exited 0 but what it printed does not parse back
  nondeterministic  the same echo-opt command printed something else again
  accepted-damaged  echo-step exited 0 on a library whose manifest no longer
               matches its checksum
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
recompute yield encode decode offload prefetch all_reduce shard all_gather
reduce_scatter""".split()

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
             '{echo.category = #echo.category<bogus>}', '{echo.category = "stashed"}', "{echo.trainable = 3 : i64}"]
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
# Step manifests (runtime/step/StepSignature.cpp, format 3).

MANIFEST_MAGIC = b"echo-step-manifest 3\n"


def manifest_checksum(text):
    """manifestChecksum: FNV-1a 64 of the records before `check`, as 16
    hex digits."""
    h = 0xcbf29ce484222325
    for c in text:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return b"%016x" % h


def mutate_manifest(rng, lib, fix_checksum):
    """`lib` with its manifest (a NUL-terminated string in the library)
    changed in place, no longer than it was; with `fix_checksum` the
    `check` record is recomputed, so the records themselves are what the
    reader must judge. Returns (library, whether the checksum is stale,
    what changed: 'RECORD-KIND:field|deleted|duplicated|cut')."""
    start = lib.find(MANIFEST_MAGIC)
    if start < 0:
        return lib, False, "no manifest"
    end = lib.index(b"\0", start)
    text = lib[start:end]
    lines = text.split(b"\n")
    body = [l for l in lines if l and not l.startswith(b"check ") and l != b"end"]
    original = b"\n".join(body) + b"\n"
    for _ in range(8):
        new = list(body)
        i = rng.randrange(1, len(new)) if len(new) > 1 else 0
        fields = new[i].split(b" ")
        what = fields[0].decode("ascii", "replace") + ":"
        op = rng.randrange(6)
        if op <= 2 and len(fields) > 1:
            j = rng.randrange(1, len(fields))
            what += "field %d" % j
            fields[j] = rng.choice([b"0", b"1", b"-1", b"2", b"4", b"8", b"3", b"99999999",
                                    b"9223372036854775807", b"-9223372036854775808",
                                    b"f32", b"i32", b"i64", b"i8", b"i1", b"f16", b"bogus", b""])
            new[i] = b" ".join(fields)
        elif op == 3:
            del new[i]
            what += "deleted"
        elif op == 4:
            new.insert(i, new[rng.randrange(len(new))])
            what = new[i].split(b" ")[0].decode("ascii", "replace") + ":duplicated"
        else:
            new[i] = new[i][:rng.randrange(len(new[i]) + 1)]
            what += "cut"
        records = b"\n".join(new) + b"\n"
        tail = b"check " + (manifest_checksum(records) if fix_checksum else
                            lines[-3][6:] if len(lines) >= 3 else b"0") + b"\nend\n"
        out = records + tail
        if len(out) <= len(text) and out != text:
            stale = not fix_checksum and records != original
            return lib[:start] + out + b"\0" * (len(text) - len(out)) + lib[end:], stale, what
    return lib, False, "unchanged"


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


# Passes whose every option (as `echo-opt --help` lists it) the driver
# fuzzes, and what each needs before it: a training step (autodiff) or
# nothing (importers, the training pipeline).
PASSES = {
    "echo-training-pipeline": [],
    "echo-remat": ["--echo-autodiff=skip-existing"],
    "gist-encode": ["--echo-autodiff=skip-existing"],
    "echo-schedule": ["--echo-autodiff=skip-existing"],
    "echo-offload": ["--echo-autodiff=skip-existing"],
    "echo-simulate": ["--echo-autodiff=skip-existing"],
    "echo-budget-plan": ["--echo-autodiff=skip-existing"],
    "echo-data-parallel": ["--echo-autodiff=skip-existing"],
    "echo-memory-report": ["--echo-autodiff=skip-existing"],
    "echo-lower-to-cpu": ["--echo-autodiff=skip-existing"],
    "echo-lower-to-cuda": ["--echo-autodiff=skip-existing"],
    "echo-plan-workspaces": ["--echo-autodiff=skip-existing"],
    "echo-autodiff": [],
    "echo-autocast": [],
    "echo-raise-attention": [],
    "echo-import-linalg": [],
    "echo-import-tosa": [],
}
IMPORTERS = ["echo-import-linalg", "echo-import-tosa"]

CHIPS = ["sm_80", "sm_90", "sm_70", "sm_52", "sm_100", "sm_999", "sm_", "bogus",
         "", " ", "gfx90a"]
PTX_FEATURES = ["+ptx60", "+ptx70", "+ptx78", "+ptx80", "+ptx99", "-ptx78",
                "ptx78", "+bogus", "", "+ptx78,+ptx60"]


def list_value(rng, items):
    """A comma-separated list: good entries, empty entries, duplicates."""
    n = rng.choice([1, 1, 2, 3])
    parts = [rng.choice(items) for _ in range(n)]
    text = ",".join(parts)
    return rng.choice([text, text, text + ",", "," + text,
                       text.replace(",", ",,") if "," in text else text])


def parse_pass_options(help_text):
    """{pass: {option: kind}} from `echo-opt --help`: kind is a list of
    enum values, or one of 'long', 'int', 'uint', 'number', 'string',
    'bool'."""
    passes = {}
    current = None
    last = None
    for line in help_text.split("\n"):
        m = re.match(r"^      --([a-z0-9-]+)\s", line)
        if m:
            current = m.group(1) if m.group(1) in PASSES else None
            if current:
                passes[current] = {}
            last = None
            continue
        if not current:
            continue
        m = re.match(r"^        --([a-z0-9-]+)(=<(\w+)>)?\s", line)
        if m:
            last = m.group(1)
            passes[current][last] = m.group(3) or "bool"
            if passes[current][last] == "value":
                passes[current][last] = []
            continue
        m = re.match(r"^    =([A-Za-z0-9_.-]+)\s", line)
        if m and last and isinstance(passes[current][last], list):
            passes[current][last].append(m.group(1))
            continue
        if line.startswith("  --") or line.startswith("    --"):
            current = None
    return passes


def option_value(rng, pass_name, name, kind, tmp):
    """A good or bad value of one pass option."""
    bad = rng.random() < 0.2
    if isinstance(kind, list):
        return rng.choice(kind) if kind and not bad else bad_value(rng)
    if kind == "bool":
        return rng.choice(["", "", "=true", "=false", "=bogus"])
    if name == "chips":
        return list_value(rng, CHIPS)
    if name == "ptx-features":
        return list_value(rng, PTX_FEATURES)
    if name in ("output", "weights-dir"):
        return rng.choice(["-", os.path.join(tmp, "report.out"), "/dev/full",
                           "/proc/version", "/nonexistent/dir/r", tmp, ""])
    if name == "toolkit":
        return rng.choice(["/nonexistent", "/usr", ""])
    if name == "ptxas-options":
        return rng.choice(["-O0", "--bogus-flag", ""])
    if name == "heavy-ops":
        return rng.choice(["echo.conv2d", "echo.linear,echo.matmul", "echo.bogus", ",", ""])
    if name == "budget" or name.endswith("-budget") and kind == "string":
        return rng.choice(["min", "0", "1", "1000000", "-1", "99999999999999999999", "bogus",
                           "100%", "50%", "35%", "0%", "-5%", "1e300%", "nan%", "64KiB",
                           "1GiB", "8XiB", ""])
    if bad:
        return bad_value(rng)
    if kind in ("long", "int", "uint", "ulong"):
        return rng.choice(["0", "1", "2", "3", "10", "100", "256", "1000", "4096"])
    if kind == "number":
        return rng.choice(["0", "0.001", "0.05", "0.5", "1", "2", "10", "100"])
    return bad_value(rng)


def pass_flag(rng, pass_name, options, tmp, forced=None):
    """--PASS=opt=value ... with a random subset of its options; `forced`
    (name -> value) are always set. remat=optimal always gets small solver
    limits, so that a run takes seconds."""
    forced = dict(forced or {})
    chosen = {}
    for name, kind in options.items():
        if name.startswith("test-"):
            continue  # testing hooks (e.g. a solver made to hang)
        if name in forced:
            chosen[name] = "=" + forced[name]
        elif rng.random() < 0.3:
            v = option_value(rng, pass_name, name, kind, tmp)
            chosen[name] = v if kind == "bool" and v in ("", "=true", "=false", "=bogus") else "=" + v
    optimal = any(v == "=optimal" for k, v in chosen.items() if k in ("policy", "remat"))
    # A budget plan tries remat=optimal among its candidates.
    optimal |= pass_name == "echo-budget-plan" or (
        pass_name == "echo-training-pipeline" and "budget" in chosen)
    if optimal:
        # Count limits small; a time limit, where a count limit exists, only
        # a safety stop that must not decide the plan (so that a repeated
        # run must print the same bytes), else small.
        counts = [n for n in options if re.search(r"(nodes|iterations|candidates)$", n)]
        for name in options:
            if name in counts:
                chosen[name] = "=" + rng.choice(["0", "1", "2", "10", "50"])
            elif name.endswith("time-limit"):
                chosen[name] = "=" + ("120" if counts else rng.choice(["0.5", "1", "2"]))
    parts = []
    for name, v in chosen.items():
        if v.startswith("=") and re.search(r"[\s{}]", v[1:]):
            v = "={" + v[1:] + "}"
        parts.append(name + v)
    return "--%s%s" % (pass_name, ("=" + " ".join(parts)) if parts else "")


def generic_pass_flags(rng, passes, tmp, importer_seed):
    """echo-opt flags: one fuzzed pass after what it needs, sometimes the
    memory report and a lowering after it."""
    if importer_seed:
        name = rng.choice([p for p in IMPORTERS if p in passes] or IMPORTERS)
        flags = [pass_flag(rng, name, passes.get(name, {}), tmp)]
        if rng.random() < 0.5:
            flags.append(pass_flag(rng, "echo-training-pipeline",
                                   passes.get("echo-training-pipeline", {}), tmp))
        return flags
    names = [p for p in passes if p not in IMPORTERS]
    name = rng.choice(names)
    flags = list(PASSES[name]) + [pass_flag(rng, name, passes[name], tmp)]
    if name == "echo-training-pipeline" and rng.random() < 0.4:
        follow = rng.choice(["echo-memory-report", "echo-lower-to-cpu",
                             "echo-lower-to-cuda"])
        if follow in passes:
            flags.append(pass_flag(rng, follow, passes[follow], tmp))
    return flags


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
        flags.append("--backend=" + rng.choice(["cpu", "cuda", "bogus", "/nonexistent.so", "/etc/passwd",
                                                os.path.join(tmp, "truncated-backend.so")]))
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
    if isinstance(rc, str):  # a class the driver decided (relabel)
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
        self.pass_runs = {}  # echo-opt runs by the last pass they name
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
        help_text = subprocess.run([self.tool("echo-opt"), "--help"], stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")
        self.passes = parse_pass_options(help_text)
        self.steps = None  # libraries echo-step starts from, built on first use
        backend = os.path.join(self.bin, "..", "lib", "libecho_runtime_cpu.so")
        if os.path.exists(backend):
            with open(backend, "rb") as f:
                data = f.read()
            self.write_tmp("truncated-backend.so", data[:len(data) // 3])

    def tool(self, name):
        return os.path.join(self.bin, name)

    def record(self, tool, argv, stdin_name, files, rc, out, err, note=""):
        out_s = out.decode("utf-8", "replace")
        err_s = err.decode("utf-8", "replace")
        cls = classify(tool, rc, out_s, err_s, argv)
        self.counts[cls] = self.counts.get(cls, 0) + 1
        self.tool_runs[tool] = self.tool_runs.get(tool, 0) + 1
        if cls in ("ok", "skipped"):
            return cls
        # Keeps a few inputs per distinct failure (class + tool + message or
        # innermost echo frame), not thousands of copies of one bug.
        sig = (cls, tool, signature(err_s) + (" [%s]" % note if note else ""))
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
            f.write("#!/bin/sh\n# class: %s, exit %s%s\nD=$(dirname \"$0\")\n" % (
                cls, rc, ", " + note if note else ""))
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

    def one_echo_opt(self, text, importer_seed=False):
        if importer_seed or self.rng.random() < 0.6:
            flags = generic_pass_flags(self.rng, self.passes, self.tmp, importer_seed)
        else:
            flags = pipeline_option(self.rng)
        data = text.encode("utf-8", "replace")
        argv = [self.tool("echo-opt")] + flags + ["-"]
        rc, out, err = run(argv, data, self.args.timeout)
        cls = self.record("echo-opt", argv, "input.mlir", {"input.mlir": data}, rc, out, err)
        names = re.findall(r"(?:^--|[(,])(echo-[a-z-]+|gist-encode)(?=[={,)]|$)", flags[-1])
        if names:
            self.pass_runs[names[-1]] = self.pass_runs.get(names[-1], 0) + 1
        lowered = any("lower-to" in f for f in flags)
        if cls == "ok" and rc == 0 and not any("memory-report" in f for f in flags) and not lowered:
            # What echo-opt prints on success must parse and verify again.
            rc2, _, err2 = run([self.tool("echo-opt"), "-"], out, self.args.timeout)
            if rc2 != 0 and rc2 is not None and rc2 != -1000:
                self.relabel("echo-opt", argv, data, out, "invalid-output",
                             b"output does not parse back:\n" + err2)
                return rc, out
        if cls == "ok" and rc == 0 and self.rng.random() < 0.1:
            # The same command again prints the same bytes (plans may not
            # depend on the machine's load or the wall clock).
            rc2, out2, _ = run(argv, data, self.args.timeout)
            if rc2 == 0 and out2 != out:
                self.relabel("echo-opt", argv, data, out, "nondeterministic",
                             b"a second run printed other output\n")
        return rc, out

    def relabel(self, tool, argv, data, out, cls, err):
        """Counts an `ok` run of `tool` as `cls` instead."""
        self.counts["ok"] -= 1
        self.tool_runs[tool] -= 1
        self.record(tool, argv, "input.mlir", {"input.mlir": data}, cls, out, err)

    def make_step(self, text):
        """The mutant as a training step, when echo-opt can differentiate
        it, else the mutant itself."""
        data = text.encode("utf-8", "replace")
        opt = self.rng.choice(["--echo-autodiff=skip-existing",
                               "--echo-autodiff=skip-existing optimizer=sgd lr=0.5",
                               "--echo-autodiff=skip-existing optimizer=adam"])
        rc, out, err = run([self.tool("echo-opt"), opt, "-"], data, self.args.timeout)
        return out if rc == 0 else data

    def compile_flags(self):
        r = self.rng
        flags = []
        if r.random() < 0.3:
            flags.append("--target=" + r.choice(["cpu", "cpu", "cuda", "bogus"]))
            if "cuda" in flags[-1] and r.random() < 0.7:
                opt = pass_flag(r, "echo-lower-to-cuda", self.passes.get("echo-lower-to-cuda", {}),
                                self.tmp)
                if "=" in opt:
                    flags.append("--cuda-options=" + opt.split("=", 1)[1])
        for name, values in (("--grad-results", ["out-params", "arena", "bogus"]),
                             ("--kernels", ["runtime", "generated", "bogus"]),
                             ("--math", ["ieee", "tf32", "bogus"]),
                             ("--workspace-budget", ["0", "65536", "-1", "bogus"]),
                             ("--entry", ["train_step", "bogus", ""])):
            if r.random() < 0.15:
                flags.append(name + "=" + r.choice(values))
        if r.random() < 0.05:
            flags.append("--no-buffer-assign")
        if r.random() < 0.1:
            flags.append("--emit-llvm")
        return flags

    def one_echo_compile(self, text):
        data = self.make_step(text)
        flags = self.compile_flags()
        shared = self.rng.random() < 0.7
        out_path = os.path.join(self.tmp, "step.so" if shared else "step.o")
        if self.rng.random() < 0.15:
            out_path = self.rng.choice(["/dev/full", "/proc/version", "/nonexistent/d/s.so",
                                        self.tmp])
        argv = ([self.tool("echo-compile"), "-"] + flags + (["--shared"] if shared else []) +
                ["-o", out_path])
        rc, out, err = run(argv, data, self.args.timeout)
        cls = self.record("echo-compile", argv, "step.mlir", {"step.mlir": data}, rc, out, err)
        if (cls == "ok" and rc == 0 and shared and out_path.endswith("step.so") and
                "--emit-llvm" not in flags and self.rng.random() < 0.5):
            with open(out_path, "rb") as f:
                self.one_echo_step_on(f.read(), data)

    def build_steps(self):
        """A few valid step libraries (small models, both result layouts)."""
        self.steps = []
        seeds = [t for p, t in self.seeds if "model-" in os.path.basename(p)] or \
            [t for _, t in self.seeds]
        for i in range(4):
            text = self.rng.choice(seeds)
            step = self.make_step(text)
            path = os.path.join(self.tmp, "pool%d.so" % i)
            extra = ["--grad-results=arena"] if i % 2 else []
            rc, _, _ = run([self.tool("echo-compile"), "-", "--shared", "-o", path] + extra,
                           step, 300)
            if rc == 0:
                with open(path, "rb") as f:
                    self.steps.append((f.read(), step))

    def one_echo_step(self):
        if self.steps is None:
            self.build_steps()
        if not self.steps:
            return
        lib, step = self.rng.choice(self.steps)
        self.one_echo_step_on(lib, step)

    def one_echo_step_on(self, lib, step):
        r = self.rng
        kind = r.choice(["none", "truncate", "header", "manifest", "manifest", "manifest-stale"])
        damaged = False
        note = kind
        if kind == "truncate":
            lib = lib[:r.randrange(len(lib))]
        elif kind == "header":
            b = bytearray(lib)
            for _ in range(r.randrange(1, 4)):
                i = r.randrange(min(64, len(b)))
                b[i] = r.choice([0, 0xff, r.randrange(256)])
            lib = bytes(b)
        elif kind.startswith("manifest"):
            lib, damaged, what = mutate_manifest(r, lib, fix_checksum=(kind == "manifest"))
            note = kind + " " + what
        path = self.write_tmp("step-under-test.so", lib)
        flags = []
        if r.random() < 0.6:
            flags.append("--iterations=" + r.choice(["1", "2", "0", "-1", "bogus"]))
        if r.random() < 0.7:
            flags.append("--print-loss")
        if r.random() < 0.2:
            flags.append("--capacity=" + r.choice(["0", "1", "1024", "-5", "99999999999999999999"]))
        if r.random() < 0.15:
            flags.append("--dump-results=" + r.choice([os.path.join(self.tmp, "out.bin"), self.tmp,
                                                       "/dev/full", "/proc/version", "/nonexistent/d/o"]))
        if r.random() < 0.1:
            flags.append("--memory-stats" + r.choice(["", "=json", "=bogus"]))
        if r.random() < 0.1:
            flags.append("--seed=" + r.choice(["0", "7", "-1", "bogus"]))
        if r.random() < 0.1:
            flags.append("--backend=" + r.choice(["cpu", "cuda", "/etc/passwd",
                                                  os.path.join(self.tmp, "truncated-backend.so")]))
        if r.random() < 0.05:
            flags.append(r.choice(["--time", "--entry-times", "--allow-nonfinite-loss", "--bogus"]))
        files = {}
        if r.random() < 0.15:
            npy = os.path.join(self.tmp, "in0.npy")
            files[npy] = random_npy(r)
            with open(npy, "wb") as f:
                f.write(files[npy])
            flags.append("--inputs=%s=%s" % (r.choice(["0", "1", "99", "x"]), npy))
        argv = [self.tool("echo-step"), path] + flags
        rc, out, err = run(argv, None, self.args.timeout)
        files[path] = lib
        files["step.mlir"] = step
        cls = self.record("echo-step", argv, None, files, rc, out, err, note)
        if cls == "ok" and rc == 0 and damaged:
            self.counts["ok"] -= 1
            self.tool_runs["echo-step"] -= 1
            self.record("echo-step", argv, None, files, "accepted-damaged", out,
                        b"exit 0 with a stale manifest checksum\n" + err, note)

    def one_echo_run(self, text):
        # A step for echo-run: the mutant differentiated (when it is a
        # forward function), or the mutant itself.
        if self.rng.random() < 0.8:
            data = self.make_step(text)
        else:
            data = text.encode("utf-8", "replace")
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
        if r < 0.08:
            self.one_echo_models()
            return
        if r < 0.2:
            self.one_echo_step()
            return
        path, text = self.rng.choice(self.seeds)
        # Unmutated seeds now and then: bad options on good input.
        mutant = text if self.rng.random() < 0.1 else mutate(self.rng, text)
        importer_seed = re.search(r"\b(linalg|tosa)\.", text) is not None
        if r < 0.7 or importer_seed:
            self.one_echo_opt(mutant, importer_seed)
        elif r < 0.85:
            self.one_echo_run(mutant)
        else:
            self.one_echo_compile(mutant)

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
            print("  echo-opt runs by pass: " + ", ".join(
                "%s %d" % kv for kv in sorted(self.pass_runs.items())), file=stream)
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
