// SPDX-License-Identifier: MIT
#pragma once
// FFTW's threads for the references in double: a plane of a million points or more is planned
// for every core of the host (FFTW's own threads, libfftw3_threads), smaller ones for one, where
// starting threads costs more than it saves. A 16384^2 reference on one core takes most of a
// minute.
#include <cstddef>
#include <functional>

#include <fftw3.h>

namespace oceanfft::fft::detail {

// Threads for one transform of `points` complex or real values.
int reference_threads(size_t points);

// `make()`'s plan, made with FFTW planning for `threads` threads (its executes then use them).
// FFTW's planner is not thread-safe: callers plan from one thread, as every caller here does.
fftw_plan make_plan(int threads, const std::function<fftw_plan()>& make);

}  // namespace oceanfft::fft::detail
