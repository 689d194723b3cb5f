#pragma once
// The foam's detail: a tileable pattern of foam lace (the borders of Worley cells at two
// scales, where bubbles meet) broken into streaks along +u by anisotropic value noise. Made
// once on the CPU; the renderer multiplies the simulated foam coverage by it, so foam shows
// bubbles and streaks instead of flat white. Values are in [0, 1] with mean 0.5, so that
// 2 * detail keeps the coverage's average.
#include <cstdint>
#include <vector>

namespace oceanfft::render {

// size x size values (size a power of two >= 16), row-major, periodic in both directions.
std::vector<float> foam_detail(int size, uint64_t seed = 7);

}  // namespace oceanfft::render
