// SPDX-License-Identifier: MIT
#include "render/rain.h"

#include <algorithm>
#include <cmath>

namespace oceanfft::render {

RainDrops rain_drops(float rain_mm_h) {
  RainDrops d;
  if (!(rain_mm_h > 0.0f) || !std::isfinite(rain_mm_h)) return d;
  const double lambda = 4.1 * std::pow(double(rain_mm_h), -0.21);  // per mm
  const double n0 = 8000.0;                                        // per m^3 and mm
  d.per_m3 = float(n0 / lambda * std::exp(-lambda * kRainVisibleMm));
  d.diameter_mm = float(kRainVisibleMm + 1.0 / lambda);
  d.fall_speed = float(9.65 - 10.3 * std::exp(-0.6 * double(d.diameter_mm)));
  return d;
}

RainCells rain_cells(const RainDrops& drops, float layer_thickness_m, float speed, float foot_m,
                     float scale) {
  RainCells c;
  const float per_m2 = drops.per_m3 * layer_thickness_m;
  if (!(per_m2 > 0.0f) || !(foot_m > 0.0f) || !(scale > 0.0f)) return c;
  c.streak = std::max(speed * kRainExposureS, drops.diameter_mm * 1e-3f);
  c.along = 2.0f * c.streak + 2.0f * foot_m;
  c.across = std::max(1.0f / (per_m2 * c.along), 3.0f * foot_m);
  c.opacity = 0.25f * scale * std::min(per_m2 * c.along * c.across, 2.0f);
  return c;
}

}  // namespace oceanfft::render
