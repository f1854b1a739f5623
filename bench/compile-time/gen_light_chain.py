#!/usr/bin/env python3
"""Print a forward function whose body is one long chain of light ops.

  x [B, H] -> linear(x, W) -> tanh -> tanh -> ... (N tanh ops) -> linear(., V)
  -> cross_entropy with labels [B].

Every tanh output is read by its own backward (tanh_grad reads the result),
so Baseline stashes all N of them; a chain of light ops is the case where
echo-remat's per-use candidates used to grow quadratically.

Usage: gen_light_chain.py [--ops N] [--batch B] [--hidden H] [--classes C]
"""

import argparse


def generate(ops, batch, hidden, classes):
    bh = f"tensor<{batch}x{hidden}xf32>"
    out = [f"func.func @light_chain(%x: {bh}, %labels: tensor<{batch}xi32>, "
           f"%w: tensor<{hidden}x{hidden}xf32> {{echo.trainable}}, "
           f"%v: tensor<{classes}x{hidden}xf32> {{echo.trainable}}) -> tensor<f32> {{"]
    out.append(f"  %h0 = echo.linear %x, %w : ({bh}, tensor<{hidden}x{hidden}xf32>) -> {bh}")
    for i in range(1, ops + 1):
        out.append(f"  %h{i} = echo.tanh %h{i - 1} : {bh}")
    out.append(f"  %logits = echo.linear %h{ops}, %v : ({bh}, tensor<{classes}x{hidden}xf32>)"
               f" -> tensor<{batch}x{classes}xf32>")
    out.append(f"  %loss = echo.cross_entropy %logits, %labels : (tensor<{batch}x{classes}xf32>,"
               f" tensor<{batch}xi32>) -> tensor<f32>")
    out.append("  return %loss : tensor<f32>")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=30000, help="tanh ops in the chain")
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--classes", type=int, default=4)
    args = parser.parse_args()
    if min(args.ops, args.batch, args.hidden, args.classes) < 1:
        parser.error("sizes must be positive")
    print(generate(args.ops, args.batch, args.hidden, args.classes), end="")


if __name__ == "__main__":
    main()
