#version 430 core
// SPDX-License-Identifier: MIT
// A sheet of spray: a soft disc of white water droplets lit by the same sun (through the
// clouds) and sky as the water, forward scattering towards the sun, fogged like the water.
#include "sky/sky.glsl"
#include "render/fog.glsl"

in vec2 vCorner;
in vec3 vSprayWorld;
in float vOpacity;
out vec4 oColor;
uniform vec3 uEye;
uniform float uSprayOpacity;

void main() {
  float r2 = dot(vCorner, vCorner);
  if (r2 >= 1.0 || vOpacity <= 0.0) discard;
  float a = uSprayOpacity * vOpacity * (1.0 - r2) * (1.0 - r2);
  vec3 v = normalize(uEye - vSprayWorld);
  vec3 sky_irradiance = kPi * env_radiance(vec3(0.0, 1.0, 0.0), 1.0);
  // Droplets scatter mostly forwards: brighter looking towards the sun.
  float forward = min(hg_phase(dot(-v, uSunDir), 0.7) * 4.0 * kPi, 4.0);
  vec3 radiance = 0.9 / kPi * (sun_irradiance_sea() * (0.5 + 0.5 * forward) + sky_irradiance);
  vec3 fogged = water_fog(radiance, uEye, vSprayWorld, v, 1e9);
  // Premultiplied, over what is behind it.
  oColor = vec4(tonemap(fogged) * a, a);
}
