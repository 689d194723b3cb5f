// SPDX-License-Identifier: MIT
#pragma once
// Rain seen as streaks near the eye: each drop moves during the camera's exposure, so it shows
// as a thin line along its velocity relative to the eye (falling, and blown along the wind). The
// haze of the rain as a whole is the sky's (sky.h's visibility and rain); this is only what the
// eye resolves of the drops within about 6 m. OceanRenderer draws two layers of them
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
// Beyond about 6 m a drop spans under a seventh of a 1080p pixel and its streak is fainter
// than the haze the rain already makes (sky.h's rain extinction), so no layer draws it.
constexpr int kRainLayers = 2;
constexpr float kRainLayerDepth[kRainLayers] = {1.75f, 4.25f};
constexpr float kRainLayerThickness[kRainLayers] = {1.5f, 3.5f};
// Seconds a streak is drawn over: a camera's 1/60 s exposure.
constexpr float kRainExposureS = 1.0f / 60.0f;

// How one layer's streaks are laid out (render/rain.frag), from the drops, their speed across
// the view (m/s), the metres a pixel spans at the layer, and the rain_streaks scale: cells long
// enough for a streak and a gap, wide enough for one streak each on average but never under
// three pixels (then more drops share a cell, and it is drawn up to twice as opaque).
struct RainCells {
  float along = 0.0f, across = 0.0f;  // metres
  float streak = 0.0f;                // metres, the longest streak
  float opacity = 0.0f;               // of a streak as wide as the pixel, before its own strength
};
RainCells rain_cells(const RainDrops& drops, float layer_thickness_m, float speed, float foot_m,
                     float scale);

}  // namespace oceanfft::render
