// SPDX-License-Identifier: MIT
// 3D real transforms (fft::RealVolumePlan: R2C forward, C2R inverse, half spectrum along x)
// against FFTW's r2c_3d / c2r_3d in double on random inputs at random sizes, both volumes of the
// image array (.xy and .zw), every plan target poisoned with NaN first. Seeds are logged.
#include <algorithm>
#include <cstdio>
#include <random>

#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "fft/real_volume.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

constexpr double kBound = 3e-7;  // the 3D complex transform's bound (test_fft_volume.cpp)

// R2C then C2R of FFTW's own half spectrum; returns the larger relative L2 error.
double check(int w, int h, int d, fft::Algorithm a, uint64_t seed) {
  const fft::Options o = test::fft_options(a, w, h);
  fft::RealVolumePlan plan(o, d, test::shaders());
  SCOPED_TRACE(plan.describe());
  const fft::RealPlanes x = fft::random_real_planes(w, h, d, seed);
  gl::Texture real = gl::make_complex_texture(test::context(), fft::real_texels(w), h, d);
  fft::upload_real(real, x);

  for (const gl::Texture* t : plan.targets()) fft::poison(*t);
  const fft::Planes spectrum = fft::download(plan.forward(real));
  const auto ref = fft::reference_r2c_3d(x);
  const double forward = fft::relative_l2(spectrum, ref);

  fft::Planes half(fft::spectrum_texels(w), h, d);
  for (size_t i = 0; i < ref.size(); ++i) half.data[i] = {float(ref[i].real()), float(ref[i].imag())};
  gl::Texture spec = gl::make_complex_texture(test::context(), half.width, h, d);
  fft::upload(spec, half);
  for (const gl::Texture* t : plan.targets()) fft::poison(*t);
  const fft::RealPlanes back = fft::download_real(plan.inverse(spec), w);
  const double inverse = fft::relative_l2(back, fft::reference_c2r_3d(half, w));
  std::printf("[oceanfft] 3D real %s %dx%dx%d: forward %.3g inverse %.3g\n",
              std::string(fft::name(a)).c_str(), w, h, d, forward, inverse);
  EXPECT_LE(forward, kBound) << "forward";
  EXPECT_LE(inverse, kBound) << "inverse";
  return std::max(forward, inverse);
}

class FftRealVolume : public test::GlTest {};

TEST_F(FftRealVolume, RandomSizesMatchFftw) {
  std::mt19937_64 rng(test::seed("3d real sizes"));
  for (int i = 0; i < 5; ++i) {
    const int w = int(rng() % 40) + 1, h = int(rng() % 30) + 1, d = int(rng() % 30) + 1;
    check(w, h, d, fft::Algorithm::Fast, rng());
  }
  check(64, 32, 48, fft::Algorithm::Fast, rng());
  check(1, 1, 1, fft::Algorithm::Fast, rng());
  check(7, 5, 3, fft::Algorithm::Fast, rng());
}

TEST_F(FftRealVolume, PowerOfTwoAlgorithms) {
  std::mt19937_64 rng(test::seed("3d real algorithms"));
  for (fft::Algorithm a : fft::all_algorithms())
    check(4 << (rng() % 4), 2 << (rng() % 4), 2 << (rng() % 4), a, rng());
}

TEST_F(FftRealVolume, BadShapesAreRefused) {
  fft::Options o;
  o.width = o.height = 8;
  EXPECT_THROW(fft::RealVolumePlan(o, 0, test::shaders()), Error);
  EXPECT_THROW(fft::RealVolumePlan(o, 5000, test::shaders()), Error);
  o.algorithm = fft::Algorithm::StockhamR4;
  EXPECT_THROW(fft::RealVolumePlan(o, 12, test::shaders()), Error);  // not a power of two
  o.algorithm = fft::Algorithm::Fast;
  fft::RealVolumePlan plan(o, 4, test::shaders());
  gl::Texture wrong = gl::make_complex_texture(test::context(), 8, 8, 4);
  EXPECT_THROW(plan.forward(wrong), Error);  // the real layout is 4 texels wide
  EXPECT_THROW(plan.inverse(wrong), Error);  // the half spectrum is 5
}

}  // namespace
