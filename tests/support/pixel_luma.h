// SPDX-License-Identifier: MIT
#pragma once
// Rec. 709 luma of RGBA8 pictures as written (sRGB bytes, 0..255): of one pixel, and the mean
// over rows [y0, y1) of a picture `width` pixels wide.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace oceanfft::test {

inline double luma(const uint8_t* p) { return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]; }

inline double mean_luma(const std::vector<uint8_t>& rgba, int width, int y0, int y1) {
  double s = 0.0;
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < width; ++x) s += luma(&rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]);
  return s / (double(y1 - y0) * width);
}

}  // namespace oceanfft::test
