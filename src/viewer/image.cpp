// SPDX-License-Identifier: MIT
#include "viewer/image.h"

#include <cmath>

namespace oceanfft::viewer {
namespace {
io::ImageLimits limits() {
  // Any side up to the limit pads to at most the limit (padded_size rounds up to a power of 2).
  return {kMaxPaddedSize, kMaxPaddedSize,
          "its padded size would exceed the FFT limit of " + std::to_string(kMaxPaddedSize) + " per axis"};
}
}  // namespace

int padded_size(int v) {
  int p = 2;
  while (p < v && p <= kMaxPaddedSize) p *= 2;
  return p;
}

Image load_image(const std::string& path) { return io::load_image(path, limits()); }

Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name) {
  return io::decode_image(bytes, name, limits());
}

uint8_t quantise8(float v) {
  if (!(v > 0.0f)) return 0;  // NaN too
  if (v >= 1.0f) return 255;
  return uint8_t(std::lround(v * 255.0f));
}

std::vector<uint8_t> quantise8(const Image& image) {
  std::vector<uint8_t> out(image.pixels.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = quantise8(image.pixels[i]);
  return out;
}

void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data) {
  io::write_png(path, width, height, components, data);
}

}  // namespace oceanfft::viewer
