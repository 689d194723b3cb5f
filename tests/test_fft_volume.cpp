// SPDX-License-Identifier: MIT
// 3D complex FFTs (fft::VolumePlan) against FFTW's 3D transform in double, random sizes, both
// volumes of the image array (.xy and .zw), every target poisoned first.
#include <cstdio>
#include <random>

#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "fft/volume.h"
#include "gl/error.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

double check(int w, int h, int depth, fft::Algorithm a, uint64_t seed) {
  fft::Options o;
  o.width = w;
  o.height = h;
  o.algorithm = a;
  fft::VolumePlan plan(o, depth, test::shaders());
  SCOPED_TRACE(plan.describe());
  const fft::Planes x = fft::random_planes(w, h, depth, seed);
  gl::Texture tex = gl::make_complex_texture(test::context(), w, h, depth);
  fft::upload(tex, x);
  double err = 0;
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    for (const gl::Texture* t : plan.targets()) fft::poison(*t);
    err = std::max(err, fft::relative_l2(fft::download(plan.execute(d, tex)), fft::reference_3d(x, d)));
  }
  std::printf("[oceanfft] 3D %s %dx%dx%d: %.3g\n", std::string(fft::name(a)).c_str(), w, h, depth, err);
  return err;
}

class FftVolume : public test::GlTest {};

TEST_F(FftVolume, RandomSizesMatchFftw) {
  std::mt19937_64 rng(test::seed("3d sizes"));
  for (int i = 0; i < 4; ++i) {
    const int w = int(rng() % 40) + 1, h = int(rng() % 40) + 1, d = int(rng() % 40) + 1;
    EXPECT_LE(check(w, h, d, fft::Algorithm::Fast, rng()), 3e-7);
  }
  EXPECT_LE(check(64, 32, 48, fft::Algorithm::Fast, rng()), 3e-7);
}

TEST_F(FftVolume, PowerOfTwoAlgorithms) {
  std::mt19937_64 rng(test::seed("3d algorithms"));
  for (fft::Algorithm a : fft::all_algorithms())
    EXPECT_LE(check(2 << (rng() % 4), 2 << (rng() % 4), 2 << (rng() % 4), a, rng()), 3e-7);
}

TEST_F(FftVolume, BadDepthIsRefused) {
  fft::Options o;
  o.width = o.height = 8;
  EXPECT_THROW(fft::VolumePlan(o, 0, test::shaders()), Error);
  o.algorithm = fft::Algorithm::StockhamR4;
  EXPECT_THROW(fft::VolumePlan(o, 12, test::shaders()), Error);  // not a power of two
}

}  // namespace
