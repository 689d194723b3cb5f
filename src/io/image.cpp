// SPDX-License-Identifier: MIT
#include "io/image.h"

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#include <type_traits>

#include <jpeglib.h>
#include <zlib.h>

#include "gl/error.h"
#include "io/file.h"

// The one translation unit that compiles stb's implementations, static so that the copy in
// Debian's libstb.a (linked for imgui) can never be picked instead. Only the formats we promise
// are built, so no other decoder's bugs are reachable from user files; JPEG goes to libjpeg,
// which reports a truncated or corrupt scan where stb_image fills in zeros.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STBI_ONLY_PNG
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace oceanfft::io {
namespace {

[[noreturn]] void corrupt(const std::string& name, const std::string& what) {
  throw Error(ErrorCode::InvalidArgument, quote(name) + " " + what);
}

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

enum class Format { Png, Jpeg, Bmp, Other };

Format sniff(const std::vector<uint8_t>& b) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (b.size() >= 8 && std::memcmp(b.data(), sig, 8) == 0) return Format::Png;
  if (b.size() >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return Format::Jpeg;
  if (b.size() >= 2 && b[0] == 'B' && b[1] == 'M') return Format::Bmp;
  return Format::Other;  // TGA has no signature; stb decides
}

// stb_image checks neither the deflate stream's end nor its Adler-32, so image data cut just
// before its checksum (chunk CRCs rewritten) decoded. zlib inflates the IDAT stream into a
// scratch buffer and must reach the stream's end with a matching checksum.
void check_png_deflate(const std::vector<const uint8_t*>& parts, const std::vector<size_t>& sizes,
                       const std::string& name) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) corrupt(name, "could not be checked (zlib)");
  unsigned char scratch[16384];
  int rc = Z_OK;
  for (size_t i = 0; i < parts.size() && rc == Z_OK; ++i) {
    z.next_in = const_cast<Bytef*>(parts[i]);
    z.avail_in = uInt(sizes[i]);
    do {
      z.next_out = scratch;
      z.avail_out = sizeof scratch;
      rc = inflate(&z, Z_NO_FLUSH);
    } while (rc == Z_OK && (z.avail_in > 0 || z.avail_out == 0));
    if (rc == Z_BUF_ERROR) rc = Z_OK;  // this part used up; the next one continues the stream
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END)
    corrupt(name, "is a corrupt PNG: its compressed image data " +
                      std::string(rc == Z_OK ? "stops before the end of the stream" : "does not inflate") +
                      (z.msg ? std::string(" (") + z.msg + ")" : std::string()));
}

// stb_image skips PNG chunk checksums, so a flipped bit in a file would otherwise decode into a
// silently wrong image. Walks the chunks up to IEND and checks each CRC, then the IDAT stream.
void check_png_chunks(const std::vector<uint8_t>& b, const std::string& name) {
  std::vector<const uint8_t*> idat;
  std::vector<size_t> idat_sizes;
  size_t pos = 8;
  while (true) {
    if (b.size() - pos < 12) corrupt(name, "is a truncated PNG (no IEND chunk)");
    const uint32_t len = be32(&b[pos]);
    if (len > b.size() - pos - 12) corrupt(name, "is a truncated PNG (a chunk runs past the end)");
    const uint8_t* type = &b[pos + 4];
    if (crc32(type, size_t(len) + 4) != be32(&b[pos + 8 + len]))
      corrupt(name, "is corrupt: the checksum of its " +
                        one_line(std::string_view(reinterpret_cast<const char*>(type), 4)) +
                        " chunk does not match");
    if (std::memcmp(type, "IDAT", 4) == 0) {
      idat.push_back(&b[pos + 8]);
      idat_sizes.push_back(len);
    }
    if (std::memcmp(type, "IEND", 4) == 0) {
      if (!idat.empty()) check_png_deflate(idat, idat_sizes, name);
      return;
    }
    pos += size_t(len) + 12;
  }
}

// stb_image fills a truncated uncompressed BMP with zeros instead of failing. The header says
// exactly how many bytes the rows need.
void check_bmp_length(const std::vector<uint8_t>& b, const std::string& name) {
  if (b.size() < 34) return;  // stb refuses a header that short
  auto le32 = [&](size_t i) {
    return uint32_t(b[i]) | uint32_t(b[i + 1]) << 8 | uint32_t(b[i + 2]) << 16 | uint32_t(b[i + 3]) << 24;
  };
  const uint32_t offset = le32(10), header = le32(14);
  if (header < 40) return;  // OS/2 headers: left to stb
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
    corrupt(name, "is a truncated BMP (" + std::to_string(b.size()) + " bytes, its header needs " +
                      std::to_string(need) + ")");
}

// stb_image decodes a TGA whose pixel data is short (raw or RLE) from whatever memory follows,
// so a header-only file gave different pixels on every run. Counts the bytes the header needs.
void check_tga_length(const std::vector<uint8_t>& b, const std::string& name, int w, int h) {
  if (b.size() < 18) return;  // stb refuses it
  const int type = b[2];
  const bool rle = type >= 9;
  const bool indexed = type == 1 || type == 9;
  const int cmap_len = b[5] | b[6] << 8, cmap_bits = b[7];
  const int bpp = b[16];
  const uint64_t pixel_bytes = uint64_t(bpp + 7) / 8;
  uint64_t pos = 18 + uint64_t(b[0]) + (indexed ? uint64_t(cmap_len) * ((cmap_bits + 7) / 8) : 0);
  const uint64_t pixels = uint64_t(w) * uint64_t(h);
  if (pixel_bytes == 0) return;
  const uint64_t have = b.size();
  auto truncated = [&](uint64_t need) {
    corrupt(name, "is a truncated TGA (" + std::to_string(have) + " bytes, its header needs " +
                      (need ? std::to_string(need) : std::string("more")) + ")");
  };
  if (!rle) {
    const uint64_t need = pos + pixels * pixel_bytes;
    if (have < need) truncated(need);
    return;
  }
  for (uint64_t done = 0; done < pixels;) {
    if (pos >= have) truncated(0);
    const uint8_t head = b[pos++];
    const uint64_t count = uint64_t(head & 0x7F) + 1;
    pos += (head & 0x80) ? pixel_bytes : count * pixel_bytes;
    if (pos > have) truncated(0);
    done += count;
  }
}

// ---- JPEG through libjpeg ---------------------------------------------------------------------
struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
  int warnings;
};

void jpeg_error_exit(j_common_ptr c) {
  auto* e = reinterpret_cast<JpegError*>(c->err);
  (*c->err->format_message)(c, e->message);
  std::longjmp(e->jump, 1);
}

// libjpeg only warns about a scan that ends early ("Premature end of JPEG file") or corrupt
// entropy data, and goes on decoding grey or garbage; here every warning fails the image.
void jpeg_emit(j_common_ptr c, int level) {
  auto* e = reinterpret_cast<JpegError*>(c->err);
  if (level < 0 && e->warnings++ == 0) (*c->err->format_message)(c, e->message);
}

struct JpegOut {
  std::vector<uint8_t>* pixels;
  int width, height, channels;
  bool too_large;
  bool incomplete;
  bool cmyk = false;  // CMYK or YCCK: libjpeg cannot convert it to RGB
};

// C-style on purpose: libjpeg reports fatal errors by longjmp, which must not skip C++
// destructors; every object with one lives in the caller.
bool decode_jpeg_c(const uint8_t* data, size_t size, int max_w, int max_h, JpegOut* out, JpegError* err) {
  jpeg_decompress_struct cinfo;
  cinfo.err = jpeg_std_error(&err->mgr);
  err->mgr.error_exit = jpeg_error_exit;
  err->mgr.emit_message = jpeg_emit;
  err->warnings = 0;
  err->message[0] = 0;
  if (setjmp(err->jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.mem->max_memory_to_use = long(512) << 20;
  jpeg_mem_src(&cinfo, data, static_cast<unsigned long>(size));
  jpeg_read_header(&cinfo, TRUE);
  if ((int64_t(cinfo.image_width) > max_w || int64_t(cinfo.image_height) > max_h)) {
    out->width = int(cinfo.image_width);
    out->height = int(cinfo.image_height);
    out->too_large = true;
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    out->cmyk = true;
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  cinfo.out_color_space = cinfo.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(&cinfo);
  // A progressive file is read to its end here. A scan cut short and followed by an end marker
  // reads as a file with fewer scans, which libjpeg accepts as a coarser picture; every
  // coefficient of every component must have been refined to full precision (Al = 0).
  if (cinfo.progressive_mode && cinfo.coef_bits)
    for (int c = 0; c < cinfo.num_components; ++c)
      for (int k = 0; k < DCTSIZE2; ++k)
        if (cinfo.coef_bits[c][k] != 0 && !out->incomplete) {
          out->incomplete = true;
          std::snprintf(err->message, sizeof err->message,
                        "progressive scans missing: coefficient %d of component %d never reached full precision", k, c);
        }
  out->width = int(cinfo.output_width);
  out->height = int(cinfo.output_height);
  out->channels = cinfo.output_components;
  const size_t row = size_t(out->width) * out->channels;
  out->pixels->resize(row * out->height);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW r = out->pixels->data() + row * cinfo.output_scanline;
    jpeg_read_scanlines(&cinfo, &r, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return err->warnings == 0 && !out->incomplete;
}

[[noreturn]] void too_large(const std::string& name, int w, int h, const ImageLimits& limits) {
  corrupt(name, "is " + std::to_string(w) + "x" + std::to_string(h) + ", larger than " +
                    std::to_string(limits.max_width) + "x" + std::to_string(limits.max_height) + " (" +
                    limits.why + ")");
}

Image decode_jpeg(const std::vector<uint8_t>& bytes, const std::string& name, const ImageLimits& limits) {
  std::vector<uint8_t> pixels;
  JpegOut out{&pixels, 0, 0, 0, false, false};
  auto err = std::make_unique<JpegError>();
  if (!decode_jpeg_c(bytes.data(), bytes.size(), limits.max_width, limits.max_height, &out, err.get())) {
    if (out.too_large) too_large(name, out.width, out.height, limits);
    if (out.cmyk) corrupt(name, "is a CMYK JPEG, which is not supported; save it as RGB");
    corrupt(name, "is not a complete, valid JPEG (" + std::string(err->message) + ")");
  }
  if (out.width <= 0 || out.height <= 0) corrupt(name, "has zero size");
  Image img;
  img.width = out.width;
  img.height = out.height;
  img.channels = out.channels;
  img.bits = 8;
  img.pixels.resize(pixels.size());
  for (size_t i = 0; i < pixels.size(); ++i) img.pixels[i] = float(pixels[i]) / 255.0f;
  return img;
}

void append(void* context, void* data, int size) {
  auto* out = static_cast<std::string*>(context);
  out->append(static_cast<const char*>(data), size_t(size));
}

}  // namespace

Image decode_image(const std::vector<uint8_t>& bytes, const std::string& name, const ImageLimits& limits) {
  if (bytes.empty()) corrupt(name, "is empty (0 bytes)");
  // stb takes an int length; anything that large is not an image we could use anyway.
  if (bytes.size() > kMaxImageFileBytes) corrupt(name, "is too large to be a supported image");
  const Format format = sniff(bytes);
  if (format == Format::Jpeg) return decode_jpeg(bytes, name, limits);
  if (format == Format::Png) check_png_chunks(bytes, name);
  if (format == Format::Bmp) check_bmp_length(bytes, name);
  const auto* data = bytes.data();
  const int len = int(bytes.size());
  int w = 0, h = 0, comp = 0;
  // Read the header first, so a huge image is refused before it is decoded.
  if (!stbi_info_from_memory(data, len, &w, &h, &comp))
    corrupt(name, std::string("is not a readable PNG, JPEG, BMP or TGA image (") + stbi_failure_reason() + ")");
  // A BMP with a negative height stores its rows top first (PIL and ImageMagick write them);
  // stb's header reader passes that height on as is, its decoder flips the rows by it.
  if (format == Format::Bmp && h < 0 && h >= -65536) h = -h;
  if (w <= 0 || h <= 0) corrupt(name, "has zero size");
  if (w > limits.max_width || h > limits.max_height) too_large(name, w, h, limits);
  if (comp < 1 || comp > 4) corrupt(name, "has an unsupported channel layout");
  if (format == Format::Other) check_tga_length(bytes, name, w, h);

  Image img;
  img.channels = comp;
  const bool wide = stbi_is_16_bit_from_memory(data, len);
  // 8- and 16-bit decodes differ only in sample type and full scale.
  auto take = [&](auto* samples, int bits) {
    using Sample = std::remove_pointer_t<decltype(samples)>;
    std::unique_ptr<Sample, void (*)(void*)> px(samples, stbi_image_free);
    if (!px) corrupt(name, std::string("cannot be decoded: ") + stbi_failure_reason());
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
  if (img.width != w || img.height != h) corrupt(name, "decoded to a different size than its header");
  return img;
}

Image load_image(const std::string& path, const ImageLimits& limits) {
  return decode_image(read_file(path, "the image file", kMaxImageFileBytes), path, limits);
}

std::string encode_png(int width, int height, int components, const uint8_t* data) {
  std::string png;
  if (!stbi_write_png_to_func(append, &png, width, height, components, data, width * components))
    throw Error(ErrorCode::Io, "cannot encode a PNG of " + std::to_string(width) + "x" + std::to_string(height));
  return png;
}

void write_png(const std::string& path, int width, int height, int components,
               const std::vector<uint8_t>& data, const std::string& what) {
  if (width <= 0 || height <= 0 || components < 1 || components > 4 ||
      data.size() != size_t(width) * height * components)
    throw Error(ErrorCode::InvalidArgument, "write_png: pixel data does not match the shape");
  write_file(path, encode_png(width, height, components, data.data()), what);
}

}  // namespace oceanfft::io
