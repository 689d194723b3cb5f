#version 430 core
// SPDX-License-Identifier: MIT
// A floating body: painted diffuse surfaces lit by the same sun and sky as the water
// (sky.glsl), a little sheen from the sky's reflection, and the same aerial perspective.
#include "sky/sky.glsl"

const float PI = 3.14159265;

in vec3 vWorld;
in vec3 vNormal;
in vec3 vColor;
out vec4 oColor;

uniform vec3 uEye;

void main() {
  vec3 n = normalize(vNormal);
  vec3 to_eye = uEye - vWorld;
  float dist = length(to_eye);
  vec3 v = to_eye / dist;
  if (dot(n, v) < 0.0) n = -n;
  vec3 sun = sun_irradiance();
  vec3 sky_irradiance = PI * env_radiance(vec3(0.0, 1.0, 0.0), 1.0);
  // Sky light from above, half of it from below where the sea reflects less.
  float up = 0.5 + 0.5 * n.y;
  vec3 diffuse = vColor / PI * (sun * max(dot(n, uSunDir), 0.0) + sky_irradiance * mix(0.25, 1.0, up));
  // Gloss paint: a Fresnel-weighted reflection of the sky at a moderate roughness.
  float ndv = max(dot(n, v), 0.0);
  float F = 0.04 + 0.96 * pow(1.0 - ndv, 5.0);
  vec3 color = mix(diffuse, env_radiance(reflect(-v, n), 0.3), F * 0.5);
  color = mix(color, horizon_radiance(-v), aerial_fraction(dist));
  oColor = vec4(tonemap(color), 1.0);
}
