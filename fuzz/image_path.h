// SPDX-License-Identifier: MIT
#pragma once
// The CPU side of the viewer's image path, load -> pad -> pack, as one function over raw bytes,
// shared by the libFuzzer target (fuzz_image.cpp) and the regression test
// (tests/test_reliability_fuzz.cpp). It decodes with viewer::decode_image, then pads to
// viewer::padded_size and packs channel c into complex plane c exactly as
// shaders/viewer/pack.comp does, for zero and mirror padding, checking every invariant the GPU
// side relies on. Header-only so both users compile it with their own flags.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "gl/error.h"
#include "viewer/image.h"

namespace oceanfft::fuzz {

struct Outcome {
  bool decoded = false;
  std::string refusal;    // decode_image's message when it refused the bytes
  std::string violation;  // non-empty: a broken invariant, i.e. a bug
};

// Above this many pixels the pack step is skipped: it would only repeat the same index
// arithmetic while making each fuzz execution slow.
inline constexpr size_t kPackPixelLimit = size_t(1) << 20;

inline Outcome run_image_path(const uint8_t* data, size_t size) {
  Outcome o;
  std::vector<uint8_t> bytes(data, data + size);
  viewer::Image img;
  try {
    img = viewer::decode_image(bytes, "fuzz-input");
  } catch (const Error& e) {
    o.refusal = e.what();
    if (e.code() != ErrorCode::InvalidArgument)
      o.violation = "refused with a code other than InvalidArgument: " + o.refusal;
    else if (o.refusal.find('\n') != std::string::npos)
      o.violation = "the refusal message spans lines: " + o.refusal;
    return o;
  }
  o.decoded = true;
  if (img.empty() || img.channels < 1 || img.channels > 4 || (img.bits != 8 && img.bits != 16))
    return o.violation = "decoded an empty image or an unsupported layout", o;
  if (img.pixels.size() != size_t(img.width) * img.height * img.channels)
    return o.violation = "pixel count does not match width x height x channels", o;
  for (float v : img.pixels)
    if (!(v >= 0.0f && v <= 1.0f)) return o.violation = "a pixel value outside [0,1]", o;
  const int pw = viewer::padded_size(img.width), ph = viewer::padded_size(img.height);
  auto pow2 = [](int v) { return v >= 2 && (v & (v - 1)) == 0; };
  if (!pow2(pw) || !pow2(ph) || pw < img.width || ph < img.height)
    return o.violation = "padded size is not a power of two covering the image", o;
  if (pw > viewer::kMaxPaddedSize || ph > viewer::kMaxPaddedSize)
    return o.violation = "decoded an image whose padded size exceeds the limit", o;
  // pack.comp reflects once; that is only enough while the padding is smaller than the image.
  if (pw - img.width > img.width || ph - img.height > img.height)
    return o.violation = "mirror padding needs more than one reflection", o;
  if (size_t(pw) * ph > kPackPixelLimit) return o;

  const int layers = (img.channels + 1) / 2;
  for (bool mirror : {false, true}) {
    std::vector<float> planes(size_t(pw) * ph * layers * 4, NAN);  // rgba32f texels
    auto reflect = [](int i, int n) { return i < n ? i : 2 * n - 1 - i; };
    for (int y = 0; y < ph; ++y)
      for (int x = 0; x < pw; ++x) {
        float v[4] = {0, 0, 0, 0};
        const bool inside = x < img.width && y < img.height;
        if (inside || mirror) {
          const int sx = inside ? x : reflect(x, img.width), sy = inside ? y : reflect(y, img.height);
          if (sx < 0 || sx >= img.width || sy < 0 || sy >= img.height) {
            o.violation = "mirror padding reads outside the image";
            return o;
          }
          for (int c = 0; c < img.channels; ++c) v[c] = img.at(sx, sy, c);
        }
        for (int l = 0; l < layers; ++l) {
          float* t = &planes[((size_t(l) * ph + y) * pw + x) * 4];
          t[0] = v[2 * l];
          t[1] = 0.0f;
          t[2] = v[2 * l + 1];
          t[3] = 0.0f;
        }
      }
    for (float f : planes)
      if (!std::isfinite(f)) return o.violation = "a packed texel was left unwritten", o;
  }
  return o;
}

}  // namespace oceanfft::fuzz
