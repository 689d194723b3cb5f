// SPDX-License-Identifier: MIT
#pragma once
// Image files: decoding with completeness checks, and the one PNG writer.
//
// Decoding takes PNG (8/16 bit, CRC of every chunk checked up to IEND), JPEG (libjpeg; any
// warning, such as a scan that stops early or corrupt entropy data, is an error), BMP and TGA
// (the pixel data the header promises, RLE packets included, must be in the file). The size in
// the header is checked against the caller's limits before any pixel memory is allocated.
#include <cstdint>
#include <string>
#include <vector>

namespace oceanfft::io {

struct Image {
  int width = 0, height = 0;
  int channels = 0;  // 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA
  int bits = 8;      // per channel in the source file: 8 or 16
  std::vector<float> pixels;  // interleaved, row-major, top row first, values in [0,1]

  float at(int x, int y, int c) const { return pixels[(size_t(y) * width + x) * channels + c]; }
  float& at(int x, int y, int c) { return pixels[(size_t(y) * width + x) * channels + c]; }
  bool empty() const { return width == 0 || height == 0; }
};

struct ImageLimits {
  int max_width = 16384, max_height = 16384;
  std::string why = "the largest image this program decodes";  // ends the refusal message
};

// Files larger than this are refused before they are read.
inline constexpr uint64_t kMaxImageFileBytes = uint64_t(512) << 20;

// Throws oceanfft::Error: Io for a missing, unreadable or special file, InvalidArgument for a
// corrupt, truncated or empty image or one larger than `limits`.
Image load_image(const std::string& path, const ImageLimits& limits = {});
Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name,
                   const ImageLimits& limits = {});

// An 8-bit PNG (1..4 components, rows top first) in memory, and written atomically (io::write_file).
std::string encode_png(int width, int height, int components, const uint8_t* data);
void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data, const std::string& what = "the image");

}  // namespace oceanfft::io
