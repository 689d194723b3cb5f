#version 430 core
// SPDX-License-Identifier: MIT
// The passes that turn a complex FFT into a real one (src/fft/real.cpp plans them). A real row
// x of even length W = 2M read as z[m] = x[2m] + i x[2m+1] has the complex transform Z (M x H,
// both axes or rows only); with Z' = conj Z at the negated index (-k mod M, -l mod H; l itself
// for rows only), the even samples' transform is E = (Z + Z') / 2, the odd samples'
// O = -i (Z - Z') / 2, and the real row's X[k] = E[k mod M] + w^k O[k mod M] for k = 0..M,
// w = exp(-2 pi i / W). The inverse solves the same equations for Z from X[k] and X[M-k].
// Odd W runs the complex FFT of the whole row: the passes expand the real layout to complex,
// complete a half spectrum by its conjugate symmetry, or pack real parts back.
//
// uMode: 0 split  Z (M x H)          -> X (M+1 x H)           forward, even W
//        1 join   X (M+1 x H)        -> Z (M x H)             inverse, even W
//        2 expand real ((W+1)/2 x H) -> complex (W x H)       forward, odd W
//        3 extend X (W/2+1 x H)      -> full spectrum (W x H) inverse, odd W
//        4 pack   complex (W x H)    -> real ((W+1)/2 x H)    inverse, odd W
// Each texel holds two planes (xy and zw), transformed alike.
#include "common/complex.glsl"
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
// w^k = exp(-2 pi i k / W) for k < W, computed in double on the host.
layout(std430, binding = FFT_BUFFER_TWIDDLES) readonly buffer Twiddles { vec2 tw[]; };

uniform int uMode;
uniform int uW;       // real width
uniform int uH;       // height
uniform int uNegY;    // 1: both axes are transformed, so the conjugate partner's row is -l
uniform ivec2 uDstSize;

vec4 conj4(vec4 v) { return vec4(v.x, -v.y, v.z, -v.w); }
vec4 cmul4(vec4 a, vec2 b) { return cmul(a, b); }

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uDstSize.x || p.y >= uDstSize.y) return;
  int k = p.x, l = p.y, layer = p.z;
  int ny = uNegY != 0 ? (uH - l) % uH : l;
  int M = uW / 2;
  vec4 v;
  if (uMode == 0) {
    vec4 a = imageLoad(uSrc, ivec3(k % M, l, layer));
    vec4 b = conj4(imageLoad(uSrc, ivec3((M - k % M) % M, ny, layer)));
    vec4 e = 0.5 * (a + b);
    vec4 o = cmul_i(0.5 * (a - b), -1.0);
    v = e + cmul4(o, tw[k]);
  } else if (uMode == 1) {
    vec4 a = imageLoad(uSrc, ivec3(k, l, layer));
    vec4 b = conj4(imageLoad(uSrc, ivec3(M - k, ny, layer)));
    vec4 e = 0.5 * (a + b);
    vec4 o = cmul4(0.5 * (a - b), cconj(tw[k]));
    v = e + cmul_i(o, 1.0);
  } else if (uMode == 2) {
    vec4 t = imageLoad(uSrc, ivec3(k / 2, l, layer));
    v = (k & 1) == 0 ? vec4(t.x, 0.0, t.z, 0.0) : vec4(t.y, 0.0, t.w, 0.0);
  } else if (uMode == 3) {
    v = k <= uW / 2 ? imageLoad(uSrc, ivec3(k, l, layer))
                    : conj4(imageLoad(uSrc, ivec3(uW - k, ny, layer)));
  } else {
    vec4 a = imageLoad(uSrc, ivec3(2 * k, l, layer));
    vec4 b = 2 * k + 1 < uW ? imageLoad(uSrc, ivec3(2 * k + 1, l, layer)) : vec4(0.0);
    v = vec4(a.x, b.x, a.z, b.z);
  }
  imageStore(uDst, p, v);
}
