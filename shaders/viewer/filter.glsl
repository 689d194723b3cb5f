// SPDX-License-Identifier: MIT
// The frequency filters; viewer::filter_gain on the host computes the same function.
#ifndef VIEWER_FILTER_GLSL
#define VIEWER_FILTER_GLSL

// Kinds, as viewer::Filter::Kind.
#define FILTER_NONE 0
#define FILTER_LOWPASS 1
#define FILTER_HIGHPASS 2
#define FILTER_GAUSS 3
#define FILTER_BAND 4

uniform int uFilter;
uniform float uR1;  // radius, sigma, or inner band radius
uniform float uR2;  // outer band radius

// Bins i and n-i get the same radius for odd n too (an unpadded image), so a filtered real
// image stays real.
int signed_bin(int i, int n) { return i <= n / 2 ? i : i - n; }

float bin_radius(ivec2 p, ivec2 n) {
  return length(vec2(signed_bin(p.x, n.x), signed_bin(p.y, n.y)));
}

float filter_gain(float r) {
  if (uFilter == FILTER_LOWPASS) return r <= uR1 ? 1.0 : 0.0;
  if (uFilter == FILTER_HIGHPASS) return r > uR1 ? 1.0 : 0.0;
  if (uFilter == FILTER_GAUSS) return exp(-0.5 * (r * r) / (uR1 * uR1));
  if (uFilter == FILTER_BAND) return (r >= uR1 && r <= uR2) ? 1.0 : 0.0;
  return 1.0;
}

#endif
