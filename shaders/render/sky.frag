#version 430 core
// SPDX-License-Identifier: MIT
// The sky behind the sea: the atmosphere's sky-view table, the cloud layer at six octaves (down
// to about 60 m in a cumulus: the heaps' ragged edges), and the sun disc (sky/sky.glsl). Below
// the horizon, where the mesh does not reach, the horizon.
#include "sky/sky.glsl"

in vec2 vNdc;
out vec4 oColor;
uniform mat4 uInvViewProj;
uniform vec3 uEye;

void main() {
  vec4 p = uInvViewProj * vec4(vNdc, 1.0, 1.0);
  vec3 d = normalize(p.xyz / p.w - uEye);
  // The clouds pass in front of the sun.
  vec3 c = d.y >= 0.0 ? sky_over(d, uEye.y, uCloudOffset, 6, sun_disc(d)) : horizon_radiance(d);
  oColor = vec4(tonemap(c), 1.0);
}
