// SPDX-License-Identifier: MIT
#pragma once
// Host-side complex data in the CLI's file layout (docs/formats.md): 2*layers planes of
// height x width complex64 (little-endian float32 real, then imaginary), row-major, no header;
// plane p lives in layer p/2, channel pair p%2. A file holds exactly W*H*2*layers*8 bytes.
#include <complex>
#include <cstdint>
#include <string>
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

// FFTW in double, numpy's normalisation (inverse scaled by 1/(W*H)).
std::vector<std::complex<double>> reference(const Planes& input, Direction direction);
// ||got - ref|| / ||ref|| over all planes; NaN anywhere gives +inf.
double relative_l2(const Planes& got, const std::vector<std::complex<double>>& ref);

// Raw little-endian complex64 files. Reading checks the size against the expected shape.
Planes read_raw(const std::string& path, int width, int height, int layers);
void write_raw(const std::string& path, const Planes& planes);

}  // namespace oceanfft::fft
