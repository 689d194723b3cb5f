// SPDX-License-Identifier: MIT
#include "render/foam_texture.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "gl/error.h"

namespace oceanfft::render {
namespace {

uint32_t hash(uint32_t x, uint32_t y, uint32_t s) {
  uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u ^ s * 0xcb1ab31fu;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}
float unit(uint32_t h) { return float(h >> 8) * (1.0f / 16777216.0f); }

int wrap(int i, int period) { return ((i % period) + period) % period; }

// Value noise with periods (pu, pv) lattice cells across the tile, smoothstep-interpolated.
float value_noise(float u, float v, int pu, int pv, uint32_t seed) {
  const float x = u * float(pu), y = v * float(pv);
  const int ix = int(std::floor(x)), iy = int(std::floor(y));
  const float fx = x - float(ix), fy = y - float(iy);
  auto at = [&](int i, int j) { return unit(hash(uint32_t(wrap(i, pu)), uint32_t(wrap(j, pv)), seed)); };
  const float sx = fx * fx * (3.0f - 2.0f * fx), sy = fy * fy * (3.0f - 2.0f * fy);
  const float a = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * sx;
  const float b = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * sx;
  return a + (b - a) * sy;
}

// Octaves of value_noise, each with twice the previous one's lattice periods (pu, pv) and half
// its amplitude, normalised to the range of one.
float octaves(float u, float v, int count, int pu, int pv, uint32_t seed) {
  float sum = 0.0f, amp = 0.5f, norm = 0.0f;
  for (int o = 0; o < count; ++o, amp *= 0.5f) {
    sum += amp * value_noise(u, v, pu << o, pv << o, seed + uint32_t(o));
    norm += amp;
  }
  return sum / norm;
}

}  // namespace

std::vector<float> foam_detail(int size, uint64_t seed) {
  if (size < 16 || (size & (size - 1)) != 0)
    throw Error(ErrorCode::InvalidArgument,
                "foam detail size " + std::to_string(size) + " must be a power of two >= 16");
  const uint32_t s = uint32_t(seed ^ (seed >> 32));
  std::vector<float> out(size_t(size) * size);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const float u = (float(x) + 0.5f) / float(size), v = (float(y) + 0.5f) / float(size);
      // No cells: a cellular (Worley) lace read as a tiled pattern at every distance. Streaks,
      // eight times longer along u (the renderer turns u into the wind direction) than
      // across, over four octaves; times a finer isotropic grain of bubbles and gaps.
      const float streak = octaves(u, v, 4, 2, 16, s + 10);
      const float grain = octaves(u, v, 3, 24, 24, s + 20);
      // Centred on 0.5 and roughly symmetric: the renderer moves the whitecap's edge by the
      // detail's deviation, so the white area stays the coverage the maps report.
      out[size_t(y) * size + x] = 0.5f + 1.8f * (0.65f * streak + 0.35f * grain - 0.5f);
    }
  // Mean 0.5: the renderer's shift of the whitecap level by (detail - 0.5) then averages to
  // nothing. Clamping lowers the mean again, so scale until the clamped mean fits.
  const std::vector<float> raw = out;
  double k = 1.0;
  for (int iter = 0; iter < 30; ++iter) {
    for (size_t i = 0; i < raw.size(); ++i) out[i] = std::clamp(float(raw[i] * k), 0.0f, 1.0f);
    const double mean = std::accumulate(out.begin(), out.end(), 0.0) / double(out.size());
    if (!(mean > 0.0) || std::abs(mean - 0.5) < 1e-3) break;
    k *= 0.5 / mean;
  }
  return out;
}

float foam_density(float detail) {
  const float t = std::clamp((detail - 0.2f) / (0.5f - 0.2f), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

}  // namespace oceanfft::render
