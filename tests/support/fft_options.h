// SPDX-License-Identifier: MIT
#pragma once
// The tests' one fft::Options builder: a shape and an algorithm, everything else at its default.
#include "fft/fft.h"

namespace oceanfft::test {

inline fft::Options fft_options(fft::Algorithm a, int width, int height, int layers = 1) {
  return {.width = width, .height = height, .layers = layers, .algorithm = a, .fast = {}};
}

}  // namespace oceanfft::test
