// SPDX-License-Identifier: MIT
#include "ocean/simulation.h"

// Simulation's host readbacks and the statistics tests and tools take from them (slow: each reads
// a map back from the GPU).
#include <algorithm>
#include <cmath>
#include <string>

#include "gl/error.h"

namespace oceanfft::ocean {

std::vector<float> Simulation::download_map(const gl::Texture& map, int layer) {
  if (layer < 0 || layer >= map.layers())
    throw Error(ErrorCode::InvalidArgument, "the map has no layer " + std::to_string(layer));
  const size_t texels = size_t(map.width()) * map.height();
  const int channels = map.format() == GL_R32F ? 1 : 4;
  std::vector<float> all(texels * channels * map.layers());
  glBindTexture(map.target(), map.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(map.target(), 0, channels == 1 ? GL_RED : GL_RGBA, GL_FLOAT, all.data());
  glBindTexture(map.target(), 0);
  const auto first = all.begin() + std::ptrdiff_t(texels * channels * layer);
  return std::vector<float>(first, first + std::ptrdiff_t(texels * channels));
}

double Simulation::height_variance(int cascade) const {
  const std::vector<float> d = download_map(displacement_, cascade);
  double sum = 0;
  for (size_t i = 1; i < d.size(); i += 4) sum += double(d[i]) * d[i];
  return sum / double(d.size() / 4);
}

double Simulation::slope_variance(int cascade) const {
  const std::vector<float> t = download_map(foam_slopes_, cascade);
  double sum = 0;
  for (size_t i = 0; i < t.size(); i += 4) sum += double(t[i + 1]) + t[i + 2];
  return sum / double(t.size() / 4);
}

double Simulation::mean_foam(int channel) const {
  const int n = params_.size, cascades = params_.cascades;
  std::vector<std::vector<float>> foam;
  for (int c = 0; c < cascades; ++c) foam.push_back(download_map(foam_slopes_, c));
  auto at = [&](int c, int x, int z) {
    return foam[size_t(c)][4 * (size_t(z & (n - 1)) * size_t(n) + size_t(x & (n - 1))) + size_t(channel)];
  };
  constexpr int kSide = 512;
  const double first = bands_.front().patch_size;
  uint32_t state = 0x9e3779b9u;
  auto next = [&state] {  // xorshift: a fixed jitter, the same every call
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return double(state) / 4294967296.0;
  };
  double white = 0.0;
  for (int i = 0; i < kSide; ++i)
    for (int j = 0; j < kSide; ++j) {
      const double wx = (i + next()) * first / kSide, wz = (j + next()) * first / kSide;
      float sum = 0.0f;
      for (int c = 0; c < cascades; ++c) {
        const double scale = n / double(bands_[size_t(c)].patch_size);
        const double px = wx * scale, pz = wz * scale;
        const int x = int(std::floor(px)), z = int(std::floor(pz));
        const float fx = float(px - x), fz = float(pz - z);
        const float a = at(c, x, z) + (at(c, x + 1, z) - at(c, x, z)) * fx;
        const float b = at(c, x, z + 1) + (at(c, x + 1, z + 1) - at(c, x, z + 1)) * fx;
        sum += a + (b - a) * fz;
      }
      white += std::min(double(sum), 1.0);
    }
  return white / (double(kSide) * kSide);
}

}  // namespace oceanfft::ocean
