// SPDX-License-Identifier: MIT
#pragma once
// Saving what the window shows, for `demo --screenshot` and the README's pictures.
#include <cstdint>
#include <string>
#include <vector>

namespace oceanfft::scene {

struct Pixels {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // top row first
};

// Reads the colour buffer of the framebuffer bound for reading (the window's back buffer before
// the swap). GL rows run bottom-up; the result is flipped so row 0 is the top.
Pixels read_framebuffer(int width, int height);

// Writes a PNG atomically (io::write_file): a failed write leaves the old file and no temporary.
void write_png(const std::string& path, const Pixels& pixels);

}  // namespace oceanfft::scene
