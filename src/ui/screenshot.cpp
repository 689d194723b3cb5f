#include "ui/screenshot.h"

#include <glad/gl.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "gl/error.h"

// Static: other layers carry their own stb_image_write, and the symbols must not clash.
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace oceanfft::ui {

Pixels read_framebuffer(int width, int height) {
  if (width <= 0 || height <= 0)
    throw Error(ErrorCode::InvalidArgument, "cannot read a framebuffer of size " +
                                                std::to_string(width) + "x" + std::to_string(height));
  Pixels p;
  p.width = width;
  p.height = height;
  p.rgba.resize(size_t(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, p.rgba.data());
  const size_t row = size_t(width) * 4;
  std::vector<uint8_t> tmp(row);
  for (int y = 0; y < height / 2; ++y) {
    uint8_t* a = p.rgba.data() + row * y;
    uint8_t* b = p.rgba.data() + row * (height - 1 - y);
    std::memcpy(tmp.data(), a, row);
    std::memcpy(a, b, row);
    std::memcpy(b, tmp.data(), row);
  }
  // The window's alpha is whatever blending left there; a screenshot should be opaque.
  for (size_t i = 3; i < p.rgba.size(); i += 4) p.rgba[i] = 255;
  return p;
}

void write_png(const std::string& path, const Pixels& pixels) {
  namespace fs = std::filesystem;
  if (path.empty()) throw Error(ErrorCode::InvalidArgument, "empty PNG path");
  std::string tmp = path + ".tmp";
  if (!stbi_write_png(tmp.c_str(), pixels.width, pixels.height, 4, pixels.rgba.data(),
                      pixels.width * 4)) {
    std::remove(tmp.c_str());
    throw Error(ErrorCode::Io, "cannot write PNG '" + path + "'");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw Error(ErrorCode::Io, "cannot write PNG '" + path + "': " + ec.message());
  }
}

}  // namespace oceanfft::ui
