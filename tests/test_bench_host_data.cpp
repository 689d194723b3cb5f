// SPDX-License-Identifier: MIT
// The host side of `oceanfft bench`'s large cases (src/bench/host_data.cpp): random inputs drawn
// on several threads are the seed's alone, poisoning leaves NaN in every texel, and the threaded
// upload and error agree with fft::upload and fft::relative_l2.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <random>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/host_data.h"
#include "fft/planes.h"
#include "fftref/data.h"
#include "gl/objects.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

TEST(BenchHostData, RandomInputDependsOnTheSeedAloneAndIsStandardNormal) {
  const uint64_t seed = test::seed("fill_normal");
  // Three and a half blocks, so the last block is partial and several threads share the work.
  const size_t n = 3 * bench::kRandomBlock + bench::kRandomBlock / 2;
  std::vector<float> one(n), two(n), five(n), other(n);
  bench::fill_normal(one, seed, 1);
  bench::fill_normal(two, seed, 2);
  bench::fill_normal(five, seed, 5);
  bench::fill_normal(other, seed + 1, 0);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one, five);
  size_t same = 0;
  for (size_t i = 0; i < n; ++i) same += one[i] == other[i];
  EXPECT_LT(same, n / 1000) << "another seed gives the same values";
  // Each block has a stream of its own: block 1 does not repeat block 0.
  size_t repeats = 0;
  for (size_t i = 0; i < bench::kRandomBlock; ++i) repeats += one[i] == one[bench::kRandomBlock + i];
  EXPECT_LT(repeats, bench::kRandomBlock / 1000);
  double sum = 0, squares = 0;
  for (float v : one) {
    ASSERT_TRUE(std::isfinite(v));
    sum += v;
    squares += double(v) * v;
  }
  const double mean = sum / double(n), variance = squares / double(n) - mean * mean;
  // Five standard errors: sd(mean) = 1/sqrt(n), sd(variance) = sqrt(2/n).
  EXPECT_LT(std::abs(mean), 5.0 / std::sqrt(double(n))) << mean;
  EXPECT_LT(std::abs(variance - 1.0), 5.0 * std::sqrt(2.0 / double(n))) << variance;

  const fft::Planes p = bench::random_input(33, 17, 2, seed);
  ASSERT_EQ(p.data.size(), size_t(33) * 17 * 4);
  std::vector<float> flat(p.data.size() * 2);
  bench::fill_normal(flat, seed, 3);
  for (size_t i = 0; i < p.data.size(); ++i) {
    ASSERT_EQ(p.data[i].real(), flat[2 * i]) << i;
    ASSERT_EQ(p.data[i].imag(), flat[2 * i + 1]) << i;
  }
  const fft::RealPlanes r = bench::random_real_input(33, 17, 2, seed);
  ASSERT_EQ(r.data.size(), size_t(33) * 17 * 4);
  EXPECT_TRUE(std::equal(r.data.begin(), r.data.end(), flat.begin()));
}

class BenchHostDataGl : public test::GlTest {};

TEST_F(BenchHostDataGl, EveryTexelOfEveryListedTextureBecomesNaN) {
  const uint64_t seed = test::seed("poison input");
  gl::Texture a = gl::make_complex_texture(test::context(), 33, 17, 2);
  gl::Texture b = gl::make_complex_texture(test::context(), 8, 5, 1);
  gl::Texture untouched = gl::make_complex_texture(test::context(), 8, 5, 1);
  const fft::Planes pa = bench::random_input(33, 17, 2, seed), pb = bench::random_input(8, 5, 1, seed + 1);
  fft::upload(a, pa);
  fft::upload(b, pb);
  fft::upload(untouched, pb);
  // Listed twice and with a null entry, as a plan's targets may list its result.
  bench::poison({&a, nullptr, &b, &a});
  for (const gl::Texture* t : {&a, &b}) {
    const std::vector<float> got = gl::download_texture(*t);
    ASSERT_EQ(got.size(), size_t(t->width()) * t->height() * t->layers() * 4);
    size_t finite = 0;
    for (float v : got) finite += !std::isnan(v);
    EXPECT_EQ(finite, 0u) << t->width() << "x" << t->height();
  }
  EXPECT_EQ(fft::download(untouched).data, pb.data);
}

TEST_F(BenchHostDataGl, ParallelUploadAndRgbaErrorMatchTheEnginesHelpers) {
  const uint64_t seed = test::seed("upload and error");
  // Three blocks of texels and a partial one, two layers: every plane pairing and block seam.
  const int w = 613, h = 457, layers = 2;
  const fft::Planes p = bench::random_input(w, h, layers, seed);
  gl::Texture t = gl::make_complex_texture(test::context(), w, h, layers);
  bench::upload_planes(t, p);
  ASSERT_EQ(fft::download(t).data, p.data);

  std::vector<std::complex<double>> ref(p.data.size());
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1e-3);
  for (size_t i = 0; i < ref.size(); ++i)
    ref[i] = std::complex<double>(p.data[i].real(), p.data[i].imag()) + std::complex<double>(noise(rng), noise(rng));
  std::vector<float> rgba = gl::download_texture(t);
  const double want = fft::relative_l2(fft::download(t), ref);
  const double got = bench::relative_l2_rgba(rgba, w, h, layers, ref);
  ASSERT_GT(want, 1e-4);
  EXPECT_NEAR(got, want, 1e-12 * want);
  rgba[4 * size_t(w) * h + 3] = std::numeric_limits<float>::quiet_NaN();  // layer 1, plane 3
  EXPECT_EQ(bench::relative_l2_rgba(rgba, w, h, layers, ref), std::numeric_limits<double>::infinity());
  rgba.pop_back();
  EXPECT_EQ(bench::relative_l2_rgba(rgba, w, h, layers, ref), std::numeric_limits<double>::infinity());
}

TEST(BenchHostDataPhaseClock, NamesEachPhaseInOrder) {
  bench::PhaseClock clock;
  clock.end("input");
  volatile double x = 0;
  for (int i = 0; i < 100000; ++i) x = x + std::sqrt(double(i));
  clock.end("reference");
  ASSERT_EQ(clock.phases().size(), 2u);
  EXPECT_EQ(clock.phases()[0].first, "input");
  EXPECT_EQ(clock.phases()[1].first, "reference");
  for (const auto& [name, s] : clock.phases()) EXPECT_GE(s, 0.0) << name;
  const std::string line = bench::phase_summary({{"input", 1.234}, {"reference", 0.5}});
  EXPECT_EQ(line, "input 1.23 s, reference 0.50 s");
}

}  // namespace
