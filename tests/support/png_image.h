// SPDX-License-Identifier: MIT
#pragma once
// A PNG the app wrote, read back as 8-bit RGB (stb_image, compiled into the including test), and
// a text file written for the app to read.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace oceanfft::test {

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
};

// An empty `rgb` when the file is missing or not an image.
inline Image load_png(const std::filesystem::path& p) {
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(p.c_str(), &img.width, &img.height, &channels, 3);
  if (data) {
    img.rgb.assign(data, data + size_t(img.width) * img.height * 3);
    stbi_image_free(data);
  }
  return img;
}

inline void write_file(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

}  // namespace oceanfft::test
