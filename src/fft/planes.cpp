// SPDX-License-Identifier: MIT
#include "fft/planes.h"

#include <limits>
#include <random>

namespace oceanfft::fft {

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

}  // namespace oceanfft::fft
