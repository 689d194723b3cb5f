// SPDX-License-Identifier: MIT
#pragma once
// Physical constants of the ocean module: the bottom of src/ocean, included by the spectrum
// model, the presets and the simulation alike.

namespace oceanfft::ocean {

inline constexpr float kGravity = 9.81f;  // m/s^2

}  // namespace oceanfft::ocean
