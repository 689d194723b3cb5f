// SPDX-License-Identifier: MIT
// The fast kernel's subgroup-shuffle exchanges (Options::FastTuning::shuffle, fast.glsl's
// FFT_SHUFFLE). llvmpipe (Mesa 22.3) has no GL_KHR_shader_subgroup, so the shuffle path runs here
// with subgroupShuffle emulated through shared memory (emulate_subgroup): every line of index
// arithmetic of the real path, only the one builtin replaced. The real builtin is tested where
// the driver has it, and skipped, saying so, where it has not; the fallback to shared memory
// is tested everywhere.
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "fftref/data.h"
#include "fft/fast.h"
#include "fft/fft.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/scoped_env.h"

using namespace oceanfft;

namespace {

struct Shape {
  int width, height, layers;
};

// Forward and inverse against FFTW in double, the targets poisoned first; returns the worse error.
double check_against_fftw(fft::Plan& plan, const std::string& label, double bound) {
  const fft::Options& o = plan.options();
  gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  double worst = 0;
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    const auto in = fft::random_planes(o.width, o.height, o.layers, test::seed(label));
    fft::upload(tex, in);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const auto out = fft::download(plan.execute(d, tex));
    const double e = fft::relative_l2(out, fft::reference(in, d));
    EXPECT_LE(e, bound) << (d == fft::Direction::Forward ? "forward " : "inverse ") << plan.describe();
    worst = std::max(worst, e);
  }
  return worst;
}

// Whether a line of length n would fit a subgroup of s with at most 16 elements per invocation.
bool fits(int n, int s) { return n / 16 <= s && n >= 4; }

class FftShuffleEmulated : public test::GlTest,
                        public ::testing::WithParamInterface<std::tuple<Shape, int, int>> {};

TEST_P(FftShuffleEmulated, MatchesFftwAndTheSharedMemoryPath) {
  auto [shape, subgroup, axes] = GetParam();
  fft::Options o;
  o.width = shape.width;
  o.height = shape.height;
  o.layers = shape.layers;
  o.fast.shuffle = axes;
  o.fast.emulate_subgroup = subgroup;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  const fft::AxisStrategy* axis[2] = {&plan.horizontal(), &plan.vertical()};
  const int length[2] = {shape.width, shape.height}, lines[2] = {shape.height, shape.width};
  for (int a = 0; a < 2; ++a) {
    const fft::AxisStrategy& s = *axis[a];
    if (!(axes >> a & 1) || !fits(length[a], subgroup) || lines[a] * length[a] < subgroup * 4) {
      continue;  // not asked for, or may legitimately not apply (checked below where it must)
    }
    EXPECT_EQ(s.subgroup, subgroup) << "axis " << a;
    EXPECT_TRUE(s.emulated);
    EXPECT_LE(s.threads, subgroup);
    EXPECT_EQ(s.threads * s.lines % subgroup, 0);
  }
  for (int a = 0; a < 2; ++a)
    if (!(axes >> a & 1)) EXPECT_EQ(axis[a]->subgroup, 0) << "axis " << a << " was not asked for";
  const double e = check_against_fftw(plan, "shuffle emulated", 2e-7);
  RecordProperty("worst_rel_l2", std::to_string(e));

  // The exchange only moves data: with the same elements per invocation the shared-memory
  // path computes the same butterflies with the same twiddles.
  fft::Options shared = o;
  shared.fast.shuffle = 0;
  shared.fast.per_thread = plan.horizontal().elements_per_invocation;
  if (plan.vertical().elements_per_invocation == shared.fast.per_thread) {
    fft::Plan ref(shared, test::shaders());
    gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
    const auto in = fft::random_planes(o.width, o.height, o.layers, test::seed("shuffle vs shared"));
    fft::upload(tex, in);
    const auto a = fft::download(plan.execute(fft::Direction::Forward, tex));
    const auto b = fft::download(ref.execute(fft::Direction::Forward, tex));
    const double d =
        fft::relative_l2(a, std::vector<std::complex<double>>(b.data.begin(), b.data.end()));
    EXPECT_LE(d, 1e-7) << ref.describe();
    std::printf("shuffle vs shared memory at P=%d: rel L2 %.3g\n", shared.fast.per_thread, d);
  }
}

std::string shape_name(const ::testing::TestParamInfo<std::tuple<Shape, int, int>>& info) {
  auto [s, sg, axes] = info.param;
  const char* which[] = {"none", "rows", "columns", "both"};
  return std::to_string(s.width) + "x" + std::to_string(s.height) + "x" + std::to_string(s.layers) +
         "_sg" + std::to_string(sg) + "_" + which[axes];
}

// 32 lanes as on NVIDIA; 8 and 16 move the line/subgroup boundary; 64 as on AMD's wave64.
// 64 = 4^3 (R1 = P), 256 = 4 * 8^2 (R1 < P), 512 = 2 * 16^2, 128 = 2 * 8^2 or 8 * 16, and
// non-square shapes with different lengths (and elements per invocation) per axis.
INSTANTIATE_TEST_SUITE_P(
    Sizes, FftShuffleEmulated,
    ::testing::Values(std::make_tuple(Shape{64, 64, 1}, 32, 3), std::make_tuple(Shape{256, 256, 2}, 32, 3),
                      std::make_tuple(Shape{512, 512, 1}, 32, 3), std::make_tuple(Shape{256, 512, 1}, 32, 1),
                      std::make_tuple(Shape{512, 256, 1}, 32, 2), std::make_tuple(Shape{128, 32, 3}, 32, 3),
                      std::make_tuple(Shape{16, 128, 2}, 32, 3), std::make_tuple(Shape{128, 128, 1}, 8, 3),
                      std::make_tuple(Shape{64, 256, 1}, 16, 3), std::make_tuple(Shape{256, 256, 1}, 64, 3),
                      std::make_tuple(Shape{8, 8, 1}, 4, 3), std::make_tuple(Shape{1024, 64, 1}, 32, 3)),
    shape_name);

class FftShuffle : public test::GlTest {};

// Where a line does not fit a subgroup (1024 on 32 lanes needs 64 invocations of 16 elements),
// or too few lines fill one, the shared-memory exchange runs instead.
TEST_F(FftShuffle, FallsBackWhereALineDoesNotFitASubgroup) {
  fft::Options o;
  o.width = 1024;
  o.height = 2;
  o.fast.shuffle = 3;
  o.fast.emulate_subgroup = 32;
  fft::Plan plan(o, test::shaders());
  EXPECT_EQ(plan.horizontal().subgroup, 0) << plan.describe();
  EXPECT_EQ(plan.vertical().subgroup, 0) << plan.describe();  // 2 points: no exchange at all
  check_against_fftw(plan, "shuffle fallback 1024", 2e-7);
}

// The real builtin, where the driver has it; elsewhere the request falls back to shared memory,
// and must still give the right answer.
TEST_F(FftShuffle, RealSubgroupsOrTheSharedMemoryFallback) {
  const gl::Limits& limits = test::context().limits();
  fft::Options o;
  o.width = o.height = 256;
  o.layers = 2;
  o.fast.shuffle = 3;
  o.fast.emulate_subgroup = 0;  // the driver's own subgroups, whatever the environment says
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  const double e = check_against_fftw(plan, "shuffle real", 2e-7);
  if (!limits.subgroup_shuffle) {
    EXPECT_EQ(plan.horizontal().subgroup, 0);
    EXPECT_EQ(plan.vertical().subgroup, 0);
    GTEST_SKIP() << "the fallback ran (rel L2 " << e << "); the shuffle builtin itself was not "
                 << "tested: this driver (" << test::context().info().renderer
                 << ") lacks GL_KHR_shader_subgroup with shuffles in compute shaders, so only "
                 << "the emulated path (FftShuffleEmulated.*) checks the shuffle exchanges here";
  }
  for (const fft::AxisStrategy* s : {&plan.horizontal(), &plan.vertical()})
    if (256 / 16 <= limits.subgroup_size) {
      EXPECT_EQ(s->subgroup, limits.subgroup_size);
      EXPECT_FALSE(s->emulated);
    }
  for (int n : {64, 512}) {
    o.width = o.height = n;
    fft::Plan p(o, test::shaders());
    SCOPED_TRACE(p.describe());
    check_against_fftw(p, "shuffle real " + std::to_string(n), 2e-7);
  }
}

// The variant is Options' alone: the library reads no environment variable (the benchmark turns
// them into Options, tests/test_bench_fft_env.cpp), and refuses values it cannot plan.
TEST_F(FftShuffle, OptionsSelectTheVariantNotTheEnvironment) {
  fft::Options o;
  o.width = o.height = 64;
  {
    test::ScopedEnv rows("OCEANFFT_FFT_SHUFFLE", "both");
    test::ScopedEnv emulate("OCEANFFT_FFT_SHUFFLE_EMULATE", "16");
    fft::Plan plain(o, test::shaders());
    EXPECT_EQ(plain.horizontal().subgroup, 0) << plain.describe();
    EXPECT_EQ(plain.vertical().subgroup, 0) << plain.describe();
  }
  o.fast.shuffle = 1;
  o.fast.emulate_subgroup = 16;
  fft::Plan plan(o, test::shaders());
  EXPECT_EQ(plan.horizontal().subgroup, 16) << plan.describe();
  EXPECT_EQ(plan.vertical().subgroup, 0) << plan.describe();
  check_against_fftw(plan, "shuffle rows", 2e-7);
  fft::Options bad = o;
  bad.fast.emulate_subgroup = 12;
  EXPECT_THROW(fft::Plan(bad, test::shaders()), Error);
  bad = o;
  bad.fast.shuffle = 4;
  try {
    fft::Plan p(bad, test::shaders());
    ADD_FAILURE() << "shuffle 4 was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("shuffle 4"), std::string::npos) << e.what();
  }
}

// Options::barriers (Plan's barriers between and after the axes): every mode gives the
// default's numbers.
class FftShuffleBarriers : public test::GlTest {};

TEST_F(FftShuffleBarriers, EveryModeGivesTheSameResult) {
  fft::Options o;
  o.width = 128;
  o.height = 64;
  o.layers = 2;
  gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  const auto in = fft::random_planes(o.width, o.height, o.layers, test::seed("barriers"));
  fft::upload(tex, in);
  const auto ref = fft::reference(in, fft::Direction::Forward);
  for (fft::Barriers mode : {fft::Barriers::Separate, fft::Barriers::Merged, fft::Barriers::Narrow}) {
    o.barriers = mode;
    for (fft::Algorithm a : {fft::Algorithm::Fast, fft::Algorithm::StockhamR4}) {
      o.algorithm = a;
      fft::Plan plan(o, test::shaders());
      for (const gl::Texture& t : plan.targets()) fft::poison(t);
      const gl::Texture& out = plan.execute(fft::Direction::Forward, tex);
      // narrow leaves the read-back's barrier to the caller
      glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
      EXPECT_LE(fft::relative_l2(fft::download(out), ref), 2e-7) << int(mode) << " " << plan.describe();
    }
  }
}

// The tuning table is data: the built-in one round-trips through its text, an entry of the
// caller's changes the plan, and bad text or entries are refused with the line.
TEST(FftShuffleFastTable, SavesLoadsAndOverrides) {
  const fft::FastTable builtin = fft::default_fast_table();
  ASSERT_EQ(builtin.size(), 10u);
  EXPECT_EQ(fft::load_fast_table(fft::save_fast_table(builtin)), builtin);
  EXPECT_EQ(fft::Options().fast.table, builtin);
  const fft::FastTable mine = fft::load_fast_table("# mine\n\n128 rows 8 4 1  # eight\n128 columns 2 1 4\n");
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ(mine[0], (fft::FastTuningEntry{128, 0, {8, 4, 1}}));
  EXPECT_EQ(mine[1], (fft::FastTuningEntry{128, 1, {2, 1, 4}}));
  for (const char* bad : {"128 rows 8 4", "128 sideways 8 4 1", "100 rows 8 4 1", "128 rows 3 4 1",
                          "128 rows 8 3 1", "128 rows 8 4 3", "128 rows 8 4 1 9", "128 rows x 4 1",
                          "128 rows 8 4 1\n128 rows 4 4 1"}) {
    try {
      fft::load_fast_table(bad);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find("line "), std::string::npos) << e.what();
    }
  }
}

class FftShuffleFastTableGl : public test::GlTest {};

TEST_F(FftShuffleFastTableGl, AnEntryOfTheCallersShapesThePlan) {
  fft::Options o;
  o.width = o.height = 256;
  fft::Plan builtin(o, test::shaders());
  EXPECT_EQ(builtin.horizontal().elements_per_invocation, 4) << builtin.describe();
  o.fast.table = fft::load_fast_table("256 rows 16 1 4\n");
  fft::Plan mine(o, test::shaders());
  EXPECT_EQ(mine.horizontal().elements_per_invocation, 16) << mine.describe();
  EXPECT_EQ(mine.horizontal().lines, 1);
  EXPECT_EQ(mine.horizontal().exchange, 4);
  // 256 columns have no entry now: the planner's rule (radix 4, vec4 exchanges).
  EXPECT_EQ(mine.vertical().elements_per_invocation, 4);
  EXPECT_EQ(mine.vertical().exchange, 4);
  check_against_fftw(mine, "own table", 2e-7);
  o.fast.table = {{256, 0, {3, 1, 4}}};
  EXPECT_THROW(fft::Plan(o, test::shaders()), Error);
}

}  // namespace
