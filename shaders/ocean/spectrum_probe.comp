#version 430 core
// SPDX-License-Identifier: MIT
// Test aid: evaluates spectrum_model.glsl at a list of wave numbers so tests can hold it to the
// C++ model (tests/test_ocean_spectrum_model.cpp).
#include "ocean/spectrum_model.glsl"

layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer WaveNumbers { vec2 wave_numbers[]; };
layout(std430, binding = 1) writeonly buffer Results { vec2 results[]; };  // (F, w)

uniform int uCount;

void main() {
  int i = int(gl_GlobalInvocationID.x);
  if (i >= uCount) return;
  vec2 k = wave_numbers[i];
  results[i] = vec2(spectrum_density(k), spec_omega(length(k)));
}
