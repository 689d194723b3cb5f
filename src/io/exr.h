// SPDX-License-Identifier: MIT
#pragma once
// OpenEXR files (Debian's libopenexr 3.1): one part, scanlines, ZIP compression, any number of
// float planes as half or float channels, plus float and string header attributes. Written
// through write_file (atomic). Without OpenEXR in the build, both functions throw Io saying so.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace oceanfft::io {

struct ExrChannel {
  std::string name;         // "cascade0.displacement.x"; OpenEXR sorts channels by name
  std::vector<float> data;  // width * height values, row-major, row 0 at the top
};

struct ExrImage {
  int width = 0, height = 0;
  bool half = false;  // 16-bit half channels (else 32-bit float)
  std::vector<ExrChannel> channels;
  std::map<std::string, float> floats;         // header attributes
  std::map<std::string, std::string> strings;  // header attributes
};

bool have_exr();
// The file's bytes (for an io::OutputSet). Throws Io (with `what`).
std::string encode_exr(const ExrImage& image, const std::string& what = "the output");
// Throws Io (with `what`) on any failure; the file appears whole or not at all.
void write_exr(const std::string& path, const ExrImage& image,
               const std::string& what = "the output");
// Reads every channel as float and the float and string attributes. Throws Io.
ExrImage read_exr(const std::string& path, const std::string& what = "the input");

}  // namespace oceanfft::io
