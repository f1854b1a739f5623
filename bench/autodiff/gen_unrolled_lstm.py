#!/usr/bin/env python3
"""Print an unrolled multi-layer LSTM language model as an echo forward function.

The function @lstm_lm is the input format --echo-autodiff expects for recurrent
models: one straight-line block, the recurrence unrolled over the time steps,
every weight an argument marked {echo.trainable} and shared by all steps.

  tokens [T, B] -> embedding [T, B, E] -> split over T -> L LSTM layers,
  each cell unfused:  z = linear(concat([x_t, h]), W_l, b_l)      [B, 4H]
                      i, f, g, o = split(z)                        4 x [B, H]
                      c' = sigmoid(f) * c + sigmoid(i) * tanh(g)
                      h' = sigmoid(o) * tanh(c')
  -> concat of the top layer's h over T [T*B, H] -> linear to vocab [T*B, V]
  -> cross_entropy with labels [T*B].

The forward has 12*L*T + T + 5 ops plus the return; --echo-autodiff turns `--layers 4
--steps 100` into a @train_step of about 16,000 ops.

Usage: gen_unrolled_lstm.py [--batch B] [--hidden H] [--embed E] [--layers L]
                            [--steps T] [--vocab V]
"""

import argparse
import sys


def tensor(*shape, elem="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + elem + ">"


def generate(batch, hidden, embed, layers, steps, vocab):
    B, H, E, L, T, V = batch, hidden, embed, layers, steps, vocab
    out = []
    emit = out.append
    bh = tensor(B, H)

    args = [f"%tokens: {tensor(T, B, elem='i32')}",
            f"%labels: {tensor(T * B, elem='i32')}"]
    for l in range(L):
        args.append(f"%h0_{l}: {bh}")
        args.append(f"%c0_{l}: {bh}")
    args.append(f"%table: {tensor(V, E)} {{echo.trainable}}")
    for l in range(L):
        k = (E if l == 0 else H) + H
        args.append(f"%w{l}: {tensor(4 * H, k)} {{echo.trainable}}")
        args.append(f"%b{l}: {tensor(4 * H)} {{echo.trainable}}")
    args.append(f"%wout: {tensor(V, H)} {{echo.trainable}}")
    args.append(f"%bout: {tensor(V)} {{echo.trainable}}")

    emit(f"// Unrolled LSTM LM: batch={B} hidden={H} embed={E} layers={L} "
         f"steps={T} vocab={V}")
    emit("func.func @lstm_lm(" + ",\n    ".join(args) + ") -> tensor<f32> {")

    # Embedding of all tokens, then one [B, E] slice per time step.
    emit(f"  %emb = echo.embedding %table, %tokens : ({tensor(V, E)}, "
         f"{tensor(T, B, elem='i32')}) -> {tensor(T, B, E)}")
    pieces = ", ".join(f"%e3_{t}" for t in range(T))
    piece_types = ", ".join([tensor(1, B, E)] * T)
    emit(f"  {pieces} = echo.split %emb axis 0 : {tensor(T, B, E)} -> {piece_types}")
    xs = []
    for t in range(T):
        emit(f"  %x_{t} = echo.reshape %e3_{t} : {tensor(1, B, E)} -> {tensor(B, E)}")
        xs.append(f"%x_{t}")

    for l in range(L):
        k = (E if l == 0 else H) + H
        in_type = tensor(B, E if l == 0 else H)
        h, c = f"%h0_{l}", f"%c0_{l}"
        hs = []
        for t in range(T):
            p = f"l{l}t{t}"
            emit(f"  %xh_{p} = echo.concat {xs[t]}, {h} axis 1 : ({in_type}, {bh}) -> {tensor(B, k)}")
            emit(f"  %z_{p} = echo.linear %xh_{p}, %w{l}, %b{l} : ({tensor(B, k)}, "
                 f"{tensor(4 * H, k)}, {tensor(4 * H)}) -> {tensor(B, 4 * H)}")
            emit(f"  %zi_{p}, %zf_{p}, %zg_{p}, %zo_{p} = echo.split %z_{p} axis 1 : "
                 f"{tensor(B, 4 * H)} -> {bh}, {bh}, {bh}, {bh}")
            emit(f"  %i_{p} = echo.sigmoid %zi_{p} : {bh}")
            emit(f"  %f_{p} = echo.sigmoid %zf_{p} : {bh}")
            emit(f"  %g_{p} = echo.tanh %zg_{p} : {bh}")
            emit(f"  %o_{p} = echo.sigmoid %zo_{p} : {bh}")
            emit(f"  %fc_{p} = echo.mul %f_{p}, {c} : ({bh}, {bh}) -> {bh}")
            emit(f"  %ig_{p} = echo.mul %i_{p}, %g_{p} : ({bh}, {bh}) -> {bh}")
            emit(f"  %c_{p} = echo.add %fc_{p}, %ig_{p} : ({bh}, {bh}) -> {bh}")
            emit(f"  %tc_{p} = echo.tanh %c_{p} : {bh}")
            emit(f"  %h_{p} = echo.mul %o_{p}, %tc_{p} : ({bh}, {bh}) -> {bh}")
            h, c = f"%h_{p}", f"%c_{p}"
            hs.append(h)
        xs = hs

    emit(f"  %hall = echo.concat {', '.join(xs)} axis 0 : ({', '.join([bh] * T)}) -> {tensor(T * B, H)}")
    emit(f"  %logits = echo.linear %hall, %wout, %bout : ({tensor(T * B, H)}, {tensor(V, H)}, "
         f"{tensor(V)}) -> {tensor(T * B, V)}")
    emit(f"  %loss = echo.cross_entropy %logits, %labels : ({tensor(T * B, V)}, "
         f"{tensor(T * B, elem='i32')}) -> tensor<f32>")
    emit("  return %loss : tensor<f32>")
    emit("}")
    return "\n".join(out) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--embed", type=int, default=128)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--vocab", type=int, default=1000)
    a = parser.parse_args(argv)
    for name in ("batch", "hidden", "embed", "layers", "steps", "vocab"):
        if getattr(a, name) < 1:
            parser.error(f"--{name} must be positive")
    sys.stdout.write(generate(a.batch, a.hidden, a.embed, a.layers, a.steps, a.vocab))


if __name__ == "__main__":
    main(sys.argv[1:])
