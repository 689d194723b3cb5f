// SPDX-License-Identifier: MIT
#pragma once
// Planning for lengths that are not powers of two (shaders/fft/mixed.comp): the stage radices,
// the invocations and lines per work group, the exchange width, and Bluestein's host tables.
// Internal to src/fft; the plan calls it for Algorithm::Fast.
#include <vector>

#include "fft/fft.h"
#include "gl/shader.h"

namespace oceanfft::fft::detail {

// Stage radices (2, 3, 4, 5, 7, 8, 9) whose product is n, or empty when n has a prime
// factor above 7. n = 1 gives {1}: one trivial stage.
std::vector<int> smooth_radices(int n);
// Bluestein's transform length for n: the smallest power of two >= 2n - 1.
int bluestein_length(int n);

// The strategy for one axis of length n (MixedRadix or Bluestein). Throws Error when even the
// scratch-image exchange cannot run within the invocation limit.
AxisStrategy plan_any_axis(int n, int axis, int lines_total, const gl::Limits& limits,
                           const Options& o);

// Defines for mixed.comp that realise `s` along `axis` over lines_total lines.
gl::Defines any_defines(const AxisStrategy& s, int axis, int lines_total);

// Work groups to dispatch for one pass over width x height x layers.
void any_dispatch_size(const AxisStrategy& s, int axis, const Options& o, unsigned out[3]);

// exp(-2*pi*i*k/n), k < n, as interleaved floats computed in double.
std::vector<float> twiddle_table(int n);
// Bluestein's tables for length n and transform m, as interleaved floats computed in double:
// chirp[k] = exp(-i*pi*k^2/n) for k < n, and kernel = FFT_m(conj chirp, wrapped) / m.
std::vector<float> bluestein_chirp(int n);
std::vector<float> bluestein_kernel(int n, int m);

}  // namespace oceanfft::fft::detail
