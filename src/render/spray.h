// SPDX-License-Identifier: MIT
#pragma once
// Spray and spindrift torn off the breaking crests from Beaufort 8 on (WMO: "edges of crests
// begin to break into spindrift" at 8, "spray may affect visibility" at 9, "air filled with
// foam and spray" at 12). Over the sea as a whole it is a haze that is densest at the surface
// and thins with height; the settings table's `spray` scales it (0 turns it off).
namespace oceanfft::render {

struct SprayHaze {
  float extinction_per_km = 0.0f;  // at the surface
  float height_m = 10.0f;          // it thins by e over this height
};

// From U10 (m/s): none below 17 m/s (force 8), then growing as the square of the excess, to
// 3 per km (a visibility of 1.3 km from the spray alone) at 36.9 m/s (force 12); the layer
// deepens from 8 m with the wind as the crests it is torn from grow.
constexpr float kSprayOnsetU10 = 17.0f;
SprayHaze spray_haze(float u10, float scale);

// The sheets drawn near the eye (spray.vert): a square grid of cells, one sheet each, around
// the eye out to kSprayRadiusM plus the eye's height. The budget grows as the haze's
// extinction, to 256^2 cells at force 12 (each cell spawns only where the sea breaks); 0 below
// force 8 or with the spray off.
constexpr float kSprayRadiusM = 150.0f;
constexpr int kSprayMaxSide = 362;  // 131k sheets at most, whatever the scale
int spray_grid_side(float u10, float scale);

}  // namespace oceanfft::render
