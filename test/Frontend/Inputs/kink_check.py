"""Checks bench/torch-oracle/kinks.py: a gradient with one derivative
taken on the other side of a kink (a ReLU input, a max-pool near-tie) is
explained by exactly that flip; a flip far from any kink and a random error
of the same size are not."""

import math
import os
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "bench", "torch-oracle"))
sys.path.insert(0, os.path.join(ROOT, "tools", "echo-torch"))
import kinks  # noqa: E402


class Net(nn.Module):
    """conv -> ReLU -> linear, and conv (1x1, 3 channels) -> max pool -> linear."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.relu = nn.ReLU()
        self.point = nn.Conv2d(3, 3, 1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(4 * 6 * 6 + 3 * 4 * 4, 5)

    def forward(self, x, flip=None):
        z = self.conv(x)
        a = self.relu(z)
        p = self.point(x)
        m = self.pool(p[:, :, :8, :8])
        # The flipped derivative, built here independently of kinks.py: the
        # same forward value, the derivative at one element changed.
        if flip == "relu":
            a = a - RELU_AT * (z - z.detach())
        elif flip == "relu-far":
            a = a - RELU_FAR * (z - z.detach())
        elif flip == "pool":
            q = p[:, :, :8, :8]
            m = m + POOL_OUT * ((q - q.detach()) * POOL_SECOND).sum((2, 3), keepdim=True) \
                - POOL_OUT * ((q - q.detach()) * POOL_FIRST).sum((2, 3), keepdim=True)
        return self.fc(torch.cat([a.flatten(1), m.flatten(1)], 1))


torch.manual_seed(0)
net = Net().double()
x = torch.randn(2, 3, 8, 8, dtype=torch.float64)
labels = torch.tensor([1, 3])
with torch.no_grad():
    # a near-tie in the pool: in window (0, 0) of image 0, channel 1 of the
    # 1x1 conv gets its two largest values 1e-12 apart from different pixels
    # (their difference v is orthogonal to the channel's weights), so that
    # the weights' gradient depends on which one wins
    w1 = net.point.weight[1, :, 0, 0]
    x[0, :, 0, 0] += 10 * w1 / w1.dot(w1)
    v = torch.randn(3, dtype=torch.float64)
    v -= v.dot(w1) / w1.dot(w1) * w1
    x[0, :, 1, 1] = x[0, :, 0, 0] + v - 1e-12 * w1 / w1.dot(w1)
    z = net.conv(x)
    # a ReLU input just above 0 (derivative 1 in PyTorch): shift the bias of
    # channel 2 so that z[1, 2, 3, 3] = 1e-12
    net.conv.bias[2] -= float(z[1, 2, 3, 3]) - 1e-12
    z = net.conv(x)
    assert 0 < float(z[1, 2, 3, 3]) < 1e-11
    # an element far above the kink: the largest of channel 0
    far = tuple(int(i) for i in np.unravel_index(int(z[:, 0].argmax()), z[:, 0].shape))
    far = (far[0], 0, far[1], far[2])
    assert float(z[far]) > 0.1

RELU_AT = torch.zeros(2, 4, 6, 6, dtype=torch.float64)
RELU_AT[1, 2, 3, 3] = 1
RELU_FAR = torch.zeros(2, 4, 6, 6, dtype=torch.float64)
RELU_FAR[far] = 1
POOL_OUT = torch.zeros(2, 3, 4, 4, dtype=torch.float64)
POOL_OUT[0, 1, 0, 0] = 1
POOL_FIRST = torch.zeros(2, 3, 8, 8, dtype=torch.float64)
POOL_SECOND = torch.zeros(2, 3, 8, 8, dtype=torch.float64)
POOL_FIRST[0, 1, 0, 0] = 1
POOL_SECOND[0, 1, 1, 1] = 1


def gradients(flip=None):
    net.zero_grad()
    F.cross_entropy(net(x, flip), labels).backward()
    # named as in Plain(net), the module the candidates are found in
    return {"net." + n: p.grad.detach().numpy().copy() for n, p in net.named_parameters()}


ref = gradients()
scale = max(math.sqrt(float(np.mean(g ** 2))) for g in ref.values())
den = {n: np.linalg.norm(g) + math.sqrt(g.size) * scale for n, g in ref.items()}


def error(residual):
    return max(float(np.linalg.norm(r) / den[n]) for n, r in residual.items())


class Plain(nn.Module):
    """The same network without the flip argument, for tracing."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return self.net(x)


candidates = kinks.Candidates(Plain(net), x, labels)
print("candidates:", sorted(set(s.where for _, s, _ in candidates.found)))
for case in ("relu", "pool", "relu-far", "random"):
    if case == "random":
        rng = np.random.default_rng(0)
        flipped = gradients("relu")
        size = math.sqrt(sum(float(np.sum((flipped[n] - ref[n]) ** 2)) for n in ref))
        noise = {n: rng.standard_normal(g.shape) for n, g in ref.items()}
        norm = math.sqrt(sum(float(np.sum(v ** 2)) for v in noise.values()))
        residual = {n: v * size / norm for n, v in noise.items()}
    else:
        flipped = gradients(case)
        residual = {n: flipped[n] - ref[n] for n in ref}
    before = error(residual)
    where, left = kinks.explain(residual, den, candidates.directions())
    print("%s: error %.1e, flips %d %s, error left %.1e -> %s" % (
        case, before, len(where), where, error(left),
        "explained" if error(left) <= 1e-9 else "not explained"))
