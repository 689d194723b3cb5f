// SPDX-License-Identifier: MIT
// `oceanfft fft --real` (R2C and C2R through float32 / complex64 files) and `--dims 1` as a user
// runs them, against FFTW in double, and their refusals. Runs the real binary (OCEANFFT_BIN).
#include <fftw3.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "gl_fixture.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

class CliFftReal : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tmp_.path();
    logs_ = dir_ / "logs";
    fs::create_directories(logs_);
  }
  clitest::Result run(const std::vector<std::string>& args) {
    return clitest::run(args, dir_, logs_, 600);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  test::TempDir tmp_{"cli-real"};
  fs::path dir_, logs_;
};

std::vector<std::string> args(const std::string& in, const std::string& out, int w, int h, int layers,
                              std::vector<std::string> extra) {
  std::vector<std::string> a = {"fft", "--width", std::to_string(w), "--height", std::to_string(h),
                                "--layers", std::to_string(layers), "--algorithm", "fast",
                                "--input", in, "--output", out};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

// R2C of a random real file, then C2R of FFTW's own half spectrum, at an even and an odd
// width, 2D and 1D.
TEST_F(CliFftReal, RealRoundTripMatchesFftw) {
  std::mt19937_64 rng(test::seed("cli real"));
  struct Case { int w, h, layers; int dims; };
  for (Case c : {Case{48, 20, 2, 2}, Case{35, 9, 1, 2}, Case{250, 3, 1, 1}, Case{77, 1, 2, 1}}) {
    SCOPED_TRACE(std::to_string(c.w) + "x" + std::to_string(c.h) + " dims " + std::to_string(c.dims));
    const fft::Axes axes = c.dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
    const std::string dims = std::to_string(c.dims);
    const fft::RealPlanes x = fft::random_real_planes(c.w, c.h, c.layers, rng());
    fft::write_real_raw(path("x.f32"), x);
    auto r = run(args(path("x.f32"), path("X.c64"), c.w, c.h, c.layers, {"--real", "--dims", dims}));
    ASSERT_TRUE(r.exited && r.status == 0) << r.err;
    const int half = c.w / 2 + 1;
    const fft::Planes got = fft::read_raw(path("X.c64"), half, c.h, c.layers);
    const auto ref = fft::reference_r2c(x, axes);
    EXPECT_LE(fft::relative_l2(got, ref), 1e-6);

    fft::Planes spectrum(half, c.h, c.layers);
    for (size_t i = 0; i < ref.size(); ++i) spectrum.data[i] = {float(ref[i].real()), float(ref[i].imag())};
    fft::write_raw(path("S.c64"), spectrum);
    r = run(args(path("S.c64"), path("y.f32"), c.w, c.h, c.layers,
                 {"--real", "--inverse", "--dims", dims}));
    ASSERT_TRUE(r.exited && r.status == 0) << r.err;
    const fft::RealPlanes y = fft::read_real_raw(path("y.f32"), c.w, c.h, c.layers);
    EXPECT_LE(fft::relative_l2(y, fft::reference_c2r(spectrum, c.w, axes)), 1e-6);
  }
}

// Complex 1D transforms through the file: each row on its own.
TEST_F(CliFftReal, Dims1MatchesFftwPerRow) {
  const fft::Planes x = fft::random_planes(96, 5, 1, test::seed("cli dims 1"));
  fft::write_raw(path("x.c64"), x);
  for (std::string alg : {"fast", "stockham-r4"}) {
    const auto r = run({"fft", "--width", "96", "--height", "5", "--dims", "1", "--algorithm", alg,
                        "--input", path("x.c64"), "--output", path("y.c64")});
    if (alg == "stockham-r4") {  // 96 is no power of two
      EXPECT_TRUE(r.exited && r.status == 2) << r.err;
      continue;
    }
    ASSERT_TRUE(r.exited && r.status == 0) << r.err;
    EXPECT_LE(fft::relative_l2(fft::read_raw(path("y.c64"), 96, 5, 1),
                               fft::reference_axes(x, fft::Direction::Forward, fft::Axes::Rows)),
              1e-6);
  }
}

// --buffer: the same file through storage buffers, forward and inverse, against FFTW.
TEST_F(CliFftReal, BufferMatchesFftw) {
  const fft::Planes x = fft::random_planes(40, 24, 2, test::seed("cli buffer"));
  fft::write_raw(path("x.c64"), x);
  for (bool inverse : {false, true}) {
    std::vector<std::string> a = {"fft", "--width", "40", "--height", "24", "--layers", "2",
                                  "--algorithm", "fast", "--buffer", "--input", path("x.c64"),
                                  "--output", path("y.c64")};
    if (inverse) a.push_back("--inverse");
    const auto r = run(a);
    ASSERT_TRUE(r.exited && r.status == 0) << r.err;
    const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
    EXPECT_LE(fft::relative_l2(fft::read_raw(path("y.c64"), 40, 24, 2), fft::reference(x, d)), 1e-6);
  }
}

// --dims 3: two volumes, volume after volume in the file, against FFTW's 3D transform.
TEST_F(CliFftReal, Dims3MatchesFftw) {
  const int w = 12, h = 10, d = 6;
  const fft::Planes x = fft::random_planes(w, h, d, test::seed("cli dims 3"));  // 2d planes
  fft::write_raw(path("x.c64"), x);
  const auto r = run({"fft", "--width", "12", "--height", "10", "--dims", "3", "--depth", "6",
                      "--algorithm", "fast", "--input", path("x.c64"), "--output", path("y.c64")});
  ASSERT_TRUE(r.exited && r.status == 0) << r.err;
  const fft::Planes y = fft::read_raw(path("y.c64"), w, h, d);
  double num = 0, den = 0;
  const size_t n = size_t(w) * h * d;
  for (int v = 0; v < 2; ++v) {
    std::vector<std::complex<double>> a(n), b(n);
    for (size_t i = 0; i < n; ++i) a[i] = std::complex<double>(x.data[v * n + i]);
    fftw_plan p = fftw_plan_dft_3d(d, h, w, reinterpret_cast<fftw_complex*>(a.data()),
                                   reinterpret_cast<fftw_complex*>(b.data()), FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
    for (size_t i = 0; i < n; ++i) {
      num += std::norm(std::complex<double>(y.data[v * n + i]) - b[i]);
      den += std::norm(b[i]);
    }
  }
  EXPECT_LE(std::sqrt(num / den), 1e-6);
  for (auto bad : std::vector<std::vector<std::string>>{
           {"--dims", "3"}, {"--depth", "6"}, {"--dims", "3", "--depth", "6", "--layers", "2"},
           {"--dims", "3", "--depth", "5000"}}) {
    std::vector<std::string> a = {"fft", "--width", "12", "--height", "10", "--algorithm", "fast",
                                  "--input", path("x.c64"), "--output", path("z")};
    a.insert(a.end(), bad.begin(), bad.end());
    const auto q = run(a);
    EXPECT_TRUE(q.exited && q.status == 2) << q.err;
    EXPECT_FALSE(fs::exists(path("z")));
  }
}

// --dims 1 past 4096: the four-step plan, lines in the file as they are.
TEST_F(CliFftReal, LongLinesMatchFftw) {
  const fft::Planes x = fft::random_planes(20000, 2, 1, test::seed("cli long"));
  fft::write_raw(path("x.c64"), x);
  for (bool inverse : {false, true}) {
    std::vector<std::string> a = {"fft", "--width", "20000", "--height", "2", "--dims", "1",
                                  "--algorithm", "fast", "--input", path("x.c64"), "--output", path("y.c64")};
    if (inverse) a.push_back("--inverse");
    const auto r = run(a);
    ASSERT_TRUE(r.exited && r.status == 0) << r.err;
    const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
    EXPECT_LE(fft::relative_l2(fft::read_raw(path("y.c64"), 20000, 2, 1),
                               fft::reference_axes(x, d, fft::Axes::Rows)),
              1e-6);
  }
  fft::write_raw(path("p.c64"), fft::random_planes(65521, 1, 1, 1));
  const auto r = run({"fft", "--width", "65521", "--height", "1", "--dims", "1", "--algorithm",
                      "fast", "--input", path("p.c64"), "--output", path("z")});
  EXPECT_TRUE(r.exited && r.status == 2) << r.err;
  EXPECT_NE(r.err.find("no split"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("z")));
}

// bench --transforms: one row per transform, each with a small round-trip error.
TEST_F(CliFftReal, BenchTransformsTable) {
  const auto r = run({"bench", "--transforms", "32;8;8192", "--reps", "3", "--warmup", "1",
                      "--warmup-ms", "0", "--seed", "5", "--json", path("t.json")});
  ASSERT_TRUE(r.exited && r.status == 0) << r.err;
  int rows = 0;
  for (const char* kind : {"c2c-2d ", "r2c-2d ", "r2c-2d-sep ", "c2c-1d ", "c2c-3d ", "r2c-3d ", "four-step "}) {
    const size_t at = r.out.find(std::string("\n") + kind);
    ASSERT_NE(at, std::string::npos) << kind << " missing:\n" << r.out;
    const size_t eol = r.out.find('\n', at + 1);
    const std::string line = r.out.substr(at + 1, eol - at - 1);
    const double err = std::stod(line.substr(line.find_last_of(' ') + 1));
    EXPECT_LE(err, 1e-5) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 7);
  // The same rows as JSON (schema oceanfft-bench-transforms/1).
  const auto j = nlohmann::json::parse(clitest::slurp(path("t.json")));
  EXPECT_EQ(j["schema"], "oceanfft-bench-transforms/1");
  ASSERT_EQ(j["rows"].size(), 7u);
  for (const auto& row : j["rows"]) {
    EXPECT_GT(row["round_trip"]["median_ms"].get<double>(), 0.0) << row;
    EXPECT_LE(row["rel_l2"].get<double>(), 1e-5) << row;
  }
  EXPECT_EQ(j["rows"][2]["kind"], "r2c-2d-sep");
  EXPECT_NE(run({"bench", "--transforms", "32;8;65521"}).status, 0);  // a prime: no split
}

TEST_F(CliFftReal, BadRealInputsAreRefused) {
  fft::write_real_raw(path("x.f32"), fft::random_real_planes(16, 4, 1, 1));
  // Wrong size for the declared shape (a complex file's bytes), a bad --dims, and a NaN.
  struct Bad { std::vector<std::string> a; int status; };
  const std::vector<Bad> bad = {
      {args(path("x.f32"), path("o"), 16, 8, 1, {"--real"}), 2},
      {args(path("x.f32"), path("o"), 16, 4, 1, {"--real", "--dims", "3"}), 2},
      {args(path("x.f32"), path("o"), 16, 4, 1, {"--real", "--inverse"}), 2},
      {args(path("x.f32"), path("o"), 2, 4, 1, {"--real", "--algorithm", "stockham-r2"}), 2},
  };
  for (const Bad& b : bad) {
    const auto r = run(b.a);
    EXPECT_TRUE(r.exited && r.status == b.status) << r.status << " " << r.err;
    EXPECT_FALSE(r.err.empty());
    EXPECT_FALSE(fs::exists(path("o")));
  }
  fft::RealPlanes nan = fft::random_real_planes(16, 4, 1, 2);
  nan.data[5] = std::numeric_limits<float>::quiet_NaN();
  fft::write_real_raw(path("nan.f32"), nan);
  // Refused as every transform's non-finite input is, unless --allow-non-finite-input says so.
  const auto r = run(args(path("nan.f32"), path("o"), 16, 4, 1, {"--real"}));
  EXPECT_TRUE(r.exited && r.status == 2) << r.status << " " << r.err;
  EXPECT_NE(r.err.find("holds 1 NaN or infinite value(s)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("o")));
}

}  // namespace
