// SPDX-License-Identifier: MIT
#pragma once
// ocean::Params of a preset's sea (spectrum, choppiness, cascades and patches) at `size` and
// `seed`, everything else at its default, as the ocean tests build them.
#include <cstdint>

#include "ocean/params.h"
#include "ocean/presets.h"

namespace oceanfft::test {

inline ocean::Params preset_params(const ocean::Preset& preset, int size, uint64_t seed = 1) {
  ocean::Params p;
  p.size = size;
  p.seed = seed;
  p.spectrum = preset.spectrum;
  p.choppiness = preset.choppiness;
  p.cascades = preset.cascades;
  p.patch_sizes = preset.patch_sizes;
  return p;
}

}  // namespace oceanfft::test
