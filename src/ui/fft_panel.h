// SPDX-License-Identifier: MIT
#pragma once
// The FFT panel: which algorithm and size the ocean (and the image viewer) run with.
#include <span>
#include <vector>

#include "fft/fft.h"
#include "gl/context.h"

namespace oceanfft::ui {

inline constexpr int kMinOceanSize = 64;
inline constexpr int kMaxDefaultOceanSize = 1024;  // larger only where the GPU's limits allow

// 64..1024, then 2048 and 4096 if a plan of that size with `layers` layers fits the limits.
std::vector<int> offered_sizes(const gl::Limits& limits, int layers);

struct FftChoice {
  fft::Algorithm algorithm = fft::kDefaultAlgorithm;
  int size = 256;
};

// Draws the panel's widgets into the current ImGui window. `sizes` empty hides the size combo
// (the image viewer's size comes from the image). Returns true when the user changed a value.
bool draw_fft_widgets(FftChoice& choice, std::span<const int> sizes);

}  // namespace oceanfft::ui
