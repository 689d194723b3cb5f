#version 430 core
// SPDX-License-Identifier: MIT
// An image in [0,1] as RGBA8 for display, or the amplified absolute difference of two images.
// Grey layouts show as grey; alpha is not shown (an opaque view keeps differences visible).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2D uA;
layout(binding = 1, rgba32f) uniform readonly image2D uB;  // read only when uDifference is 1
layout(binding = 2, rgba8) uniform writeonly image2D uOut;

uniform ivec2 uSize;
uniform int uChannels;
uniform int uDifference;
uniform float uGain;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  vec4 v = imageLoad(uA, p);
  if (uDifference != 0) {
    vec4 d = abs(v - imageLoad(uB, p)) * uGain;
    // Grey+alpha: show the grey error, and the alpha error in red if it is the larger one.
    v = uChannels == 1 ? d.xxxx : uChannels == 2 ? vec4(max(d.x, d.y), d.xx, 1.0) : d;
  } else if (uChannels <= 2) {
    v = v.xxxx;
  }
  imageStore(uOut, p, vec4(clamp(v.rgb, 0.0, 1.0), 1.0));
}
