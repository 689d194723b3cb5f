// Sampling the sky: the computed atmosphere's tables, the cloud layer, the sun, a user's
// equirectangular image, the prefiltered environment map, aerial perspective and the
// tonemapper. Shared by the sky pass, the water, and the environment map's own passes, so the
// horizon has one colour everywhere. Radiance is linear HDR. Uniforms: sky::Sky::bind().
#ifndef SKY_SKY_GLSL
#define SKY_SKY_GLSL
#include "sky/atmosphere.glsl"

uniform sampler2D uTransmittance;
uniform sampler2D uSkyView;
uniform sampler2D uEnvMap;     // hemi-octahedral, level k prefiltered for GGX alpha (k/(n-1))^2
uniform sampler2D uUserSky;    // equirectangular, when uUserSkyOn
uniform int uUserSkyOn;
uniform float uUserSkyLod;   // mip level of uUserSky to read: 0 when drawn, coarser for the env map
uniform float uEnvLevels;
uniform vec3 uSunDir;          // unit, towards the sun
uniform float uSunIlluminance; // top of the atmosphere
uniform float uCloudCoverage;  // 0..1
uniform float uCloudAltitude;  // metres
uniform vec2 uCloudOffset;     // metres the layer has drifted (and the eye has moved)
uniform float uExposure;

// The sun's angular radius as drawn (the real one, 0.267 deg, is under a pixel in most views).
const float kSunRadius = 0.0075;

vec3 sky_transmittance(float r, float mu) {
  if (hits_ground(r, mu)) return vec3(0.0);
  return texture(uTransmittance, transmittance_uv(r, mu, vec2(textureSize(uTransmittance, 0)))).rgb;
}

// Sun irradiance at sea level on a plane facing it: what lights the water and the clouds.
vec3 sun_irradiance() {
  if (uUserSkyOn != 0) return vec3(0.0);  // the image carries its own sun
  return uSunIlluminance * sky_transmittance(uGroundR, uSunDir.y);
}

vec3 sky_lut(vec3 d) { return texture(uSkyView, sky_view_uv(d, uSunDir)).rgb; }

vec3 user_sky(vec3 d) {
  float u = atan(d.z, d.x) / (2.0 * kPi) + 0.5;
  float v = acos(clamp(d.y, -1.0, 1.0)) / kPi;
  return textureLod(uUserSky, vec2(u, v), uUserSkyLod).rgb;
}

// --- cloud layer ----------------------------------------------------------------------------
uint cloud_hash(ivec2 p) {
  uint h = uint(p.x) * 0x8da6b343u ^ uint(p.y) * 0xd8163841u;
  h ^= h >> 15; h *= 0x2c1b3c6du; h ^= h >> 12; h *= 0x297a2d39u; h ^= h >> 15;
  return h;
}
float value_noise(vec2 x) {
  vec2 i = floor(x), f = fract(x);
  vec2 w = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  ivec2 c = ivec2(i);
  float a = float(cloud_hash(c)) / 4294967295.0, b = float(cloud_hash(c + ivec2(1, 0))) / 4294967295.0;
  float e = float(cloud_hash(c + ivec2(0, 1))) / 4294967295.0, g = float(cloud_hash(c + ivec2(1, 1))) / 4294967295.0;
  return mix(mix(a, b, w.x), mix(e, g, w.x), w.y);
}
// Rotated octaves, so no grid direction shows. Mean 0.5. Octaves finer than about two
// footprints (metres a pixel covers there) fade to their mean instead of aliasing into streaks
// near the horizon.
float cloud_fbm(vec2 p, int octaves, float footprint) {
  float sum = 0.0, amp = 0.5, wavelength = 1.0;
  mat2 rot = mat2(0.8, 0.6, -0.6, 0.8);
  for (int i = 0; i < octaves; ++i) {
    float keep = clamp(wavelength / (2.0 * footprint) - 1.0, 0.0, 1.0);
    sum += amp * mix(0.5, value_noise(p), keep);
    p = rot * p * 2.03 + vec2(17.1, 9.3);
    amp *= 0.5;
    wavelength /= 2.03;
  }
  return sum / (1.0 - pow(0.5, float(octaves)));
}
const float kCloudScale = 4200.0;  // metres per unit of the first octave
float cloud_density(vec2 p_m, int octaves, float footprint_m) {
  // Large shapes with ragged edges; coverage moves the threshold.
  float n = cloud_fbm(p_m / kCloudScale, octaves, footprint_m / kCloudScale);
  float c = clamp(uCloudCoverage, 0.0, 1.0);
  float lo = mix(0.78, 0.18, c);
  return smoothstep(lo, lo + 0.22, n);
}
float hg_phase(float c, float g) {
  float g2 = g * g;
  return (1.0 - g2) / (4.0 * kPi * pow(1.0 + g2 - 2.0 * g * c, 1.5));
}

// Premultiplied radiance and opacity of the cloud layer along d from eye height eye_y (m).
// The layer is a shell of the spherical Earth, so it meets the horizon at a finite distance
// (about 180 km at 2.5 km altitude) and fades into the aerial perspective there.
vec4 cloud_layer(vec3 d, float eye_y, vec2 offset, int octaves) {
  if (uUserSkyOn != 0 || uCloudCoverage <= 0.0 || d.y <= 0.0) return vec4(0.0);
  float r0 = uGroundR * 1000.0 + eye_y, rc = uGroundR * 1000.0 + uCloudAltitude;
  if (rc <= r0) return vec4(0.0);
  float t = -r0 * d.y + sqrt(r0 * r0 * d.y * d.y + rc * rc - r0 * r0);  // metres
  vec2 p = d.xz * t + offset;
  // About a milliradian per pixel, stretched by the layer's slant.
  float footprint = t * 0.0015 / max(d.y, 0.02);
  float density = cloud_density(p, octaves, footprint);
  if (density <= 0.0) return vec4(0.0);
  float tau = 6.0 * density;
  // Self-shadowing: how much cloud lies between this point and the sun, in the layer's plane.
  vec2 towards = length(uSunDir.xz) > 1e-4 ? normalize(uSunDir.xz) : vec2(0.0);
  float shadow = 0.0;
  for (int i = 1; i <= 3; ++i) shadow += cloud_density(p + towards * (350.0 * float(i)), max(octaves - 2, 2), footprint);
  vec3 sun = sun_irradiance();
  float cos_theta = dot(d, uSunDir);
  // Forward scattering (silver lining) plus some back scattering; thin parts pass more light.
  float phase = mix(hg_phase(cos_theta, 0.75), hg_phase(cos_theta, -0.2), 0.35);
  // Thin parts pass more light; what the layer shades itself lowers the rest.
  vec3 direct = sun * (phase * 2.0 * exp(-0.5 * tau) + 0.04 * exp(-shadow) * (1.5 - 0.5 * density));
  vec3 ambient = 0.9 * sky_lut(vec3(0.0, 1.0, 0.0)) + 0.3 * sky_lut(normalize(vec3(-uSunDir.x, 0.3, -uSunDir.z)));
  vec3 radiance = direct + ambient * (1.0 - 0.3 * density);
  float alpha = 1.0 - exp(-tau);
  // Aerial perspective between the eye and the cloud: it fades into the sky behind it.
  vec3 sigma = uRayleighScattering + vec3(uMieScattering + uMieAbsorption);  // per km, sea level
  vec3 through = exp(-sigma * (t / 1000.0) * 0.6);
  vec3 behind = sky_lut(d);
  radiance = radiance * through + behind * (1.0 - through);
  alpha *= smoothstep(0.0, 0.03, d.y);
  return vec4(radiance * alpha, alpha);
}

// Sky (and clouds) behind `behind` (radiance the clouds hide, e.g. the sun disc).
vec3 sky_over(vec3 d, float eye_y, vec2 offset, int octaves, vec3 behind) {
  if (uUserSkyOn != 0) return user_sky(d);
  vec3 up = vec3(d.x, max(d.y, 0.0), d.z);
  vec3 sky = sky_lut(up) + behind;
  vec4 cloud = cloud_layer(d, eye_y, offset, octaves);
  return sky * (1.0 - cloud.a) + cloud.rgb;
}
// Without the sun disc: what reflections and the environment map see.
vec3 sky_background(vec3 d, float eye_y, vec2 offset, int octaves) {
  return sky_over(d, eye_y, offset, octaves, vec3(0.0));
}

// The sun disc, limb-darkened (Neckel & Labs' polynomial, u = 0.85 in the visible band's
// mean), in radiance, attenuated by the air in front of it.
vec3 sun_disc(vec3 d) {
  if (uUserSkyOn != 0) return vec3(0.0);
  float c = dot(d, uSunDir);
  float cos_r = cos(kSunRadius);
  if (c < cos_r) return vec3(0.0);
  float x = clamp(acos(min(c, 1.0)) / kSunRadius, 0.0, 1.0);
  float mu = sqrt(1.0 - x * x);
  float limb = 1.0 - 0.85 * (1.0 - mu);
  // Not E / solid angle (which is white at any exposure): bright enough to bloom the tonemapper
  // at noon while the reddened sun keeps its colour near the horizon.
  float edge = smoothstep(1.0, 0.9, x);
  return sun_irradiance() * 60.0 * limb * edge;
}

// Radiance towards the horizon in the horizontal direction of d: what the far sea fades into.
vec3 horizon_radiance(vec3 d) {
  vec3 h = length(d.xz) > 1e-6 ? normalize(vec3(d.x, 0.0, d.z)) : vec3(1.0, 0.0, 0.0);
  if (uUserSkyOn != 0) return user_sky(h);
  return sky_lut(h);
}

// Aerial perspective over a near-horizontal path of `dist` metres at sea level: the fraction of
// the path's end replaced by in-scattered light, per channel. Over a uniform medium the
// in-scattered radiance tends to the horizon's own radiance as the path grows, so the sea
// meets the sky at the horizon in colour.
vec3 aerial_fraction(float dist) {
  vec3 sigma = uRayleighScattering + vec3(uMieScattering + uMieAbsorption);  // per km
  return 1.0 - exp(-sigma * dist / 1000.0);
}

// Hemi-octahedral environment map: the upper hemisphere on a square; a direction below the
// horizon is mirrored, which is what the water shows for it anyway.
vec2 env_uv(vec3 d) {
  d.y = abs(d.y);
  vec2 p = d.xz / (abs(d.x) + d.y + abs(d.z));
  return vec2(p.x + p.y, p.x - p.y) * 0.5 + 0.5;
}
vec3 env_direction(vec2 uv) {
  vec2 s = uv * 2.0 - 1.0;
  vec2 p = vec2(s.x + s.y, s.x - s.y) * 0.5;
  return normalize(vec3(p.x, 1.0 - abs(p.x) - abs(p.y), p.y));
}
// Reflected sky at GGX alpha.
vec3 env_radiance(vec3 d, float alpha) {
  float lod = sqrt(clamp(alpha, 0.0, 1.0)) * (uEnvLevels - 1.0);
  return textureLod(uEnvMap, env_uv(d), lod).rgb;
}

// Narkowicz's fit of the ACES filmic curve, then display gamma.
vec3 tonemap(vec3 c) {
  // The curve is 1 from about 7 on; capping first keeps c * c finite for HDR skies (a sun
  // pixel of 1e20 would overflow to inf / inf = NaN, a black pixel).
  c = min(c * uExposure, vec3(1e4));
  c = clamp((c * (2.51 * c + 0.03)) / (c * (2.43 * c + 0.59) + 0.14), 0.0, 1.0);
  return pow(c, vec3(1.0 / 2.2));
}

#endif
