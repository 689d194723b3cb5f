// SPDX-License-Identifier: MIT
// Two variants of the fast path for the small-size speed gap, both off by default
// (docs/perf-notes.md, "The small-size gap: two variants"): the transposed layout between the
// axes (Options::FastTuning::transpose) and the radix-32 register kernel for the column pass
// (Options::FastTuning::column_per_thread = 32). Each against FFTW in double on random planes
// (seed logged), forward and inverse, onto NaN-poisoned targets, at 256..1024 with 2 and 12
// planes (1 and 6 layers).
#include <complex>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "fft/fast.h"
#include "fft/fft.h"
#include "fft/fused.h"
#include "fft/real.h"
#include "fft/volume.h"
#include "fftref/data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_compare.h"

using namespace oceanfft;

namespace {

constexpr double kBound = 2e-7;

fft::Options square(int n, int layers) {
  fft::Options o;
  o.width = o.height = n;
  o.layers = layers;
  return o;
}

// Every plane of `v` (n x n, row-major, plane after plane) transposed.
std::vector<std::complex<double>> transposed(const std::vector<std::complex<double>>& v, int n) {
  std::vector<std::complex<double>> t(v.size());
  const size_t plane = size_t(n) * n;
  for (size_t p = 0; p < v.size() / plane; ++p)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        t[p * plane + size_t(x) * n + y] = v[p * plane + size_t(y) * n + x];
  return t;
}

using Case = std::tuple<int, int>;  // size, layers

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  auto [n, layers] = info.param;
  // "_NxN_" so that 1024^2 and up carry the slow label (tests/CMakeLists.txt).
  return "_" + std::to_string(n) + "x" + std::to_string(n) + "_layers" + std::to_string(layers);
}

const auto kCases = ::testing::Combine(::testing::Values(256, 512, 1024), ::testing::Values(1, 6));

class FftFastVariantsTransposed : public test::GlTest, public ::testing::WithParamInterface<Case> {};

// transpose 1: the row pass stores the transposed image, the column pass reads it as rows; the
// output stays in natural order.
TEST_P(FftFastVariantsTransposed, BetweenTheAxesMatchesFftw) {
  auto [n, layers] = GetParam();
  fft::Options o = square(n, layers);
  o.fast.transpose = 1;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  ASSERT_TRUE(plan.horizontal().transposed);
  ASSERT_TRUE(plan.vertical().transposed);
  EXPECT_FALSE(plan.vertical().store_transposed);
  EXPECT_EQ(plan.horizontal().strip, 1);
  EXPECT_GE(plan.horizontal().lines, 2);  // runs of at least two texels per store
  const double e = test::forward_inverse_error(plan, o, test::seed("transposed between the axes"));
  EXPECT_LE(e, kBound);
  std::printf("transpose 1, %d^2 x %d layers: rel L2 %.3g\n", n, layers, e);
  RecordProperty("worst_rel_l2", std::to_string(e));
}

// transpose 2: the spectrum itself is left transposed, forward and inverse alike.
TEST_P(FftFastVariantsTransposed, TransposedSpectrumMatchesFftwTransposed) {
  auto [n, layers] = GetParam();
  fft::Options o = square(n, layers);
  o.fast.transpose = 2;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  ASSERT_TRUE(plan.vertical().store_transposed);
  gl::Texture tex = gl::make_complex_texture(test::context(), n, n, layers);
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    const auto x = fft::random_planes(n, n, layers, test::seed("transposed spectrum"));
    fft::upload(tex, x);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const auto got = fft::download(plan.execute(d, tex));
    const double e = fft::relative_l2(got, transposed(fft::reference(x, d), n));
    EXPECT_LE(e, kBound) << (d == fft::Direction::Forward ? "forward" : "inverse");
    std::printf("transpose 2, %d^2 x %d layers, %s: rel L2 %.3g\n", n, layers,
                d == fft::Direction::Forward ? "forward" : "inverse", e);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FftFastVariantsTransposed, kCases, case_name);

class FftFastVariantsRadix32 : public test::GlTest, public ::testing::WithParamInterface<Case> {};

// The column pass with 32 elements per invocation: 1024 = 32 x 32 (one exchange), 512 = 16 x 32
// and 256 = 8 x 32 (a first stage of radix 16 and 8); with the transposed layout too.
TEST_P(FftFastVariantsRadix32, ColumnPassMatchesFftw) {
  auto [n, layers] = GetParam();
  for (int transpose : {0, 1}) {
    fft::Options o = square(n, layers);
    o.fast.column_per_thread = 32;
    o.fast.transpose = transpose;
    fft::Plan plan(o, test::shaders());
    SCOPED_TRACE(plan.describe());
    ASSERT_EQ(plan.vertical().elements_per_invocation, 32);
    ASSERT_EQ(plan.vertical().threads, n / 32);
    EXPECT_EQ(plan.vertical().transposed, transpose == 1);
    EXPECT_NE(plan.horizontal().elements_per_invocation, 32);  // the rows keep their table
    const double e = test::forward_inverse_error(plan, o, test::seed("radix-32 columns"));
    EXPECT_LE(e, kBound);
    std::printf("column P 32, transpose %d, %d^2 x %d layers: rel L2 %.3g\n", transpose, n,
                layers, e);
    RecordProperty("worst_rel_l2_transpose" + std::to_string(transpose), std::to_string(e));
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FftFastVariantsRadix32, kCases, case_name);

class FftFastVariants : public test::GlTest {};

// Radix 32 from a tuning-table entry on both axes, non-square, and along rows only.
TEST_F(FftFastVariants, Radix32FromTheTable) {
  fft::Options o;
  o.width = 64;
  o.height = 1024;
  o.layers = 1;
  o.fast.table = fft::load_fast_table("64 rows 32 4 2\n1024 columns 32 2 1\n");
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  EXPECT_EQ(plan.horizontal().elements_per_invocation, 32);
  EXPECT_EQ(plan.vertical().elements_per_invocation, 32);
  EXPECT_EQ(plan.vertical().exchange, 1);
  EXPECT_LE(test::forward_inverse_error(plan, o, test::seed("radix-32 table")), kBound);
}

// The default plan is untouched by the variants' code: strips of 4, 16 elements at most.
TEST_F(FftFastVariants, DefaultsAreUnchanged) {
  for (int n : {256, 512, 1024}) {
    fft::Plan plan(square(n, 1), test::shaders());
    EXPECT_FALSE(plan.horizontal().transposed) << plan.describe();
    EXPECT_EQ(plan.horizontal().strip, 4) << plan.describe();
    EXPECT_LE(plan.vertical().elements_per_invocation, 16) << plan.describe();
  }
}

// A transposed layout on a non-square power-of-two shape keeps the output in natural order.
TEST_F(FftFastVariants, TransposedBetweenTheAxesNonSquare) {
  fft::Options o;
  o.width = 512;
  o.height = 128;
  o.layers = 2;
  o.fast.transpose = 1;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  ASSERT_TRUE(plan.vertical().transposed);
  EXPECT_LE(test::forward_inverse_error(plan, o, test::seed("transposed non-square")), kBound);
  // The fused passes index the buffer in strips: they refuse a transposed plan.
  EXPECT_FALSE(fft::FusedPass::supported(plan, 0));
  EXPECT_FALSE(fft::FusedPass::supported(plan, 1));
}

TEST_F(FftFastVariants, BadValuesAreRefusedWithAReason) {
  const auto refused = [](const fft::Options& o, const std::string& words) {
    try {
      fft::Plan plan(o, test::shaders());
      ADD_FAILURE() << "accepted: " << plan.describe();
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  fft::Options o = square(64, 1);
  o.fast.column_per_thread = 64;
  refused(o, "fast.column_per_thread 64");
  o.fast.column_per_thread = 12;
  refused(o, "fast.column_per_thread 12");
  o = square(64, 1);
  o.fast.transpose = 3;
  refused(o, "fast.transpose 3");
  o.fast.transpose = 2;
  o.height = 32;
  refused(o, "needs a square transform, not 64x32");
  o = square(100, 1);  // mixed radix: no register path to transpose
  o.fast.transpose = 2;
  refused(o, "needs both axes on the register path");
  EXPECT_THROW(fft::load_fast_table("256 columns 64 2 2\n"), Error);
}

// Plans built from inner 2D plans read those in natural order: a transposed spectrum is refused
// there, fused or separate passes, 2D or 3D, never passed through.
TEST_F(FftFastVariants, CompositePlansRefuseATransposedSpectrum) {
  fft::Options o;
  o.width = 128;  // 64 x 64 complex inside: square, so the inner plan itself would accept it
  o.height = 64;
  o.fast.transpose = 2;
  for (auto passes : {fft::RealPasses::Auto, fft::RealPasses::Separate})
    EXPECT_THROW(fft::RealPlan(o, test::shaders(), passes), Error);
  o.width = 64;
  EXPECT_THROW(fft::VolumePlan(o, 64, test::shaders()), Error);
  // transpose 1 changes only the layout between the inner axes: taken.
  o.width = 128;
  o.fast.transpose = 1;
  EXPECT_NO_THROW(fft::RealPlan(o, test::shaders(), fft::RealPasses::Separate));
}

}  // namespace
