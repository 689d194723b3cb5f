// SPDX-License-Identifier: MIT
#include "sky/weather.h"

#include <algorithm>
#include <cmath>

#include "sky/sky.h"

namespace oceanfft::sky {

const std::vector<std::string_view>& cloud_type_names() {
  static const std::vector<std::string_view> names = {"cumulus", "congestus", "stratus"};
  return names;
}

Weather beaufort_weather(int force) {
  struct Row {
    float coverage;
    CloudType type;
    float optical_depth, altitude_m, visibility_km, rain_mm_h;
  };
  // Cumulus bases near 1.5 km over a warm sea, covering about a fifth of the sky in the trade
  // winds of forces 3-4 (0.19 over the RICO field from ASTER, Zhao & Di Girolamo 2007), less
  // under the subsidence of the lightest winds, more as the wind freshens. A heap's optical
  // depth is about 3 LWC H / (2 rho_w r_eff): 0.2-0.3 g/m^3 of 8-10 um droplets over a few
  // hundred metres (humilis) to a kilometre (mediocris) gives 15-30, and a column that thick
  // shows the crisp edge and the greyer flat base a heap has. Building cloud (cumulus congestus,
  // stratocumulus) lower and thicker, 35-55; from force 9 nimbostratus whose base sinks to a
  // few hundred metres and whose optical depth (60-150) lets through about a tenth of the
  // sunlight or less, with rain.
  static constexpr Row kRows[13] = {
      {0.05f, CloudType::Cumulus, 15.0f, 1500.0f, 60.0f, 0.0f},    // 0
      {0.10f, CloudType::Cumulus, 15.0f, 1500.0f, 55.0f, 0.0f},    // 1
      {0.15f, CloudType::Cumulus, 20.0f, 1500.0f, 50.0f, 0.0f},    // 2
      {0.20f, CloudType::Cumulus, 22.0f, 1400.0f, 45.0f, 0.0f},    // 3
      {0.20f, CloudType::Cumulus, 25.0f, 1300.0f, 40.0f, 0.0f},    // 4
      {0.30f, CloudType::Cumulus, 28.0f, 1200.0f, 35.0f, 0.0f},    // 5
      {0.60f, CloudType::Congestus, 35.0f, 1100.0f, 30.0f, 0.0f},  // 6
      {0.72f, CloudType::Congestus, 45.0f, 1000.0f, 25.0f, 0.0f},  // 7
      {0.85f, CloudType::Congestus, 55.0f, 900.0f, 20.0f, 0.5f},   // 8
      {1.00f, CloudType::Stratus, 60.0f, 700.0f, 14.0f, 2.0f},     // 9
      {1.00f, CloudType::Stratus, 80.0f, 600.0f, 10.0f, 4.0f},     // 10
      {1.00f, CloudType::Stratus, 110.0f, 500.0f, 7.0f, 8.0f},     // 11
      {1.00f, CloudType::Stratus, 150.0f, 400.0f, 5.0f, 16.0f},    // 12
  };
  const Row& r = kRows[std::clamp(force, 0, 12)];
  Weather w;
  w.cloud_coverage = r.coverage;
  w.cloud_type = r.type;
  w.cloud_optical_depth = r.optical_depth;
  w.cloud_altitude_m = r.altitude_m;
  w.visibility_km = r.visibility_km;
  w.rain_mm_h = r.rain_mm_h;
  return w;
}

void apply_weather(SkyParams& p, const Weather& w) {
  p.cloud_coverage = w.cloud_coverage;
  p.cloud_type = w.cloud_type;
  p.cloud_optical_depth = w.cloud_optical_depth;
  p.cloud_altitude_m = w.cloud_altitude_m;
  p.visibility_km = w.visibility_km;
  p.rain_mm_h = w.rain_mm_h;
}

float rain_extinction_per_km(float mm_h) {
  return mm_h > 0.0f ? 0.25f * std::pow(mm_h, 0.66f) : 0.0f;
}

}  // namespace oceanfft::sky
