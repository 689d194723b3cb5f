#version 430 core
// SPDX-License-Identifier: MIT
// The whitecaps' injection (ocean/injection.glsl) on each foam layer's grid of every
// uStride[c] texels, which ocean/foam.comp interpolates: from
// Whitecaps::kInjectionPassFrom (src/ocean/whitecaps.h) on, where inside the foam pass it costs
// that pass more than this pass costs (docs/perf-notes.md). z = cascade; the dispatch
// covers the largest grid, the others leave early.
#include "ocean/common.glsl"
#include "ocean/foam.glsl"
#include "ocean/injection.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
// Layer c's grid, (uN / uStride[c])^2 points row by row, from uGridOffset[c].
layout(std430, binding = 1) writeonly buffer Injection { float grid[]; };
uniform int uStride[4];
uniform int uGridOffset[4];

void main() {
  int c = int(gl_GlobalInvocationID.z);
  int s = uStride[c], m = uN / s;
  ivec2 g = ivec2(gl_GlobalInvocationID.xy);
  if (g.x >= m || g.y >= m) return;
  // The grid repeats with the patch: the point at the far edge is point 0, which
  // periodic_injection makes so.
  grid[uGridOffset[c] + g.y * m + g.x] = periodic_injection(g * s, c, uPatch[c] / float(uN));
}
