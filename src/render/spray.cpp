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

}  // namespace oceanfft::render
