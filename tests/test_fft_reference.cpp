// SPDX-License-Identifier: MIT
// fftref's FFTW references in double (src/fftref/data.cpp): each plane transformed in place, on
// FFTW's threads from a million points up, checked against the closed form of a unit impulse's
// transform at sizes on both sides of that threshold, every axis choice and both directions.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "fftref/data.h"
#include "gl_fixture.h"

using namespace oceanfft;
using cd = std::complex<double>;

namespace {

// The transform of planes holding one impulse each (value v_p at (x_p, y_p)): along a transformed
// axis of length L an impulse at j becomes exp(sign 2 pi i j k / L) at every k; an axis left alone
// keeps it where it is; the inverse is scaled by 1 / (product of transformed lengths).
void check(int w, int h, int layers, fft::Axes axes, fft::Direction d, uint64_t seed) {
  std::mt19937_64 rng(seed);
  fft::Planes in(w, h, layers);
  std::vector<int> xs, ys;
  std::vector<cd> vs;
  for (int p = 0; p < 2 * layers; ++p) {
    xs.push_back(int(rng() % unsigned(w)));
    ys.push_back(int(rng() % unsigned(h)));
    // Small integers: exact in float, so the expected values are exact in double.
    vs.emplace_back(double(int(rng() % 9) - 4), double(int(rng() % 9) - 4) + 0.5);
    in.plane(p)[size_t(ys.back()) * w + xs.back()] = {float(vs.back().real()), float(vs.back().imag())};
  }
  const bool rows = axes != fft::Axes::Columns, columns = axes != fft::Axes::Rows;
  const double sign = d == fft::Direction::Forward ? -1.0 : 1.0;
  const double scale = d == fft::Direction::Inverse ? 1.0 / ((rows ? w : 1) * double(columns ? h : 1)) : 1.0;
  std::vector<cd> want(in.data.size());
  for (int p = 0; p < 2 * layers; ++p)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if ((!rows && x != xs[p]) || (!columns && y != ys[p])) continue;
        const double turns = (rows ? double(xs[p]) * x / w : 0.0) + (columns ? double(ys[p]) * y / h : 0.0);
        const double a = sign * 2.0 * std::numbers::pi * (turns - std::floor(turns));
        want[in.plane_size() * p + size_t(y) * w + x] = vs[p] * cd(std::cos(a), std::sin(a)) * scale;
      }
  const std::vector<cd> got = fft::reference_axes(in, d, axes);
  ASSERT_EQ(got.size(), want.size());
  double num = 0, den = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    num += std::norm(got[i] - want[i]);
    den += std::norm(want[i]);
  }
  EXPECT_LT(std::sqrt(num / den), 1e-12)
      << w << "x" << h << " x " << layers << " layers, axes " << int(axes) << ", "
      << (d == fft::Direction::Forward ? "forward" : "inverse");
}

TEST(FftReference, ImpulsesMatchTheirClosedFormOnEveryAxisBothWays) {
  const uint64_t seed = test::seed("impulses");
  for (fft::Axes axes : {fft::Axes::Both, fft::Axes::Rows, fft::Axes::Columns})
    for (fft::Direction d : {fft::Direction::Forward, fft::Direction::Inverse}) {
      check(24, 10, 2, axes, d, seed);        // one thread
      check(1024, 1536, 1, axes, d, seed + 1);  // FFTW's threads (1.5 million points a plane)
    }
}

}  // namespace
