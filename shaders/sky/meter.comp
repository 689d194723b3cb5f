#version 430 core
// SPDX-License-Identifier: MIT
// The camera's light meter, an incident-light meter as a photographer uses one: the sky's light
// falling on a level patch of sea, plus the sun's on a surface facing it (the dome pointed at
// the key light; sky::LightMeter says why). The sky's part integrates level 0 of the
// environment map's radiance (the sky, clouds, haze and rain the water reflects, without the
// sun) over the upper hemisphere with cos(theta) d(omega); the sun's is what reaches the sea
// through the cloud cover (sun_irradiance_sea()). One workgroup, run when the environment map
// is rebuilt. Writes (total, sky, sun, total / uReference) as luminance; the last is 1 for a
// user's sky.
#include "sky/sky.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uOut;
uniform sampler2D uRadiance;  // the environment map's level 0, hemi-octahedral
uniform float uReference;     // the meter's reading under a clear sky at noon

shared float partial[256];

float luminance(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

void main() {
  ivec2 size = textureSize(uRadiance, 0);
  uint id = gl_LocalInvocationIndex;
  // A texel at uv of the hemi-octahedral map covers d(omega) = dA_p / |v|^3 where v is the
  // unnormalised point (p.x, 1 - |p.x| - |p.y|, p.y) of env_direction() and dA_p = 2 du dv;
  // the weights sum to 2 pi, and with cos(theta) = v.y / |v| to pi.
  float sum = 0.0;
  for (int y = int(gl_LocalInvocationID.y); y < size.y; y += 16)
    for (int x = int(gl_LocalInvocationID.x); x < size.x; x += 16) {
      vec2 s = (vec2(x, y) + 0.5) / vec2(size) * 2.0 - 1.0;
      vec2 p = vec2(s.x + s.y, s.x - s.y) * 0.5;
      vec3 v = vec3(p.x, 1.0 - abs(p.x) - abs(p.y), p.y);
      float len = length(v);
      float weight = 2.0 / float(size.x * size.y) * v.y / (len * len * len * len);
      sum += luminance(texelFetch(uRadiance, ivec2(x, y), 0).rgb) * weight;
    }
  partial[id] = sum;
  memoryBarrierShared();
  barrier();
  for (uint stride = 128u; stride > 0u; stride >>= 1u) {
    if (id < stride) partial[id] += partial[id + stride];
    memoryBarrierShared();
    barrier();
  }
  if (id == 0u) {
    float sky = partial[0];
    float sun = uSunDir.y > 0.0 ? luminance(sun_irradiance_sea()) : 0.0;
    float total = sky + sun;
    float relative = uUserSkyOn != 0 ? 1.0 : total / uReference;
    imageStore(uOut, ivec2(0), vec4(total, sky, sun, relative));
  }
}
