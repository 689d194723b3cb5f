// SPDX-License-Identifier: MIT
// src/io in-process: the rules every command's files go through (atomic outputs, special
// paths, output sets, inputs checked before they cost memory, images checked for
// completeness, numbers parsed one way, messages kept to one printable line).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <jpeglib.h>

#include "gl/error.h"
#include "io/file.h"
#include "io/outputs.h"
#include "io/image.h"
#include "io/number.h"
#include "io/raw.h"
#include "support/temp_dir.h"

namespace {
namespace fs = std::filesystem;
using namespace oceanfft;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class IoFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tmp_.path();
  }
  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  size_t entries() const { return size_t(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }
  test::TempDir tmp_{"io"};
  fs::path dir_;
};

ErrorCode code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  return ErrorCode(0);
}

TEST_F(IoFiles, SpecialTargetsAreRefusedAndLeftAlone) {
  ASSERT_EQ(::mkfifo(at("fifo").c_str(), 0644), 0);
  fs::create_directories(at("sub"));
  for (const char* name : {"fifo", "sub"}) {
    EXPECT_EQ(code_of([&] { io::write_file(at(name), "x"); }), ErrorCode::Io) << name;
  }
  EXPECT_EQ(code_of([&] { io::write_file("/dev/null", "x"); }), ErrorCode::Io);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(at("fifo"))));
  EXPECT_TRUE(fs::is_character_file(fs::symlink_status("/dev/null")));
  EXPECT_EQ(entries(), 2u) << "a temporary was left";
}

TEST_F(IoFiles, ReplacementKeepsTheOldModeAndFollowsLinkChains) {
  {
    std::ofstream(at("a")) << "old";
  }
  ::chmod(at("a").c_str(), 0640);
  fs::create_symlink("a", at("b"));
  fs::create_symlink("b", at("c"));
  io::write_file(at("c"), "new");
  EXPECT_EQ(slurp(at("a")), "new");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(at("c"))));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(at("b"))));
  struct stat st {};
  ::stat(at("a").c_str(), &st);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  fs::create_symlink("loop2", at("loop1"));
  fs::create_symlink("loop1", at("loop2"));
  EXPECT_EQ(code_of([&] { io::write_file(at("loop1"), "x"); }), ErrorCode::Io);
}

TEST_F(IoFiles, AnUncommittedSetChangesNothingAndRemovesItsFolders) {
  {
    io::OutputSet set;
    set.make_directory(at("x/y/z"));
    set.add(at("x/y/z/a.txt"));
    set.put(at("x/y/z/a.txt"), "a");
    // destroyed without commit: a failure part-way
  }
  EXPECT_FALSE(fs::exists(at("x"))) << "folders made for the set were left";
  {
    std::ofstream(at("keep.txt")) << "old";
  }
  {
    io::OutputSet set;
    set.put(at("keep.txt"), "new");
    set.put(at("other.txt"), "new");
  }
  EXPECT_EQ(slurp(at("keep.txt")), "old");
  EXPECT_FALSE(fs::exists(at("other.txt")));
  io::OutputSet set;
  set.put(at("keep.txt"), "new");
  set.put(at("other.txt"), "new");
  set.commit();
  EXPECT_EQ(slurp(at("keep.txt")), "new");
  EXPECT_EQ(slurp(at("other.txt")), "new");
  EXPECT_EQ(entries(), 2u);
}

TEST_F(IoFiles, TwoOutputsNamingOneFileAreRefused) {
  fs::create_directories(at("d"));
  {
    std::ofstream(at("d/f")) << "";
  }
  fs::create_symlink("d/f", at("link"));
  io::OutputSet set;
  set.add(at("d/f"), "the JSON output");
  // The same file by another spelling and through a link.
  EXPECT_EQ(code_of([&] { set.add(at("d/../d/./f"), "the CSV output"); }), ErrorCode::InvalidArgument);
  EXPECT_EQ(code_of([&] { set.add(at("link"), "the CSV output"); }), ErrorCode::InvalidArgument);
}

TEST_F(IoFiles, SpecialInputsAreRefusedBeforeReading) {
  ASSERT_EQ(::mkfifo(at("fifo").c_str(), 0644), 0);
  // A FIFO without a writer would block a plain open forever.
  EXPECT_EQ(code_of([&] { io::read_file(at("fifo"), "the input", 1 << 20); }), ErrorCode::Io);
  EXPECT_EQ(code_of([&] { io::read_file("/dev/zero", "the input", 1 << 20); }), ErrorCode::Io);
  EXPECT_EQ(code_of([&] { io::read_file(dir_.string(), "the input", 1 << 20); }), ErrorCode::Io);
  {
    std::ofstream(at("big")) << std::string(2000, 'x');
  }
  EXPECT_EQ(code_of([&] { io::read_file(at("big"), "the input", 1000); }), ErrorCode::InvalidArgument);
}

TEST_F(IoFiles, RawShapeIsCheckedBeforeAllocation) {
  {
    std::ofstream(at("r"), std::ios::binary) << std::string(4096, '\0');
  }
  EXPECT_EQ(io::read_complex64(at("r"), 16, 16, 2).size(), 512u);
  for (auto [w, h, p] : {std::tuple{4096, 4096, 32}, {16, 16, 3}, {0, 16, 2}, {-1, 16, 2}, {16, 16, -2},
                         {1 << 30, 1 << 30, 1 << 30}, {65536, 65536, 65536}})
    EXPECT_EQ(code_of([&] { io::read_complex64(at("r"), w, h, p); }), ErrorCode::InvalidArgument) << w << "x" << h << "x" << p;
}

// A JPEG made with libjpeg itself: 64x64 noise, so its scan is most of the file.
std::string make_jpeg(bool progressive, bool cmyk = false) {
  jpeg_compress_struct c;
  jpeg_error_mgr err;
  c.err = jpeg_std_error(&err);
  jpeg_create_compress(&c);
  unsigned char* buf = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &buf, &size);
  c.image_width = c.image_height = 64;
  c.input_components = cmyk ? 4 : 3;
  c.in_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_set_defaults(&c);
  if (progressive) jpeg_simple_progression(&c);
  jpeg_start_compress(&c, TRUE);
  std::mt19937 rng(1);
  std::vector<unsigned char> row(64 * size_t(c.input_components));
  while (c.next_scanline < 64) {
    for (auto& v : row) v = (unsigned char)(rng() & 0xFF);
    JSAMPROW r = row.data();
    jpeg_write_scanlines(&c, &r, 1);
  }
  jpeg_finish_compress(&c);
  std::string out(reinterpret_cast<char*>(buf), size);
  jpeg_destroy_compress(&c);
  std::free(buf);
  return out;
}

std::vector<uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }

TEST(IoFilesImages, JpegScanMustBeComplete) {
  for (bool progressive : {false, true}) {
    SCOPED_TRACE(progressive ? "progressive" : "baseline");
    const std::string jpg = make_jpeg(progressive);
    const io::Image img = io::decode_image(bytes(jpg), "whole.jpg");
    EXPECT_EQ(img.width, 64);
    EXPECT_EQ(img.channels, 3);
    // Cut at many points of the scan, with and without an end marker after the cut.
    for (size_t cut = jpg.size() / 3; cut + 2 < jpg.size(); cut += jpg.size() / 17) {
      EXPECT_EQ(code_of([&] { io::decode_image(bytes(jpg.substr(0, cut)), "cut.jpg"); }), ErrorCode::InvalidArgument)
          << "cut at " << cut << " of " << jpg.size();
      EXPECT_EQ(code_of([&] { io::decode_image(bytes(jpg.substr(0, cut) + "\xFF\xD9"), "cut.jpg"); }),
                ErrorCode::InvalidArgument)
          << "cut at " << cut << " of " << jpg.size() << ", end marker added";
    }
  }
}

uint32_t crc32(const std::string& s) {
  uint32_t crc = ~0u;
  for (unsigned char c : s) {
    crc ^= c;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// The deflate stream cut short inside a PNG whose chunk checksums are all correct: the CRC walk
// cannot see it, the decoder must.
// A 24-bit BMP of 3x2 pixels, top row red, bottom row blue; `top_down` stores it with a negative
// height and the rows top first, as PIL and ImageMagick may write it.
std::string bmp_two_rows(bool top_down) {
  const int w = 3, h = 2, row = 12;
  std::string b(54, '\0');
  auto put32 = [&](int at, int32_t v) {
    for (int i = 0; i < 4; ++i) b[size_t(at + i)] = char((uint32_t(v) >> (8 * i)) & 0xff);
  };
  b[0] = 'B';
  b[1] = 'M';
  put32(2, 54 + row * h);
  put32(10, 54);
  put32(14, 40);
  put32(18, w);
  put32(22, top_down ? -h : h);
  b[26] = 1;
  b[28] = 24;
  put32(34, row * h);
  const std::string red = std::string("\x00\x00\xff", 3), blue = std::string("\xff\x00\x00", 3);
  auto line = [&](const std::string& px) { return px + px + px + std::string(3, '\0'); };
  b += top_down ? line(red) + line(blue) : line(blue) + line(red);  // BGR, rows padded to 4
  return b;
}

TEST(IoFilesImages, TopDownBmpReadsTheRightWayUp) {
  for (bool top_down : {false, true}) {
    SCOPED_TRACE(top_down ? "top-down (negative height)" : "bottom-up");
    const io::Image img = io::decode_image(bytes(bmp_two_rows(top_down)), "rows.bmp");
    ASSERT_EQ(img.width, 3);
    ASSERT_EQ(img.height, 2);
    ASSERT_GE(img.channels, 3);
    for (int x = 0; x < 3; ++x) {
      EXPECT_FLOAT_EQ(img.at(x, 0, 0), 1.0f) << "top row red";
      EXPECT_FLOAT_EQ(img.at(x, 0, 2), 0.0f);
      EXPECT_FLOAT_EQ(img.at(x, 1, 0), 0.0f) << "bottom row blue";
      EXPECT_FLOAT_EQ(img.at(x, 1, 2), 1.0f);
    }
  }
  // A truncated top-down file is still refused.
  const std::string cut = bmp_two_rows(true).substr(0, 60);
  EXPECT_THROW(io::decode_image(bytes(cut), "cut.bmp"), Error);
}

TEST(IoFilesImages, CmykJpegIsNamedAsSuch) {
  try {
    io::decode_image(bytes(make_jpeg(false, true)), "cmyk.jpg");
    ADD_FAILURE() << "a CMYK JPEG was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("is a CMYK JPEG, which is not supported"), std::string::npos) << e.what();
  }
}

TEST(IoFilesImages, PngWithACutDeflateStreamIsRefused) {
  std::vector<uint8_t> px(64 * 64 * 3);
  std::mt19937 rng(3);
  for (auto& v : px) v = uint8_t(rng());
  const std::string png = io::encode_png(64, 64, 3, px.data());
  const size_t idat = png.find("IDAT") - 4;
  const uint32_t len = uint32_t(uint8_t(png[idat])) << 24 | uint32_t(uint8_t(png[idat + 1])) << 16 |
                       uint32_t(uint8_t(png[idat + 2])) << 8 | uint8_t(png[idat + 3]);
  EXPECT_EQ(io::decode_image(bytes(png), "whole.png").width, 64);
  for (uint32_t keep : {len / 4, len / 2, len - len / 8, len - 1}) {
    std::string body = "IDAT" + png.substr(idat + 8, keep);
    std::string chunk(4, '\0');
    for (int i = 0; i < 4; ++i) chunk[i] = char(keep >> (24 - 8 * i));
    const uint32_t crc = crc32(body);
    chunk += body;
    for (int i = 0; i < 4; ++i) chunk += char(crc >> (24 - 8 * i));
    const std::string cut = png.substr(0, idat) + chunk + png.substr(idat + 12 + len);
    EXPECT_EQ(code_of([&] { io::decode_image(bytes(cut), "cut.png"); }), ErrorCode::InvalidArgument)
        << "kept " << keep << " of " << len << " deflate bytes";
  }
}

TEST(IoFilesImages, TgaPixelDataMustBeThere) {
  std::string tga(18, '\0');
  tga[2] = 2;
  tga[12] = 8;
  tga[14] = 8;
  tga[16] = 24;
  const std::string full = tga + std::string(8 * 8 * 3, '\x40');
  EXPECT_EQ(io::decode_image(bytes(full), "ok.tga").width, 8);
  EXPECT_EQ(code_of([&] { io::decode_image(bytes(tga), "header.tga"); }), ErrorCode::InvalidArgument);
  EXPECT_EQ(code_of([&] { io::decode_image(bytes(full.substr(0, full.size() - 1)), "short.tga"); }),
            ErrorCode::InvalidArgument);
  std::string rle = tga;
  rle[2] = 10;
  for (int i = 0; i < 8; ++i) rle += std::string("\x87\x10\x20\x30", 4);  // 8 runs of 8 pixels
  EXPECT_EQ(io::decode_image(bytes(rle), "rle.tga").height, 8);
  EXPECT_EQ(code_of([&] { io::decode_image(bytes(rle.substr(0, rle.size() - 4)), "rle.tga"); }),
            ErrorCode::InvalidArgument);
  // A tiny file claiming 65535 x 65535 is refused on its header.
  std::string huge = tga;
  huge[12] = huge[13] = huge[14] = huge[15] = char(0xFF);
  EXPECT_EQ(code_of([&] { io::decode_image(bytes(huge), "huge.tga", {4096, 4096, "test"}); }),
            ErrorCode::InvalidArgument);
}

TEST(IoFilesNumbers, DecimalOnly) {
  EXPECT_EQ(io::parse_int("0100", "n"), 100);
  EXPECT_EQ(io::parse_int("-007", "n"), -7);
  EXPECT_EQ(io::parse_uint("18446744073709551615", "seed"), 18446744073709551615ull);
  EXPECT_DOUBLE_EQ(io::parse_real("1e-3", "x"), 1e-3);
  EXPECT_DOUBLE_EQ(io::parse_real(".5", "x"), 0.5);
  for (const char* bad : {"0x10", "0X10", "0b1", "0o7", " 1", "1 ", "+1", "", "1e", "1.2.3", "inf", "nan", "1,5"})
    EXPECT_EQ(code_of([&] { io::parse_real(bad, "x"); }), ErrorCode::InvalidArgument) << "'" << bad << "'";
  for (const char* bad : {"-1", "18446744073709551616", "1.0", "1e3"})
    EXPECT_EQ(code_of([&] { io::parse_uint(bad, "seed"); }), ErrorCode::InvalidArgument) << bad;
  EXPECT_EQ(code_of([&] { io::parse_int("5", "n", 1, 4); }), ErrorCode::InvalidArgument);
  EXPECT_EQ(code_of([&] { io::parse_real("1e400", "x"); }), ErrorCode::InvalidArgument);
  EXPECT_EQ(io::strip_leading_zeros("000"), "0");
  EXPECT_EQ(io::strip_leading_zeros("-0012"), "-12");
}

TEST(IoFilesMessages, OneLinePrintableAndCapped) {
  EXPECT_EQ(io::one_line("a\nb\n"), "a; b");
  EXPECT_EQ(io::one_line("bell\x07 esc\x1b[2J"), "bell\\x07 esc\\x1B[2J");
  EXPECT_EQ(io::one_line("caf\xC3\xA9 \xFF"), "caf\xC3\xA9 \\xFF");  // valid UTF-8 kept, a stray byte shown
  const std::string capped = io::one_line(std::string(5000, 'x'), 1000);
  EXPECT_EQ(capped.size(), 1000u);
  EXPECT_EQ(capped.substr(997), "...");
  EXPECT_EQ(io::quote("a\nb"), "'a\\x0Ab'");
  EXPECT_LE(io::quote(std::string(5000, 'y')).size(), 260u);
}

}  // namespace

// Every comma splits, so an empty item reaches the item's parser and is refused there: the
// bench, verify, fft and render lists all split through this one function.
TEST(IoFilesNumbers, ListsSplitAtEveryComma) {
  using V = std::vector<std::string>;
  EXPECT_EQ(io::split_list("256,1080x1920"), (V{"256", "1080x1920"}));
  EXPECT_EQ(io::split_list("16,,32"), (V{"16", "", "32"}));
  EXPECT_EQ(io::split_list("16,"), (V{"16", ""}));
  EXPECT_EQ(io::split_list(""), (V{""}));
  EXPECT_EQ(io::split_list(" 16, 32"), (V{" 16", " 32"}));
}

namespace {
// Outputs of one command never land on one file or inside another's folder, however named.
TEST(IoFilesOutputs, ClaimsThatMeetAreRefusedBeforeAnyWork) {
  namespace fs = std::filesystem;
  using oceanfft::io::OutputClaim;
  using oceanfft::io::require_distinct_outputs;
  const oceanfft::test::TempDir tmp("claims");
  const fs::path& d = tmp.path();
  fs::create_directories(d / "maps" / "cascade0");
  fs::create_directories(d / "other");
  std::ofstream(d / "maps" / "cascade0" / "height.f32") << "x";
  std::ofstream(d / "a.png") << "x";
  fs::create_hard_link(d / "maps" / "cascade0" / "height.f32", d / "hard.f32");
  fs::create_hard_link(d / "a.png", d / "other" / "b.png");
  fs::create_symlink(d / "maps", d / "link");
  const std::string maps = (d / "maps").string();
  auto refused = [&](const std::string& out, const std::string& folder, const std::string& how) {
    SCOPED_TRACE(out + " vs " + folder);
    try {
      require_distinct_outputs({{out, "the output", false}, {folder, "the maps folder", true}});
      ADD_FAILURE() << "accepted";
    } catch (const oceanfft::Error& e) {
      EXPECT_EQ(e.code(), oceanfft::ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find(how), std::string::npos) << e.what();
    }
  };
  refused(maps + "/cascade0/height.f32", maps, "lies inside");
  refused(maps + "/maps.json", maps, "lies inside");
  refused(maps + "/new/x.png", maps + "/", "lies inside");
  refused((d / "other" / ".." / "maps" / "x.png").string(), maps, "lies inside");
  refused((d / "link" / "cascade0" / "x.png").string(), maps, "lies inside");
  refused((d / "hard.f32").string(), maps, "hard link");
  refused(maps, maps, "same file");
  refused((d / "maps" / ".").string(), (d / "link").string(), "same file");
  // Two files: the same through "..", a symlinked folder, or a hard link.
  for (const auto& [x, y] : std::vector<std::pair<fs::path, fs::path>>{
           {d / "a.png", d / "other" / ".." / "a.png"},
           {d / "a.png", d / "other" / "b.png"},
           {d / "maps" / "c.png", d / "link" / "c.png"}}) {
    SCOPED_TRACE(x.string() + " vs " + y.string());
    EXPECT_THROW(require_distinct_outputs({{x.string(), "one", false}, {y.string(), "two", false}}),
                 oceanfft::Error);
  }
  // Apart: accepted, and an empty path (an option not given) is no claim.
  EXPECT_NO_THROW(require_distinct_outputs({{(d / "mapsx.png").string(), "the output", false},
                                            {maps, "the maps folder", true},
                                            {"", "nothing", true}}));
  EXPECT_NO_THROW(require_distinct_outputs({{(d / "a.png").string(), "one", false},
                                            {(d / "other" / "c.png").string(), "two", false}}));
}
}  // namespace
