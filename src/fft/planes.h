// SPDX-License-Identifier: MIT
#pragma once
// Host copies of the engine's rgba32f image arrays, as complex planes: 2*layers planes of
// height x width complex64, row-major, plane after plane; plane p lives in layer p/2, channel
// pair p%2 (the CLI's raw layout, docs/formats.md). No file I/O and no reference FFT here: those
// serve the CLI and the tests (src/fftref).
#include <complex>
#include <cstdint>
#include <vector>

#include "fft/fft.h"

namespace oceanfft::fft {

struct Planes {
  int width = 0, height = 0, layers = 0;
  std::vector<std::complex<float>> data;  // plane after plane

  Planes() = default;
  Planes(int w, int h, int l) : width(w), height(h), layers(l), data(size_t(w) * h * l * 2) {}
  size_t plane_size() const { return size_t(width) * height; }
  std::complex<float>* plane(int p) { return data.data() + plane_size() * p; }
  const std::complex<float>* plane(int p) const { return data.data() + plane_size() * p; }
  size_t bytes() const { return data.size() * sizeof(std::complex<float>); }
};

// Standard normal real and imaginary parts from a seeded generator.
Planes random_planes(int width, int height, int layers, uint64_t seed);

void upload(const gl::Texture& texture, const Planes& planes);
Planes download(const gl::Texture& texture);
// Fills the texture with NaN so an unwritten texel fails any comparison.
void poison(const gl::Texture& texture);

}  // namespace oceanfft::fft
