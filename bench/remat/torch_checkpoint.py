#!/usr/bin/python3
"""Peak memory of one LSTM LM training step in PyTorch, eager and with
torch.utils.checkpoint over the time steps, measured on the CPU, next to
the planned peaks of our Baseline, Echo and optimal plans of the same model.

    /usr/bin/python3 bench/remat/torch_checkpoint.py [--bin build/bin]
        [--budget min|BYTES] [--time-limit S] [--recompute-heavy] [--sweep]

Run with Debian's /usr/bin/python3 (python3-torch 1.13). The model is
bench/step-time/torch_step.py's LSTMLM, which mirrors `echo-models lstm-lm`
at its default size (batch 16, 20 time steps, hidden 128, 2 layers, vocab
1000; unfused cells, cross-entropy over every step). The step is forward,
loss and backward, no optimizer, as `echo-models lstm-lm` builds it.

Measurement: torch.profiler with profile_memory=True records every
allocation and free of the CPU allocator ([memory] events, in order); the
running sum of their bytes over the step, maximized, is the step's peak of
live tensors above what existed before it. To count as our
planned_peak_bytes does (docs/memory.md: weights, inputs and the gradients
are persistent, live for the whole step), the gradients are allocated
(zeros) before the step and accumulated into, so
    comparable peak = weights + inputs + gradients + step peak.
PyTorch's default (gradients set to None, allocated during backward) is
printed too, as `raw`: weights + inputs + its step peak.

Checkpointing: the T time steps are cut into k = round(sqrt(T)) segments
of near-equal length (T = 20: 4 segments of 5 steps); each segment, all
layers of its steps, is one torch.utils.checkpoint.checkpoint call
(use_reentrant, 1.13's default) whose inputs are the segment's embedded
tokens and every layer's (h, c) and whose outputs are the top layer's
outputs and the new states. The embedding, the decoder and the loss run
outside the segments. --sweep prints every k from 1 to T.
"""
import argparse
import math
import os
import subprocess
import sys

import torch
import torch.nn.functional as F
import torch.utils.checkpoint
from torch.profiler import ProfilerActivity, profile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "step-time"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "Remat", "Inputs"))
import echo_tool  # noqa: E402
import torch_step  # noqa: E402

BATCH, STEPS, VOCAB = 16, 20, 1000  # lib/Models/LSTMLanguageModel.cpp defaults


def segments(steps, k):
    """k contiguous [begin, end) ranges of near-equal length covering steps."""
    cuts = [round(i * steps / k) for i in range(k + 1)]
    return list(zip(cuts[:-1], cuts[1:]))


def checkpointed_forward(net, tokens, k):
    emb = net.embedding(tokens)
    state = net.zero_state(emb)
    layers = len(state)

    def segment(begin, end):
        def run(emb_part, *flat):
            pairs = [(flat[2 * l], flat[2 * l + 1]) for l in range(layers)]
            out, new = net.run(emb_part, pairs)
            return (out,) + tuple(t for hc in new for t in hc)
        return run

    outputs = []
    for begin, end in segments(tokens.shape[1], k):
        flat = [t for hc in state for t in hc]
        res = torch.utils.checkpoint.checkpoint(
            segment(begin, end), emb[:, begin:end, :], *flat)
        outputs.append(res[0])
        state = [(res[1 + 2 * l], res[2 + 2 * l]) for l in range(layers)]
    return net.decode(torch.cat(outputs, 1))


def measure(net, tokens, targets, k, grads_persistent):
    """Peak bytes of live tensors allocated during one step (running sum of
    the profiler's [memory] events), above what was live before it."""
    for p in net.parameters():
        p.grad = torch.zeros_like(p) if grads_persistent else None
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        # No Python reference to the logits: log_softmax's output is what
        # the backward needs, as our fused cross-entropy needs the logits.
        loss = F.cross_entropy(
            net(tokens) if k == 0 else checkpointed_forward(net, tokens, k),
            targets)
        loss.backward()
        del loss
    events = [e for e in prof.profiler.kineto_results.events()
              if e.name() == "[memory]" and str(e.device_type()) == "DeviceType.CPU"]
    events.sort(key=lambda e: e.start_us())  # stable: ties keep record order
    live = peak = 0
    for e in events:
        live += e.nbytes()
        peak = max(peak, live)
    return peak


def nbytes(tensors):
    return sum(t.numel() * t.element_size() for t in tensors)


def echo_peaks(bin_dir, budget, time_limit, heavy, grad_results):
    echo_opt = os.path.join(bin_dir, "echo-opt")
    ir = subprocess.run([os.path.join(bin_dir, "echo-models"), "lstm-lm"],
                        check=True, capture_output=True, text=True).stdout
    optimal = ("--echo-remat=policy=optimal budget=%s time-limit=%s%s"
               % (budget, time_limit, " recompute-heavy=true" if heavy else ""))
    rows = []
    for name, pre in (("Baseline", []), ("Echo", ["--echo-remat=policy=echo"]),
                      ("optimal" + (" heavy" if heavy else ""), [optimal])):
        # remat=none: the policy ran in `pre`; the pipeline plans the step.
        rep = echo_tool.report(echo_opt, ir,
                               "none grad-results=%s" % grad_results,
                               pre=["--echo-autodiff"] + pre)
        f = rep["flops"]
        share = f["recompute"] / (f["forward"] + f["backward"] + f["recompute"])
        rows.append((name, rep["planned_peak_bytes"], rep["persistent_bytes"],
                     100.0 * share))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    ap.add_argument("--budget", default="min")
    ap.add_argument("--time-limit", default="60")
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--recompute-heavy", action="store_true",
                    help="optimal with recompute-heavy=true")
    ap.add_argument("--grad-results", default="out-params",
                    choices=("out-params", "arena"),
                    help="where our plans keep the gradients: arena lets "
                    "each live from its first write, as PyTorch's default "
                    "(compare with the raw columns)")
    args = ap.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(0)
    net = torch_step.LSTMLM()
    net.train()
    tokens = torch.randint(0, VOCAB, (BATCH, STEPS))
    targets = torch.randint(0, VOCAB, (BATCH * STEPS,))
    weights = nbytes(list(net.parameters()))
    inputs = nbytes([tokens, targets])
    grads = weights
    print("PyTorch %s, CPU, 1 thread; persistent: weights %d, inputs %d "
          "(int64 tokens and targets; ours are i32: %d), gradients %d bytes"
          % (torch.__version__, weights, inputs, inputs // 2, grads))

    sqrt_k = round(math.sqrt(STEPS))
    runs = [("eager", 0), ("checkpoint k=%d (sqrt)" % sqrt_k, sqrt_k)]
    if args.sweep:
        runs += [("checkpoint k=%d" % k, k) for k in range(1, STEPS + 1)
                 if k != sqrt_k]
    print("%-26s %12s %12s %14s %10s" % ("pytorch", "step_peak", "raw_peak",
                                         "comparable", "vs_eager"))
    comparable, raw = {}, {}
    for name, k in runs:
        raw[name] = weights + inputs + measure(net, tokens, targets, k, False)
        comparable[name] = (weights + inputs + grads +
                            measure(net, tokens, targets, k, True))
        print("%-26s %12d %12d %14d %9.3fx" % (
            name, comparable[name] - weights - inputs - grads, raw[name],
            comparable[name], comparable[name] / comparable["eager"]))

    eager, ckpt = "eager", runs[1][0]
    print("\n%-20s %12s %10s %9s %9s %9s %9s %10s" % (
        "echo (planned)", "planned_peak", "arena", "/eager", "/ckpt",
        "/eager_raw", "/ckpt_raw", "recompute%"))
    for name, peak, persistent, share in echo_peaks(
            args.bin, args.budget, args.time_limit, args.recompute_heavy,
            args.grad_results):
        print("%-20s %12d %10d %8.3fx %8.3fx %9.3fx %8.3fx %9.3f%%" % (
            name, peak, peak - persistent, peak / comparable[eager],
            peak / comparable[ckpt], peak / raw[eager], peak / raw[ckpt], share))
    print("(/eager, /ckpt: against the comparable peaks; _raw: against "
          "PyTorch's default, gradients allocated during the backward)")

if __name__ == "__main__":
    main()
