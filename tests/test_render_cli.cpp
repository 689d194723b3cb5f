// `oceanfft render` end to end: the PNG shows a sky and a textured sea, the maps it exports
// have the documented layout, and bad input fails with a message and no output.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gl_fixture.h"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace fs = std::filesystem;

namespace {

struct CliRun {
  int status = -1;
  std::string output;
};

std::string binary() {
  const char* bin = std::getenv("OCEANFFT_BIN");
  return bin ? bin : "";
}

CliRun run(const std::string& args, const fs::path& dir) {
  const fs::path log = dir / "log.txt";
  const std::string cmd = "'" + binary() + "' " + args + " > '" + log.string() + "' 2>&1";
  CliRun r;
  const int raw = std::system(cmd.c_str());
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  r.output = ss.str();
  return r;
}

class RenderCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (binary().empty()) FAIL() << "OCEANFFT_BIN must name the oceanfft executable (ctest sets it)";
    dir_ = fs::temp_directory_path() /
           ("oceanfft_render_test_" + std::to_string(oceanfft::test::seed("dir")));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_;
};

struct Stats {
  double mean[3] = {0, 0, 0};
  double luma_stddev = 0;
};

Stats region(const unsigned char* px, int w, int y0, int y1) {
  Stats s;
  double l1 = 0, l2 = 0;
  const double count = double(w) * (y1 - y0);
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = px + (size_t(y) * w + x) * 4;
      for (int c = 0; c < 3; ++c) s.mean[c] += p[c] / 255.0 / count;
      const double l = (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255.0;
      l1 += l / count;
      l2 += l * l / count;
    }
  s.luma_stddev = std::sqrt(std::max(0.0, l2 - l1 * l1));
  return s;
}

}  // namespace

TEST_F(RenderCli, WritesSkyAboveATexturedSea) {
  const fs::path png = dir_ / "frame.png";
  // Level camera: the horizon is the middle row.
  CliRun r = run("render --out '" + png.string() +
                  "' --width 320 --height 180 --size 64 --samples 1 --camera-pitch 0 "
                  "--camera-height 12 --time 3.5 --seed " + std::to_string(oceanfft::test::seed("render")),
              dir_);
  ASSERT_EQ(r.status, 0) << r.output;
  ASSERT_TRUE(fs::exists(png));
  EXPECT_FALSE(fs::exists(png.string() + ".tmp"));
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.string().c_str(), &w, &h, &n, 4);
  ASSERT_NE(px, nullptr) << stbi_failure_reason();
  ASSERT_EQ(w, 320);
  ASSERT_EQ(h, 180);
  const Stats sky = region(px, w, 0, h / 4);
  const Stats sea = region(px, w, h * 5 / 8, h);
  stbi_image_free(px);
  double diff = 0;
  for (int c = 0; c < 3; ++c) diff += std::abs(sky.mean[c] - sea.mean[c]);
  std::printf("sky mean %.3f %.3f %.3f, sea mean %.3f %.3f %.3f, sea luma stddev %.4f\n",
              sky.mean[0], sky.mean[1], sky.mean[2], sea.mean[0], sea.mean[1], sea.mean[2],
              sea.luma_stddev);
  EXPECT_GT(diff, 0.15) << "sky and sea look alike";
  EXPECT_GT(sea.luma_stddev, 0.02) << "the sea is uniform";
  // The sea is darker than the sky at noon-ish sun elevation: reflection is weak when looking down.
  EXPECT_LT(sea.mean[0] + sea.mean[1] + sea.mean[2], sky.mean[0] + sky.mean[1] + sky.mean[2]);
}

TEST_F(RenderCli, ExportsMapsInTheDocumentedLayout) {
  const int n = 64;
  CliRun r = run("render --out '" + (dir_ / "f.png").string() + "' --width 64 --height 36 --samples 1 --size " +
                  std::to_string(n) + " --export-maps '" + (dir_ / "maps").string() + "'",
              dir_);
  ASSERT_EQ(r.status, 0) << r.output;
  const std::pair<const char*, int> files[] = {
      {"height", 1}, {"displacement", 3}, {"normal", 3}, {"foam", 1}, {"jacobian", 1}};
  for (auto [name, channels] : files) {
    const fs::path f = dir_ / "maps" / (std::string(name) + ".f32");
    ASSERT_TRUE(fs::exists(f)) << f;
    EXPECT_EQ(fs::file_size(f), size_t(n) * n * channels * 4) << f;
    EXPECT_TRUE(fs::exists(dir_ / "maps" / (std::string(name) + ".png"))) << name;
  }
  auto read = [&](const char* name) {
    std::vector<float> v(fs::file_size(dir_ / "maps" / (std::string(name) + ".f32")) / 4);
    std::ifstream in(dir_ / "maps" / (std::string(name) + ".f32"), std::ios::binary);
    in.read(reinterpret_cast<char*>(v.data()), std::streamsize(v.size() * 4));
    return v;
  };
  const auto height = read("height"), disp = read("displacement"), normal = read("normal"),
             foam = read("foam");
  double var = 0;
  for (size_t i = 0; i < height.size(); ++i) {
    ASSERT_EQ(height[i], disp[3 * i + 1]) << "height is displacement's y";
    const double len = std::hypot(normal[3 * i], normal[3 * i + 1], normal[3 * i + 2]);
    ASSERT_NEAR(len, 1.0, 1e-5);
    ASSERT_GT(normal[3 * i + 1], 0.0f) << "normals point up";
    ASSERT_TRUE(foam[i] >= 0.0f && foam[i] <= 1.0f);
    var += double(height[i]) * height[i];
  }
  EXPECT_GT(var / height.size(), 1e-3) << "a flat sea";
}

TEST_F(RenderCli, BadInputFailsClearlyAndWritesNothing) {
  const std::string out = (dir_ / "bad.png").string();
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"--algorithm nope", "unknown algorithm"},
      {"--width 0", "image size"},
      {"--height -5", "image size"},
      {"--size 100", "power of two"},
      {"--size 32", "power of two"},
      {"--time nan", "time"},
  };
  for (const Case& c : cases) {
    CliRun r = run("render --out '" + out + "' --samples 1 " + c.args, dir_);
    EXPECT_NE(r.status, 0) << c.args;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << ": " << r.output;
    EXPECT_FALSE(fs::exists(out)) << c.args;
  }
  CliRun r = run("render --width 32 --height 32 --size 64 --out '" + (dir_ / "no/such/dir/x.png").string() + "'", dir_);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("does not exist"), std::string::npos) << r.output;
  r = run("render --width 32 --height 32 --size 64", dir_);
  EXPECT_NE(r.status, 0) << "--out is required";
}
