// SPDX-License-Identifier: MIT
// Aerial perspective over the water with the weather: the air, the haze and rain of the
// visibility, the spray over the sea (sky/sky.glsl's weather_fraction), all fading into the
// horizon's radiance in the direction looked along. The mesh ends at the view distance; fading
// fully before it hides that edge from high eyes.
#ifndef RENDER_FOG_GLSL
#define RENDER_FOG_GLSL
#include "sky/sky.glsl"

vec3 water_fog(vec3 color, vec3 eye, vec3 world, vec3 to_eye_unit, float view_distance) {
  float dist = length(world - eye);
  vec3 fog = max(weather_fraction(eye, world), vec3(smoothstep(0.6, 1.0, dist / view_distance)));
  return mix(color, horizon_radiance(-to_eye_unit), fog);
}

#endif
