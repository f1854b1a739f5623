#!/usr/bin/env python3
"""The bundle's models in PyTorch, for step time and peak device memory
next to echo-step's on the same GPU (scripts/gpu-check.sh). One SGD step of
the same architecture at the same batch (cross-entropy, lr 0.01); times are
the mean of CUDA-event-timed steps after warm-up; memory is
torch.cuda.max_memory_allocated over one step, parameters included, after
resetting the peak. IEEE FP32 like echo's CUDA backend (TF32 off).

usage: torch_reference.py MODEL [--steps N]   (MODEL: mlp | lstm-lm | resnet32)
"""
import argparse
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):  # echo-models mlp --batch 64 --hidden 256
    def __init__(self, hidden=256):
        super().__init__()
        self.fc1 = nn.Linear(784, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 10)

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


class Block(nn.Module):  # basic block, option-A shortcut (avg pool + zeros)
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.b1 = nn.BatchNorm2d(cout)
        self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.b2 = nn.BatchNorm2d(cout)
        self.stride, self.pad = stride, cout - cin

    def forward(self, x):
        y = self.b2(self.c2(F.relu(self.b1(self.c1(x)))))
        s = x
        if self.stride != 1 or self.pad:
            s = F.avg_pool2d(x, 1, self.stride)
            s = torch.cat([s, torch.zeros_like(s[:, :self.pad])], 1)
        return F.relu(y + s)


class ResNet32(nn.Module):  # echo-models resnet-cifar --batch 32
    def __init__(self, n=5):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, 1, 1, bias=False)
        self.bn = nn.BatchNorm2d(16)
        layers, cin = [], 16
        for cout, stride in ((16, 1), (32, 2), (64, 2)):
            for i in range(n):
                layers.append(Block(cin, cout, stride if i == 0 else 1))
                cin = cout
        self.layers = nn.Sequential(*layers)
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        h = self.layers(F.relu(self.bn(self.conv(x))))
        return self.fc(h.mean((2, 3)))


class LSTMLM(nn.Module):  # echo-models lstm-lm --batch 16 --seq-len 20 ...
    def __init__(self, vocab=1000, hidden=128, layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, hidden)
        self.lstm = nn.LSTM(hidden, hidden, layers, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, x):
        h, _ = self.lstm(self.emb(x))
        return self.out(h)


class GPT2(nn.Module):  # echo-models gpt2 (lib/Models/GPT2.cpp), no dropout
    def __init__(self, vocab=50257, seq=1024, hidden=768, layers=12, heads=12):
        super().__init__()
        self.heads = heads
        self.wte = nn.Embedding(vocab, hidden)
        self.wpe = nn.Parameter(torch.zeros(seq, hidden))
        self.blocks = nn.ModuleList(nn.ModuleDict(dict(
            ln_1=nn.LayerNorm(hidden), c_attn=nn.Linear(hidden, 3 * hidden),
            attn_proj=nn.Linear(hidden, hidden), ln_2=nn.LayerNorm(hidden),
            c_fc=nn.Linear(hidden, 4 * hidden),
            mlp_proj=nn.Linear(4 * hidden, hidden))) for _ in range(layers))
        self.ln_f = nn.LayerNorm(hidden)

    def forward(self, tokens):
        b, t = tokens.shape
        x = self.wte(tokens) + self.wpe[:t]
        for blk in self.blocks:
            q, k, v = blk["c_attn"](blk["ln_1"](x)).split(x.shape[-1], dim=2)
            q, k, v = (z.view(b, t, self.heads, -1).transpose(1, 2)
                       for z in (q, k, v))
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + blk["attn_proj"](a.transpose(1, 2).reshape(b, t, -1))
            f = F.gelu(blk["c_fc"](blk["ln_2"](x)), approximate="tanh")
            x = x + blk["mlp_proj"](f)
        return F.linear(self.ln_f(x), self.wte.weight)  # tied LM head


def main():
    p = argparse.ArgumentParser()
    p.add_argument("model", choices=["mlp", "lstm-lm", "resnet32"])
    p.add_argument("--steps", type=int, default=20)
    a = p.parse_args()
    if not torch.cuda.is_available():
        print("torch_reference: no CUDA device")
        return 1
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device("cuda")
    torch.manual_seed(0)
    if a.model == "mlp":
        model, x = MLP(), torch.randn(64, 784, device=dev)
        y = torch.randint(0, 10, (64,), device=dev)
    elif a.model == "resnet32":
        model, x = ResNet32(), torch.randn(32, 3, 32, 32, device=dev)
        y = torch.randint(0, 10, (32,), device=dev)
    else:
        model = LSTMLM()
        x = torch.randint(0, 1000, (16, 20), device=dev)
        y = torch.randint(0, 1000, (16, 20), device=dev)
    # The timed SGD step is torch_speed.py's (imported here: it imports this
    # file's models).
    from torch_speed import measure
    ms, peak = measure(model.to(dev), x, y, a.steps)
    print("pytorch %s: step time %.3f ms, max_memory_allocated %d bytes"
          % (a.model, ms, peak))
    return 0


if __name__ == "__main__":
    sys.exit(main())
