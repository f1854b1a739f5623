#!/usr/bin/env python3
"""PyTorch eager step time and peak memory of the GPU speed suite
(scripts/gpu-check.sh, docs/gpu.md), next to echo-step's on the same GPU.

Each CONFIG is NAME=MODEL:KEY=VALUE,... with MODEL one of torch_reference.py's
architectures (mlp, resnet32, lstm-lm, gpt2) or resnet50 (torchvision's, the
bottleneck ResNet-50 of `echo-models resnet50`). One SGD step (lr 0.01) on
cross-entropy, as echo's steps; `autocast=bf16` (or f16) runs the forward
under torch.autocast with that type (GPT-2: F.scaled_dot_product_attention),
as `echo-autocast` does. Every config is measured under three settings, in
one process:
  ieee-det   TF32 off, torch.backends.cudnn.deterministic = True
  ieee       TF32 off, PyTorch's defaults otherwise (cudnn.benchmark off)
  tf32       TF32 allowed for matmuls and convolutions
Times: CUDA events around STEPS steps after 3 warm-up steps; memory:
torch.cuda.max_memory_allocated over one step, parameters included.

usage: torch_speed.py [--steps N] CONFIG...
prints: torch NAME SETTING step_ms PEAK_BYTES
"""
import argparse
import sys

import torch
import torch.nn.functional as F

from torch_reference import GPT2, LSTMLM, MLP, ResNet32


def build(model, opts, dev):
    b = int(opts.get("batch", 32))
    if model == "mlp":
        m = MLP(int(opts.get("hidden", 256)))
        x = torch.randn(b, 784, device=dev)
        y = torch.randint(0, 10, (b,), device=dev)
    elif model == "resnet32":
        m = ResNet32()
        x = torch.randn(b, 3, 32, 32, device=dev)
        y = torch.randint(0, 10, (b,), device=dev)
    elif model == "resnet50":
        import torchvision
        s = int(opts.get("image-size", 224))
        m = torchvision.models.resnet50(num_classes=1000)
        x = torch.randn(b, 3, s, s, device=dev)
        y = torch.randint(0, 1000, (b,), device=dev)
    elif model == "lstm-lm":
        v, t = int(opts.get("vocab", 1000)), int(opts.get("seq-len", 20))
        m = LSTMLM(v, int(opts.get("hidden", 128)), int(opts.get("layers", 2)))
        x = torch.randint(0, v, (b, t), device=dev)
        y = torch.randint(0, v, (b, t), device=dev)
    elif model == "gpt2":
        v, t = int(opts.get("vocab", 50257)), int(opts.get("seq-len", 1024))
        m = GPT2(v, t, int(opts.get("hidden", 768)), int(opts.get("layers", 12)),
                 int(opts.get("heads", 12)))
        x = torch.randint(0, v, (b, t), device=dev)
        y = torch.randint(0, v, (b, t), device=dev)
    else:
        raise SystemExit("torch_speed: unknown model " + model)
    return m.to(dev), x, y


AUTOCAST = {"bf16": torch.bfloat16, "f16": torch.float16}


def measure(model, x, y, steps, autocast=None):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)

    def step():
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=AUTOCAST.get(autocast, torch.bfloat16),
                            enabled=autocast is not None):
            logits = model(x)
        loss = F.cross_entropy(logits.float().reshape(-1, logits.shape[-1]),
                               y.reshape(-1))
        loss.backward()
        opt.step()

    for _ in range(3):
        step()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    step()
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated()
    start, end = torch.cuda.Event(True), torch.cuda.Event(True)
    start.record()
    for _ in range(steps):
        step()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / steps, peak


SETTINGS = {
    "ieee-det": dict(tf32=False, deterministic=True),
    "ieee": dict(tf32=False, deterministic=False),
    "tf32": dict(tf32=True, deterministic=False),
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("configs", nargs="+")
    a = p.parse_args()
    if not torch.cuda.is_available():
        print("torch_speed: no CUDA device")
        return 1
    dev = torch.device("cuda")
    for config in a.configs:
        name, _, spec = config.partition("=")
        model, _, rest = spec.partition(":")
        opts = dict(kv.split("=", 1) for kv in rest.split(",") if kv)
        for setting, s in SETTINGS.items():
            torch.backends.cuda.matmul.allow_tf32 = s["tf32"]
            torch.backends.cudnn.allow_tf32 = s["tf32"]
            torch.backends.cudnn.deterministic = s["deterministic"]
            torch.backends.cudnn.benchmark = False
            torch.manual_seed(0)
            m, x, y = build(model, opts, dev)
            ms, peak = measure(m, x, y, a.steps, opts.get("autocast"))
            print("torch %s %s %.3f %d" % (name, setting, ms, peak),
                  flush=True)
            del m, x, y
            torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
