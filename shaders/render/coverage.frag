#version 430 core
// SPDX-License-Identifier: MIT
// Diagnostics for OceanRenderer::draw_coverage: with additive blending, each pixel counts the
// mesh triangles over it, 1 where the clipmap's levels tile the plane exactly.
out vec4 oColor;
void main() { oColor = vec4(1.0, 0.0, 0.0, 1.0); }
