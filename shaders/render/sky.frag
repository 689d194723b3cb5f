#version 430 core
// SPDX-License-Identifier: MIT
// The sky behind the sea: the atmosphere's sky-view table, the cloud layer, and the sun disc
// (sky/sky.glsl). The cloud layer, heaps of cumulus and building cloud or a stratus sheet, comes
// from render/clouds.comp's image at half the frame's resolution. Below the horizon, where the
// mesh does not reach, the horizon.
#include "sky/sky.glsl"

in vec2 vNdc;
out vec4 oColor;
uniform mat4 uInvViewProj;
uniform vec3 uEye;
uniform int uCloudImageOn;
uniform sampler2D uCloudImage;

void main() {
  vec4 p = uInvViewProj * vec4(vNdc, 1.0, 1.0);
  vec3 d = normalize(p.xyz / p.w - uEye);
  vec3 c;
  if (d.y >= 0.0) {
    vec4 cloud = uCloudImageOn != 0 ? texture(uCloudImage, vNdc * 0.5 + 0.5) : vec4(0.0);
    // The clouds pass in front of the sun.
    c = sky_over_cloud(d, uEye.y, cloud, sun_disc(d));
  } else {
    c = horizon_radiance(d);
  }
  oColor = vec4(tonemap(c), 1.0);
}
