#version 430 core
// SPDX-License-Identifier: MIT
// Centred (fftshift) display of a spectrum: log magnitude or phase, per channel or of the
// luminance. The luminance spectrum is the same weighted sum of the channel spectra as the
// luminance image, since the FFT is linear.
#include "common/complex.glsl"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uSpectrum;
layout(binding = 1, rgba8) uniform writeonly image2D uOut;

uniform ivec2 uPadded;
uniform int uChannels;
uniform int uLuminance;  // 1: one value from the luminance spectrum
uniform int uPhase;      // 1: phase instead of log magnitude
uniform float uGain;
uniform float uLogMax;   // log(1 + W*H): the largest magnitude an image in [0,1] can have

const float PI = 3.14159265358979;

// Hue wheel for the luminance phase, so +pi and -pi meet without a seam.
vec3 hue(float t) {
  return clamp(abs(mod(t * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
}

float magnitude(vec2 c) { return clamp(uGain * log(1.0 + length(c)) / uLogMax, 0.0, 1.0); }
// atan(0, 0) is undefined in GLSL; an empty bin has no phase, so it shows as mid grey.
float phase01(vec2 c) { return c == vec2(0.0) ? 0.5 : (atan(c.y, c.x) + PI) / (2.0 * PI); }

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uPadded.x || p.y >= uPadded.y) return;
  // numpy's fftshift: DC lands at (W/2, H/2) rounded down, for odd (unpadded) sizes too.
  ivec2 src = (p + (uPadded + 1) / 2) % uPadded;
  vec4 a = imageLoad(uSpectrum, ivec3(src, 0));
  vec4 b = uChannels > 2 ? imageLoad(uSpectrum, ivec3(src, 1)) : vec4(0.0);
  vec2 ch[3];
  if (uChannels <= 2) {
    ch[0] = a.xy; ch[1] = a.xy; ch[2] = a.xy;  // grey (alpha is not shown)
  } else {
    ch[0] = a.xy; ch[1] = a.zw; ch[2] = b.xy;
  }
  vec3 rgb;
  if (uLuminance != 0) {
    vec2 y = 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
    rgb = uPhase != 0 ? hue(phase01(y)) : vec3(magnitude(y));
  } else if (uPhase != 0) {
    rgb = vec3(phase01(ch[0]), phase01(ch[1]), phase01(ch[2]));
  } else {
    rgb = vec3(magnitude(ch[0]), magnitude(ch[1]), magnitude(ch[2]));
  }
  imageStore(uOut, p, vec4(rgb, 1.0));
}
