// SPDX-License-Identifier: MIT
// The atmosphere shared by the sky's compute passes and by everything that samples their
// tables (sky, water, fog). Distances in km, a spherical Earth centred at the origin with the
// viewer on the ground at (0, R_ground, 0). Constants: src/sky/sky.h (Atmosphere), docs/sky.md.
#ifndef SKY_ATMOSPHERE_GLSL
#define SKY_ATMOSPHERE_GLSL

uniform float uGroundR, uTopR;
uniform vec3 uRayleighScattering;
uniform float uRayleighH;
uniform float uMieScattering, uMieAbsorption, uMieH, uMieG;
uniform vec3 uOzoneAbsorption;
uniform float uOzoneCenter, uOzoneHalfWidth;

const float kPi = 3.14159265358979;

struct Medium {
  vec3 scattering_r;  // Rayleigh scattering
  float scattering_m; // Mie scattering
  vec3 extinction;    // everything
};

Medium medium_at(float altitude) {
  float rd = exp(-altitude / uRayleighH);
  float md = exp(-altitude / uMieH);
  float od = max(0.0, 1.0 - abs(altitude - uOzoneCenter) / uOzoneHalfWidth);
  Medium m;
  m.scattering_r = uRayleighScattering * rd;
  m.scattering_m = uMieScattering * md;
  m.extinction = m.scattering_r + vec3((uMieScattering + uMieAbsorption) * md) + uOzoneAbsorption * od;
  return m;
}

float rayleigh_phase(float c) { return 3.0 / (16.0 * kPi) * (1.0 + c * c); }

// Cornette-Shanks, as Bruneton and Hillaire use it for aerosols.
float mie_phase(float c) {
  float g = uMieG, g2 = g * g;
  float k = 3.0 / (8.0 * kPi) * (1.0 - g2) / (2.0 + g2);
  return k * (1.0 + c * c) / pow(max(1.0 + g2 - 2.0 * g * c, 1e-6), 1.5);
}

// Distance from radius r along cosine mu to the top of the atmosphere.
float distance_to_top(float r, float mu) {
  float disc = r * r * (mu * mu - 1.0) + uTopR * uTopR;
  return max(-r * mu + sqrt(max(disc, 0.0)), 0.0);
}

bool hits_ground(float r, float mu) {
  return mu < 0.0 && r * r * (mu * mu - 1.0) + uGroundR * uGroundR >= 0.0;
}

// Bruneton's (2017) parameterisation of the transmittance table: x_r = rho / H, x_mu = where
// the distance to the top lies between its least and greatest value at that radius. Texel
// centres map to 0 and 1 exactly.
float unit_to_texel(float x, float n) { return 0.5 / n + x * (1.0 - 1.0 / n); }
float texel_to_unit(float u, float n) { return (u - 0.5 / n) / (1.0 - 1.0 / n); }

vec2 transmittance_uv(float r, float mu, vec2 size) {
  float H = sqrt(uTopR * uTopR - uGroundR * uGroundR);
  float rho = sqrt(max(r * r - uGroundR * uGroundR, 0.0));
  float d = distance_to_top(r, mu);
  float d_min = uTopR - r, d_max = rho + H;
  float x_mu = (d - d_min) / max(d_max - d_min, 1e-6);
  float x_r = rho / H;
  return vec2(unit_to_texel(x_mu, size.x), unit_to_texel(x_r, size.y));
}

void transmittance_r_mu(vec2 uv, vec2 size, out float r, out float mu) {
  float x_mu = texel_to_unit(uv.x, size.x), x_r = texel_to_unit(uv.y, size.y);
  float H = sqrt(uTopR * uTopR - uGroundR * uGroundR);
  float rho = H * x_r;
  r = sqrt(rho * rho + uGroundR * uGroundR);
  float d_min = uTopR - r, d_max = rho + H;
  float d = d_min + x_mu * (d_max - d_min);
  mu = d == 0.0 ? 1.0 : (H * H - rho * rho - d * d) / (2.0 * r * d);
  mu = clamp(mu, -1.0, 1.0);
}

// Sky-view table: u = azimuth from the sun's vertical plane over [0, pi] (the single-scattered
// sky is symmetric about it), v = sqrt(elevation / (pi/2)), denser near the horizon where the
// colour changes fastest. Only the upper hemisphere: the viewer stands on the sea.
vec2 sky_view_uv(vec3 d, vec3 sun) {
  float elevation = asin(clamp(d.y, 0.0, 1.0));
  vec2 a = d.xz, b = sun.xz;
  float la = length(a), lb = length(b);
  float c = (la > 1e-6 && lb > 1e-6) ? clamp(dot(a, b) / (la * lb), -1.0, 1.0) : 1.0;
  return vec2(acos(c) / kPi, sqrt(elevation / (0.5 * kPi)));
}

#endif
