"""PyTorch training steps of the echo-models architectures, timed.

    /usr/bin/python3 torch_step.py MODEL BATCH THREADS ITERS

MODEL is mlp, lstm-lm, resnet32 or vgg16-cifar; each mirrors its
echo-models builder (lib/Models): the same layers, shapes, loss and plain
SGD (lr 0.1), so both sides run the same arithmetic. Prints the mean
wall-clock and CPU seconds per step over ITERS steps after two
warm-up steps.
"""
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):  # lib/Models/MLP.cpp, hidden 256
    def __init__(self, hidden=256):
        super().__init__()
        self.fc1 = nn.Linear(784, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 10)

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


class LSTMLM(nn.Module):  # lib/Models/LSTMLanguageModel.cpp, unrolled
    def __init__(self, vocab=1000, hidden=128, layers=2):
        super().__init__()
        self.hidden = hidden
        self.embedding = nn.Embedding(vocab, hidden)
        self.gates = nn.ModuleList(
            nn.Linear(2 * hidden, 4 * hidden) for _ in range(layers))
        self.decoder = nn.Linear(hidden, vocab)

    def zero_state(self, emb):
        zeros = emb.new_zeros(emb.shape[0], self.hidden)
        return [(zeros, zeros) for _ in self.gates]

    def run(self, emb, state):
        """The cells over the time steps of emb [B, k, H] from state (one
        (h, c) per layer): the top layer's outputs [B, k, H], the new state."""
        state, outputs = list(state), []
        for t in range(emb.shape[1]):
            x = emb[:, t, :]
            for l, gates in enumerate(self.gates):
                h, c = state[l]
                i, f, g, o = gates(torch.cat([x, h], 1)).chunk(4, 1)
                c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
                h = torch.sigmoid(o) * torch.tanh(c)
                state[l] = (h, c)
                x = h
            outputs.append(x)
        return torch.stack(outputs, 1), state

    def decode(self, h):
        logits = self.decoder(h)
        return logits.reshape(-1, logits.shape[-1])

    def forward(self, tokens):
        emb = self.embedding(tokens)
        return self.decode(self.run(emb, self.zero_state(emb))[0])


def conv_bn(cin, cout, stride):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout))


class BasicBlock(nn.Module):  # lib/Models/ResNetCIFAR.cpp, option A shortcut
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.a = conv_bn(cin, cout, stride)
        self.b = conv_bn(cout, cout, 1)
        self.stride, self.pad = stride, cout - cin

    def forward(self, x):
        y = self.b(F.relu(self.a(x)))
        s = x
        if self.stride != 1 or self.pad:
            s = F.avg_pool2d(x, 1, self.stride)
            s = torch.cat([s, s.new_zeros(s.shape[0], self.pad, *s.shape[2:])], 1)
        return F.relu(y + s)


class ResNetCIFAR(nn.Module):
    def __init__(self, depth=32):
        super().__init__()
        n = (depth - 2) // 6
        self.stem = conv_bn(3, 16, 1)
        blocks, cin = [], 16
        for stage, width in enumerate([16, 32, 64]):
            for i in range(n):
                blocks.append(BasicBlock(cin, width, 2 if stage and not i else 1))
                cin = width
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        h = self.blocks(F.relu(self.stem(x)))
        return self.fc(F.avg_pool2d(h, h.shape[2:]).flatten(1))


class VGG16(nn.Module):  # lib/Models/VGG.cpp at --image-size=32
    def __init__(self, size=32):
        super().__init__()
        layers, cin = [], 3
        for width, convs in [(64, 2), (128, 2), (256, 3), (512, 3), (512, 3)]:
            for _ in range(convs):
                layers += [nn.Conv2d(cin, width, 3, 1, 1), nn.ReLU()]
                cin = width
            layers.append(nn.MaxPool2d(2, 2))
        self.features = nn.Sequential(*layers)
        flat = 512 * (size // 32) ** 2
        self.classifier = nn.Sequential(
            nn.Linear(flat, 4096), nn.ReLU(), nn.Dropout(0.5),
            nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(0.5),
            nn.Linear(4096, 1000))

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def make(model, batch):
    if model == "mlp":
        return MLP(), torch.randn(batch, 784), torch.randint(0, 10, (batch,))
    if model == "lstm-lm":
        return (LSTMLM(), torch.randint(0, 1000, (batch, 20)),
                torch.randint(0, 1000, (batch * 20,)))
    if model == "resnet32":
        return (ResNetCIFAR(32), torch.randn(batch, 3, 32, 32),
                torch.randint(0, 10, (batch,)))
    if model == "vgg16-cifar":
        return (VGG16(32), torch.randn(batch, 3, 32, 32),
                torch.randint(0, 1000, (batch,)))
    raise SystemExit("unknown model " + model)


def main():
    model, batch, threads, iters = sys.argv[1], int(sys.argv[2]), int(
        sys.argv[3]), int(sys.argv[4])
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    net, x, labels = make(model, batch)
    net.train()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def step():
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(net(x), labels)
        loss.backward()
        opt.step()

    for _ in range(2):
        step()
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(iters):
        step()
    print("%.6f %.6f" % ((time.perf_counter() - t0) / iters,
                         (time.process_time() - c0) / iters))


if __name__ == "__main__":
    main()
