// SPDX-License-Identifier: MIT
// Complex arithmetic. A vec2 is one complex number (re, im); a vec4 holds two independent ones
// (xy and zw), the layout of every FFT texel.
#ifndef COMMON_COMPLEX_GLSL
#define COMMON_COMPLEX_GLSL

vec2 cmul(vec2 a, vec2 b) { return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
vec4 cmul(vec4 a, vec2 b) { return vec4(cmul(a.xy, b), cmul(a.zw, b)); }
vec2 cconj(vec2 a) { return vec2(a.x, -a.y); }
// Multiply by +i (s = 1) or -i (s = -1).
vec2 cmul_i(vec2 a, float s) { return vec2(-a.y, a.x) * s; }
vec4 cmul_i(vec4 a, float s) { return vec4(-a.y, a.x, -a.w, a.z) * s; }
vec2 cexp_i(float phase) { return vec2(cos(phase), sin(phase)); }

#endif
