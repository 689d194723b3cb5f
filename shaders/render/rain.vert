#version 430 core
// SPDX-License-Identifier: MIT
// One screen-covering triangle per rain layer (src/render/rain.h), at that layer's depth, so the
// depth test hides the streaks behind nearer water. The drops' colour is the same over the
// layer: a drop is a small lens that shows the sky around it, so its radiance is the sky's
// irradiance over pi, more when looking towards the sun (forward scattering).
#include "sky/sky.glsl"

out vec2 vNdc;
flat out int vLayer;
flat out vec3 vColor;  // tone-mapped
uniform float uLayerNdcZ[2];
uniform vec3 uForward;
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  vNdc = p;
  vLayer = gl_InstanceID;
  vec3 sky_irradiance = kPi * env_radiance(vec3(0.0, 1.0, 0.0), 1.0);
  float forward = min(hg_phase(dot(uForward, uSunDir), 0.6) * 4.0 * kPi, 4.0);
  vColor = tonemap((sky_irradiance + 0.3 * forward * sun_irradiance_sea()) / kPi);
  gl_Position = vec4(p, uLayerNdcZ[gl_InstanceID], 1.0);
}
