// SPDX-License-Identifier: MIT
#pragma once
// The named sea states (Beaufort forces and "calm") the panel, scripts and `render --preset`
// offer, built from the spectrum model.
#include <array>
#include <string_view>
#include <vector>

#include "ocean/spectrum_model.h"

namespace oceanfft::ocean {

// The presets' wind sea at U10 (m/s): JONSWAP (gamma 3.3) at 40 % of the fetch of a fully
// developed sea (g F / U^2 = 0.4 x 1.7e4), Hasselmann spreading, no swell.
SpectrumParams wind_sea(float wind_speed);

// Beaufort presets: wind speed (scale mid-point), fetch and spreading typical of the force.
struct Preset {
  // Beaufort's names dashed ("strong-breeze", "storm"...), force 5 as plain "fresh" (the
  // breeze everyone asks for), plus "calm" and "glassy" (force 0). Each sea state has one name, so the panel can show it.
  const char* name;
  int beaufort;       // 0..12
  SpectrumParams spectrum;
  float choppiness;
  // No foam settings: whitecaps follow from the sea itself, with one set of foam settings for
  // every sea (ocean::Params), which is what makes their coverage follow Monahan's law.
  // The simulated band, chosen for the sea (see cascade_layout): the first patch holds
  // kPeakWavelengths of the longest peak, so the peak is resolved by many grid cells.
  int cascades = 3;
  std::array<float, 4> patch_sizes{};
};
const std::vector<Preset>& presets();
const Preset& find_preset(std::string_view name);  // throws Error(InvalidArgument) with the list
// The preset whose wind sea `spectrum` is, or null (an edited sea).
const Preset* preset_with(const SpectrumParams& spectrum);

}  // namespace oceanfft::ocean
