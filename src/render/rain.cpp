// SPDX-License-Identifier: MIT
#include "render/rain.h"

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

}  // namespace oceanfft::render
