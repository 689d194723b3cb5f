// SPDX-License-Identifier: MIT
#pragma once
// Rain seen as streaks near the eye: each drop moves during the camera's exposure, so it shows
// as a thin line along its velocity relative to the eye (falling, and blown along the wind). The
// haze of the rain as a whole is the sky's (sky.h's visibility and rain); this is only what the
// eye resolves of the drops within about 15 m. OceanRenderer draws three layers of them
// (render/rain.frag), depth-tested against the sea.
namespace oceanfft::render {

struct RainDrops {
  float per_m3 = 0.0f;         // drops of at least kRainVisibleMm
  float diameter_mm = 0.0f;    // their mean diameter
  float fall_speed = 0.0f;     // m/s, terminal, at that diameter
};

// Drops smaller than this stay sub-pixel and faint even at a metre; the streaks are drawn from
// the larger ones.
constexpr float kRainVisibleMm = 1.0f;

// From the rain rate R (mm/h), Marshall & Palmer (1948): N(D) = N0 exp(-lambda D) per m^3 and mm
// of diameter, N0 = 8000, lambda = 4.1 R^-0.21 per mm. The drops of kRainVisibleMm or more
// number N0 / lambda exp(-lambda kRainVisibleMm), their mean diameter is kRainVisibleMm +
// 1 / lambda, and they fall at Atlas et al. (1973)'s 9.65 - 10.3 exp(-0.6 D) m/s. None for R <= 0
// or not finite.
RainDrops rain_drops(float rain_mm_h);

// The layers the streaks are drawn in: view depths (m) and the depth of rain each stands for.
constexpr int kRainLayers = 3;
constexpr float kRainLayerDepth[kRainLayers] = {1.75f, 4.25f, 10.5f};
constexpr float kRainLayerThickness[kRainLayers] = {1.5f, 3.5f, 9.0f};
// Seconds a streak is drawn over: a camera's 1/60 s exposure.
constexpr float kRainExposureS = 1.0f / 60.0f;

}  // namespace oceanfft::render
