// SPDX-License-Identifier: MIT
// Loading every format and layout, refusing every bad input with an Error (never a crash), and
// the `oceanfft roundtrip` command end to end.
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "gl/error.h"
#include "gl/shader.h"
#include "gl_fixture.h"
#include "test_viewer_util.h"
#include "viewer/roundtrip.h"

// Static copies of the writers, for formats the viewer reads but never writes (the library's
// own copy is compiled in src/viewer/image.cpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#pragma GCC diagnostic pop

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

ErrorCode load_error(const std::string& path) {
  try {
    viewer::load_image(path);
  } catch (const Error& e) {
    EXPECT_GT(std::string(e.what()).size(), 10u) << "the message must say what went wrong";
    return e.code();
  }
  ADD_FAILURE() << "loading '" << path << "' did not fail";
  return ErrorCode::Verification;
}

std::string binary() {
  if (const char* b = std::getenv("OCEANFFT_BIN")) return b;
  // Run by hand from build/tests: the executable is one folder up.
  return (fs::canonical("/proc/self/exe").parent_path().parent_path() / "oceanfft").string();
}

struct CliResult {
  int status = -1;
  std::string output;
};

CliResult run_cli(const std::string& args, const fs::path& log) {
  const std::string cmd = "'" + binary() + "' " + args + " > '" + log.string() + "' 2>&1";
  const int raw = std::system(cmd.c_str());
  CliResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0);
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  r.output = ss.str();
  return r;
}

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(ViewerIo, ReadsBmpTgaAndJpeg) {
  test::TempDir dir("formats");
  viewer::Image img = test::random_image(23, 11, 3, 8, test::seed("formats"));
  const auto q = viewer::quantise8(img);
  const auto bmp = (dir.path() / "a.bmp").string(), tga = (dir.path() / "a.tga").string(),
             jpg = (dir.path() / "a.jpg").string();
  ASSERT_TRUE(stbi_write_bmp(bmp.c_str(), 23, 11, 3, q.data()));
  ASSERT_TRUE(stbi_write_tga(tga.c_str(), 23, 11, 3, q.data()));
  ASSERT_TRUE(stbi_write_jpg(jpg.c_str(), 23, 11, 3, q.data(), 95));
  for (const auto& p : {bmp, tga}) {
    viewer::Image got = viewer::load_image(p);
    EXPECT_EQ(got.channels, 3);
    EXPECT_EQ(viewer::quantise8(got), q) << p;  // lossless formats
  }
  viewer::Image got = viewer::load_image(jpg);
  EXPECT_EQ(got.width, 23);
  EXPECT_EQ(got.height, 11);
  EXPECT_EQ(got.channels, 3);
}

TEST(ViewerIo, BadInputsGiveErrors) {
  test::TempDir dir("bad");
  EXPECT_EQ(load_error((dir.path() / "missing.png").string()), ErrorCode::Io);
  EXPECT_EQ(load_error(dir.path().string()), ErrorCode::Io);  // a directory

  test::write_file(dir.path() / "empty.png", {});
  EXPECT_EQ(load_error((dir.path() / "empty.png").string()), ErrorCode::InvalidArgument);

  std::vector<uint8_t> junk(300);
  std::mt19937_64 rng(test::seed("junk"));
  for (auto& b : junk) b = uint8_t(rng());
  test::write_file(dir.path() / "junk.png", junk);
  EXPECT_EQ(load_error((dir.path() / "junk.png").string()), ErrorCode::InvalidArgument);

  const auto png = test::encode_png(test::random_image(30, 20, 3, 8, test::seed("truncate")));
  for (size_t cut : {size_t(4), size_t(8), size_t(20), size_t(33), png.size() / 2, png.size() - 13}) {
    test::write_file(dir.path() / "cut.png", {png.begin(), png.begin() + long(cut)});
    EXPECT_EQ(load_error((dir.path() / "cut.png").string()), ErrorCode::InvalidArgument) << cut;
  }
  // Damage that stb_image alone would not notice (a chunk checksum), damage to the zlib stream
  // (header; stored block length vs its complement) with checksums made to match again, and a
  // zero width in the header.
  auto bad_crc = png;
  bad_crc[29] ^= 0xff;
  test::write_file(dir.path() / "crc.png", bad_crc);
  EXPECT_EQ(load_error((dir.path() / "crc.png").string()), ErrorCode::InvalidArgument);
  for (size_t at : {size_t(41), size_t(46)}) {
    auto bad = png;
    bad[at] ^= 0x5a;
    const uint32_t idat_len = uint32_t(bad[33]) << 24 | uint32_t(bad[34]) << 16 | uint32_t(bad[35]) << 8 | bad[36];
    const uint32_t crc = test::crc32(&bad[37], idat_len + 4);
    for (int k = 0; k < 4; ++k) bad[41 + idat_len + k] = uint8_t(crc >> (24 - 8 * k));
    test::write_file(dir.path() / "zlib.png", bad);
    EXPECT_EQ(load_error((dir.path() / "zlib.png").string()), ErrorCode::InvalidArgument) << at;
  }
  auto zero = png;
  zero[16] = zero[17] = zero[18] = zero[19] = 0;  // IHDR width
  const uint32_t ihdr_crc = test::crc32(&zero[12], 17);
  for (int k = 0; k < 4; ++k) zero[29 + k] = uint8_t(ihdr_crc >> (24 - 8 * k));
  test::write_file(dir.path() / "zero.png", zero);
  EXPECT_EQ(load_error((dir.path() / "zero.png").string()), ErrorCode::InvalidArgument);

  // Padded size above 4096: 4097 pads to 8192, refused from the header alone.
  test::write_file(dir.path() / "wide.png", test::encode_png(test::random_image(4097, 1, 1, 8, 7)));
  try {
    viewer::load_image((dir.path() / "wide.png").string());
    ADD_FAILURE() << "a 4097-wide image must be refused";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("4096"), std::string::npos) << e.what();
  }
  // 4096 itself is fine: the engine's largest axis.
  test::write_file(dir.path() / "edge.png", test::encode_png(test::random_image(4096, 1, 1, 8, 7)));
  EXPECT_EQ(viewer::load_image((dir.path() / "edge.png").string()).width, 4096);
}

TEST(ViewerIo, FilterParsing) {
  using K = viewer::Filter::Kind;
  EXPECT_EQ(viewer::parse_filter("none").kind, K::None);
  auto f = viewer::parse_filter("band:2.5:10");
  EXPECT_EQ(f.kind, K::Band);
  EXPECT_FLOAT_EQ(f.r1, 2.5f);
  EXPECT_FLOAT_EQ(f.r2, 10.0f);
  for (const char* s : {"none", "lowpass:12", "highpass:0", "gauss:3.5", "band:1:2"})
    EXPECT_EQ(viewer::describe(viewer::parse_filter(s)), s);
  for (const char* s : {"", "low", "lowpass", "lowpass:", "lowpass:x", "lowpass:-1", "gauss:0",
                        "band:5:2", "band:1", "band:1:2:3", "none:1", "lowpass:nan", "lowpass:inf",
                        "highpass:3x"})
    EXPECT_THROW(viewer::parse_filter(s), Error) << s;
  EXPECT_EQ(viewer::parse_padding("mirror"), viewer::Padding::Mirror);
  for (auto p : {viewer::Padding::None, viewer::Padding::Zero, viewer::Padding::Mirror})
    EXPECT_EQ(viewer::parse_padding(viewer::name(p)), p);
  EXPECT_FALSE(viewer::parse_padding("edge"));
}

// The README's claim: on the generated assets, every algorithm round-trips at >= 100 dB and the
// 8-bit reconstruction is the input, pixel for pixel.
TEST(ViewerIoCli, AssetsEveryAlgorithmWritesFilesAndJson) {
  test::TempDir dir("cli");
  const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
  // Run by hand: from the source tree.
  const fs::path root = src ? fs::path(src) : fs::current_path();
  for (const char* asset : {"shapes.png", "rings.png", "noise.png"}) {
    const fs::path in = root / "assets" / asset;
    ASSERT_TRUE(fs::exists(in)) << in;
    const viewer::Image original = viewer::load_image(in.string());
    for (fft::Algorithm a : fft::all_algorithms()) {
      // The assets have odd sizes: fast transforms them as they are (the default), the
      // power-of-two algorithms zero-pad them, and the report says which was used.
      const bool any = a == fft::Algorithm::Fast;
      const fs::path out = dir.path() / (std::string(asset) + "_" + std::string(fft::name(a)));
      CliResult r = run_cli("roundtrip '" + in.string() + "' --out '" + out.string() + "' --algorithm " +
                      std::string(fft::name(a)),
                  dir.path() / "log.txt");
      ASSERT_EQ(r.status, 0) << r.output;
      std::printf("%s", r.output.c_str());
      for (const char* f : {"spectrum.png", "reconstruction.png", "difference.png", "report.json"})
        EXPECT_TRUE(fs::is_regular_file(out / f)) << f;
      nlohmann::json j = nlohmann::json::parse(read_bytes(out / "report.json"));
      EXPECT_EQ(j.at("width"), original.width);
      EXPECT_EQ(j.at("height"), original.height);
      EXPECT_EQ(j.at("padding"), any ? "none" : "zero");
      EXPECT_EQ(j.at("padding_requested"), "none");
      EXPECT_EQ(j.at("padded_width"), any ? original.width : viewer::padded_size(original.width));
      EXPECT_EQ(j.at("padded_height"), any ? original.height : viewer::padded_size(original.height));
      EXPECT_EQ(j.at("channels"), original.channels);
      EXPECT_EQ(j.at("algorithm"), std::string(fft::name(a)));
      EXPECT_EQ(j.at("filter"), "none");
      EXPECT_LE(j.at("max_abs_error").get<double>(), 2e-6);
      EXPECT_LE(j.at("rms_error").get<double>(), 1e-6);
      // null means an exact reconstruction (MSE 0), which also passes.
      if (!j.at("psnr_db").is_null()) {
        EXPECT_GE(j.at("psnr_db").get<double>(), 100.0) << asset;
      }
      viewer::Image rec = viewer::load_image((out / "reconstruction.png").string());
      EXPECT_EQ(rec.channels, original.channels);
      EXPECT_EQ(rec.pixels, original.pixels) << asset << " " << fft::name(a);
      viewer::Image spec = viewer::load_image((out / "spectrum.png").string());
      EXPECT_EQ(spec.width, any ? original.width : viewer::padded_size(original.width));
      viewer::Image diff = viewer::load_image((out / "difference.png").string());
      EXPECT_EQ(diff.width, original.width);
    }
  }
}

TEST(ViewerIoCli, FilterAndPaddingReachTheReport) {
  test::TempDir dir("cli_filter");
  const fs::path in = dir.path() / "in.png";
  test::write_file(in, test::encode_png(test::random_image(37, 61, 2, 16, test::seed("cli 16"))));
  CliResult r = run_cli("roundtrip '" + in.string() + "' --out '" + (dir.path() / "o").string() +
                  "' --pad mirror --filter band:2:9 --luminance",
              dir.path() / "log.txt");
  ASSERT_EQ(r.status, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(read_bytes(dir.path() / "o" / "report.json"));
  EXPECT_EQ(j.at("filter"), "band:2:9");
  EXPECT_EQ(j.at("padding"), "mirror");
  EXPECT_EQ(j.at("bits"), 16);
  EXPECT_EQ(j.at("channels"), 2);
  EXPECT_LT(j.at("psnr_db").get<double>(), 40.0);  // a band-pass really changes the image
  EXPECT_GT(j.at("max_abs_error").get<double>(), 0.05);
}

TEST(ViewerIoCli, BadInputsExitNonZeroWithOneLine) {
  test::TempDir dir("cli_bad");
  const fs::path good = dir.path() / "good.png";
  test::write_file(good, test::encode_png(test::random_image(9, 7, 3, 8, 3)));
  const auto png = test::encode_png(test::random_image(30, 20, 3, 8, 5));
  test::write_file(dir.path() / "cut.png", {png.begin(), png.begin() + long(png.size() / 2)});
  test::write_file(dir.path() / "empty.png", {});
  test::write_file(dir.path() / "wide.png", test::encode_png(test::random_image(1, 4097, 1, 8, 7)));
  const std::string out = " --out '" + (dir.path() / "o").string() + "'";
  const std::string cases[] = {
      "roundtrip '" + (dir.path() / "missing.png").string() + "'" + out,
      "roundtrip '" + (dir.path() / "cut.png").string() + "'" + out,
      "roundtrip '" + (dir.path() / "empty.png").string() + "'" + out,
      "roundtrip '" + (dir.path() / "wide.png").string() + "'" + out,
      "roundtrip '" + dir.path().string() + "'" + out,
      "roundtrip '" + good.string() + "'" + out + " --algorithm nope",
      "roundtrip '" + good.string() + "'" + out + " --pad edge",
      "roundtrip '" + good.string() + "'" + out + " --filter lowpass:-3",
      "roundtrip '" + good.string() + "'" + out + " --filter band:9:2",
      "roundtrip '" + good.string() + "'" + out + " --gain 0",
  };
  for (const auto& c : cases) {
    CliResult r = run_cli(c, dir.path() / "log.txt");
    EXPECT_NE(r.status, 0) << c;
    EXPECT_LT(r.status, 128) << "crashed: " << c << "\n" << r.output;
    EXPECT_NE(r.output.find("oceanfft: error: "), std::string::npos) << c << "\n" << r.output;
    EXPECT_FALSE(fs::exists(dir.path() / "o" / "report.json")) << c;
  }
}

namespace {
// Recomputes every chunk checksum, so mutations reach stb's PNG decoder instead of stopping at
// the viewer's CRC check.
void fix_png_crcs(std::vector<uint8_t>& b) {
  size_t pos = 8;
  while (pos + 12 <= b.size()) {
    const uint32_t len = uint32_t(b[pos]) << 24 | uint32_t(b[pos + 1]) << 16 | uint32_t(b[pos + 2]) << 8 | b[pos + 3];
    if (len > b.size() - pos - 12) return;
    const uint32_t crc = test::crc32(&b[pos + 4], size_t(len) + 4);
    for (int k = 0; k < 4; ++k) b[pos + 8 + len + k] = uint8_t(crc >> (24 - 8 * k));
    pos += size_t(len) + 12;
  }
}

void append_bytes(void* ctx, void* data, int size) {
  auto* v = static_cast<std::vector<uint8_t>*>(ctx);
  v->insert(v->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
}
}  // namespace

// Damaged files of every format either decode to a consistent image or throw Error: never a
// crash, a hang or a foreign exception type.
TEST(ViewerIo, MutatedFilesNeverCrash) {
  viewer::Image img = test::random_image(19, 13, 4, 8, test::seed("mutation source"));
  const auto q = viewer::quantise8(img);
  std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
  files.push_back({"png", test::encode_png(img)});
  img.bits = 16;
  files.push_back({"png16", test::encode_png(img)});
  std::vector<uint8_t> bmp, tga, jpg;
  stbi_write_bmp_to_func(append_bytes, &bmp, 19, 13, 4, q.data());
  stbi_write_tga_to_func(append_bytes, &tga, 19, 13, 4, q.data());
  stbi_write_jpg_to_func(append_bytes, &jpg, 19, 13, 4, q.data(), 90);
  files.push_back({"bmp", bmp});
  files.push_back({"tga", tga});
  files.push_back({"jpg", jpg});

  std::mt19937_64 rng(test::seed("mutations"));
  int decoded = 0, refused = 0;
  for (const auto& [name, original] : files) {
    for (int round = 0; round < 300; ++round) {
      std::vector<uint8_t> b = original;
      const int kind = int(rng() % 3);
      if (kind == 0) {
        b.resize(rng() % b.size());
      } else {
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
          // Headers are where sizes live: aim half the flips at the first 64 bytes.
          const size_t at = (rng() & 1) ? rng() % std::min<size_t>(64, b.size()) : rng() % b.size();
          b[at] = kind == 1 ? uint8_t(b[at] ^ (1u << (rng() % 8))) : uint8_t(rng());
        }
      }
      if (name.rfind("png", 0) == 0 && (rng() & 1)) fix_png_crcs(b);
      try {
        viewer::Image got = viewer::decode_image(b, name);
        ASSERT_GT(got.width, 0);
        ASSERT_GT(got.height, 0);
        ASSERT_LE(viewer::padded_size(got.width), viewer::kMaxPaddedSize);
        ASSERT_LE(viewer::padded_size(got.height), viewer::kMaxPaddedSize);
        ASSERT_EQ(got.pixels.size(), size_t(got.width) * got.height * got.channels);
        ++decoded;
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
        ++refused;
      }
    }
  }
  std::printf("[oceanfft] mutated files: %d decoded, %d refused\n", decoded, refused);
  EXPECT_GT(refused, 0);
}
