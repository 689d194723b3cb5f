// SPDX-License-Identifier: MIT
#include "scene/foam_share.h"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace oceanfft::scene {

FoamShare foam_share(const std::vector<uint8_t>& rgba, int width, int height,
                     const render::Camera& camera, const std::vector<uint8_t>* bare) {
  FoamShare out;
  const size_t bytes = size_t(std::max(width, 0)) * size_t(std::max(height, 0)) * 4;
  if (width <= 0 || height <= 0 || rgba.size() < bytes || (bare && bare->size() < bytes)) return out;
  auto luma = [](const uint8_t* p) {
    return 0.2126f * p[0] / 255.0f + 0.7152f * p[1] / 255.0f + 0.0722f * p[2] / 255.0f;
  };
  const glm::mat4 inv = glm::inverse(camera.projection(float(width) / float(height)) * camera.view());
  // 2 degrees under the horizontal: the horizon's dip from 300 m is 0.6 degree, and the last
  // degree before it is haze rather than sea.
  const float below = -std::sin(glm::radians(2.0f));
  const glm::vec3 eye = camera.eye();
  std::vector<float> luminance;
  std::vector<uint8_t> grey;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      // Row 0 is the top of the picture: NDC y = +1.
      const glm::vec4 ndc((x + 0.5f) / float(width) * 2.0f - 1.0f,
                          1.0f - (y + 0.5f) / float(height) * 2.0f, 1.0f, 1.0f);
      const glm::vec4 far = inv * ndc;
      const glm::vec3 ray = glm::normalize(glm::vec3(far) / far.w - eye);
      if (!(ray.y < below)) continue;
      const size_t at = (size_t(y) * size_t(width) + size_t(x)) * 4;
      const uint8_t* p = &rgba[at];
      const float r = p[0] / 255.0f, g = p[1] / 255.0f, b = p[2] / 255.0f;
      const float hi = std::max({r, g, b}), lo = std::min({r, g, b});
      luminance.push_back(luma(p));
      grey.push_back(hi > 0.0f && (hi - lo) / hi < 0.25f &&
                     (!bare || luma(p) - luma(&(*bare)[at]) >= kFoamLift));
    }
  out.sea_pixels = int(luminance.size());
  if (luminance.empty()) return out;
  std::vector<float> sorted = luminance;
  const size_t k = std::min(sorted.size() - 1, size_t(std::floor(0.995 * double(sorted.size()))));
  std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(k), sorted.end());
  const float bright = 0.6f * sorted[k];
  size_t foam = 0;
  for (size_t i = 0; i < luminance.size(); ++i) foam += grey[i] && luminance[i] >= bright;
  out.share = double(foam) / double(luminance.size());
  return out;
}

}  // namespace oceanfft::scene
