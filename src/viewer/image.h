// SPDX-License-Identifier: MIT
#pragma once
// Images as the viewer sees them: decoded by io (floats in [0,1], any channel count, 8 or 16
// bits in the file), bounded by what the FFT engine can pad. Knows nothing of GL; the round
// trip uploads them.
#include <cstdint>
#include <string>
#include <vector>

#include "io/image.h"

namespace oceanfft::viewer {

// The FFT engine's largest axis; padded sizes above it are refused before decoding.
inline constexpr int kMaxPaddedSize = 4096;

using Image = io::Image;

// The next power of two >= v, and at least the engine's minimum of 2.
int padded_size(int v);

// io::load_image / io::decode_image with the viewer's size limit (a padded size above
// kMaxPaddedSize is refused before decoding). Throws oceanfft::Error: Io for a missing,
// unreadable or special file, InvalidArgument for a corrupt, truncated or empty image.
Image load_image(const std::string& path);
Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name);

// round(v * 255) with clamping: what an 8-bit file of these values holds.
uint8_t quantise8(float v);
std::vector<uint8_t> quantise8(const Image& image);

// An 8-bit PNG (1..4 components), written atomically by io. Throws Io on failure.
void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data);

}  // namespace oceanfft::viewer
