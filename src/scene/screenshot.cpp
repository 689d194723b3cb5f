// SPDX-License-Identifier: MIT
#include "scene/screenshot.h"

#include <glad/gl.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "gl/error.h"

#include "io/image.h"

namespace oceanfft::scene {

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
  io::write_png(path, pixels.width, pixels.height, 4, pixels.rgba, "screenshot");
}

}  // namespace oceanfft::scene
