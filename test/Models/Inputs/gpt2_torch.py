#!/usr/bin/env python3
"""GPT-2 of echo-models against a PyTorch re-implementation.

  gpt2_torch.py BIN WORKDIR [--layers 2 --hidden 64 --heads 4 --seq-len 32
                             --vocab 128 --batch 2 --seed 0 --attention fused]

Draws GPT-2-like weights (normal 0.02 for matrices and embeddings, layer norm
gains 1 + normal 0.1 and biases normal 0.02 so that every term matters) and a
batch of tokens and next-token targets, writes them as .npy files, and runs
the differentiated step once (echo-opt --echo-autodiff | echo-run --inputs
... --dump-results). PyTorch computes the same GPT-2 (its own code below: the
model as the GPT-2 paper and its release define it, not echo's IR) in
float64 as the exact reference, and in float32.

Errors: the loss relative to the reference, and for each gradient
||echo - ref|| / ||ref|| (the worst over the parameters). echo passes when
both are within TOLERANCE (1e-5; measured at the default size: loss 4e-8,
gradients 5e-7, as PyTorch's own f32. The exact-erf GELU instead of the tanh
form moves the gradients by 5e-5, a missing causal mask by 1.7, so either
fails); PyTorch f32's errors are printed beside them for scale.
Prints one line per quantity and 'torch agreement: PASS' or FAIL (exit 1)."""

import argparse
import math
import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

TOLERANCE = 1e-5


def read_results(path):
    """echo-run --dump-results: per result a header line, raw bytes, '\\n'."""
    out, data, pos = [], open(path, "rb").read(), 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        header = data[pos:end].decode().split(" ", 3)
        dtype = {"f32": np.float32, "i32": np.int32}[header[2]]
        shape_text, nbytes = header[3].rsplit(" ", 1)
        shape = [int(s) for s in shape_text.strip("[]").split(",") if s.strip()]
        nbytes = int(nbytes)
        out.append(np.frombuffer(data[end + 1:end + 1 + nbytes], dtype=dtype).reshape(shape))
        pos = end + 1 + nbytes + 1
    return out


def gpt2_loss(p, tokens, targets, a):
    """GPT-2 forward: p is the parameter list in echo's argument order."""
    B, T, h, H = a.batch, a.seq_len, a.hidden, a.heads
    dk = h // H
    wte, wpe = p[0], p[1]
    x = wte[tokens] + wpe
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
    i = 2
    for _ in range(a.layers):
        ln1g, ln1b, aw, ab, pw, pb, ln2g, ln2b, fw, fb, mw, mb = p[i:i + 12]
        i += 12
        y = F.layer_norm(x, (h,), ln1g, ln1b, eps=1e-5)
        q, k, v = F.linear(y, aw, ab).split(h, dim=2)
        heads = lambda t: t.view(B, T, H, dk).transpose(1, 2)
        q, k, v = heads(q), heads(k), heads(v)
        s = (q @ k.transpose(-1, -2)) / math.sqrt(dk)
        s = s.masked_fill(~causal, float("-inf"))
        o = (torch.softmax(s, dim=-1) @ v).transpose(1, 2).reshape(B, T, h)
        x = x + F.linear(o, pw, pb)
        y = F.layer_norm(x, (h,), ln2g, ln2b, eps=1e-5)
        x = x + F.linear(F.gelu(F.linear(y, fw, fb), approximate="tanh"), mw, mb)
    x = F.layer_norm(x, (h,), p[i], p[i + 1], eps=1e-5)
    logits = x @ wte.t()  # tied LM head
    return F.cross_entropy(logits.reshape(-1, a.vocab), targets.reshape(-1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("work")
    for name, default in (("layers", 2), ("hidden", 64), ("heads", 4), ("seq-len", 32),
                          ("vocab", 128), ("batch", 2), ("seed", 0)):
        ap.add_argument("--" + name, type=int, default=default)
    ap.add_argument("--attention", default="fused", choices=["fused", "unfused"])
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    rng = np.random.default_rng(a.seed)
    h = a.hidden

    shapes = [(a.vocab, h), (a.seq_len, h)]
    for _ in range(a.layers):
        shapes += [(h,), (h,), (3 * h, h), (3 * h,), (h, h), (h,),
                   (h,), (h,), (4 * h, h), (4 * h,), (h, 4 * h), (h,)]
    shapes += [(h,), (h,)]
    params = []
    for idx, s in enumerate(shapes):
        if len(s) == 2:
            params.append(rng.normal(0, 0.02, s))
        else:  # gains (first of an ln pair) around 1, biases around 0
            is_gain = False
            rel = idx - 2
            if rel >= 0 and rel < 12 * a.layers:
                is_gain = rel % 12 in (0, 6)
            elif rel == 12 * a.layers:
                is_gain = True
            params.append((1.0 if is_gain else 0.0) + rng.normal(0, 0.1 if is_gain else 0.02, s))
    params = [p.astype(np.float32) for p in params]
    tokens = rng.integers(0, a.vocab, (a.batch, a.seq_len)).astype(np.int32)
    targets = np.roll(tokens, -1, axis=1).astype(np.int32)

    files = []
    for i, arr in enumerate([tokens, targets] + params):
        path = os.path.join(a.work, "arg%d.npy" % i)
        np.save(path, arr)
        files.append("%d=%s" % (i, path))

    model = subprocess.run(
        [os.path.join(a.bin, "echo-models"), "gpt2", "--batch", str(a.batch),
         "--seq-len", str(a.seq_len), "--hidden", str(h), "--layers", str(a.layers),
         "--heads", str(a.heads), "--vocab", str(a.vocab), "--attention", a.attention],
        check=True, capture_output=True, text=True).stdout
    step = subprocess.run([os.path.join(a.bin, "echo-opt"), "-", "--echo-autodiff"],
                          input=model, check=True, capture_output=True, text=True).stdout
    step_path = os.path.join(a.work, "step.mlir")
    open(step_path, "w").write(step)
    dump = os.path.join(a.work, "results.bin")
    subprocess.run([os.path.join(a.bin, "echo-run"), step_path, "--inputs", ",".join(files),
                    "--dump-results", dump], check=True, capture_output=True)
    results = read_results(dump)
    echo_loss, echo_grads = float(results[0]), results[1:]
    if len(echo_grads) != len(params):
        sys.exit("FAIL: echo returned %d gradients for %d parameters" % (len(echo_grads), len(params)))

    def reference(dtype):
        ps = [torch.tensor(p, dtype=dtype, requires_grad=True) for p in params]
        loss = gpt2_loss(ps, torch.tensor(tokens, dtype=torch.long),
                         torch.tensor(targets, dtype=torch.long), a)
        loss.backward()
        return float(loss), [p.grad.double().numpy() for p in ps]

    ref_loss, ref_grads = reference(torch.float64)
    t32_loss, t32_grads = reference(torch.float32)

    def grad_error(grads):
        return max(np.linalg.norm(np.asarray(g, np.float64) - r) / np.linalg.norm(r)
                   for g, r in zip(grads, ref_grads))

    loss_err = abs(echo_loss - ref_loss) / abs(ref_loss)
    grad_err = grad_error(echo_grads)
    print("loss: echo %.8f reference %.8f relative error %.2e (torch f32 %.2e)" % (
        echo_loss, ref_loss, loss_err, abs(t32_loss - ref_loss) / abs(ref_loss)))
    print("gradients (%d tensors): worst relative error %.2e (torch f32 %.2e)" % (
        len(params), grad_err, grad_error(t32_grads)))
    ok = loss_err <= TOLERANCE and grad_err <= TOLERANCE
    print("torch agreement: %s (tolerance %.0e)" % ("PASS" if ok else "FAIL", TOLERANCE))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
