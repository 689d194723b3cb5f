// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the viewer tests: an independent PNG encoder (any channel count, 8 or 16
// bits; stb_image_write has no 16-bit PNG), random images on exact file levels, temp folders.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "viewer/image.h"
#include "support/temp_dir.h"

namespace oceanfft::test {

inline uint32_t crc32(const uint8_t* p, size_t n, uint32_t crc = 0) {
  crc = ~crc;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// A PNG whose zlib stream uses stored (uncompressed) blocks: valid, and simple enough to trust.
inline std::vector<uint8_t> encode_png(const viewer::Image& img) {
  const int bytes_per = img.bits / 8;
  std::vector<uint8_t> raw;
  for (int y = 0; y < img.height; ++y) {
    raw.push_back(0);  // filter: none
    for (int x = 0; x < img.width; ++x)
      for (int c = 0; c < img.channels; ++c) {
        const float v = img.at(x, y, c);
        if (bytes_per == 1) {
          raw.push_back(viewer::quantise8(v));
        } else {
          const unsigned q = unsigned(std::lround(std::clamp(v, 0.0f, 1.0f) * 65535.0f));
          raw.push_back(uint8_t(q >> 8));
          raw.push_back(uint8_t(q & 255));
        }
      }
  }
  std::vector<uint8_t> z = {0x78, 0x01};
  uint32_t a = 1, b = 0;
  for (uint8_t v : raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  for (size_t pos = 0; pos < raw.size() || pos == 0;) {
    const size_t len = std::min<size_t>(65535, raw.size() - pos);
    const bool last = pos + len == raw.size();
    z.push_back(last ? 1 : 0);
    z.push_back(uint8_t(len & 255));
    z.push_back(uint8_t(len >> 8));
    z.push_back(uint8_t(~len & 255));
    z.push_back(uint8_t((~len >> 8) & 255));
    z.insert(z.end(), raw.begin() + long(pos), raw.begin() + long(pos + len));
    pos += len;
    if (last) break;
  }
  const uint32_t adler = (b << 16) | a;
  for (int s = 24; s >= 0; s -= 8) z.push_back(uint8_t(adler >> s));

  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  auto be32 = [](std::vector<uint8_t>& o, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) o.push_back(uint8_t(v >> s));
  };
  auto chunk = [&](const char* kind, const std::vector<uint8_t>& data) {
    be32(png, uint32_t(data.size()));
    std::vector<uint8_t> body(kind, kind + 4);
    body.insert(body.end(), data.begin(), data.end());
    png.insert(png.end(), body.begin(), body.end());
    be32(png, crc32(body.data(), body.size()));
  };
  const uint8_t colour[] = {0, 0, 4, 2, 6};
  std::vector<uint8_t> ihdr;
  be32(ihdr, uint32_t(img.width));
  be32(ihdr, uint32_t(img.height));
  ihdr.insert(ihdr.end(), {uint8_t(img.bits), colour[img.channels], 0, 0, 0});
  chunk("IHDR", ihdr);
  chunk("IDAT", z);
  chunk("IEND", {});
  return png;
}

inline void write_file(const std::filesystem::path& p, const std::vector<uint8_t>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Random pixels on the levels a file of `bits` can hold, so decode(encode(img)) == img.
inline viewer::Image random_image(int w, int h, int channels, int bits, uint64_t seed) {
  viewer::Image img;
  img.width = w;
  img.height = h;
  img.channels = channels;
  img.bits = bits;
  img.pixels.resize(size_t(w) * h * channels);
  std::mt19937_64 rng(seed);
  const unsigned top = bits == 16 ? 65535u : 255u;
  std::uniform_int_distribution<unsigned> d(0, top);
  for (float& v : img.pixels) v = float(d(rng)) / float(top);
  return img;
}


}  // namespace oceanfft::test
