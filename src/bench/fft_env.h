// SPDX-License-Identifier: MIT
#pragma once
// The FFT variants a measurement selects through the environment: OCEANFFT_FFT_SHUFFLE (off, rows,
// columns or both), OCEANFFT_FFT_SHUFFLE_EMULATE (a power of two in 1..1024),
// OCEANFFT_FFT_BARRIER (merged, separate or narrow), OCEANFFT_FFT_TRANSPOSE (off, between or
// spectrum), OCEANFFT_FFT_COLUMN_P (a power of two in 2..32: elements per invocation in the
// column pass, 32 the radix-32 kernel) and OCEANFFT_FFT_FOUR_STEP (natural, split, relaid or
// rows; unset, the plan's per-length table decides), OCEANFFT_FFT_FOUR_STEP_RUN (a power of two)
// and OCEANFFT_FFT_FOUR_STEP_BAND (a count of columns): the natural-layout column passes' line
// order; OCEANFFT_FFT_FOUR_STEP_ROW_RUN (a power of two): the row passes'. The engine reads no
// environment; `oceanfft bench`, `oceanfft verify` and the device tools turn these into
// fft::Options here.
#include "fft/fft.h"

namespace oceanfft::bench {

struct FftVariant {
  int shuffle = 0;           // fft::Options::FastTuning::shuffle
  int emulate_subgroup = 0;  // fft::Options::FastTuning::emulate_subgroup
  int transpose = 0;         // fft::Options::FastTuning::transpose
  int column_per_thread = 0; // fft::Options::FastTuning::column_per_thread
  fft::Barriers barriers = fft::Barriers::Merged;
  // fft::Options::FastTuning::four_step; unset: the plan's table (fft::kFourStepFromTable)
  int four_step = fft::kFourStepFromTable;
  // The natural-layout passes' line order, the library's defaults unless set.
  int four_step_run = fft::Options::FastTuning{}.four_step_run;
  int four_step_band = fft::Options::FastTuning{}.four_step_band;
  int four_step_row_run = fft::Options::FastTuning{}.four_step_row_run;
};

// The variables' values (unset or empty: the defaults). Throws Error(InvalidArgument) naming the
// variable for a value it does not take.
FftVariant fft_variant_from_env();

// Sets the variant's fields of `o`, leaving the rest.
void apply(const FftVariant& v, fft::Options& o);

}  // namespace oceanfft::bench
