#include "viewer/image.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <type_traits>

#include "gl/error.h"

// The one translation unit that compiles stb's implementations. Only the formats the viewer
// promises are built, so no other decoder's bugs are reachable from user files.
// Third-party code: its warnings are not ours to fix.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace oceanfft::viewer {
namespace fs = std::filesystem;
namespace {

uint32_t crc32(const uint8_t* p, size_t n) {
  uint32_t crc = ~0u;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

uint32_t be32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

// A chunk type straight from the file may hold control bytes (a newline would split the one-line
// error); those are shown as \xNN.
std::string printable_type(const uint8_t* type) {
  std::string out;
  for (int i = 0; i < 4; ++i) {
    if (type[i] >= 0x20 && type[i] < 0x7F) {
      out += char(type[i]);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", type[i]);
      out += buf;
    }
  }
  return out;
}

// stb_image skips PNG chunk checksums, so a flipped bit in a file would otherwise decode into a
// silently wrong image. Walks the chunks up to IEND and checks each CRC.
void check_png_chunks(const std::vector<uint8_t>& b, const std::string& name) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (b.size() < 8 || std::memcmp(b.data(), sig, 8) != 0) return;
  size_t pos = 8;
  while (true) {
    if (b.size() - pos < 12)
      throw Error(ErrorCode::InvalidArgument, "'" + name + "' is a truncated PNG (no IEND chunk)");
    const uint32_t len = be32(&b[pos]);
    if (len > b.size() - pos - 12)
      throw Error(ErrorCode::InvalidArgument, "'" + name + "' is a truncated PNG (a chunk runs past the end)");
    const uint8_t* type = &b[pos + 4];
    if (crc32(type, size_t(len) + 4) != be32(&b[pos + 8 + len]))
      throw Error(ErrorCode::InvalidArgument,
                  "'" + name + "' is corrupt: the checksum of its " + printable_type(type) +
                      " chunk does not match");
    if (std::memcmp(type, "IEND", 4) == 0) return;
    pos += size_t(len) + 12;
  }
}

// stb_image (Debian's 2022-09 snapshot) trusts a JPEG Huffman table's 16 code counts: a sum
// above 256 writes past its 257-entry size array and 256-entry value array (found by
// fuzz/fuzz_image.cpp; regression input in fuzz/regressions/). stb only reads a DHT at an
// FF C4 marker, so checking every FF C4 in the file covers every table it could build.
void check_jpeg_huffman_tables(const std::vector<uint8_t>& b, const std::string& name) {
  if (b.size() < 2 || b[0] != 0xFF || b[1] != 0xD8) return;
  auto at = [&](size_t i) -> int { return i < b.size() ? b[i] : 0; };  // stb reads 0 past the end
  for (size_t m = 2; m + 1 < b.size(); ++m) {
    if (b[m] != 0xFF || b[m + 1] != 0xC4) continue;
    long left = long(at(m + 2) << 8 | at(m + 3)) - 2;
    size_t pos = m + 4;
    while (left > 0 && pos < b.size()) {
      int codes = 0;
      for (int i = 0; i < 16; ++i) codes += at(pos + 1 + size_t(i));
      if (codes > 256)
        throw Error(ErrorCode::InvalidArgument,
                    "'" + name + "' is a corrupt JPEG: a Huffman table defines " +
                        std::to_string(codes) + " codes (at most 256)");
      pos += 17 + size_t(codes);
      left -= 17 + codes;
    }
  }
}

// stb_image fills a truncated uncompressed BMP with zeros instead of failing, which would show
// a silently wrong image. The header says exactly how many bytes the rows need.
void check_bmp_length(const std::vector<uint8_t>& b, const std::string& name) {
  if (b.size() < 30 || b[0] != 'B' || b[1] != 'M') return;
  auto le32 = [&](size_t i) { return uint32_t(b[i]) | uint32_t(b[i + 1]) << 8 | uint32_t(b[i + 2]) << 16 | uint32_t(b[i + 3]) << 24; };
  const uint32_t offset = le32(10), header = le32(14);
  if (header < 40 || b.size() < 34) return;  // OS/2 headers and odd sizes: left to stb
  const int64_t w = int32_t(le32(18)), h = int32_t(le32(22));
  const int bpp = b[28] | b[29] << 8;
  const uint32_t compression = le32(30);
  // Absurd shapes are left to the size limit, which names them better (and keeps this in int64).
  if ((compression != 0 && compression != 3) || w <= 0 || h == 0 || w > 65536 || h > 65536 ||
      h < -65536 || bpp <= 0 || bpp > 32)
    return;
  const int64_t row = ((w * bpp + 31) / 32) * 4;
  const int64_t need = int64_t(offset) + row * (h < 0 ? -h : h);
  if (int64_t(b.size()) < need)
    throw Error(ErrorCode::InvalidArgument,
                "'" + name + "' is a truncated BMP (" + std::to_string(b.size()) + " bytes, its header needs " +
                    std::to_string(need) + ")");
}

}  // namespace

int padded_size(int v) {
  int p = 2;
  while (p < v && p <= kMaxPaddedSize) p *= 2;
  return p;
}

Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name) {
  if (bytes.empty()) throw Error(ErrorCode::InvalidArgument, "'" + name + "' is empty (0 bytes)");
  // stb takes an int length; anything that large is not an image we could pad anyway.
  if (bytes.size() > size_t(1) << 30)
    throw Error(ErrorCode::InvalidArgument, "'" + name + "' is too large to be a supported image");
  check_png_chunks(bytes, name);
  check_jpeg_huffman_tables(bytes, name);
  check_bmp_length(bytes, name);
  const auto* data = bytes.data();
  const int len = int(bytes.size());
  int w = 0, h = 0, comp = 0;
  // Read the header first, so a huge image is refused before it is decoded.
  if (!stbi_info_from_memory(data, len, &w, &h, &comp))
    throw Error(ErrorCode::InvalidArgument,
                "'" + name + "' is not a readable PNG, JPEG, BMP or TGA image (" +
                    stbi_failure_reason() + ")");
  if (w <= 0 || h <= 0)
    throw Error(ErrorCode::InvalidArgument, "'" + name + "' has zero size");
  if (padded_size(w) > kMaxPaddedSize || padded_size(h) > kMaxPaddedSize)
    throw Error(ErrorCode::InvalidArgument,
                "'" + name + "' is " + std::to_string(w) + "x" + std::to_string(h) +
                    "; its padded size exceeds the FFT limit of " + std::to_string(kMaxPaddedSize) +
                    " per axis");
  if (comp < 1 || comp > 4)
    throw Error(ErrorCode::InvalidArgument, "'" + name + "' has an unsupported channel layout");

  Image img;
  img.channels = comp;
  const bool wide = stbi_is_16_bit_from_memory(data, len);
  // 8- and 16-bit decodes differ only in sample type and full scale.
  auto take = [&](auto* samples, int bits) {
    using Sample = std::remove_pointer_t<decltype(samples)>;
    std::unique_ptr<Sample, void (*)(void*)> px(samples, stbi_image_free);
    if (!px)
      throw Error(ErrorCode::InvalidArgument,
                  "cannot decode '" + name + "': " + stbi_failure_reason());
    img.bits = bits;
    const float full = float((1u << bits) - 1u);
    const size_t n = size_t(img.width) * img.height * comp;
    img.pixels.resize(n);
    for (size_t i = 0; i < n; ++i) img.pixels[i] = float(px.get()[i]) / full;
  };
  int dc = 0;
  if (wide)
    take(stbi_load_16_from_memory(data, len, &img.width, &img.height, &dc, comp), 16);
  else
    take(stbi_load_from_memory(data, len, &img.width, &img.height, &dc, comp), 8);
  if (img.width != w || img.height != h)
    throw Error(ErrorCode::InvalidArgument, "'" + name + "' decoded to a different size than its header");
  return img;
}

Image load_image(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec))
    throw Error(ErrorCode::Io, "image file not found: '" + path + "'");
  if (fs::is_directory(path, ec))
    throw Error(ErrorCode::Io, "'" + path + "' is a directory, not an image file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorCode::Io, "cannot open '" + path + "': " + std::strerror(errno));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw Error(ErrorCode::Io, "error reading '" + path + "'");
  return decode_image(bytes, path);
}

uint8_t quantise8(float v) {
  if (!(v > 0.0f)) return 0;  // NaN too
  if (v >= 1.0f) return 255;
  return uint8_t(std::lround(v * 255.0f));
}

std::vector<uint8_t> quantise8(const Image& image) {
  std::vector<uint8_t> out(image.pixels.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = quantise8(image.pixels[i]);
  return out;
}

namespace {
void append(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(context);
  const auto* p = static_cast<const uint8_t*>(data);
  out->insert(out->end(), p, p + size);
}
}  // namespace

void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data) {
  if (width <= 0 || height <= 0 || components < 1 || components > 4 ||
      data.size() != size_t(width) * height * components)
    throw Error(ErrorCode::InvalidArgument, "write_png: pixel data does not match the shape");
  std::vector<uint8_t> png;
  if (!stbi_write_png_to_func(append, &png, width, height, components, data.data(),
                              width * components))
    throw Error(ErrorCode::Io, "cannot encode PNG for '" + path + "'");
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(ErrorCode::Io, "cannot write '" + tmp + "': " + std::strerror(errno));
    out.write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw Error(ErrorCode::Io, "error writing '" + tmp + "'");
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw Error(ErrorCode::Io, "cannot rename '" + tmp + "' to '" + path + "'");
  }
}

}  // namespace oceanfft::viewer
