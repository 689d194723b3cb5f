// SPDX-License-Identifier: MIT
#pragma once
// The foam's detail: a tileable pattern of streaks along +u (value noise eight times longer
// along u than across) times a finer grain of bubbles and gaps. Made once on the CPU. The
// renderer moves the whitecap's edge by the pattern's deviation from its mean 0.5, and cuts
// holes into the foam where foam_density says so.
#include <cstdint>
#include <vector>

namespace oceanfft::render {

// size x size values (size a power of two >= 16), row-major, periodic in both directions.
std::vector<float> foam_detail(int size, uint64_t seed = 7);

// The part of a texel of pattern value `detail` that bubbles cover (0 in a hole, 1 in solid
// foam). The renderer stores it beside the pattern, so the texture's mip levels average the
// density itself: distant foam keeps the brightness its holes leave it, and close foam gets
// holes with sharp edges. Applied to a mip-averaged pattern instead, the same threshold
// would dim distant foam, whose pattern averages to 0.5.
float foam_density(float detail);

}  // namespace oceanfft::render
