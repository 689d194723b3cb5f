#version 430 core
// SPDX-License-Identifier: MIT
// Multiplies the spectrum by a radial mask. Radii are in bins from DC on the padded grid, with
// signed frequencies, so the mask is symmetric under k -> -k and a real image stays real.
#include "viewer/filter.glsl"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uIn;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uOut;

uniform ivec2 uPadded;

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uPadded.x || p.y >= uPadded.y) return;
  imageStore(uOut, p, imageLoad(uIn, p) * filter_gain(bin_radius(p.xy, uPadded)));
}
