// SPDX-License-Identifier: MIT
// `oceanfft render` end to end: the PNG shows a sky and a textured sea, the maps it exports
// have the documented layout, and bad input fails with a message and no output.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "gl_fixture.h"
#include "io/image.h"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace fs = std::filesystem;

namespace {

class RenderCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::getenv("OCEANFFT_BIN")) FAIL() << "OCEANFFT_BIN must name the oceanfft executable (ctest sets it)";
    dir_ = tmp_.path();
  }
  oceanfft::test::TempDir tmp_{"render"};
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
  // Level camera: the horizon is the middle row. No whitecaps: the water itself must be darker
  // than the sky, and a whitecap across the near rows (one seed in about a hundred) is brighter.
  clitest::Result r = clitest::run_line("render --out '" + png.string() +
                  "' --width 320 --height 180 --size 64 --samples 1 --camera-pitch 0 "
                  "--camera-height 12 --time 3.5 --set foam_intensity=0 --seed " +
                  std::to_string(oceanfft::test::seed("render")),
              dir_);
  ASSERT_EQ(r.status, 0) << r.output();
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

std::vector<float> read_floats(const fs::path& f) {
  std::vector<float> v(fs::file_size(f) / 4);
  std::ifstream in(f, std::ios::binary);
  in.read(reinterpret_cast<char*>(v.data()), std::streamsize(v.size() * 4));
  return v;
}

// "Hs measured 1.234 m, theory 1.300 m" from the render's summary line.
bool parse_hs(const std::string& out, double& measured, double& theory) {
  const size_t at = out.find("Hs measured ");
  return at != std::string::npos &&
         std::sscanf(out.c_str() + at, "Hs measured %lf m, theory %lf m", &measured, &theory) == 2;
}

// A storm's foam stands at its balance with the sea by default, as after minutes of its wind;
// --foam-start calm starts it from none, so two seconds of warm-up leave a fraction of the film.
TEST_F(RenderCli, FoamStartsAtItsBalanceUnlessAskedToStartCalm) {
  double residual[2] = {0, 0}, white[2] = {0, 0};
  const char* starts[] = {"balance", "calm"};
  for (int i = 0; i < 2; ++i) {
    const std::string args = "render --preset storm --size 64 --width 32 --height 18 --samples 1 "
                             "--foam-warmup 2 --seed " + std::to_string(oceanfft::test::seed("foam-start") % 100000) +
                             (i ? " --foam-start calm" : "") + " --out '" + (dir_ / (std::string(starts[i]) + ".png")).string() + "'";
    clitest::Result r = clitest::run_line(args, dir_);
    ASSERT_EQ(r.status, 0) << r.output();
    const size_t at = r.output().find("whitecap coverage ");
    ASSERT_NE(at, std::string::npos) << r.output();
    ASSERT_EQ(std::sscanf(r.output().c_str() + at, "whitecap coverage %lf%%", &white[i]), 1) << r.output();
    const size_t film = r.output().find("residual foam ");
    ASSERT_NE(film, std::string::npos) << r.output();
    ASSERT_EQ(std::sscanf(r.output().c_str() + film, "residual foam %lf%%", &residual[i]), 1) << r.output();
  }
  std::printf("storm after 2 s: whitecaps %.2f%% / %.2f%%, residual %.2f%% / %.2f%% (balance / calm)\n",
              white[0], white[1], residual[0], residual[1]);
  EXPECT_GT(residual[0], 2.0 * residual[1]) << "the film did not start at its balance";
  EXPECT_GT(white[0], white[1]);
}

TEST_F(RenderCli, ExportsMapsInTheDocumentedLayout) {
  const int n = 64, cascades = 2;
  clitest::Result r = clitest::run_line("render --out '" + (dir_ / "f.png").string() +
                     "' --width 64 --height 36 --samples 1 --foam-warmup 0.5 --cascades " +
                     std::to_string(cascades) + " --size " + std::to_string(n) + " --export-maps '" +
                     (dir_ / "maps").string() + "'",
                 dir_);
  ASSERT_EQ(r.status, 0) << r.output();
  EXPECT_FALSE(fs::exists(dir_ / "maps" / ("cascade" + std::to_string(cascades))))
      << "one folder per cascade in use";
  double layer_variance[cascades] = {};
  for (int c = 0; c < cascades; ++c) {
    const fs::path sub = dir_ / "maps" / ("cascade" + std::to_string(c));
    const std::pair<const char*, int> files[] = {{"height", 1},   {"displacement", 3}, {"derivatives", 4},
                                                 {"normal", 3},   {"foam", 1},         {"jacobian", 1},
                                                 {"foam_residual", 1}};
    for (auto [name, channels] : files) {
      const fs::path f = sub / (std::string(name) + ".f32");
      ASSERT_TRUE(fs::exists(f)) << f;
      EXPECT_EQ(fs::file_size(f), size_t(n) * n * channels * 4) << f;
      EXPECT_TRUE(fs::exists(sub / (std::string(name) + ".png"))) << name;
    }
    const auto height = read_floats(sub / "height.f32"), disp = read_floats(sub / "displacement.f32"),
               normal = read_floats(sub / "normal.f32"), foam = read_floats(sub / "foam.f32"),
               jac = read_floats(sub / "jacobian.f32"), deriv = read_floats(sub / "derivatives.f32"),
               residual = read_floats(sub / "foam_residual.f32");
    double var = 0;
    for (size_t i = 0; i < height.size(); ++i) {
      ASSERT_EQ(height[i], disp[3 * i + 1]) << "height is displacement's y";
      const double len = std::hypot(normal[3 * i], normal[3 * i + 1], normal[3 * i + 2]);
      ASSERT_NEAR(len, 1.0, 1e-5);
      // The normal's y has the Jacobian's sign: it turns over exactly where the surface folds.
      if (std::abs(jac[i]) > 1e-4f) ASSERT_EQ(normal[3 * i + 1] > 0.0f, jac[i] > 0.0f) << i;
      // The normal is perpendicular to both tangents of the displaced surface, (1 + Jxx, hx, Jxz)
      // and (Jxz, hz, 1 + Jzz), and the Jacobian is their determinant. Jxz is not exported:
      // solve it from the first tangent and check the second and the Jacobian with it.
      const double nx = normal[3 * i], ny = normal[3 * i + 1], nz = normal[3 * i + 2];
      const double hx = deriv[4 * i], hz = deriv[4 * i + 1], jxx = deriv[4 * i + 2], jzz = deriv[4 * i + 3];
      if (std::abs(nz) > 0.05) {
        const double jxz = -(nx * (1.0 + jxx) + ny * hx) / nz;
        ASSERT_NEAR(nx * jxz + ny * hz + nz * (1.0 + jzz), 0.0, 1e-4) << i;
        ASSERT_NEAR(jac[i], (1.0 + jxx) * (1.0 + jzz) - jxz * jxz, 1e-3 * (1.0 + std::abs(jac[i]))) << i;
      } else if (std::abs(jac[i]) > 0.5f) {
        // Nearly no z lean: then the slope alone tilts the normal in x, against it.
        ASSERT_LT(nx * hx, 1e-6) << i;
      }
      // Active and residual foam are each a fraction of the texel's area, and share it.
      ASSERT_TRUE(foam[i] >= 0.0f && residual[i] >= 0.0f && foam[i] + residual[i] <= 1.0f)
          << foam[i] << " + " << residual[i];
      var += double(height[i]) * height[i];
    }
    layer_variance[c] = var / height.size();
    EXPECT_GT(layer_variance[c], 1e-8) << "cascade " << c << " is flat";
  }
  // maps.json describes the same cascades and the Hs of the summary line.
  std::ifstream in(dir_ / "maps" / "maps.json");
  std::stringstream json;
  json << in.rdbuf();
  const std::string j = json.str();
  EXPECT_NE(j.find("\"size\": 64"), std::string::npos) << j;
  EXPECT_NE(j.find("\"cascade1\""), std::string::npos) << j;
  EXPECT_EQ(j.find("\"cascade2\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"hs_measured_m\""), std::string::npos) << j;
  // Issue 12: the total mean square slope against Cox-Munk, the coverage against Monahan.
  for (const char* key : {"\"mss_total\"", "\"mss_subgrid\"", "\"mss_cox_munk\"",
                          "\"whitecap_coverage\"", "\"whitecap_coverage_monahan\""})
    EXPECT_NE(j.find(key), std::string::npos) << key << " in " << j;
  EXPECT_NE(r.output().find("Cox-Munk"), std::string::npos) << r.output();
  EXPECT_NE(r.output().find("whitecap coverage"), std::string::npos) << r.output();
  double measured = 0, theory = 0;
  ASSERT_TRUE(parse_hs(r.output(), measured, theory)) << r.output();
  EXPECT_NEAR(measured, 4.0 * std::sqrt(layer_variance[0] + layer_variance[1]), 1e-3 * measured)
      << "the printed Hs is 4 sqrt of the exported heights' summed variance";
}

TEST_F(RenderCli, PresetsOrderTheSeaStatesAndOptionsOverrideThem) {
  // One cascade at 64 keeps this quick; the Hs check itself is the ocean tests' job, here the
  // CLI must pass each preset through (calm < fresh < storm) and later options must win.
  auto hs = [&](const std::string& extra, double& measured, double& theory) {
    clitest::Result r = clitest::run_line("render --out '" + (dir_ / "p.png").string() +
                       "' --width 32 --height 18 --samples 1 --size 64 --foam-warmup 0 " + extra,
                   dir_);
    EXPECT_EQ(r.status, 0) << extra << "\n" << r.output();
    EXPECT_TRUE(parse_hs(r.output(), measured, theory)) << r.output();
    std::printf("%-45s Hs measured %.3f m, theory %.3f m\n", extra.c_str(), measured, theory);
  };
  double calm_m = 0, calm_t = 0, fresh_m = 0, fresh_t = 0, storm_m = 0, storm_t = 0;
  hs("--preset calm", calm_m, calm_t);
  hs("--preset fresh", fresh_m, fresh_t);
  hs("--preset storm", storm_m, storm_t);
  EXPECT_LT(calm_t, fresh_t);
  EXPECT_LT(fresh_t, storm_t);
  EXPECT_LT(calm_m, fresh_m);
  EXPECT_LT(fresh_m, storm_m);
  // A stronger wind on top of the fresh preset raises the sea; the same via --set too.
  double m = 0, t = 0, m2 = 0, t2 = 0;
  hs("--preset fresh --wind-speed 20", m, t);
  hs("--preset fresh --set wind_speed=20", m2, t2);
  EXPECT_GT(t, fresh_t);
  EXPECT_DOUBLE_EQ(t, t2);
  EXPECT_DOUBLE_EQ(m, m2);
  // Spectrum, spreading, cascades, fetch all reach the simulation.
  hs("--spectrum pierson-moskowitz --spreading cos2s --cascades 1 --fetch 20", m, t);
  EXPECT_GT(t, 0.0);
  hs("--spectrum jonswap --cascades 1 --fetch 20", m2, t2);
  hs("--spectrum jonswap --cascades 1 --fetch 200", m, t);
  EXPECT_GT(t, t2) << "a longer fetch gives a higher JONSWAP sea";
}

// The Beaufort sheet is one set of files: asked for beside another output it refuses before
// anything is made.
TEST_F(RenderCli, BeaufortExcludesTheOtherOutputs) {
  const fs::path sheet = dir_ / "sheet";
  for (const std::string other : {"--out '" + (dir_ / "x.png").string() + "'",
                                  "--gallery '" + (dir_ / "g").string() + "'"}) {
    clitest::Result r = clitest::run_line("render --beaufort '" + sheet.string() + "' " + other, dir_);
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_NE(r.output().find("--beaufort excludes"), std::string::npos) << r.output();
    EXPECT_FALSE(fs::exists(sheet));
    EXPECT_FALSE(fs::exists(dir_ / "x.png"));
  }
}

TEST_F(RenderCli, BadInputFailsClearlyAndWritesNothing) {
  const std::string out = (dir_ / "bad.png").string();
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"--algorithm nope", "bad value 'nope' for algorithm"},
      {"--width 0", "--width"},
      {"--height -5", "--height"},
      {"--size 100", "power of two"},
      {"--size 32", "power of two"},
      {"--time nan", "time"},
      {"--preset tsunami", "tsunami"},
      {"--spectrum gaussian", "pierson-moskowitz"},
      {"--spreading flat", "donelan-banner"},
      {"--cascades 5", "--cascades"},
      {"--cascades 0", "--cascades"},
      {"--fetch -2", "--fetch"},
      {"--wind-speed 1e9", "--wind-speed"},
      {"--patch-size 10", "cascade"},
      {"--patch-sizes 500,abc", "abc"},
      {"--patch-sizes 100,200", "smaller"},
      {"--patch-sizes 1000,250,60,15,4", "more than 4"},
      {"--cascades 3 --patch-sizes 1000,250", "3 cascades"},
      {"--set colour=red", "unknown key 'colour'"},
      {"--set wind_speed", "KEY=VALUE"},
      {"--foam-warmup -1", "--foam-warmup"},
      {"--foam-start warm", "--foam-start: warm not in {balance,calm}"},
      // A camera where the picture means nothing: one flat colour at 1e30 m, under the sea, no
      // up direction at +-90 degrees, float rounding for a direction at 1e30 degrees.
      {"--camera-height 1e30", "--camera-height: Value 1e30 not in range"},
      {"--camera-height -2", "--camera-height: Value -2 not in range"},
      {"--camera-pitch 90", "--camera-pitch: Value 90 not in range"},
      {"--camera-pitch -1e30", "--camera-pitch"},
      {"--camera-yaw 1e30", "--camera-yaw: Value 1e30 not in range"},
  };
  for (const Case& c : cases) {
    clitest::Result r = clitest::run_line("render --out '" + out + "' --samples 1 " + c.args, dir_);
    EXPECT_NE(r.status, 0) << c.args;
    EXPECT_NE(r.output().find(c.message), std::string::npos) << c.args << ": " << r.output();
    EXPECT_FALSE(fs::exists(out)) << c.args;
  }
  clitest::Result r = clitest::run_line("render --width 32 --height 32 --size 64 --out '" + (dir_ / "no/such/dir/x.png").string() + "'", dir_);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output().find("does not exist"), std::string::npos) << r.output();
  r = clitest::run_line("render --width 32 --height 32 --size 64", dir_);
  EXPECT_NE(r.status, 0) << "--out is required";
}

// The gallery, small: every shot is written, its numbers are finite, and the whitecaps a
// person would see grow with the Beaufort force from calm to hurricane at noon.
TEST_F(RenderCli, GalleryWritesEveryShotAndFoamRisesWithTheWind) {
  const fs::path gal = dir_ / "gallery";
  const clitest::Result r = clitest::run_line("render --gallery '" + gal.string() +
                           "' --width 48 --height 27 --size 128 --samples 1 --foam-warmup 4 "
                           "--foam-start calm",
                       dir_);
  ASSERT_EQ(r.status, 0) << r.output();
  const char* seas[] = {"calm", "fresh", "gale", "storm", "hurricane"};
  std::vector<double> coverage;
  for (const char* sea : seas)
    for (const char* when : {"noon", "sunset"}) {
      const std::string name = std::string(sea) + "-" + when;
      EXPECT_TRUE(fs::exists(gal / (name + ".png"))) << name;
      const size_t at = r.output().find(name + ".png:");
      ASSERT_NE(at, std::string::npos) << r.output();
      const size_t w = r.output().find("whitecaps ", at);
      ASSERT_NE(w, std::string::npos) << r.output();
      const double c = std::atof(r.output().c_str() + w + 10);
      EXPECT_TRUE(std::isfinite(c)) << name;
      if (std::string(when) == "noon") coverage.push_back(c);
    }
  for (const char* other : {"aerial", "grazing"}) EXPECT_TRUE(fs::exists(gal / (std::string(other) + ".png")));
  EXPECT_EQ(r.output().find("nan"), std::string::npos) << r.output();
  for (size_t i = 1; i < coverage.size(); ++i)
    EXPECT_GE(coverage[i], coverage[i - 1]) << seas[i] << " has less foam than " << seas[i - 1];
  EXPECT_GT(coverage.back(), coverage.front() + 1.0) << "a hurricane is white, a calm is not";
  // Nothing else in the directory: no temporary files left behind.
  int files = 0;
  for (const auto& e : fs::directory_iterator(gal)) files += e.is_regular_file();
  EXPECT_EQ(files, 12);
  EXPECT_NE(clitest::run_line("render --gallery '" + gal.string() + "' --out x.png", dir_).status, 0);
}

// Sun glitter (issue 12): looking towards a low sun, the water under it holds a bright path,
// and a rougher sea spreads it wider. Width = columns whose mean brightness over the lower
// part of the image is above half way from the median column to the brightest; foam is off so
// only glitter is bright.
TEST_F(RenderCli, SunGlitterPathIsPresentAndWiderAtHigherWind) {
  auto width_of = [&](const char* preset) {
    const fs::path png = dir_ / (std::string(preset) + ".png");
    // Under a clear sky: the roughness is what is compared, not the presets' weather (a strong
    // gale's overcast hides the sun).
    const clitest::Result r = clitest::run_line(std::string("render --preset ") + preset +
                             " --set foam_intensity=0 --set sun_elevation=12 --set sun_azimuth=270"
                             " --set cloud_coverage=0 --set visibility=100 --set rain=0 --set spray=0"
                             " --camera-yaw 270 --camera-pitch -12 --camera-height 20 --width 160"
                             " --height 90 --size 128 --samples 1 --foam-warmup 0 --out '" +
                             png.string() + "'",
                         dir_);
    EXPECT_EQ(r.status, 0) << r.output();
    const oceanfft::io::Image img = oceanfft::io::load_image(png.string());
    std::vector<double> profile(size_t(img.width), 0.0);
    for (int x = 0; x < img.width; ++x)
      for (int y = int(img.height * 0.55); y < img.height; ++y)
        profile[size_t(x)] += (img.at(x, y, 0) + img.at(x, y, 1) + img.at(x, y, 2)) / 3.0;
    std::vector<double> sorted = profile;
    std::sort(sorted.begin(), sorted.end());
    const double background = sorted[sorted.size() / 2], peak = sorted.back();
    int wide = 0;
    for (double v : profile) wide += v > background + 0.5 * (peak - background);
    std::printf("%s: glitter %d of %d columns, peak/background %.2f\n", preset, wide, img.width,
                peak / background);
    EXPECT_GT(peak, 1.8 * background) << preset << ": no glitter path";
    return wide;
  };
  const int calm = width_of("gentle-breeze"), rough = width_of("strong-gale");
  EXPECT_GT(calm, 2);
  EXPECT_GT(rough, calm) << "a rougher sea spreads the glitter wider";
}

namespace {

// A command line that must fail with exit `status` and `message` on stderr.
struct Refusal {
  std::string args, message;
  int status;
};

void expect_refused(const clitest::Result& r, const Refusal& c) {
  EXPECT_TRUE(r.exited && r.status == c.status) << c.args << ": status " << r.status << ": " << r.output();
  EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
}

// A picture the driver cannot hold is refused before the simulation runs, with one line that
// names the limit, and no file: samples past the driver's GL_MAX_SAMPLES (exit 2), and on
// llvmpipe the advertised 16384^2 at 4 samples, whose 4 GiB colour target it does not make
// (exit 6, at once).
TEST_F(RenderCli, PicturesBeyondTheDriverAreRefusedFirst) {
  const bool llvmpipe = oceanfft::test::context().info().renderer.find("llvmpipe") != std::string::npos;
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  const std::string out = (dir_ / "big.png").string();
  std::vector<Refusal> cases;
  if (max_samples < 64)
    cases.push_back({"--width 64 --height 36 --samples " + std::to_string(max_samples + 1),
                     "the driver offers at most " + std::to_string(max_samples) + " samples (GL_MAX_SAMPLES)", 2});
  if (llvmpipe)
    cases.push_back({"--width 16384 --height 16384 --samples 4",
                     "16384x16384 at 4 samples: the driver cannot make its framebuffer "
                     "(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
                     6});
  if (cases.empty()) GTEST_SKIP() << "this driver offers 64 samples and is not llvmpipe";
  for (const Refusal& c : cases) {
    const auto start = std::chrono::steady_clock::now();
    const clitest::Result r = clitest::run_line("render --out '" + out + "' --size 64 " + c.args, dir_);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_refused(r, c);
    // One line of ours; a debug context (the asan and debug presets) adds the driver's own
    // "GL debug" lines about the incomplete framebuffer.
    size_t ours = 0;
    for (size_t at = 0; (at = r.err.find("oceanfft:", at)) != std::string::npos; ++at) ++ours;
    EXPECT_EQ(ours, 1u) << r.err;
    EXPECT_LT(seconds, 20.0) << c.args << ": refused only after the work";
    EXPECT_FALSE(fs::exists(out)) << c.args;
  }
}

}  // namespace

namespace {

// The Beaufort sheet and the gallery refuse, by name and before anything is made, every option
// they would ignore: the fixed ones (camera, sky, maps; the sheet's time, warm-up and saved
// settings) and any setting a shot's preset, seed or time of day overrides. Options they do
// honour (--size) pass the check. The folders lie under a regular file, so a run that got past
// the check fails there (exit 3) instead of rendering.
TEST_F(RenderCli, ShotSetsRefuseOptionsTheyIgnore) {
  clitest::spit(dir_ / "file", "x");
  const std::string sheet = "--beaufort '" + (dir_ / "file/sheet").string() + "'";
  const std::string gal = "--gallery '" + (dir_ / "file/gal").string() + "'";
  // `set` with `args`, refused with "<name> does not apply to --beaufort" (or --gallery) and `more`.
  const auto ignored = [](const std::string& set, const std::string& args, const std::string& name,
                          const std::string& more = "") {
    return Refusal{set + " " + args, name + " does not apply to " + set.substr(0, set.find(' ')) + more, 2};
  };
  const std::vector<Refusal> cases = {
      ignored(sheet, "--wind-speed 5", "--wind-speed", " (a shot's preset"),
      ignored(sheet, "--choppiness 0.5", "--choppiness"),
      ignored(sheet, "--set wind_speed=5", "--set wind_speed"),
      ignored(sheet, "--patch-sizes 500,100,20", "--patch-sizes"),
      ignored(sheet, "--time 3", "--time", " (its shots set their own)"),
      ignored(sheet, "--foam-warmup 1", "--foam-warmup"),
      ignored(sheet, "--save-settings '" + (dir_ / "s.json").string() + "'", "--save-settings"),
      ignored(sheet, "--sky '" + (dir_ / "missing.hdr").string() + "'", "--sky"),
      ignored(sheet, "--export-maps '" + (dir_ / "maps").string() + "'", "--export-maps"),
      ignored(sheet, "--camera aerial", "--camera"),
      ignored(sheet, "--preset storm", "--preset"),
      ignored(gal, "--wind-speed 5", "--wind-speed", " (a shot's preset"),
      ignored(gal, "--set choppiness=0.5", "--set choppiness"),
      // Honoured: past the check, refused where the folder cannot be made.
      {sheet + " --size 64 --width 32 --height 18", "is a regular file, not a directory", 3},
      {gal + " --size 64 --time 3 --width 32 --height 18", "is a regular file, not a directory", 3},
  };
  for (const Refusal& c : cases) {
    const clitest::Result r = clitest::run_line("render " + c.args, dir_);
    expect_refused(r, c);
    EXPECT_FALSE(fs::exists(dir_ / "s.json") || fs::exists(dir_ / "maps")) << c.args;
  }
}

}  // namespace
