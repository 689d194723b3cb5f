// SPDX-License-Identifier: MIT
#pragma once
// How much of a rendered sea reads as foam: the share of the sea's pixels that are nearly grey
// (HSV saturation < 0.25) and bright (luminance >= 0.6 times the sea's 99.5th percentile), the
// measure the Beaufort sheet judges the foam's scale by. Sea pixels are those whose view ray
// points below the horizon (with a margin for the curved sea's dip and the haze at the horizon).
// Far away, water that reflects a pale horizon sky through haze is grey and bright too; given
// the same picture drawn without the sea's white water (foam and spray), a pixel counts only
// where the white water made it brighter, by at least kFoamLift in luminance (0..1).
#include <cstdint>
#include <vector>

#include "render/camera.h"

namespace oceanfft::scene {

struct FoamShare {
  double share = 0.0;   // of the sea's pixels, 0..1
  int sea_pixels = 0;   // how many pixels the share is of
};

inline constexpr float kFoamLift = 0.1f;

// `rgba` and `bare`: width x height x 4 bytes, top row first, as render_frame returns them.
FoamShare foam_share(const std::vector<uint8_t>& rgba, int width, int height,
                     const render::Camera& camera, const std::vector<uint8_t>* bare = nullptr);

}  // namespace oceanfft::scene
