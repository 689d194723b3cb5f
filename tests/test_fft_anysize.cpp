// SPDX-License-Identifier: MIT
// Any length 1..4096 on either axis through Algorithm::Fast (mixed radix 2..9 in registers, or
// Bluestein), against FFTW in double with numpy's normalisation. Lengths are sampled so the
// test stays quick on llvmpipe: every length 1..64, random smooth and non-smooth lengths above,
// the primes just under 4096, and the powers 2187 = 3^7 and 3125 = 5^5, with few lines.
// Most of the time on llvmpipe is compiling one kernel per length (each is specialised by
// defines): about 70 s of CPU for the whole file with an empty shader cache, spread over seven
// ctest entries; fewer lengths would leave the "every length" claim untested.
#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "fft/anysize.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_compare.h"
#include "support/fft_options.h"

using namespace oceanfft;
using Kind = fft::AxisStrategy::Kind;

namespace {

constexpr double kSmoothBound = 3e-7;  // issue 16: smooth lengths
constexpr double kAnyBound = 1e-6;     // issue 16: every length

bool smooth(int n) { return !fft::detail::smooth_radices(n).empty(); }

bool prime(int n) {
  if (n < 2) return false;
  for (int d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// Worst error seen per kind of axis, printed at the end for docs/perf-notes.md.
std::map<std::string, double>& worst() {
  static std::map<std::string, double> w;
  return w;
}

// Forward and inverse of random data with poisoned targets; returns the larger error.
double check(const fft::Options& o, uint64_t seed) {
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  const double err = test::forward_inverse_error(plan, o, seed);
  const bool bluestein = plan.horizontal().kind == Kind::Bluestein ||
                         plan.vertical().kind == Kind::Bluestein;
  double& w = worst()[bluestein ? "bluestein" : "smooth"];
  w = std::max(w, err);
  EXPECT_LE(err, bluestein ? kAnyBound : kSmoothBound)
      << o.width << "x" << o.height << "x" << o.layers << ": " << plan.describe();
  return err;
}

class FftAnySize : public test::GlTest {
 protected:
  static void TearDownTestSuite() {
    for (auto& [k, v] : worst()) std::printf("[oceanfft] worst relative L2, %s: %.3g\n", k.c_str(), v);
  }
};

// Each plan takes two new lengths, one per axis, so both kernels see odd and even lengths and
// the shader compiles (most of this test's time on llvmpipe) stay few.
TEST_F(FftAnySize, EveryLengthUpTo64OnBothAxes) {
  std::mt19937_64 rng(test::seed("lengths 1..64"));
  std::vector<int> lengths(64);
  for (int n = 1; n <= 64; ++n) lengths[size_t(n - 1)] = n;
  std::shuffle(lengths.begin(), lengths.end(), rng);
  for (size_t i = 0; i < lengths.size(); i += 2)
    check(test::fft_options(fft::Algorithm::Fast, lengths[i], lengths[i + 1], int(rng() % 2) + 1), rng());
}

TEST_F(FftAnySize, RandomSmoothLengths) {
  std::mt19937_64 rng(test::seed("smooth lengths"));
  for (int i = 0; i < 12; ++i) {
    int n;
    do n = int(rng() % (fft::kMaxSize - 64)) + 65;
    while (!smooth(n));
    const int lines = int(rng() % 5) + 1;
    if (i % 2) check(test::fft_options(fft::Algorithm::Fast, n, lines, 1 + i % 3), rng());
    else check(test::fft_options(fft::Algorithm::Fast, lines, n, 1 + i % 3), rng());
  }
}

TEST_F(FftAnySize, RandomBluesteinLengths) {
  std::mt19937_64 rng(test::seed("bluestein lengths"));
  for (int i = 0; i < 6; ++i) {
    int n;
    do n = int(rng() % (fft::kMaxSize - 64)) + 65;
    while (smooth(n));
    const int lines = int(rng() % 5) + 1;
    if (i % 2) check(test::fft_options(fft::Algorithm::Fast, n, lines, 1 + i % 2), rng());
    else check(test::fft_options(fft::Algorithm::Fast, lines, n, 1 + i % 2), rng());
  }
}

TEST_F(FftAnySize, PrimesNearTheTopAndPrimePowers) {
  const uint64_t s = test::seed("top lengths");
  int i = 0;
  for (int n = fft::kMaxSize; n > fft::kMaxSize - 25; --n)
    if (prime(n)) check(i++ % 2 ? test::fft_options(fft::Algorithm::Fast, n, 2, 1) : test::fft_options(fft::Algorithm::Fast, 3, n, 1), s + uint64_t(n));
  for (int n : {997, 2187, 3125, 2401, 4095, 4096})
    check(i++ % 2 ? test::fft_options(fft::Algorithm::Fast, n, 3, 1) : test::fft_options(fft::Algorithm::Fast, 2, n, 1), s + uint64_t(n));
}

// Both axes non-trivial at once, several layers, and line counts that no work group size
// divides (a power-of-two axis then also leaves fast.comp for mixed.comp).
TEST_F(FftAnySize, TwoDimensionalShapes) {
  std::mt19937_64 rng(test::seed("2d shapes"));
  for (auto [w, h, l] : {std::tuple{333, 217, 2}, {97, 120, 3}, {256, 37, 2}, {45, 512, 1},
                         {1, 1, 1}, {1, 300, 2}, {210, 1, 1}})
    check(test::fft_options(fft::Algorithm::Fast, w, h, l), rng());
}

// Shared memory too small for a line: narrower exchanges, no padding, then the scratch image.
TEST_F(FftAnySize, SmallSharedMemoryAndInvocationLimits) {
  std::mt19937_64 rng(test::seed("limits"));
  struct Limit {
    int w, h, shared, invocations;
    bool scratch;
  };
  for (auto c : {Limit{1000, 3, 1000 * 4 + 200, 0, false}, Limit{1000, 3, 1000, 0, true},
                 Limit{5, 997, 512, 0, true}, Limit{1999, 2, 0, 128, false},
                 Limit{3, 360, 0, 7, false}}) {
    fft::Options o = test::fft_options(fft::Algorithm::Fast, c.w, c.h, 2);
    o.shared_memory_limit = c.shared;
    o.invocation_limit = c.invocations;
    fft::Plan plan(o, test::shaders());
    const fft::AxisStrategy& s = c.w > c.h ? plan.horizontal() : plan.vertical();
    EXPECT_EQ(s.scratch, c.scratch) << plan.describe();
    if (c.invocations) EXPECT_LE(s.threads * s.lines, c.invocations) << plan.describe();
    check(o, rng());
  }
}

TEST_F(FftAnySize, DescribeSaysHowEachAxisIsDone) {
  fft::Plan plan(test::fft_options(fft::Algorithm::Fast, 1000, 997, 1), test::shaders());
  EXPECT_EQ(plan.horizontal().kind, Kind::MixedRadix);
  EXPECT_EQ(plan.vertical().kind, Kind::Bluestein);
  EXPECT_EQ(plan.vertical().transform, 2048);
  const std::string d = plan.describe();
  EXPECT_NE(d.find("N=1000: mixed radix 8x5x5x5"), std::string::npos) << d;
  EXPECT_NE(d.find("N=997: Bluestein"), std::string::npos) << d;
  EXPECT_EQ(plan.dispatches_per_execute(), 2);
}

TEST(FftAnySizeShape, DesignSourceAlgorithmsRefuseOtherLengths) {
  for (fft::Algorithm a : fft::all_algorithms()) {
    fft::Options o = test::fft_options(fft::Algorithm::Fast, 12, 8, 1);
    o.algorithm = a;
    const fft::Status s = fft::validate_shape(o);
    if (a == fft::Algorithm::Fast) {
      EXPECT_EQ(s, fft::Status::Ok);
      continue;
    }
    EXPECT_EQ(s, fft::Status::WidthNotPowerOfTwo);
    EXPECT_NE(fft::describe(s, o).find("fast takes any size"), std::string::npos);
    o.width = 8;
    o.height = 1;
    EXPECT_EQ(fft::validate_shape(o), fft::Status::HeightOutOfRange) << fft::name(a);
  }
  fft::Options o = test::fft_options(fft::Algorithm::Fast, 0, 8, 1);
  EXPECT_EQ(fft::validate_shape(o), fft::Status::WidthOutOfRange);
  o.width = 65537;
  EXPECT_EQ(fft::validate_shape(o), fft::Status::WidthOutOfRange);
}

TEST(FftAnySizeShape, RadicesMultiplyToTheLength) {
  for (int n = 1; n <= fft::kMaxSize * 2; ++n) {
    const auto r = fft::detail::smooth_radices(n);
    if (r.empty()) continue;
    long p = 1;
    for (int v : r) {
      EXPECT_TRUE(v == 1 || v == 2 || v == 3 || v == 4 || v == 5 || v == 7 || v == 8 || v == 9)
          << n;
      p *= v;
    }
    EXPECT_EQ(p, n);
  }
  EXPECT_TRUE(fft::detail::smooth_radices(997).empty());
  EXPECT_EQ(fft::detail::bluestein_length(997), 2048);
  EXPECT_EQ(fft::detail::bluestein_length(4093), 8192);
}

}  // namespace
