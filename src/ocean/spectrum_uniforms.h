// SPDX-License-Identifier: MIT
#pragma once
// The GL side of the spectrum model: its parameters as the uniforms
// shaders/ocean/spectrum_model.glsl declares.
#include "gl/objects.h"
#include "ocean/spectrum_model.h"

namespace oceanfft::ocean {

// Sets the uniforms spectrum_model.glsl declares on `program` (bound with glUseProgram first).
void set_spectrum_uniforms(const gl::Program& program, const SpectrumParams& s, float depth);

}  // namespace oceanfft::ocean
