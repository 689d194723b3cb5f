// SPDX-License-Identifier: MIT
// 2D transforms with an axis above 4096 through fft::Plan (the four-step path,
// src/fft/four_step_2d.h), against FFTW in double: long rows, long columns, both, random
// lengths and shapes, single axes, every algorithm that takes the length, every target
// poisoned first; the same path at small sizes through Options::long_line_limit; the path per
// length from the table; refusals.
#include <cstdio>
#include <random>
#include <tuple>

#include "fftref/data.h"
#include "fft/anysize.h"
#include "fft/fft.h"
#include "fft/four_step_2d.h"
#include "fftref/real_data.h"
#include "gl/error.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

fft::Options options(int w, int h, int layers, fft::Algorithm a = fft::Algorithm::Fast,
                     fft::Axes axes = fft::Axes::Both, int limit = 0) {
  fft::Options o;
  o.width = w;
  o.height = h;
  o.layers = layers;
  o.algorithm = a;
  o.axes = axes;
  o.long_line_limit = limit;
  return o;
}

// Options::FastTuning::four_step: 1 natural-layout passes with every long axis split, 2 re-laid,
// 3 whole rows with split columns.
fft::Options path(fft::Options o, int four_step) {
  o.fast.four_step = four_step;
  return o;
}
fft::Options relaid(fft::Options o) { return path(o, 2); }

// Forward and inverse of random data; the larger relative L2 error of the two. `natural`: whether
// the plan must run the natural-layout passes (1) or the re-laid column plans (0); -1 either.
// `how`: text the plan's description must hold (the split it chose).
double check(const fft::Options& o, uint64_t seed, int natural = -1, const char* how = nullptr) {
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());
  EXPECT_NE(plan.four_step(), nullptr) << "not on the four-step path";
  if (!plan.four_step()) return 1;
  if (natural >= 0) EXPECT_EQ(plan.four_step()->natural(), natural != 0) << plan.describe();
  if (how) EXPECT_NE(plan.describe().find(how), std::string::npos) << plan.describe();
  const fft::Planes x = fft::random_planes(o.width, o.height, o.layers, seed);
  gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  fft::upload(tex, x);
  double err = 0;
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    for (const gl::Texture* t : plan.four_step()->targets()) fft::poison(*t);
    const fft::Planes got = fft::download(plan.execute(d, tex));
    err = std::max(err, fft::relative_l2(got, fft::reference_axes(x, d, o.axes)));
  }
  std::printf("[oceanfft] four-step 2D %s %dx%dx%d axes %d limit %d: %.3g (%s)\n",
              std::string(fft::name(o.algorithm)).c_str(), o.width, o.height, o.layers,
              int(o.axes), o.long_line_limit, err, plan.describe().c_str());
  return err;
}

class FftLong2D : public test::GlTest {};

TEST_F(FftLong2D, LongRowsLongColumnsAndBoth) {
  const uint64_t s = test::seed("long 2d");
  EXPECT_LE(check(options(8192, 16, 1), s, 1), 3e-7);
  EXPECT_LE(check(options(16, 8192, 1), s + 1, 1), 3e-7);
  EXPECT_LE(check(options(8192, 8, 2, fft::Algorithm::StockhamR4), s + 2), 3e-7);
  EXPECT_LE(check(options(4, 16384, 1, fft::Algorithm::StockhamR2), s + 3), 3e-7);
  EXPECT_LE(check(options(4104, 24, 1), s + 4), 3e-7);  // 54 x 76: mixed radix and Bluestein
  EXPECT_LE(check(options(16384, 2, 1), s + 5, 1), 3e-7);
  EXPECT_LE(check(relaid(options(16384, 2, 1)), s + 5, 0), 3e-7);  // the fused pass at N1 = 128
  EXPECT_LE(check(options(2, 16384, 1, fft::Algorithm::Fast, fft::Axes::Columns), s + 6, 1), 3e-7);
}

// The same code at sizes llvmpipe runs quickly: the line limit lowered so 512 splits.
TEST_F(FftLong2D, LoweredLimitRunsTheSamePath) {
  const uint64_t s = test::seed("long 2d limit");
  EXPECT_LE(check(options(512, 512, 1, fft::Algorithm::Fast, fft::Axes::Both, 64), s), 3e-7);
  EXPECT_LE(check(options(256, 64, 2, fft::Algorithm::CooleyTukey, fft::Axes::Both, 32), s + 1), 3e-7);
  EXPECT_LE(check(options(96, 300, 1, fft::Algorithm::Fast, fft::Axes::Both, 50), s + 2), 3e-7);
  EXPECT_LE(check(options(512, 24, 1, fft::Algorithm::Fast, fft::Axes::Rows, 64), s + 3), 3e-7);
  EXPECT_LE(check(options(24, 512, 3, fft::Algorithm::Fast, fft::Axes::Columns, 64), s + 4), 3e-7);
  EXPECT_LE(check(relaid(options(512, 512, 1, fft::Algorithm::Fast, fft::Axes::Both, 64)), s + 5, 0), 3e-7);
}

// The natural-layout passes (shaders/fft/four_step_pass.comp) at small sizes: both axes split,
// one split and one in one pass, rows above the limit in one pass, single axes, several layers,
// and line counts that leave the last work group part empty.
TEST_F(FftLong2D, NaturalLayoutPasses) {
  const uint64_t s = test::seed("long 2d natural");
  using fft::Algorithm::Fast;
  EXPECT_LE(check(path(options(512, 256, 2, Fast, fft::Axes::Both, 64), 1), s, 1,
                  "rows 512 = 16 x 32 (2 passes); columns 256 = 16 x 16 (2 passes)"), 3e-7);
  EXPECT_LE(check(path(options(512, 256, 2, Fast, fft::Axes::Both, 64), 3), s + 1, 1,
                  "rows 512 in one step (1 pass); columns 256 = 16 x 16 (2 passes)"), 3e-7);
  EXPECT_LE(check(path(options(128, 1024, 1, Fast, fft::Axes::Both, 256), 3), s + 2, 1,
                  "rows 128 in one step (1 pass); columns 1024 = 32 x 32"), 3e-7);
  EXPECT_LE(check(path(options(512, 5, 1, Fast, fft::Axes::Rows, 64), 1), s + 3, 1,
                  "rows 512 = 16 x 32"), 3e-7);
  EXPECT_LE(check(options(2048, 3, 1, Fast, fft::Axes::Rows, 64), s + 4, 1,
                  "rows 2048 in one step"), 3e-7);
  EXPECT_LE(check(path(options(7, 256, 3, Fast, fft::Axes::Columns, 32), 3), s + 5, 1,
                  "columns 256 = 16 x 16"), 3e-7);
  EXPECT_LE(check(path(options(64, 2048, 1, Fast, fft::Axes::Both, 64), 3), s + 6, 1,
                  "columns 2048 = 32 x 64"), 3e-7);
  // By default columns above the limit are one pass too, where they fit a group.
  EXPECT_LE(check(options(512, 1024, 1, Fast, fft::Axes::Both, 64), s + 8, 1,
                  "rows 512 in one step (1 pass); columns 1024 in one step (1 pass)"), 3e-7);
  EXPECT_LE(check(options(6, 512, 2, Fast, fft::Axes::Columns, 64), s + 9, 1,
                  "columns 512 in one step (1 pass)"), 3e-7);
  // Lengths the passes do not take keep the re-laid path.
  EXPECT_LE(check(options(96, 512, 1, Fast, fft::Axes::Both, 64), s + 7, 0), 3e-7);
}

// The column passes' line orders (Options::FastTuning::four_step_run, four_step_band;
// shaders/fft/four_step_pass.comp): runs of neighbouring rows, bands of columns, both, a run
// above a pass's J (taken as J), a band that does not divide the width (the whole width), a
// width that is not a power of two, several layers. Every order transforms every line once.
TEST_F(FftLong2D, ColumnLineOrders) {
  const uint64_t s = test::seed("long 2d column order");
  using fft::Algorithm::Fast;
  auto order = [](fft::Options o, int run, int band) {
    o.fast.four_step_run = run;
    o.fast.four_step_band = band;
    return o;
  };
  // columns 512 = 16 x 32: J = 32 in the first pass, 16 in the second.
  const fft::Options both = path(options(128, 512, 2, Fast, fft::Axes::Both, 32), 1);
  EXPECT_LE(check(order(both, 2, 0), s, 1, "(column line order: runs of 2, bands of 128)"), 3e-7);
  EXPECT_LE(check(order(both, 4, 16), s + 1, 1, "runs of 4, bands of 16)"), 3e-7);
  EXPECT_LE(check(order(both, 64, 0), s + 2, 1, "runs of 32,"), 3e-7);
  EXPECT_LE(check(order(both, 0, 8), s + 3, 1, "runs of 1, bands of 8)"), 3e-7);
  EXPECT_LE(check(order(both, 2, 1), s + 4, 1, "runs of 2, bands of 1)"), 3e-7);
  EXPECT_LE(check(order(both, 0, 48), s + 5, 1), 3e-7);  // 48 does not divide 128
  EXPECT_LE(check(order(path(options(24, 512, 3, Fast, fft::Axes::Columns, 32), 1), 4, 8), s + 6,
                  1, "runs of 4, bands of 8)"), 3e-7);
  // The real split: columns of 16384 = 128 x 128 with the run of every j.
  EXPECT_LE(check(order(path(options(4, 16384, 1), 0), 128, 2), s + 7, 1,
                  "runs of 128, bands of 2)"), 3e-7);
  // Bad values are refused, naming the field.
  for (auto [run, band, field] : {std::tuple{3, 0, "fast.four_step_run 3"},
                                  std::tuple{-1, 0, "fast.four_step_run -1"},
                                  std::tuple{0, -2, "fast.four_step_band -2"}}) {
    try {
      fft::Plan plan(order(both, run, band), test::shaders());
      ADD_FAILURE() << field << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
  }
}

// The row passes' line order (Options::FastTuning::four_step_row_run): runs of neighbouring
// rows, a run above the height (taken as the height), a height it does not divide (the largest
// power of two that does: 8 of 24, 1 of 5), with the column order at once, and a refusal.
TEST_F(FftLong2D, RowLineOrders) {
  const uint64_t s = test::seed("long 2d row order");
  using fft::Algorithm::Fast;
  auto order = [](fft::Options o, int row_run, int run = 0, int band = 0) {
    o.fast.four_step_row_run = row_run;
    o.fast.four_step_run = run;
    o.fast.four_step_band = band;
    return o;
  };
  // rows 128 = 8 x 16 over 512 rows.
  const fft::Options both = path(options(128, 512, 2, Fast, fft::Axes::Both, 32), 1);
  EXPECT_LE(check(order(both, 2), s, 1, "(row line order: runs of 2);"), 3e-7);
  EXPECT_LE(check(order(both, 16), s + 1, 1, "(row line order: runs of 16);"), 3e-7);
  EXPECT_LE(check(order(both, 1024), s + 2, 1, "(row line order: runs of 512);"), 3e-7);
  EXPECT_LE(check(order(both, 4, 4, 16), s + 3, 1,
                  "(row line order: runs of 4) (column line order: runs of 4, bands of 16)"), 3e-7);
  EXPECT_LE(check(order(path(options(512, 24, 3, Fast, fft::Axes::Rows, 64), 1), 16), s + 4, 1,
                  "(row line order: runs of 8)"), 3e-7);
  EXPECT_LE(check(order(path(options(512, 5, 1, Fast, fft::Axes::Rows, 64), 1), 4), s + 5, 1), 3e-7);
  // The real split: rows of 16384 = 128 x 128, both axes reordered.
  EXPECT_LE(check(order(path(options(16384, 4, 1), 0), 2, 2, 2), s + 6, 1,
                  "(row line order: runs of 2)"), 3e-7);
  try {
    fft::Plan plan(order(both, 6), test::shaders());
    ADD_FAILURE() << "fast.four_step_row_run 6 was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("fast.four_step_row_run 6"), std::string::npos) << e.what();
  }
}

// The path per length as data (Options::FastTuning::four_step_table): a plan takes its longest
// long axis's entry, the default path where there is none, and an explicit four_step over it.
TEST_F(FftLong2D, TableEntryIsHonoured) {
  const uint64_t s = test::seed("long 2d table");
  using fft::Algorithm::Fast;
  auto with = [](fft::FourStepTable t, int four_step = fft::kFourStepFromTable) {
    fft::Options o = options(64, 32, 1, Fast, fft::Axes::Both, 16);  // rows 8 x 8, columns 4 x 8
    o.fast.four_step_table = std::move(t);
    o.fast.four_step = four_step;
    return o;
  };
  auto path_of = [](const fft::Options& o) {
    fft::Plan plan(o, test::shaders());
    return plan.four_step() ? plan.four_step()->path() : -9;
  };
  // The entry for 64 (the longest axis above 16) decides; 32's does not.
  EXPECT_EQ(fft::four_step_path(with({{32, 2}, {64, 1}})), 1);
  EXPECT_EQ(path_of(with({{32, 2}, {64, 1}})), 1);
  EXPECT_LE(check(with({{32, 2}, {64, 1}}), s, 1,
                  "rows 64 = 8 x 8 (2 passes); columns 32 = 4 x 8 (2 passes)"), 3e-7);
  EXPECT_EQ(path_of(with({{64, 3}})), 3);
  EXPECT_LE(check(with({{64, 3}}), s + 1, 1, "rows 64 in one step (1 pass); columns 32 = 4 x 8"), 3e-7);
  EXPECT_EQ(path_of(with({{64, 2}})), 2);
  EXPECT_LE(check(with({{64, 2}}), s + 2, 0), 3e-7);
  // No entry for 64: path 0, whole lines.
  EXPECT_EQ(path_of(with({{32, 2}})), 0);
  EXPECT_LE(check(with({{32, 2}}), s + 3, 1, "rows 64 in one step (1 pass); columns 32 in one step"), 3e-7);
  // An explicit path wins over the table (OCEANFFT_FFT_FOUR_STEP sets it).
  EXPECT_EQ(path_of(with({{64, 2}}, 1)), 1);
  // Columns only: the entry for the height.
  fft::Options cols = with({{64, 2}, {32, 1}});
  cols.axes = fft::Axes::Columns;
  EXPECT_EQ(fft::four_step_path(cols), 1);
  // The built-in choices: the natural-layout passes at 8192 and 16384.
  EXPECT_EQ(fft::four_step_path(options(8192, 8192, 1)), 0);
  fft::Options big = options(16384, 16384, 1);
  EXPECT_EQ(fft::four_step_path(big), 0);
  big.fast.four_step_table = {{16384, 2}};
  EXPECT_EQ(fft::four_step_path(big), 2);
  // A bad entry is refused, naming the field.
  for (fft::FourStepEntry bad : {fft::FourStepEntry{64, 4}, fft::FourStepEntry{64, -1}, fft::FourStepEntry{0, 1}}) {
    try {
      fft::Plan plan(with({bad}), test::shaders());
      ADD_FAILURE() << "table entry " << bad.length << " " << bad.path << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find("fast.four_step_table"), std::string::npos) << e.what();
    }
  }
}

// Issue 16's bounds: 3e-7 where every line's transforms are smooth (radices up to 9), 1e-6
// where one goes through Bluestein. A random shape can chain a Bluestein transform on each of
// the four sub-lengths (598 x 242 = 23 x 26 by 11 x 22: errors near 3e-7 on llvmpipe), so a
// shape's bound is that of its least accurate sub-transform.
double shape_bound(int w, int h, fft::Axes axes, int limit) {
  auto bluestein = [&](int n) {
    if (n <= limit) return fft::detail::smooth_radices(n).empty();
    const auto [a, b] = fft::detail::four_step_split(n, fft::Algorithm::Fast, limit);
    return fft::detail::smooth_radices(a).empty() || fft::detail::smooth_radices(b).empty();
  };
  const bool rows = axes != fft::Axes::Columns, columns = axes != fft::Axes::Rows;
  return (rows && bluestein(w)) || (columns && bluestein(h)) ? 1e-6 : 3e-7;
}

TEST_F(FftLong2D, RandomShapes) {
  std::mt19937_64 rng(test::seed("long 2d shapes"));
  for (int i = 0; i < 6; ++i) {
    const int limit = int(rng() % 60) + 16;
    auto length = [&] {
      int n;
      do n = int(rng() % 700) + 1;
      while (n > limit && !fft::detail::four_step_split(n, fft::Algorithm::Fast, limit).first);
      return n;
    };
    const int w = length(), h = length();
    const fft::Axes axes = fft::Axes(rng() % 3);
    if (w <= limit && h <= limit) continue;
    EXPECT_LE(check(options(w, h, int(rng() % 2) + 1, fft::Algorithm::Fast, axes, limit), rng()),
              shape_bound(w, h, axes, limit));
  }
}

TEST_F(FftLong2D, LengthsWithoutASplitAreRefused) {
  for (auto [w, h, st] : {std::tuple{4099, 8, fft::Status::WidthHasNoSplit},
                          std::tuple{8, 65521, fft::Status::HeightHasNoSplit},
                          std::tuple{65537, 8, fft::Status::WidthOutOfRange}}) {
    const fft::Options o = options(w, h, 1);
    EXPECT_EQ(fft::validate_shape(o), st);
    try {
      fft::Plan plan(o, test::shaders());
      ADD_FAILURE() << "no error for " << w << "x" << h;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), fft::describe(st, o));
    }
  }
  // 12288 = 3 x 4096: no power-of-two split for stockham.
  EXPECT_EQ(fft::validate_shape(options(12288, 8, 1, fft::Algorithm::StockhamR4)),
            fft::Status::WidthNotPowerOfTwo);
}

TEST_F(FftLong2D, DriverLimitsAreCheckedBeforeAnythingIsMade) {
  gl::Context& ctx = test::context();
  const gl::ObjectCounts before = ctx.objects();
  GLint64 ssbo = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &ssbo);
  std::printf("[oceanfft] texture %d, layers %d, storage block %lld bytes\n",
              ctx.limits().max_texture_size, ctx.limits().max_array_layers, (long long)ssbo);
  // Wider than the texture limit: refused by validate().
  const int too_wide = ctx.limits().max_texture_size * 2;
  if (too_wide <= fft::kMaxLongSize) {
    fft::Options o = options(too_wide, 4, 1);
    EXPECT_EQ(fft::validate(o, ctx.limits()), fft::Status::ExceedsTextureLimit);
    EXPECT_THROW(fft::Plan(o, test::shaders()), Error);
  }
  // More texels than the passes index.
  EXPECT_THROW(fft::Plan(options(16384, 16384, 9), test::shaders()), Error);
  // A four-step path that does not exist.
  for (int bad : {-2, 4}) {
    try {
      fft::Plan plan(path(options(512, 8, 1, fft::Algorithm::Fast, fft::Axes::Both, 64), bad),
                     test::shaders());
      ADD_FAILURE() << "fast.four_step " << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find("fast.four_step " + std::to_string(bad)), std::string::npos)
          << e.what();
    }
  }
  test::expect_same_objects(ctx.objects(), before, "after refused four-step plans");
}

}  // namespace
