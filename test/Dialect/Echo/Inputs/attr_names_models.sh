#!/usr/bin/env bash
# Writes, for every shipped model at a small size, the training pipeline's
# output under policies that leave every kind of plan attribute (Echo,
# lossless Gist, offload, schedule, simulation; arena results; bf16
# autocast; ZeRO-3) and the CPU lowering's output, into DIR.
# Usage: attr_names_models.sh ECHO_MODELS ECHO_OPT DIR
set -euo pipefail
models=$1 opt=$2 dir=$3
mkdir -p "$dir"
while read -r name args; do
  "$models" $name $args > "$dir/$name.mlir"
  "$opt" "$dir/$name.mlir" \
    '--echo-training-pipeline=remat=echo gist=lossless schedule=best offload=dymem simulate grad-results=arena optimizer=adam' \
    > "$dir/$name.train.mlir"
  "$opt" "$dir/$name.mlir" '--echo-autodiff=optimizer=sgd' --echo-lower-to-cpu \
    > "$dir/$name.cpu.mlir"
done <<'MODELS'
mlp --batch 2
lstm-lm --batch 2 --seq-len 3 --hidden 8 --vocab 5
nmt --batch 2 --src-len 3 --tgt-len 3 --hidden 4 --vocab 5
nmt-large --batch 2 --src-len 3 --tgt-len 3 --hidden 4 --vocab 5 --layers 2
transformer --batch 2 --seq-len 3 --hidden 8 --layers 1 --vocab 5
gpt2 --batch 2 --seq-len 16 --hidden 32 --layers 1 --heads 4 --vocab 64
gpt2-medium --batch 2 --seq-len 16 --hidden 32 --layers 1 --heads 4 --vocab 64
bert --batch 2 --seq-len 16 --hidden 32 --layers 1 --heads 4 --vocab 64
llama --batch 2 --seq-len 16 --hidden 32 --layers 1 --heads 4 --vocab 64
deepspeech2 --batch 2 --seq-len 4 --hidden 8 --vocab 5
vit --batch 2 --image-size 32 --hidden 16 --layers 1 --heads 2
resnet-cifar --batch 2 --depth 8
resnet50 --batch 1 --image-size 32
resnet152 --batch 1 --image-size 32
vgg16 --batch 1 --image-size 32
alexnet --batch 1 --image-size 67
inception-v4 --batch 1 --image-size 75
nin --batch 1 --image-size 67
overfeat --batch 1 --image-size 71
MODELS
# Mixed precision and ZeRO-3 add their own state and collectives.
"$opt" "$dir/gpt2.mlir" '--echo-training-pipeline=autocast=bf16 optimizer=adam remat=echo' > "$dir/gpt2-bf16.train.mlir"
"$opt" "$dir/mlp.mlir" '--echo-training-pipeline=optimizer=adam ranks=2 shard=parameters' > "$dir/mlp-zero3.train.mlir"
