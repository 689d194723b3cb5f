// SPDX-License-Identifier: MIT
#include "render/spray.h"

#include <algorithm>
#include <cmath>

namespace oceanfft::render {

SprayHaze spray_haze(float u10, float scale) {
  SprayHaze h;
  if (!std::isfinite(u10) || !std::isfinite(scale) || scale <= 0.0f || u10 <= kSprayOnsetU10) return h;
  const float excess = (u10 - kSprayOnsetU10) / (36.9f - kSprayOnsetU10);
  h.extinction_per_km = std::min(scale, 10.0f) * 3.0f * excess * excess;
  h.height_m = 8.0f + 0.6f * (u10 - kSprayOnsetU10);
  return h;
}

int spray_grid_side(float u10, float scale) {
  const SprayHaze h = spray_haze(u10, scale);
  if (h.extinction_per_km <= 0.0f) return 0;
  // 3 per km is force 12 at scale 1: 65536 sheets.
  const double sheets = 65536.0 * double(h.extinction_per_km) / 3.0;
  return std::clamp(int(std::ceil(std::sqrt(sheets))), 1, kSprayMaxSide);
}

}  // namespace oceanfft::render
