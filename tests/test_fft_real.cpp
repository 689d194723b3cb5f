// SPDX-License-Identifier: MIT
// Real transforms (fft::RealPlan: R2C forward, C2R inverse, half-spectrum layout) and
// single-axis complex transforms (Options::axes), against FFTW in double on random inputs at
// random sizes, every plan target poisoned with NaN first. Seeds are logged; the worst errors
// are printed at the end.
#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "fft/anysize.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fft/real.h"
#include "fftref/real_data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_compare.h"
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

constexpr double kSmoothBound = 2e-7;  // issue 27: real transforms
constexpr double kAnyBound = 1e-6;     // lengths with a prime factor above 7 (Bluestein), as issue 16

bool smooth(int n) { return !fft::detail::smooth_radices(n).empty(); }

std::map<std::string, double>& worst() {
  static std::map<std::string, double> w;
  return w;
}

// The complex plan's axes all smooth: the real transform's width as its plan takes it.
bool all_smooth(const fft::Options& o) {
  const int w = o.width % 2 == 0 ? o.width / 2 : o.width;
  return smooth(w) && (o.axes == fft::Axes::Rows || smooth(o.height));
}

std::string name(const fft::Options& o) {
  return std::string(fft::name(o.algorithm)) + " " + std::to_string(o.width) + "x" +
         std::to_string(o.height) + "x" + std::to_string(o.layers) +
         (o.axes == fft::Axes::Rows ? " rows" : o.axes == fft::Axes::Columns ? " columns" : "");
}

// R2C then C2R of random data; returns {forward error, inverse error}.
std::pair<double, double> check_real(const fft::Options& o, uint64_t seed,
                                     fft::RealPasses passes = fft::RealPasses::Auto,
                                     bool expect_fused = false) {
  fft::RealPlan plan(o, test::shaders(), passes);
  if (expect_fused) {
    EXPECT_TRUE(plan.fused()) << name(o) << ": " << plan.describe();
    EXPECT_EQ(plan.dispatches_per_execute(fft::Direction::Forward), 2);
    EXPECT_EQ(plan.dispatches_per_execute(fft::Direction::Inverse), o.axes == fft::Axes::Rows ? 1 : 2);
  }
  if (passes == fft::RealPasses::Separate) EXPECT_FALSE(plan.fused());
  SCOPED_TRACE(name(o) + ": " + plan.describe());
  const fft::RealPlanes x = fft::random_real_planes(o.width, o.height, o.layers, seed);
  gl::Texture real = gl::make_complex_texture(test::context(), fft::real_texels(o.width), o.height, o.layers);
  fft::upload_real(real, x);

  for (const gl::Texture* t : plan.targets()) fft::poison(*t);
  const fft::Planes spectrum = fft::download(plan.forward(real));
  const auto ref = fft::reference_r2c(x, o.axes);
  const double forward = fft::relative_l2(spectrum, ref);

  // The inverse of FFTW's own half spectrum (Hermitian, as C2R needs), rounded to float.
  fft::Planes half(fft::spectrum_texels(o.width), o.height, o.layers);
  for (size_t i = 0; i < ref.size(); ++i) half.data[i] = {float(ref[i].real()), float(ref[i].imag())};
  gl::Texture spec = gl::make_complex_texture(test::context(), half.width, o.height, o.layers);
  fft::upload(spec, half);
  for (const gl::Texture* t : plan.targets()) fft::poison(*t);
  const fft::RealPlanes back = fft::download_real(plan.inverse(spec), o.width);
  const double inverse = fft::relative_l2(back, fft::reference_c2r(half, o.width, o.axes));

  const bool tight = all_smooth(o);
  double& w = worst()[std::string("real ") + (tight ? "smooth" : "bluestein")];
  w = std::max({w, forward, inverse});
  EXPECT_LE(forward, tight ? kSmoothBound : kAnyBound) << name(o) << " forward";
  EXPECT_LE(inverse, tight ? kSmoothBound : kAnyBound) << name(o) << " inverse";
  std::printf("[oceanfft] real %-28s forward %.3g inverse %.3g\n", name(o).c_str(), forward, inverse);
  return {forward, inverse};
}

double check_axes(const fft::Options& o, uint64_t seed) {
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(name(o) + ": " + plan.describe());
  const double err = test::forward_inverse_error(plan, o, seed);
  const int n = o.axes == fft::Axes::Columns ? o.height : o.width;
  const bool tight = smooth(n) || o.algorithm != fft::Algorithm::Fast;
  double& w = worst()[std::string("single axis ") + (tight ? "smooth" : "bluestein")];
  w = std::max(w, err);
  EXPECT_LE(err, tight ? 3e-7 : kAnyBound) << name(o);
  std::printf("[oceanfft] axes %-28s %.3g\n", name(o).c_str(), err);
  return err;
}

fft::Options options(int w, int h, int layers, fft::Axes axes = fft::Axes::Both,
                     fft::Algorithm a = fft::Algorithm::Fast) {
  return test::fft_options(a, w, h, layers, axes);
}

class FftReal : public test::GlTest {
 protected:
  static void TearDownTestSuite() {
    for (auto& [k, v] : worst()) std::printf("[oceanfft] worst relative L2, %s: %.3g\n", k.c_str(), v);
  }
};

TEST_F(FftReal, SmallEvenAndOddWidths) {
  std::mt19937_64 rng(test::seed("real small widths"));
  for (int w : {1, 2, 3, 4, 5, 6, 8, 12, 15, 16})
    check_real(options(w, int(rng() % 9) + 1, int(rng() % 2) + 1), rng());
}

TEST_F(FftReal, RandomSizes) {
  std::mt19937_64 rng(test::seed("real random sizes"));
  for (int i = 0; i < 8; ++i) {
    const int w = int(rng() % 700) + 17, h = int(rng() % 120) + 1;
    check_real(options(w, h, int(rng() % 2) + 1), rng());
  }
}

TEST_F(FftReal, RowsOnlyBatches) {
  std::mt19937_64 rng(test::seed("real rows"));
  for (int i = 0; i < 6; ++i) {
    const int w = int(rng() % 2000) + 2, batch = int(rng() % 7) + 1;
    check_real(options(w, batch, int(rng() % 2) + 1, fft::Axes::Rows), rng());
  }
}

TEST_F(FftReal, PowerOfTwoAlgorithms) {
  std::mt19937_64 rng(test::seed("real power-of-two algorithms"));
  for (fft::Algorithm a : fft::all_algorithms()) {
    const int w = 4 << (rng() % 6), h = 2 << (rng() % 6);
    check_real(options(w, h, 1, fft::Axes::Both, a), rng());
    check_real(options(w, int(rng() % 5) + 1, 1, fft::Axes::Rows, a), rng());
  }
}

TEST_F(FftReal, Square_1024x1024_) {
  check_real(options(1024, 1024, 1), test::seed("real 1024^2"));
}

// The split and join fused into the register kernel's passes (shaders/fft/real_fused.comp):
// powers of two with fast, both axes and rows only, column counts W/2+1 that no work group's
// line count divides, against FFTW; and the same shapes through the separate passes.
TEST_F(FftReal, FusedPassesMatchFftw) {
  std::mt19937_64 rng(test::seed("real fused"));
  struct Shape { int w, h; fft::Axes axes; };
  for (Shape s : {Shape{4, 8, fft::Axes::Both}, Shape{16, 4, fft::Axes::Both},
                  Shape{64, 32, fft::Axes::Both}, Shape{256, 128, fft::Axes::Both},
                  Shape{32, 512, fft::Axes::Both}, Shape{8, 4, fft::Axes::Rows},
                  Shape{512, 8, fft::Axes::Rows}})
    for (auto passes : {fft::RealPasses::Auto, fft::RealPasses::Separate})
      check_real(options(s.w, s.h, int(rng() % 2) + 1, s.axes), rng(), passes,
                 passes == fft::RealPasses::Auto);
  // Shapes the fused passes do not take fall back to the separate ones.
  EXPECT_FALSE(fft::RealPlan(options(24, 8, 1), test::shaders()).fused());  // W/2 = 12
  EXPECT_FALSE(fft::RealPlan(options(2, 2, 1), test::shaders()).fused());   // rows of 1
  EXPECT_FALSE(fft::RealPlan(options(16, 1, 1), test::shaders()).fused());  // columns of 1
  check_real(options(16, 1, 1), rng());
  EXPECT_FALSE(fft::RealPlan(options(15, 8, 1), test::shaders()).fused());  // odd width
  EXPECT_FALSE(fft::RealPlan(options(16, 8, 1, fft::Axes::Both, fft::Algorithm::StockhamR4),
                             test::shaders()).fused());
}

TEST_F(FftReal, ColumnsAndBadShapesAreRefused) {
  EXPECT_EQ(fft::validate_real_shape(options(8, 8, 1, fft::Axes::Columns)),
            fft::Status::RealColumnsUnsupported);
  // Stockham's complex plan would be 1 wide.
  EXPECT_EQ(fft::validate_real_shape(options(2, 8, 1, fft::Axes::Both, fft::Algorithm::StockhamR4)),
            fft::Status::WidthOutOfRange);
  EXPECT_EQ(fft::validate_real_shape(options(12, 8, 1, fft::Axes::Both, fft::Algorithm::StockhamR4)),
            fft::Status::WidthNotPowerOfTwo);
  EXPECT_THROW(fft::RealPlan(options(8, 8, 1, fft::Axes::Columns), test::shaders()), Error);
  fft::RealPlan plan(options(10, 4, 1), test::shaders());
  gl::Texture wrong = gl::make_complex_texture(test::context(), 10, 4, 1);
  EXPECT_THROW(plan.forward(wrong), Error);   // the real layout is 5 texels wide
  EXPECT_THROW(plan.inverse(wrong), Error);   // the half spectrum is 6
}

// Single-axis complex transforms: every algorithm, a batch count that is no power of two.
TEST_F(FftReal, SingleAxisEveryAlgorithm) {
  std::mt19937_64 rng(test::seed("single axis"));
  for (fft::Algorithm a : fft::all_algorithms())
    for (fft::Axes axes : {fft::Axes::Rows, fft::Axes::Columns}) {
      const int n = 2 << (rng() % 9), batch = int(rng() % 13) + 1;
      check_axes(axes == fft::Axes::Rows ? options(n, batch, 1, axes, a) : options(batch, n, 1, axes, a),
                 rng());
    }
}

TEST_F(FftReal, SingleAxisAnyLength) {
  std::mt19937_64 rng(test::seed("single axis any length"));
  for (fft::Axes axes : {fft::Axes::Rows, fft::Axes::Columns, fft::Axes::Rows}) {
    const int n = int(rng() % 3000) + 1, batch = int(rng() % 5) + 1;
    check_axes(axes == fft::Axes::Rows ? options(n, batch, 2, axes) : options(batch, n, 2, axes), rng());
  }
}

TEST_F(FftReal, HeightOneIsABatchOfOneLine) {
  // Height 1 with rows only: every algorithm takes it (both axes need height >= 2 for all but fast).
  EXPECT_EQ(fft::validate_shape(options(64, 1, 1, fft::Axes::Rows, fft::Algorithm::StockhamR4)),
            fft::Status::Ok);
  EXPECT_EQ(fft::validate_shape(options(64, 1, 1, fft::Axes::Both, fft::Algorithm::StockhamR4)),
            fft::Status::HeightOutOfRange);
  EXPECT_EQ(fft::validate_shape(options(64, 3, 1, fft::Axes::Rows, fft::Algorithm::StockhamR2)),
            fft::Status::Ok);
  check_axes(options(64, 1, 1, fft::Axes::Rows, fft::Algorithm::StockhamR4), test::seed("height 1"));
}

}  // namespace
