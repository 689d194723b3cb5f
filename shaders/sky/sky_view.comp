#version 430 core
// SPDX-License-Identifier: MIT
// Single-scattered sky radiance seen from the ground (Rayleigh + Mie, ozone only absorbing)
// for every direction of the sky-view table, sun light attenuated by the transmittance table.
// Samples along the ray are spaced quadratically: most of the air a low ray crosses is near.
#include "sky/atmosphere.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uOut;
uniform sampler2D uTransmittance;
uniform vec3 uSunDir;          // towards the sun
uniform float uSunIlluminance;

const int kSteps = 48;

vec3 sun_transmittance(float r, float mu) {
  if (hits_ground(r, mu)) return vec3(0.0);
  return texture(uTransmittance, transmittance_uv(r, mu, vec2(textureSize(uTransmittance, 0)))).rgb;
}

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (p.x >= size.x || p.y >= size.y) return;
  vec2 uv = (vec2(p) + 0.5) / vec2(size);
  float az = uv.x * kPi;
  float elevation = uv.y * uv.y * 0.5 * kPi;
  // Directions in the frame where the sun's azimuth is +x.
  vec3 s = normalize(vec3(length(uSunDir.xz), uSunDir.y, 0.0));
  vec3 d = vec3(cos(elevation) * cos(az), sin(elevation), cos(elevation) * sin(az));
  float cos_theta = dot(d, s);
  float pr = rayleigh_phase(cos_theta), pm = mie_phase(cos_theta);

  float r0 = uGroundR;
  float t_max = distance_to_top(r0, d.y);
  vec3 radiance = vec3(0.0), throughput = vec3(1.0);
  float t_prev = 0.0;
  for (int i = 0; i < kSteps; ++i) {
    float t_next = t_max * pow(float(i + 1) / float(kSteps), 2.0);
    float dt = t_next - t_prev;
    float t = 0.5 * (t_prev + t_next);
    t_prev = t_next;
    vec3 pos = vec3(0.0, r0, 0.0) + t * d;
    float r = length(pos);
    Medium m = medium_at(r - uGroundR);
    float mu_s = dot(pos, s) / r;
    vec3 in_scatter = (m.scattering_r * pr + m.scattering_m * pm) * sun_transmittance(r, mu_s);
    // Exact integral over the step of a constant medium: (1 - e^(-sigma dt)) / sigma.
    vec3 step_t = exp(-m.extinction * dt);
    radiance += throughput * in_scatter * (1.0 - step_t) / max(m.extinction, vec3(1e-9));
    throughput *= step_t;
  }
  imageStore(uOut, p, vec4(radiance * uSunIlluminance, 1.0));
}
