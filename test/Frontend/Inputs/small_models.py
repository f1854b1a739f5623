"""Small PyTorch models for the echo-torch tests: together they use every
mapping of docs/pytorch-frontend.md at sizes that run in seconds."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class SqueezeExcite(nn.Module):
    def __init__(self, c, gate):
        super().__init__()
        self.fc1 = nn.Conv2d(c, c // 2, 1)
        self.fc2 = nn.Conv2d(c // 2, c, 1)
        self.gate = gate

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        s = self.gate(self.fc2(F.relu(self.fc1(s))))
        return x * s


class AllOps(nn.Module):
    """conv (grouped, depthwise, dilated, biased), batch norm, ReLU, ReLU6,
    hardtanh, hardswish, hardsigmoid, SiLU, sigmoid, tanh GELU, squeeze-and-
    excitation, ceil-mode max pooling, padded average pooling, adaptive
    pooling by replication, concatenation, chunk, channel shuffle
    (view/transpose), residual add, scalar arithmetic, mean, flatten,
    dropout, linear."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False),
                                  nn.BatchNorm2d(8), nn.ReLU6())
        self.pool = nn.MaxPool2d(3, stride=2, ceil_mode=True)
        self.group = nn.Conv2d(8, 8, 3, padding=1, groups=4)
        self.bn1 = nn.BatchNorm2d(8, eps=1e-3, momentum=0.05)
        self.dw = nn.Conv2d(8, 8, 3, padding=2, dilation=2, groups=8, bias=False)
        self.bn2 = nn.BatchNorm2d(8)
        self.se = SqueezeExcite(8, nn.Hardsigmoid())
        self.se2 = SqueezeExcite(16, nn.Sigmoid())
        self.branch = nn.Conv2d(4, 8, 1)
        self.act = nn.Hardswish()
        self.act2 = nn.SiLU()
        self.gelu = nn.GELU(approximate="tanh")
        self.avg = nn.AvgPool2d(3, stride=1, padding=1)
        self.adapt = nn.AdaptiveAvgPool2d((4, 4))
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = self.pool(self.stem(x))                         # 2x8x4x4 (ceil mode)
        y = self.act(self.bn1(self.group(x)))
        y = self.se(self.bn2(self.dw(y)))
        x = x + y * 0.5
        a, b = x.chunk(2, dim=1)
        b = F.hardtanh(self.branch(b), -2.0, 2.0)
        x = torch.cat([self.act2(a), self.gelu(b), torch.sigmoid(a) - 1.0], dim=1)  # 16
        n, c, h, w = x.size()
        x = x.view(n, 2, c // 2, h, w).transpose(1, 2).contiguous().view(n, c, h, w)
        x = self.avg(self.se2(x))
        x = F.adaptive_avg_pool2d(x, (2, 2))
        x = self.adapt(x)                                   # 2x2 -> 4x4: replication
        x = x.mean([2, 3], keepdim=True)
        x = self.drop(torch.flatten(x, 1))
        return self.fc(x)


def all_ops(num_classes=10):
    return AllOps(num_classes)


class ExactGelu(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 4, 3))
        self.head = nn.Sequential(nn.Flatten(), nn.GELU(), nn.Linear(4 * 6 * 6, num_classes))

    def forward(self, x):
        return self.head(self.body(x))


def exact_gelu(num_classes=10):
    return ExactGelu(num_classes)


class Upsampling(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.fc = nn.Linear(4, num_classes)

    def forward(self, x):
        x = F.interpolate(self.conv(x), scale_factor=2.0)
        return self.fc(x.mean([2, 3]))


def upsampling(num_classes=10):
    return Upsampling(num_classes)


class Projection(nn.Module):
    """MobileNet's projection: a batch norm whose output a 1x1 convolution
    and a second batch norm take in. The first one's bias shifts every
    channel of the convolution by a constant that the second removes, so
    its gradient, its SGD change and the second one's running mean are zero
    in exact arithmetic and only move by rounding."""

    def __init__(self, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(16)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = self.bn1(self.conv1(x))
        x = F.relu(self.bn2(self.conv2(x)))
        return self.fc(x.mean((2, 3)))


def projection(num_classes=10):
    return Projection(num_classes)


class Attention(nn.Module):
    """A small vision transformer (ViT's structure): patches by a strided
    convolution, a class token (a parameter expanded to the batch),
    position embedding, nn.MultiheadAttention (batch first, as ViT; and
    sequence first with its attention weights used), layer norm, exact
    GELU, the class token's row; and an explicit q @ k^T (torch.matmul)."""

    def __init__(self, num_classes=10, dim=8, heads=2):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 4, stride=4)
        self.cls = nn.Parameter(torch.randn(1, 1, dim) * 0.1)
        self.pos = nn.Parameter(torch.randn(1, 5, dim) * 0.1)
        self.ln1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 16), nn.GELU(), nn.Linear(16, dim))
        self.attn2 = nn.MultiheadAttention(dim, 4)
        self.head = nn.Linear(dim + 5, num_classes)

    def forward(self, x):
        n = x.shape[0]
        x = self.patch(x).reshape(n, self.cls.shape[2], 4).permute(0, 2, 1)   # [n, 4, dim]
        x = torch.cat([self.cls.expand(n, -1, -1), x], dim=1) + self.pos
        y = self.ln1(x)
        y, _ = self.attn(y, y, y, need_weights=False)
        x = x + y
        x = x + self.mlp(self.ln2(x))
        s = x.transpose(0, 1)                                                # [5, n, dim]
        z, w = self.attn2(s, s, s)                                           # w: [n, 5, 5]
        x = x + z.transpose(0, 1)
        scores = torch.matmul(x, x.transpose(1, 2)) / 8.0                    # [n, 5, 5]
        mix = (scores.softmax(-1) * w).sum(2)                                # [n, 5]
        return self.head(torch.cat([x[:, 0], mix], dim=1))


def attention(num_classes=10):
    return Attention(num_classes)


class MaskedAttention(Attention):
    """Attention with a causal mask: refused (echo-torch maps unmasked
    self-attention only)."""

    def __init__(self, num_classes=10):
        super().__init__(num_classes)
        self.register_buffer("mask", torch.triu(torch.full((4, 4), -1e9), diagonal=1))

    def forward(self, x):
        n = x.shape[0]
        x = self.patch(x).reshape(n, self.cls.shape[2], 4).permute(0, 2, 1)
        y, _ = self.attn(x, x, x, attn_mask=self.mask, need_weights=False)
        return self.head(torch.cat([y[:, 0], y[:, :, 0], y[:, :1, 0]], dim=1))


def masked_attention(num_classes=10):
    return MaskedAttention(num_classes)


def swin(num_classes=10):
    """torchvision's Swin Transformer, small: 2x2 patches and windows, two
    stages. At 10x10 the 5x5 token map is padded to whole windows, the
    windows are shifted (torch.roll) and masked in both stages, and patch
    merging pads 5x5 to 6x6."""
    from torchvision.models.swin_transformer import SwinTransformer
    return SwinTransformer(patch_size=[2, 2], embed_dim=8, depths=[2, 2], num_heads=[2, 2],
                           window_size=[2, 2], stochastic_depth_prob=0.0,
                           num_classes=num_classes)


def swin_v2(num_classes=10):
    """Swin V2, small: cosine attention (F.normalize, a clamped logit
    scale), the key's bias zeroed, the continuous position bias (an MLP on
    a coordinate table)."""
    from torchvision.models.swin_transformer import (PatchMergingV2, SwinTransformer,
                                                     SwinTransformerBlockV2)
    return SwinTransformer(patch_size=[2, 2], embed_dim=8, depths=[2, 2], num_heads=[2, 2],
                           window_size=[2, 2], stochastic_depth_prob=0.0,
                           num_classes=num_classes, block=SwinTransformerBlockV2,
                           downsample_layer=PatchMergingV2)


def maxvit(num_classes=10):
    """torchvision's MaxViT, small (16x16 input, partitions of 2): MBConv
    with squeeze-excitation, block and grid attention whose relative
    position bias indexes a table by a constant tensor (echo.embedding) and
    whose products are einsums (echo.batch_matmul)."""
    from torchvision.models.maxvit import MaxVit
    return MaxVit(input_size=(16, 16), stem_channels=8, partition_size=2, block_channels=[8, 16],
                  block_layers=[1, 1], head_dim=4, stochastic_depth_prob=0.0,
                  num_classes=num_classes)


class OuterEinsum(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.fc = nn.Linear(48 * 48, num_classes)

    def forward(self, x):
        x = x.flatten(1)
        return self.fc(torch.einsum("bi,bj->bij", x, x).flatten(1))


def outer_einsum(num_classes=10):
    return OuterEinsum(num_classes)
