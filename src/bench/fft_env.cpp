// SPDX-License-Identifier: MIT
#include "bench/fft_env.h"

#include <bit>
#include <cstdlib>
#include <string>

#include "gl/error.h"

namespace oceanfft::bench {
namespace {

std::string env(const char* name) {
  const char* e = std::getenv(name);
  return e ? e : "";
}

}  // namespace

FftVariant fft_variant_from_env() {
  FftVariant v;
  if (const std::string s = env("OCEANFFT_FFT_SHUFFLE"); s.empty() || s == "off" || s == "0")
    v.shuffle = 0;
  else if (s == "rows")
    v.shuffle = 1;
  else if (s == "columns")
    v.shuffle = 2;
  else if (s == "both" || s == "on" || s == "1")
    v.shuffle = 3;
  else
    throw Error(ErrorCode::InvalidArgument,
                "OCEANFFT_FFT_SHUFFLE=" + s + ": expected off, rows, columns or both");
  if (const std::string s = env("OCEANFFT_FFT_SHUFFLE_EMULATE"); !s.empty()) {
    char* end = nullptr;
    const long n = std::strtol(s.c_str(), &end, 10);
    if (*end || n < 1 || n > 1024 || !std::has_single_bit(unsigned(n)))
      throw Error(ErrorCode::InvalidArgument,
                  "OCEANFFT_FFT_SHUFFLE_EMULATE=" + s + ": expected a power of two in 1..1024");
    v.emulate_subgroup = int(n);
  }
  if (const std::string s = env("OCEANFFT_FFT_TRANSPOSE"); s.empty() || s == "off" || s == "0")
    v.transpose = 0;
  else if (s == "between" || s == "1")
    v.transpose = 1;
  else if (s == "spectrum" || s == "2")
    v.transpose = 2;
  else
    throw Error(ErrorCode::InvalidArgument,
                "OCEANFFT_FFT_TRANSPOSE=" + s + ": expected off, between or spectrum");
  if (const std::string s = env("OCEANFFT_FFT_COLUMN_P"); !s.empty()) {
    char* end = nullptr;
    const long n = std::strtol(s.c_str(), &end, 10);
    if (*end || n < 2 || n > 32 || !std::has_single_bit(unsigned(n)))
      throw Error(ErrorCode::InvalidArgument,
                  "OCEANFFT_FFT_COLUMN_P=" + s + ": expected a power of two in 2..32");
    v.column_per_thread = int(n);
  }
  if (const std::string s = env("OCEANFFT_FFT_BARRIER"); s.empty() || s == "merged")
    v.barriers = fft::Barriers::Merged;
  else if (s == "separate")
    v.barriers = fft::Barriers::Separate;
  else if (s == "narrow")
    v.barriers = fft::Barriers::Narrow;
  else
    throw Error(ErrorCode::InvalidArgument,
                "OCEANFFT_FFT_BARRIER=" + s + ": expected merged, separate or narrow");
  if (const std::string s = env("OCEANFFT_FFT_FOUR_STEP"); s.empty())
    v.four_step = fft::kFourStepFromTable;
  else if (s == "natural")
    v.four_step = 0;
  else if (s == "split")
    v.four_step = 1;
  else if (s == "relaid")
    v.four_step = 2;
  else if (s == "rows")
    v.four_step = 3;
  else
    throw Error(ErrorCode::InvalidArgument,
                "OCEANFFT_FFT_FOUR_STEP=" + s + ": expected natural, split, relaid or rows");
  // The natural-layout passes' line order (fft::Options::FastTuning::four_step_run,
  // four_step_band, four_step_row_run).
  auto count = [&](const char* name, bool power_of_two, int unset) {
    const std::string s = env(name);
    if (s.empty()) return unset;
    char* end = nullptr;
    const long n = std::strtol(s.c_str(), &end, 10);
    if (*end || n < 1 || n > fft::kMaxLongSize || (power_of_two && !std::has_single_bit(unsigned(n))))
      throw Error(ErrorCode::InvalidArgument,
                  std::string(name) + "=" + s + ": expected " +
                      (power_of_two ? "a power of two in 1.." : "an integer in 1..") +
                      std::to_string(fft::kMaxLongSize));
    return int(n);
  };
  v.four_step_run = count("OCEANFFT_FFT_FOUR_STEP_RUN", true, v.four_step_run);
  v.four_step_band = count("OCEANFFT_FFT_FOUR_STEP_BAND", false, v.four_step_band);
  v.four_step_row_run = count("OCEANFFT_FFT_FOUR_STEP_ROW_RUN", true, v.four_step_row_run);
  return v;
}

void apply(const FftVariant& v, fft::Options& o) {
  o.fast.shuffle = v.shuffle;
  o.fast.emulate_subgroup = v.emulate_subgroup;
  o.fast.transpose = v.transpose;
  o.fast.column_per_thread = v.column_per_thread;
  o.barriers = v.barriers;
  o.fast.four_step = v.four_step;
  o.fast.four_step_run = v.four_step_run;
  o.fast.four_step_band = v.four_step_band;
  o.fast.four_step_row_run = v.four_step_row_run;
}

}  // namespace oceanfft::bench
