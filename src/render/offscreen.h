// SPDX-License-Identifier: MIT
#pragma once
// Rendering without a window: a multisampled framebuffer resolved to RGBA8, for the `render`
// command and for screenshots, plus PNG output.
#include <cstdint>
#include <string>
#include <vector>

#include "gl/objects.h"

namespace oceanfft::render {

class Offscreen {
 public:
  // In `context`; samples: wanted MSAA samples, lowered to what the driver offers (1 = none).
  Offscreen(gl::Context& context, int width, int height, int samples = 4);
  int width() const { return width_; }
  int height() const { return height_; }
  int samples() const { return samples_; }
  // Binds the drawing framebuffer and sets the viewport.
  void bind() const;
  // Resolves and reads the image, top row first, 4 bytes per pixel.
  std::vector<uint8_t> read_rgba8() const;

 private:
  int width_, height_, samples_;
  gl::Framebuffer draw_fbo_, resolve_fbo_;
  gl::Renderbuffer color_, depth_, resolved_;
};

// Writes an 8-bit PNG (channels 1, 3 or 4, rows top first) through a temporary file and a
// rename, so a failure leaves no partial file. Throws Error(Io) when it cannot.
void write_png(const std::string& path, int width, int height, int channels,
               const std::vector<uint8_t>& pixels);

}  // namespace oceanfft::render
