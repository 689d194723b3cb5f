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
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

double check(int w, int h, int depth, fft::Algorithm a, uint64_t seed) {
  const fft::Options o = test::fft_options(a, w, h);
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

// A volume larger than one storage block (GL_MAX_SHADER_STORAGE_BLOCK_SIZE) runs its slices as
// two single-axis plans, as 512^3 does where the block limit is 2 GiB; above the limit here.
TEST_F(FftVolume, VolumeAboveTheStorageBlockLimit) {
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  const int w = 256, h = 256, d = int(block / (int64_t(w) * h * 16)) + 1;
  if (d > 160) GTEST_SKIP() << "storage block limit " << block << ": too large a volume for a test";
  fft::Options o;
  o.width = w;
  o.height = h;
  EXPECT_NE(fft::VolumePlan(o, d, test::shaders()).describe().find("slice columns"), std::string::npos);
  EXPECT_LE(check(w, h, d, fft::Algorithm::Fast, test::seed("3d above the block")), 3e-7);
}

// Sizes beyond memory are refused before anything is made, naming the size.
TEST_F(FftVolume, VolumeBeyondMemoryIsRefused) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  fft::Options o;
  o.width = o.height = 2048;
  try {
    fft::VolumePlan plan(o, 2048, test::shaders());
    ADD_FAILURE() << "a 2048^3 volume (128 GiB per image) was planned";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    EXPECT_NE(std::string(e.what()).find("2048x2048x2048"), std::string::npos) << e.what();
  }
  test::expect_same_objects(ctx.objects(), before, "after a refused volume");
}

TEST_F(FftVolume, BadDepthIsRefused) {
  fft::Options o;
  o.width = o.height = 8;
  EXPECT_THROW(fft::VolumePlan(o, 0, test::shaders()), Error);
  o.algorithm = fft::Algorithm::StockhamR4;
  EXPECT_THROW(fft::VolumePlan(o, 12, test::shaders()), Error);  // not a power of two
}

}  // namespace
