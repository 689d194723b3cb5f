// SPDX-License-Identifier: MIT
// Long 1D lines by the four-step method (fft::LongPlan), against FFTW in double: lengths past
// the 4096 of one work group up to 65536, random lengths, several lines and layers, every
// target poisoned first; lengths with no split are refused.
#include <cstdio>
#include <random>

#include "fftref/data.h"
#include "fft/fft.h"
#include "fft/long.h"
#include "fftref/real_data.h"
#include "gl/error.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

// Lines as the CLI's file holds them (width N, height lines, layers) <-> the folded image:
// plane 2(l*H + y) + c of the fold is row y of plane 2l + c, the same N values in order.
fft::Planes fold(const fft::Planes& x, int n1, int n2) {
  fft::Planes f(n2, n1, x.height * x.layers);
  const size_t n = size_t(x.width);
  for (int l = 0; l < x.layers; ++l)
    for (int c = 0; c < 2; ++c)
      for (int y = 0; y < x.height; ++y)
        std::copy_n(x.plane(2 * l + c) + n * y, n, f.plane(2 * (l * x.height + y) + c));
  return f;
}

double check(int n, int lines, int layers, fft::Algorithm a, uint64_t seed) {
  fft::Options o;
  o.width = n;
  o.height = lines;
  o.layers = layers;
  o.algorithm = a;
  fft::LongPlan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  const fft::Planes x = fft::random_planes(n, lines, layers, seed);
  const int n1 = plan.fold_height(), n2 = plan.fold_width();
  gl::Texture tex = gl::make_complex_texture(test::context(), n2, n1, lines * layers);
  fft::upload(tex, fold(x, n1, n2));
  double err = 0;
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    for (const gl::Texture* t : plan.targets()) fft::poison(*t);
    const fft::Planes got = fft::download(plan.execute(d, tex));
    const auto ref = fft::reference_axes(x, d, fft::Axes::Rows);
    // The reference in the folded order: the same values, planes regrouped.
    std::vector<std::complex<double>> folded(ref.size());
    const size_t len = size_t(n);
    for (int l = 0; l < layers; ++l)
      for (int c = 0; c < 2; ++c)
        for (int y = 0; y < lines; ++y)
          std::copy_n(ref.begin() + ptrdiff_t((size_t(2 * l + c) * lines + y) * len), len,
                      folded.begin() + ptrdiff_t(size_t(2 * (l * lines + y) + c) * len));
    err = std::max(err, fft::relative_l2(got, folded));
  }
  std::printf("[oceanfft] four-step %s N=%d (%dx%d) x %d lines x %d layers: %.3g\n",
              std::string(fft::name(a)).c_str(), n, n1, n2, lines, layers, err);
  return err;
}

class FftLong : public test::GlTest {};

TEST_F(FftLong, PowersOfTwoUpTo65536) {
  const uint64_t s = test::seed("long powers");
  EXPECT_LE(check(8192, 2, 1, fft::Algorithm::Fast, s), 3e-7);
  EXPECT_LE(check(65536, 1, 1, fft::Algorithm::Fast, s + 1), 3e-7);
  EXPECT_LE(check(16384, 1, 1, fft::Algorithm::StockhamR4, s + 2), 3e-7);
}

TEST_F(FftLong, RandomLengths) {
  std::mt19937_64 rng(test::seed("long lengths"));
  for (int i = 0; i < 4; ++i) {
    int n;
    do n = int(rng() % (fft::kMaxLongSize - 4096)) + 4097;
    while (!fft::long_split(n, fft::Algorithm::Fast).first);
    EXPECT_LE(check(n, int(rng() % 2) + 1, int(rng() % 2) + 1, fft::Algorithm::Fast, rng()), 1e-6);
  }
  EXPECT_LE(check(100, 3, 1, fft::Algorithm::Fast, rng()), 3e-7);  // short lines work too
}

TEST_F(FftLong, LengthsWithoutASplitAreRefused) {
  fft::Options o;
  o.width = 65521;  // prime
  EXPECT_EQ(fft::long_split(65521, fft::Algorithm::Fast).first, 0);
  EXPECT_THROW(fft::LongPlan(o, test::shaders()), Error);
  o.width = 65537;
  EXPECT_THROW(fft::LongPlan(o, test::shaders()), Error);
  o.width = 12288;  // 3 * 4096: no power-of-two split for stockham
  o.algorithm = fft::Algorithm::StockhamR4;
  EXPECT_THROW(fft::LongPlan(o, test::shaders()), Error);
}

}  // namespace
