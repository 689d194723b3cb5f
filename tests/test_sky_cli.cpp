// SPDX-License-Identifier: MIT
// `render --sky FILE`: a bad, truncated, oversized or missing file fails with exit status 3,
// one line naming it, and no output image; a tiny HDR made here replaces the sky and colours
// the water it lights.

#include <array>
#include <cmath>
#include <iterator>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "gl_fixture.h"
#include "render/offscreen.h"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace fs = std::filesystem;

namespace {

class SkyCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::getenv("OCEANFFT_BIN")) FAIL() << "OCEANFFT_BIN must name the oceanfft executable (ctest sets it)";
    dir_ = tmp_.path();
  }
  clitest::Result render(const std::string& extra, const fs::path& out) {
    std::vector<std::string> args = {"render", "--out", out.string(), "--width", "64", "--height",
                                     "48", "--size", "64", "--foam-warmup", "0", "--samples", "1",
                                     "--camera-pitch", "10"};
    for (std::string& w : clitest::words(extra)) args.push_back(std::move(w));
    return clitest::run(args, dir_, dir_, 600);
  }
  void write(const fs::path& p, const std::string& bytes) {
    std::ofstream f(p, std::ios::binary);
    f << bytes;
  }
  oceanfft::test::TempDir tmp_{"sky"};
  fs::path dir_;
};

// A flat (not run-length) Radiance file: rows top first, each pixel r, g, b, shared exponent.
std::string hdr(int w, int h, const std::vector<std::array<uint8_t, 4>>& rows) {
  std::string s = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + std::to_string(h) + " +X " +
                  std::to_string(w) + "\n";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (uint8_t b : rows[size_t(y)]) s.push_back(char(b));
  return s;
}

int lines(const std::string& s) {
  int n = 0;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) n += !l.empty();
  return n;
}

struct Mean {
  double r = 0, g = 0, b = 0;
};
Mean mean_rows(const fs::path& png, double y0, double y1) {
  int w = 0, h = 0, c = 0;
  unsigned char* px = stbi_load(png.string().c_str(), &w, &h, &c, 3);
  Mean m;
  if (!px) return m;
  int n = 0;
  for (int y = int(y0 * h); y < int(y1 * h); ++y)
    for (int x = 0; x < w; ++x, ++n) {
      const unsigned char* p = px + (size_t(y) * w + x) * 3;
      m.r += p[0];
      m.g += p[1];
      m.b += p[2];
    }
  stbi_image_free(px);
  m.r /= n;
  m.g /= n;
  m.b /= n;
  return m;
}

}  // namespace

TEST_F(SkyCli, BadFilesFailWithOneLineAndStatus3) {
  const int w = 16, h = 8;
  std::vector<std::array<uint8_t, 4>> rows(h, {200, 60, 40, 129});
  const std::string good = hdr(w, h, rows);
  write(dir_ / "truncated.hdr", good.substr(0, good.size() / 2));
  write(dir_ / "garbage.hdr", "this is not an image at all\n");
  write(dir_ / "empty.png", "");
  // A header promising 50000 x 50000 pixels and nothing after it: refused before decoding.
  write(dir_ / "huge.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 50000 +X 50000\n");
  // A PNG of noise (so it does not compress to nothing), cut in half.
  std::mt19937 rng(unsigned(oceanfft::test::seed("png noise")));
  std::vector<uint8_t> noise(64 * 32 * 3);
  for (uint8_t& v : noise) v = uint8_t(rng());
  oceanfft::render::write_png((dir_ / "full.png").string(), 64, 32, 3, noise);
  std::ifstream in(dir_ / "full.png", std::ios::binary);
  std::string png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  write(dir_ / "truncated.png", png.substr(0, png.size() / 2));
  for (const char* name : {"missing.hdr", "truncated.hdr", "garbage.hdr", "empty.png", "huge.hdr",
                           "truncated.png"}) {
    const fs::path out = dir_ / "out.png";
    const clitest::Result r = render("--sky '" + (dir_ / name).string() + "'", out);
    EXPECT_EQ(r.status, 3) << name << ": " << r.output();
    EXPECT_EQ(lines(r.output()), 1) << name << ": " << r.output();
    EXPECT_NE(r.output().find(name), std::string::npos) << "the message names the file: " << r.output();
    EXPECT_FALSE(fs::exists(out)) << name;
  }
}

TEST_F(SkyCli, AUserSkyReplacesTheSkyAndLightsTheWater) {
  // Upper half a red sky, lower half dark: the sky and the water's reflection turn red.
  const int w = 32, h = 16;
  std::vector<std::array<uint8_t, 4>> rows(h);
  for (int y = 0; y < h; ++y) rows[size_t(y)] = y < h / 2 ? std::array<uint8_t, 4>{220, 40, 10, 128}
                                                          : std::array<uint8_t, 4>{20, 30, 20, 126};
  write(dir_ / "red.hdr", hdr(w, h, rows));
  const clitest::Result base = render("", dir_ / "computed.png");
  ASSERT_EQ(base.status, 0) << base.output();
  const clitest::Result user = render("--sky '" + (dir_ / "red.hdr").string() + "'", dir_ / "user.png");
  ASSERT_EQ(user.status, 0) << user.output();
  // Pitch 10 deg at 55 deg field of view: the horizon is at 0.68 of the height from the top.
  const Mean sky0 = mean_rows(dir_ / "computed.png", 0.0, 0.5), sky1 = mean_rows(dir_ / "user.png", 0.0, 0.5);
  const Mean sea0 = mean_rows(dir_ / "computed.png", 0.8, 1.0), sea1 = mean_rows(dir_ / "user.png", 0.8, 1.0);
  std::printf("sky: computed %.0f %.0f %.0f, user %.0f %.0f %.0f; sea: computed %.0f %.0f %.0f, "
              "user %.0f %.0f %.0f\n", sky0.r, sky0.g, sky0.b, sky1.r, sky1.g, sky1.b, sea0.r, sea0.g,
              sea0.b, sea1.r, sea1.g, sea1.b);
  EXPECT_LT(sky0.r, sky0.b) << "the computed sky is blue";
  EXPECT_GT(sky1.r, 2.0 * sky1.b) << "the user's sky is red";
  EXPECT_GT(sea1.r / std::max(sea1.b, 1.0), 1.5 * sea0.r / std::max(sea0.b, 1.0))
      << "the water reflects the user's sky";
}

// Real HDR skies hold suns far above half float's 65504: a grey 1.0 sky with a 1e6 sun, and an
// RGBE file of all 255s (1.7e38), must light the water at least as a plain 1.0 sky does, not
// turn it black (a value that became +inf made every reflection NaN).
TEST_F(SkyCli, BrightHdrSkiesLightTheWater) {
  const int w = 64, h = 32;
  const std::array<uint8_t, 4> one = {128, 128, 128, 129}, sun = {244, 244, 244, 148};  // 1.0, 1e6
  std::string plain = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 32 +X 64\n", bright = plain, max = plain;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const bool in_sun = y >= 8 && y < 12 && x >= 20 && x < 24;
      for (uint8_t b : one) plain.push_back(char(b));
      for (uint8_t b : in_sun ? sun : one) bright.push_back(char(b));
      for (int i = 0; i < 4; ++i) max.push_back(char(255));
    }
  write(dir_ / "plain.hdr", plain);
  write(dir_ / "sun.hdr", bright);
  write(dir_ / "max.hdr", max);
  std::vector<Mean> sea;
  for (const char* name : {"plain", "sun", "max"}) {
    const fs::path out = dir_ / (std::string(name) + ".png");
    const clitest::Result r = render("--sky '" + (dir_ / (std::string(name) + ".hdr")).string() + "'", out);
    ASSERT_EQ(r.status, 0) << name << ": " << r.output();
    sea.push_back(mean_rows(out, 0.8, 1.0));
    std::printf("%s: sea %.1f %.1f %.1f\n", name, sea.back().r, sea.back().g, sea.back().b);
  }
  EXPECT_GT(sea[0].g, 20.0) << "a 1.0 sky lights the water";
  EXPECT_GE(sea[1].g, 0.9 * sea[0].g) << "a 1e6 sun darkened the water";
  EXPECT_GT(sea[2].g, sea[0].g) << "the brightest RGBE sky left the water darker than a 1.0 sky";
}
