// The sky model, shared by the sky pass and the water's reflections and fog so that the
// horizon has no seam. Radiance is linear HDR; tonemap() maps it to display values.
#ifndef RENDER_SKY_GLSL
#define RENDER_SKY_GLSL

uniform vec3 uSunDir;  // unit, towards the sun
uniform vec3 uSunColor;
uniform float uSunIntensity;
uniform vec3 uZenith;
uniform vec3 uHorizon;
uniform float uExposure;

vec3 sky_radiance(vec3 d, bool sun_disk) {
  float y = max(d.y, 0.0);
  vec3 base = mix(uHorizon, uZenith, pow(y, 0.4));
  // Forward scattering brightens the sky around the sun, strongest near the horizon.
  float cs = max(dot(d, uSunDir), 0.0);
  vec3 glow = uSunColor * (0.12 * pow(cs, 6.0) + 0.35 * pow(cs, 64.0)) * (1.0 - 0.5 * y);
  vec3 sky = base + glow;
  if (sun_disk) sky += uSunColor * uSunIntensity * 8.0 * smoothstep(0.99988, 0.99995, cs);
  return sky;
}

// Narkowicz's fit of the ACES filmic curve, then display gamma.
vec3 tonemap(vec3 c) {
  c *= uExposure;
  c = clamp((c * (2.51 * c + 0.03)) / (c * (2.43 * c + 0.59) + 0.14), 0.0, 1.0);
  return pow(c, vec3(1.0 / 2.2));
}

#endif
