#pragma once
// Images as the viewer sees them: decoded by stb_image into floats in [0,1], any channel count,
// 8 or 16 bits in the file. Knows nothing of GL; the round trip uploads them.
#include <cstdint>
#include <string>
#include <vector>

namespace oceanfft::viewer {

// The FFT engine's largest axis; padded sizes above it are refused before decoding.
inline constexpr int kMaxPaddedSize = 4096;

struct Image {
  int width = 0, height = 0;
  int channels = 0;  // 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA
  int bits = 8;      // per channel in the source file: 8 or 16
  std::vector<float> pixels;  // interleaved, row-major, top row first, values in [0,1]

  float at(int x, int y, int c) const { return pixels[(size_t(y) * width + x) * channels + c]; }
  float& at(int x, int y, int c) { return pixels[(size_t(y) * width + x) * channels + c]; }
  bool empty() const { return width == 0 || height == 0; }
};

// The next power of two >= v, and at least the engine's minimum of 2.
int padded_size(int v);

// Decodes PNG/JPEG/BMP/TGA (16-bit PNG keeps its precision). Throws oceanfft::Error: Io for a
// missing or unreadable file, InvalidArgument for a corrupt, truncated or empty image or one
// whose padded size exceeds kMaxPaddedSize.
Image load_image(const std::string& path);
// The same checks for an image already in memory.
Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name);

// round(v * 255) with clamping: what an 8-bit file of these values holds.
uint8_t quantise8(float v);
std::vector<uint8_t> quantise8(const Image& image);

// Writes an 8-bit PNG (1..4 components) to a temporary file beside `path` and renames it, so a
// reader never sees a half-written file. Throws Io on failure.
void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data);

}  // namespace oceanfft::viewer
