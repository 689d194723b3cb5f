// SPDX-License-Identifier: MIT
// Shared by the ocean kernels: texel <-> wave number, the layout of the fields in the FFT's
// complex planes (see src/ocean/params.h), and their hash.
#ifndef OCEAN_COMMON_GLSL
#define OCEAN_COMMON_GLSL

const float PI = 3.14159265358979323846;

// fftshift-free indexing: texel x holds wave number m = x for x < N/2, else x - N, so the
// inverse FFT's output texel n sits at position n * L / N without a (-1)^(x+y) correction.
ivec2 wave_number(ivec2 texel, int n) {
  return ivec2(texel.x < n / 2 ? texel.x : texel.x - n, texel.y < n / 2 ? texel.y : texel.y - n);
}

// The texel holding -k.
ivec2 mirror_texel(ivec2 texel, int n) { return (ivec2(n) - texel) & ivec2(n - 1); }

// PCG-style 4D hash (Jarzynski & Olano 2020): the ocean's random draws (the waves' Gaussians,
// the foam pass's choices at a patch's seam).
uvec4 pcg4d(uvec4 v) {
  v = v * 1664525u + 1013904223u;
  v.x += v.y * v.w; v.y += v.z * v.x; v.z += v.x * v.y; v.w += v.y * v.z;
  v ^= v >> 16u;
  v.x += v.y * v.w; v.y += v.z * v.x; v.z += v.x * v.y; v.w += v.y * v.z;
  v ^= v >> 16u;
  return v;
}

#endif
