// SPDX-License-Identifier: MIT
#include "fft/data.h"

#include <fftw3.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

#include "gl/error.h"
#include "io/raw.h"

namespace oceanfft::fft {
namespace fs = std::filesystem;

Planes random_planes(int width, int height, int layers, uint64_t seed) {
  Planes p(width, height, layers);
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> n(0.0f, 1.0f);
  for (auto& c : p.data) c = {n(rng), n(rng)};
  return p;
}

void upload(const gl::Texture& texture, const Planes& planes) {
  const size_t texels = planes.plane_size();
  std::vector<float> buf(texels * planes.layers * 4);
  for (int l = 0; l < planes.layers; ++l) {
    const auto* a = planes.plane(2 * l);
    const auto* b = planes.plane(2 * l + 1);
    float* out = buf.data() + texels * 4 * l;
    for (size_t i = 0; i < texels; ++i) {
      out[4 * i + 0] = a[i].real();
      out[4 * i + 1] = a[i].imag();
      out[4 * i + 2] = b[i].real();
      out[4 * i + 3] = b[i].imag();
    }
  }
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, planes.width, planes.height, planes.layers,
                  GL_RGBA, GL_FLOAT, buf.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

Planes download(const gl::Texture& texture) {
  Planes p(texture.width(), texture.height(), texture.layers());
  const size_t texels = p.plane_size();
  std::vector<float> buf(texels * p.layers * 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_FLOAT, buf.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  for (int l = 0; l < p.layers; ++l) {
    auto* a = p.plane(2 * l);
    auto* b = p.plane(2 * l + 1);
    const float* in = buf.data() + texels * 4 * l;
    for (size_t i = 0; i < texels; ++i) {
      a[i] = {in[4 * i + 0], in[4 * i + 1]};
      b[i] = {in[4 * i + 2], in[4 * i + 3]};
    }
  }
  return p;
}

void poison(const gl::Texture& texture) {
  Planes p(texture.width(), texture.height(), texture.layers());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (auto& c : p.data) c = {nan, nan};
  upload(texture, p);
}

std::vector<std::complex<double>> reference(const Planes& input, Direction direction) {
  const size_t n = input.plane_size();
  std::vector<std::complex<double>> out(input.data.size());
  std::vector<std::complex<double>> in(n);
  fftw_complex* fin = reinterpret_cast<fftw_complex*>(in.data());
  const double scale = direction == Direction::Inverse ? 1.0 / double(n) : 1.0;
  for (int p = 0; p < input.layers * 2; ++p) {
    fftw_complex* fout = reinterpret_cast<fftw_complex*>(out.data() + n * p);
    fftw_plan plan = fftw_plan_dft_2d(input.height, input.width, fin, fout,
                                      direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD,
                                      FFTW_ESTIMATE);
    const auto* src = input.plane(p);
    for (size_t i = 0; i < n; ++i) in[i] = {src[i].real(), src[i].imag()};
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    if (scale != 1.0)
      for (size_t i = 0; i < n; ++i) out[n * p + i] *= scale;
  }
  return out;
}

double relative_l2(const Planes& got, const std::vector<std::complex<double>>& ref) {
  if (got.data.size() != ref.size()) return std::numeric_limits<double>::infinity();
  double num = 0.0, den = 0.0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const std::complex<double> g(got.data[i].real(), got.data[i].imag());
    num += std::norm(g - ref[i]);
    den += std::norm(ref[i]);
  }
  if (!std::isfinite(num)) return std::numeric_limits<double>::infinity();
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

Planes read_raw(const std::string& path, int width, int height, int layers) {
  // io checks the shape against the file's size before anything is allocated.
  if (layers <= 0 || layers > (1 << 29))
    throw Error(ErrorCode::InvalidArgument, "invalid layer count " + std::to_string(layers));
  Planes p;
  p.data = io::read_complex64(path, width, height, 2 * layers, "the input file",
                              std::to_string(width) + "x" + std::to_string(height) + " with " +
                                  std::to_string(layers) + " layer(s) (" + std::to_string(2 * layers) +
                                  " complex64 planes)");
  p.width = width;
  p.height = height;
  p.layers = layers;
  return p;
}

void write_raw(const std::string& path, const Planes& planes) {
  io::write_complex64(path, planes.data, "the output");
}

}  // namespace oceanfft::fft
