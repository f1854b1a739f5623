//===- ViT.cpp - Vision Transformer ---------------------------------------===//
//
// ViT-B/16 (Dosovitskiy et al. 2021, Table 1) at 224x224: 16x16 patches
// embedded by a conv with kernel and stride 16, a learned class token,
// learned position embeddings, 12 pre-LN encoder blocks (h 768, 12 heads,
// MLP 3072 with exact GELU), a final layer norm and a linear head on the
// class token (1000 ImageNet classes).
//
//   x = dropout(concat(cls, flatten(conv(image))) + pos)
//   block:  x += dropout(out(attn(split(qkv(ln_1(x))))))
//           x += dropout(fc2(gelu_erf(fc1(ln_2(x)))))
//   loss = cross_entropy(head(ln(x)[:, 0]), labels)
//
// The attention projection is one linear to q, k, v (torchvision's packed
// in_proj). Dropout (0.1 in the paper's ImageNet-21k pre-training) is off
// unless --dropout is given.
//
//===----------------------------------------------------------------------===//

#include "TransformerCommon.h"

using namespace mlir;
using namespace mlir::echo;
using namespace mlir::echo::models;

LogicalResult models::buildViT(ModelBuilder &b, const ModelOptions &o) {
  constexpr int64_t patch = 16, classes = 1000;
  const int64_t image = ModelOptions::get(o.imageSize, 224);
  if (image % patch != 0)
    return b.optionError("vit: --image-size must be a multiple of the patch "
                         "size 16 (got " + Twine(image) + ")");
  const int64_t grid = image / patch, tokens = grid * grid + 1;
  TransformerConfig c;
  c.batch = ModelOptions::get(o.batch, 32);
  c.seqLen = tokens;
  c.hidden = ModelOptions::get(o.hidden, 768);
  c.layers = ModelOptions::get(o.layers, 12);
  if (failed(readTransformerOptions(b, o, "vit", c)))
    return failure();
  const int64_t B = c.batch, h = c.hidden;
  MultiHead mh{b, c};
  auto drop = [&](Value x) { return c.dropout > 0 ? b.dropout(x, c.dropout) : x; };

  Value images = b.input({B, 3, image, image}, "images");
  Value labels = b.labels({B}, "labels");
  Value patches = b.conv2d(images, h, {patch, patch}, {patch, patch}, {0, 0},
                           true, 1, "patch_embed"); // [B, h, g, g]
  patches = b.transpose(b.reshape(patches, {B, h, grid * grid}), {0, 2, 1});
  Value cls = b.param({1, 1, h}, "class_token");
  Value x = b.concat({b.broadcastTo(cls, {B, 1, h}), patches}, 1);
  x = drop(b.add(x, b.param({tokens, h}, "pos_embedding")));

  for (int64_t l = 0; l < c.layers; ++l) {
    std::string n = "encoder.layer" + std::to_string(l);
    Value qkv = b.linear(b.layerNorm(x, n + ".ln_1"), 3 * h, true,
                         n + ".attn.in_proj");
    SmallVector<Value> parts = b.split(qkv, 2, 3);
    Value a = mh.merge(mh.attend(mh.split(parts[0]), mh.split(parts[1]),
                                 mh.split(parts[2]), /*causal=*/false));
    x = b.add(x, drop(b.linear(a, h, true, n + ".attn.out_proj")));
    Value f = b.geluErf(b.linear(b.layerNorm(x, n + ".ln_2"), 4 * h, true,
                                 n + ".mlp.fc1"));
    x = b.add(x, drop(b.linear(f, h, true, n + ".mlp.fc2")));
  }
  x = b.layerNorm(x, "encoder.ln");
  Value clsOut = b.reshape(b.slice(x, {0, 0, 0}, {B, 1, h}), {B, h});
  b.finish(b.crossEntropy(b.linear(clsOut, classes, true, "head"), labels));
  return success();
}
