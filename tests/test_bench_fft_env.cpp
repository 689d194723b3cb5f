// SPDX-License-Identifier: MIT
// bench::fft_variant_from_env (src/bench/fft_env.cpp): the environment variables `oceanfft bench`
// and `verify` take for the FFT variant become fft::Options fields; the library itself reads none.
#include <gtest/gtest.h>

#include <string>

#include "bench/fft_env.h"
#include "gl/error.h"
#include "support/scoped_env.h"

using namespace oceanfft;

namespace {

TEST(BenchFftEnv, VariablesBecomeOptions) {
  {
    test::ScopedEnv a("OCEANFFT_FFT_SHUFFLE", nullptr);
    test::ScopedEnv b("OCEANFFT_FFT_SHUFFLE_EMULATE", nullptr);
    test::ScopedEnv c("OCEANFFT_FFT_BARRIER", nullptr);
    test::ScopedEnv d("OCEANFFT_FFT_TRANSPOSE", nullptr);
    test::ScopedEnv e("OCEANFFT_FFT_COLUMN_P", nullptr);
    test::ScopedEnv f("OCEANFFT_FFT_FOUR_STEP", nullptr);
    const bench::FftVariant v = bench::fft_variant_from_env();
    EXPECT_EQ(v.shuffle, 0);
    EXPECT_EQ(v.transpose, 0);
    EXPECT_EQ(v.column_per_thread, 0);
    EXPECT_EQ(v.emulate_subgroup, 0);
    EXPECT_EQ(v.barriers, fft::Barriers::Merged);
    EXPECT_EQ(v.four_step, fft::kFourStepFromTable);  // the plan's table decides
  }
  test::ScopedEnv a("OCEANFFT_FFT_SHUFFLE", "columns");
  test::ScopedEnv b("OCEANFFT_FFT_SHUFFLE_EMULATE", "32");
  test::ScopedEnv c("OCEANFFT_FFT_BARRIER", "narrow");
  test::ScopedEnv d("OCEANFFT_FFT_TRANSPOSE", "spectrum");
  test::ScopedEnv e("OCEANFFT_FFT_COLUMN_P", "32");
  test::ScopedEnv f("OCEANFFT_FFT_FOUR_STEP", "relaid");
  const bench::FftVariant v = bench::fft_variant_from_env();
  EXPECT_EQ(v.transpose, 2);
  EXPECT_EQ(v.column_per_thread, 32);
  EXPECT_EQ(v.shuffle, 2);
  EXPECT_EQ(v.emulate_subgroup, 32);
  EXPECT_EQ(v.barriers, fft::Barriers::Narrow);
  fft::Options o;
  o.fast.per_thread = 8;
  bench::apply(v, o);
  EXPECT_EQ(o.fast.shuffle, 2);
  EXPECT_EQ(o.fast.emulate_subgroup, 32);
  EXPECT_EQ(o.barriers, fft::Barriers::Narrow);
  EXPECT_EQ(o.fast.transpose, 2);
  EXPECT_EQ(o.fast.column_per_thread, 32);
  EXPECT_EQ(o.fast.four_step, 2);
  EXPECT_EQ(o.fast.per_thread, 8);  // the rest is left
}

TEST(BenchFftEnv, FourStepPaths) {
  for (auto [value, path] : {std::pair{"natural", 0}, std::pair{"split", 1}, std::pair{"relaid", 2},
                             std::pair{"rows", 3}}) {
    test::ScopedEnv e("OCEANFFT_FFT_FOUR_STEP", value);
    EXPECT_EQ(bench::fft_variant_from_env().four_step, path) << value;
  }
}

// The natural-layout passes' line order: unset, the library's defaults; else the count.
TEST(BenchFftEnv, FourStepColumnOrder) {
  {
    test::ScopedEnv r("OCEANFFT_FFT_FOUR_STEP_RUN", nullptr);
    test::ScopedEnv b("OCEANFFT_FFT_FOUR_STEP_BAND", nullptr);
    test::ScopedEnv w("OCEANFFT_FFT_FOUR_STEP_ROW_RUN", nullptr);
    const bench::FftVariant v = bench::fft_variant_from_env();
    const fft::Options::FastTuning defaults;
    EXPECT_EQ(v.four_step_run, defaults.four_step_run);
    EXPECT_EQ(v.four_step_band, defaults.four_step_band);
    EXPECT_EQ(v.four_step_row_run, defaults.four_step_row_run);
    EXPECT_EQ(defaults.four_step_run, 16);
    EXPECT_EQ(defaults.four_step_row_run, 16);
  }
  test::ScopedEnv r("OCEANFFT_FFT_FOUR_STEP_RUN", "8");
  test::ScopedEnv b("OCEANFFT_FFT_FOUR_STEP_BAND", "48");
  test::ScopedEnv w("OCEANFFT_FFT_FOUR_STEP_ROW_RUN", "2");
  fft::Options o;
  bench::apply(bench::fft_variant_from_env(), o);
  EXPECT_EQ(o.fast.four_step_run, 8);
  EXPECT_EQ(o.fast.four_step_band, 48);
  EXPECT_EQ(o.fast.four_step_row_run, 2);
}

TEST(BenchFftEnv, BadValuesNameTheVariable) {
  for (auto [name, value] : {std::pair{"OCEANFFT_FFT_SHUFFLE", "sideways"},
                             std::pair{"OCEANFFT_FFT_SHUFFLE_EMULATE", "12"},
                             std::pair{"OCEANFFT_FFT_SHUFFLE_EMULATE", "4096"},
                             std::pair{"OCEANFFT_FFT_BARRIER", "none"},
                             std::pair{"OCEANFFT_FFT_TRANSPOSE", "sideways"},
                             std::pair{"OCEANFFT_FFT_COLUMN_P", "64"},
                             std::pair{"OCEANFFT_FFT_COLUMN_P", "12"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP", "transposed"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_RUN", "3"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_RUN", "0"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_RUN", "131072"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_BAND", "-4"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_BAND", "16x"},
                             std::pair{"OCEANFFT_FFT_FOUR_STEP_ROW_RUN", "6"}}) {
    test::ScopedEnv e(name, value);
    try {
      bench::fft_variant_from_env();
      ADD_FAILURE() << name << "=" << value << " was accepted";
    } catch (const Error& err) {
      EXPECT_EQ(err.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(err.what()).find(std::string(name) + "=" + value), std::string::npos)
          << err.what();
    }
  }
}

}  // namespace
