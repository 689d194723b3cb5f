// SPDX-License-Identifier: MIT
#pragma once
// The tests' one fft::Options builder: a shape, an algorithm and the axes, everything else at its
// default.
#include "fft/fft.h"

namespace oceanfft::test {

inline fft::Options fft_options(fft::Algorithm a, int width, int height, int layers = 1,
                                fft::Axes axes = fft::Axes::Both) {
  return {.width = width, .height = height, .layers = layers, .algorithm = a, .fast = {}, .axes = axes};
}

}  // namespace oceanfft::test
