#version 430 core
#include "render/sky.glsl"

in vec2 vNdc;
out vec4 oColor;
uniform mat4 uInvViewProj;
uniform vec3 uEye;

void main() {
  vec4 p = uInvViewProj * vec4(vNdc, 1.0, 1.0);
  vec3 d = normalize(p.xyz / p.w - uEye);
  oColor = vec4(tonemap(sky_radiance(d, true)), 1.0);
}
