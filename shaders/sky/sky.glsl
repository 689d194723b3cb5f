// SPDX-License-Identifier: MIT
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
// The camera's adaptation to the light (sky::Sky's light meter, shaders/sky/meter.comp): the
// meter's reading (total, sky, sun, total over a clear noon's); how far the exposure follows
// it (0..1) and the bounds of the factor (sky::adapted_exposure is the same on the CPU).
uniform sampler2D uLightMeter;
uniform float uExposureAdapt;
uniform float uAdaptBelow, uMinAdaptedExposure, uMaxAdaptedExposure;
// The weather (sky::SkyParams, src/sky/weather.h).
uniform int uCloudType;          // 0 cumulus, 1 congestus, 2 stratus
uniform float uCloudTau;         // the layer's optical depth where it is densest
uniform float uSunVisible;       // mean transmittance of the cloud cover along the sun's path
uniform float uHazeExtinction;   // per km, grey: haze beyond the clean air's, and rain
uniform float uRain;             // mm/h
uniform int uCloudShadows;       // 1: sun_irradiance_at() follows the clouds' shadows
uniform float uSprayExtinction;  // per km at the surface: spray blown off the crests
uniform float uSprayHeight;      // metres over which the spray thins by e

// The sun's angular radius as drawn (the real one, 0.267 deg, is under a pixel in most views).
const float kSunRadius = 0.0075;

vec3 sky_transmittance(float r, float mu) {
  if (hits_ground(r, mu)) return vec3(0.0);
  return texture(uTransmittance, transmittance_uv(r, mu, vec2(textureSize(uTransmittance, 0)))).rgb;
}

// Sun irradiance at sea level on a plane facing it, above the clouds: what lights the clouds.
vec3 sun_irradiance() {
  if (uUserSkyOn != 0) return vec3(0.0);  // the image carries its own sun
  return uSunIlluminance * sky_transmittance(uGroundR, uSunDir.y);
}
// What reaches the sea of it through the cloud cover, on average: what lights the water.
vec3 sun_irradiance_sea() { return sun_irradiance() * uSunVisible; }

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
// Each octave's wavelength over the one before's.
const float kCloudLacunarity = 2.03;
// Where the next octave samples, from where this one does: rotated, so no grid direction shows.
vec2 cloud_next_octave(vec2 p) { return mat2(0.8, 0.6, -0.6, 0.8) * p * kCloudLacunarity + vec2(17.1, 9.3); }
// Mean 0.5. Octaves finer than about two footprints (metres a pixel covers there) fade to
// their mean instead of aliasing into streaks near the horizon.
float cloud_fbm(vec2 p, int octaves, float footprint) {
  float sum = 0.0, amp = 0.5, wavelength = 1.0;
  for (int i = 0; i < octaves; ++i) {
    float keep = clamp(wavelength / (2.0 * footprint) - 1.0, 0.0, 1.0);
    sum += amp * (keep > 0.0 ? mix(0.5, value_noise(p), keep) : 0.5);
    p = cloud_next_octave(p);
    amp *= 0.5;
    wavelength /= kCloudLacunarity;
  }
  return sum / (1.0 - pow(0.5, float(octaves)));
}
// The variance of that fBm of `octaves` octaves over one octave's, each octave's amplitude
// over the amplitudes' sum squared and summed.
float cloud_fbm_spread(int octaves) {
  float sum = 1.0 - pow(0.5, float(octaves)), squares = (1.0 - pow(0.25, float(octaves))) / 3.0;
  return squares / (sum * sum);
}
// Metres per unit of the first octave: cumulus heaps of about a kilometre, larger building
// cloud, broad patches of a stratus sheet.
float cloud_scale() { return uCloudType == 0 ? 2200.0 : uCloudType == 1 ? 3800.0 : 9000.0; }
// The level of the fBm above which there is cloud: coverage moves it.
float cloud_level() { return mix(0.78, 0.18, clamp(uCloudCoverage, 0.0, 1.0)); }
// How far above that level the density of cumulus and building cloud ramps to full.
float cloud_ramp() { return uCloudType == 0 ? 0.22 : 0.3; }
float cloud_density(vec2 p_m, int octaves, float footprint_m) {
  // Large shapes with ragged edges; coverage moves the threshold.
  float scale = cloud_scale();
  float n = cloud_fbm(p_m / scale, octaves, footprint_m / scale);
  float lo = cloud_level();
  // A sheet: gaps only where the coverage leaves them, thicker and thinner in broad patches.
  if (uCloudType == 2) return smoothstep(lo - 0.1, lo + 0.1, n) * mix(0.55, 1.0, smoothstep(0.3, 0.7, n));
  return smoothstep(lo, lo + cloud_ramp(), n);
}
// The sun's irradiance at a point of the sea `rel` metres from the eye (x, z) and y metres
// high, through the cloud right above it on the way to the sun: the clouds cast shadows on
// the water, soft-edged (the layer's finest octaves left out, as its thickness blurs them).
// Over the sea it averages about sun_irradiance_sea(); where the cover lets no sun through, or
// there is none, it is that mean.
vec3 sun_irradiance_at(vec2 rel, float y) {
  if (uCloudShadows == 0 || uUserSkyOn != 0 || uCloudCoverage <= 0.0 || uSunVisible < 1e-3 ||
      uSunDir.y <= 0.0)
    return sun_irradiance_sea();
  float mu = max(uSunDir.y, 0.05);
  vec2 p = rel + uSunDir.xz / mu * max(uCloudAltitude - y, 0.0) + uCloudOffset;
  float density = cloud_density(p, 3, 0.15 * cloud_scale());
  return sun_irradiance() * exp(-uCloudTau * density / mu);
}

// Two-stream total (direct + diffuse) transmittance of a conservatively scattering layer of
// optical depth tau and asymmetry g = 0.85 (cloud droplets): 1 / (1 + 3/4 (1 - g) tau).
float cloud_transmittance(float tau) { return 1.0 / (1.0 + 0.75 * (1.0 - 0.85) * tau); }
// Diffuse radiance under a layer of optical depth tau: the sun's and the sky's light it lets
// through scattered, the mean over the directions it leaves the base in (its irradiance / pi).
vec3 cloud_base(float tau) {
  float mu_s = max(uSunDir.y, 0.05);
  vec3 above = sun_irradiance() * mu_s + kPi * sky_lut(vec3(0.0, 1.0, 0.0));
  return above * max(cloud_transmittance(tau) - exp(-tau / mu_s), 0.0) / kPi;
}
// How the diffuse light leaving a thick layer's base spreads over the directions it leaves in,
// over that mean, towards a direction mu = sin(elevation) up from the eye: (1 + 2 mu), as the
// two-stream solution gives and the CIE's standard overcast sky measures (overhead three times
// as bright as at the horizon), normalised so the base's irradiance stays cloud_base's.
float cloud_base_spread(float mu) { return 3.0 * (1.0 + 2.0 * clamp(mu, 0.0, 1.0)) / 7.0; }
// The mean of that over the upper half of the sphere: what the air under the base is lit by.
const float kCloudBaseHemisphere = 6.0 / 7.0;
// The clear sky along d as seen under the clouds. Its light is scattered in by the air along
// the ray; the share of that air below the cloud base (most of it near the horizon, little
// overhead) is lit by the sun only where the cover lets it through (uSunVisible), and by the
// clouds' bases from above (half the sphere around it, the dark sea the other half). Of the
// light the air takes out of the ray, it scatters the share its albedo gives (the Mie
// aerosol absorbs part); taken as scattering evenly, it gets from the upper half of the sphere
// the mean of the bases' radiance there, which is brightest overhead.
vec3 air_sky(vec3 d) {
  vec3 clear = sky_lut(d);
  float c = clamp(uCloudCoverage, 0.0, 1.0);
  if (c <= 0.0) return clear;
  float hc = uCloudAltitude / 1000.0;  // km
  float path = hc / max(d.y, sqrt(2.0 * hc / uGroundR));
  // Grey (the green channel's share for every channel), so the overcast takes no tint.
  float scattering = uRayleighScattering.g + uMieScattering;
  float sigma = scattering + uMieAbsorption;
  float below = 1.0 - exp(-sigma * path);
  vec3 lit_by_bases = 0.5 * kCloudBaseHemisphere * c * cloud_base(0.7 * uCloudTau);
  return clear * (1.0 - below * (1.0 - uSunVisible)) + below * (scattering / sigma) * lit_by_bases;
}
float hg_phase(float c, float g) {
  float g2 = g * g;
  return (1.0 - g2) / (4.0 * kPi * pow(1.0 + g2 - 2.0 * g * c, 1.5));
}

// How tall the layer's heaps stand over its base where they are densest: cumulus about a
// kilometre from a cover of a third (mediocris), a few hundred metres under a light cover
// (humilis, wider than tall: the fair weather of the lightest winds); building cloud
// (congestus) more than two; a stratus sheet is flat (0).
float cloud_heap_height() {
  if (uCloudType == 0) return mix(350.0, 1000.0, smoothstep(0.05, 0.33, uCloudCoverage));
  return uCloudType == 1 ? 2200.0 : 0.0;
}
// Metres along d from radius r0 to the shell of radius r above it.
float shell_distance(float r0, float dy, float r) {
  return -r0 * dy + sqrt(r0 * r0 * dy * dy + r * r - r0 * r0);
}

// The fBm of the heaps' march (cloud_layer), `octaves` of them, t metres along d; its deviation
// from the mean scaled by `spread`.
float cloud_march_noise(vec3 d, float t, vec2 offset, int octaves, float spread) {
  float scale = cloud_scale();
  return 0.5 + spread * (cloud_fbm((d.xz * t + offset) / scale, octaves, t * 0.0015 / scale) - 0.5);
}
// A heap's top over the base where the march's fBm is n: it follows the fBm itself, not the
// density (which is 1 over a heap's whole middle), so tops are rounded, highest where the
// noise peaks.
float cloud_heap_top(float n, float heap, float level) {
  return heap * sqrt(clamp((n - level) / (1.0 - level), 0.0, 1.0));
}

// Premultiplied radiance and opacity of the cloud layer along d from eye height eye_y (m).
// The layer's base is a shell of the spherical Earth, so it meets the horizon at a finite
// distance (about 130 km at 1.3 km altitude) and fades into the aerial perspective there.
// Cumulus and building cloud stand on that base as heaps: each column rises to a top that
// follows the layer's fBm above its threshold (rounded domes, highest where the noise peaks)
// and holds the optical depth a flat layer of its density would, spread over its height.
// Looked at from below a column is as opaque as the flat layer; towards the horizon a ray runs
// through the heaps' sides, so they stand up from a flat base and hide the ones behind them
// rather than lying on the sky as thin slivers. The ray is marched through the slab in steps
// of 6 % of the first octave's cell (8 to 96 of them, the most near the horizon) on the fBm's
// first five octaves (the finest about a step long: the heaps' tops bulge into turrets rather
// than round off into domes); its footprint is the pixel's at that distance, not stretched
// by the slant as a flat layer's is, since the ray samples a volume. Where it meets a heap above
// the base (its side or top), the cloud reflects the sunlight it does not let through; at the
// base it glows with the light it lets through, as a flat layer does. A stratus sheet is that
// flat layer.
// The layer lit where the ray along d meets it, t metres away: its opacity `alpha` there, the
// density that lights it, how far up a heap the ray met it (`rise`, 0 at the base, 1 at the
// top) and the elevation over which it fades into the horizon (`fade`, sin of it).
vec4 cloud_light(vec3 d, float t, vec2 offset, int octaves, float alpha, float density,
                 float rise, float fade) {
  vec2 p = d.xz * t + offset;
  // About a milliradian per pixel, stretched by the layer's slant.
  float footprint = t * 0.0015 / max(d.y, 0.02);
  // The column's optical depth from base to top lights it.
  float tau = uCloudTau * density;
  // Self-shadowing: how much cloud lies between this point and the sun, in the layer's plane.
  vec2 towards = length(uSunDir.xz) > 1e-4 ? normalize(uSunDir.xz) : vec2(0.0);
  float shadow = 0.0;
  for (int i = 1; i <= 3; ++i) shadow += cloud_density(p + towards * (350.0 * float(i)), max(octaves - 4, 2), footprint);
  vec3 sun = sun_irradiance();
  float cos_theta = dot(d, uSunDir);
  // Forward scattering (silver lining) plus some back scattering; thin parts pass more light.
  float phase = mix(hg_phase(cos_theta, 0.75), hg_phase(cos_theta, -0.2), 0.35);
  // Thin parts pass the sun's light scattered once; the rest comes through diffusely, less
  // where the layer shades itself towards the sun.
  vec3 direct = sun * phase * 2.0 * exp(-0.5 * tau);
  // Building cloud is taller: more of its base lies in its own shade.
  vec3 diffuse = cloud_base(tau) * cloud_base_spread(d.y) *
                 (1.0 - (uCloudType == 1 ? 0.2 : 0.08) * shadow);
  // A heap's side and top reflect what the cloud behind them does not let through, less where
  // the heaps towards the sun shade it. A side is seen sideways, through hundreds of metres of
  // the heap, so it reflects as the layer's densest column does, the more the higher the ray
  // met it: the density of the column it stands on does not change with height, and lit by it
  // the walls would show vertical curtains.
  if (rise > 0.0) {
    float side = smoothstep(0.0, 1.0, rise);
    float mu_s = max(uSunDir.y, 0.05);
    vec3 lit = (sun * mu_s + kPi * sky_lut(vec3(0.0, 1.0, 0.0))) *
               (1.0 - cloud_transmittance(uCloudTau * mix(density, 1.0, side))) / kPi *
               (1.0 - 0.15 * shadow);
    diffuse = mix(diffuse, lit, side);
  }
  // The sky's light the thin parts scatter towards the eye.
  vec3 ambient = 0.9 * sky_lut(vec3(0.0, 1.0, 0.0)) + 0.3 * sky_lut(normalize(vec3(-uSunDir.x, 0.3, -uSunDir.z)));
  vec3 radiance = direct + diffuse + ambient * (1.0 - 0.3 * density) * exp(-tau);
  // Aerial perspective between the eye and the cloud: it fades into the sky behind it.
  vec3 sigma = uRayleighScattering + vec3(uMieScattering + uMieAbsorption);  // per km, sea level
  vec3 through = exp(-sigma * (t / 1000.0) * 0.6);
  vec3 behind = air_sky(d);
  radiance = radiance * through + behind * (1.0 - through);
  alpha *= smoothstep(0.0, fade, d.y);
  return vec4(radiance * alpha, alpha);
}

// The layer as a flat sheet on its base, whatever its type: premultiplied radiance and
// opacity along d from eye height eye_y (m). A stratus sheet is drawn so.
vec4 cloud_sheet(vec3 d, float eye_y, vec2 offset, int octaves) {
  if (uUserSkyOn != 0 || uCloudCoverage <= 0.0 || d.y <= 0.0) return vec4(0.0);
  float r0 = uGroundR * 1000.0 + eye_y, rc = uGroundR * 1000.0 + uCloudAltitude;
  if (rc <= r0) return vec4(0.0);
  float t = shell_distance(r0, d.y, rc);
  float density = cloud_density(d.xz * t + offset, octaves, t * 0.0015 / max(d.y, 0.02));
  if (density <= 0.0) return vec4(0.0);
  return cloud_light(d, t, offset, octaves, 1.0 - exp(-uCloudTau * density), density, 0.0, 0.03);
}

vec4 cloud_layer(vec3 d, float eye_y, vec2 offset, int octaves) {
  if (uUserSkyOn != 0 || uCloudCoverage <= 0.0 || d.y <= 0.0) return vec4(0.0);
  float r0 = uGroundR * 1000.0 + eye_y, rc = uGroundR * 1000.0 + uCloudAltitude;
  if (rc <= r0) return vec4(0.0);
  float t = shell_distance(r0, d.y, rc);  // metres to the base
  float heap = cloud_heap_height();
  if (heap <= 0.0) return cloud_sheet(d, eye_y, offset, octaves);
  float alpha, rise = 0.0, weight = 0.0, density_sum = 0.0, y_sum = 0.0;
  int march_octaves = min(octaves, 5);  // the fBm's first five
  {
    float span = shell_distance(r0, d.y, rc + heap) - t;
    int steps = int(clamp(ceil(span / (0.06 * cloud_scale())), 8.0, 96.0));
    float dt = span / float(steps);
    float through = 1.0, t_sum = 0.0, rise_sum = 0.0;
    // The fBm is sampled at the steps' ends and the column's top taken as linear between them,
    // as is the ray's height over the base: the share of each step that lies under the top is
    // then exact to first order, in height and along the ray, and varies smoothly from pixel to
    // pixel, so neither bands (one per step) nor grain show where a ray grazes a heap's side;
    // softened by 3 % of the heap. A steep ray, which rises through the whole slab within one
    // column, gathers the column's optical depth.
    float soft = 0.03 * heap, level = cloud_level(), ramp = cloud_ramp();
    // The march's fBm has fewer octaves than the layer's, and fewer octaves of the same noise
    // spread wider about the mean (relative to their amplitudes' sum): its deviation is scaled
    // to the spread of `octaves` of them, so the heaps cover the sky the layer would.
    float spread = sqrt(cloud_fbm_spread(octaves) / cloud_fbm_spread(march_octaves));
    // The step's start: height over the base, the fBm and the top there.
    float y_a = 0.0, n_a = cloud_march_noise(d, t, offset, march_octaves, spread);
    float top_a = cloud_heap_top(n_a, heap, level);
    for (int i = 0; i < steps; ++i) {
      float tb = t + float(i + 1) * dt;
      float y_b = sqrt(r0 * r0 + tb * tb + 2.0 * r0 * tb * d.y) - rc;
      float n_b = cloud_march_noise(d, tb, offset, march_octaves, spread);
      float top_b = cloud_heap_top(n_b, heap, level);
      float y0 = y_a, n0 = n_a, top0 = top_a;
      y_a = y_b;
      n_a = n_b;
      top_a = top_b;
      float n = 0.5 * (n0 + n_b);
      float density = smoothstep(level, level + ramp, n);
      if (density <= 0.0) continue;
      float top = cloud_heap_top(n, heap, level);
      float f0 = top0 - y0, f1 = top_b - y_b;  // > 0 under the top
      float inside = clamp(0.5 + 0.5 * (f0 + f1) / (abs(f1 - f0) + 2.0 * soft), 0.0, 1.0);
      if (inside <= 0.0) continue;
      // Per metre, so that the column holds uCloudTau x density from base to top.
      float a = 1.0 - exp(-uCloudTau * density / max(top, 1.0) * inside * dt);
      float w = through * a;
      weight += w;
      t_sum += w * (tb - 0.5 * dt);
      density_sum += w * density;
      rise_sum += w * clamp(0.5 * (y0 + y_b) / max(top, 1.0), 0.0, 1.0);
      y_sum += w * clamp(0.5 * (y0 + y_b), 0.0, top);
      through *= 1.0 - a;
      if (through < 0.005) break;
    }
    alpha = 1.0 - through;
    if (alpha < 1e-4) return vec4(0.0);
    t = t_sum / weight;
    rise = rise_sum / weight;
  }
  // The heaps are lit by the density the march met. The fBm's finer octaves, which the march
  // leaves out, shape the surface where the ray met it: they raise and lower it about the
  // height the march found, so that its bulges catch the light of a heap's upper parts and
  // its hollows the grey of its lower ones (cauliflower rather than smooth domes). Their
  // cells are fixed on the cloud, sheared by the height (so a heap's side varies as it rises,
  // not only across), and fade to their mean as the pixel outgrows them, a top seen edge-on
  // sooner than a side.
  if (rise > 0.0 && octaves > march_octaves) {
    float y = y_sum / weight;
    // The fBm's octaves after the march's: their coordinates and first wavelength.
    vec2 p = (d.xz * t + offset + vec2(0.8, -0.6) * y) / cloud_scale();
    for (int i = 0; i < march_octaves; ++i) p = cloud_next_octave(p);
    float wavelength = cloud_scale() / pow(kCloudLacunarity, float(march_octaves));
    float footprint = t * 0.003 / mix(1.0, max(d.y, 0.05), rise * rise);
    float detail = cloud_fbm(p, octaves - march_octaves, footprint / wavelength) - 0.5;
    rise = clamp(rise + 0.9 * detail, 0.01, 1.0);
  }
  return cloud_light(d, t, offset, octaves, alpha, density_sum / weight, rise, 0.01);
}

// Radiance towards the horizon in the horizontal direction of d: what the far sea and every
// long path through the haze fade into.
vec3 horizon_radiance(vec3 d) {
  vec3 h = length(d.xz) > 1e-6 ? normalize(vec3(d.x, 0.0, d.z)) : vec3(1.0, 0.0, 0.0);
  if (uUserSkyOn != 0) return user_sky(h);
  return air_sky(h);
}

// Optical depth (grey) of the haze, rain and spray along d from eye height eye_y (m) up and
// out of them. The haze and rain fill the lowest kHazeTop metres, the spray thins by e every
// uSprayHeight metres; a ray at the horizon leaves a layer of height H after sqrt(2 R H).
const float kHazeTop = 1500.0;
float layer_path_km(float d_y, float height_m) {
  float h = height_m / 1000.0;
  return h / max(d_y, sqrt(2.0 * h / uGroundR));
}
float haze_depth_up(vec3 d, float eye_y) {
  // Under clouds the haze and rain end at their base: what lies above it is hidden anyway.
  float top = uCloudCoverage > 0.0 && uUserSkyOn == 0 ? min(kHazeTop, uCloudAltitude) : kHazeTop;
  float tau = uHazeExtinction * layer_path_km(d.y, top);
  if (uSprayExtinction > 0.0)
    tau += uSprayExtinction * layer_path_km(d.y, uSprayHeight) * exp(-max(eye_y, 0.0) / uSprayHeight);
  return tau;
}

// Sky behind `behind` (radiance the clouds hide, e.g. the sun disc) with `cloud` in front of it
// (cloud_layer's premultiplied radiance and opacity along d), then the haze, rain and spray.
vec3 sky_over_cloud(vec3 d, float eye_y, vec4 cloud, vec3 behind) {
  vec3 c;
  if (uUserSkyOn != 0) {
    c = user_sky(d);
  } else {
    vec3 up = vec3(d.x, max(d.y, 0.0), d.z);
    c = (air_sky(up) + behind) * (1.0 - cloud.a) + cloud.rgb;
  }
  // Haze, rain and spray between the eye and all of it.
  return mix(horizon_radiance(d), c, exp(-haze_depth_up(d, eye_y)));
}
// Sky and clouds behind `behind`.
vec3 sky_over(vec3 d, float eye_y, vec2 offset, int octaves, vec3 behind) {
  return sky_over_cloud(d, eye_y, cloud_layer(d, eye_y, offset, octaves), behind);
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

// Aerial perspective over a near-horizontal path of `dist` metres at sea level: the fraction of
// the path's end replaced by in-scattered light, per channel. Over a uniform medium the
// in-scattered radiance tends to the horizon's own radiance as the path grows, so the sea
// meets the sky at the horizon in colour.
vec3 aerial_fraction(float dist) {
  vec3 sigma = uRayleighScattering + vec3(uMieScattering + uMieAbsorption);  // per km
  return 1.0 - exp(-sigma * dist / 1000.0);
}

// Aerial perspective with the weather over the path from `eye` to a point `p` at sea (m): the
// air's per wavelength, the haze's and rain's grey, and the spray's, which is densest at the
// surface (the mean of e^(-y / H) over the straight path, heights clamped to the sea).
vec3 weather_fraction(vec3 eye, vec3 p) {
  float dist = length(p - eye) / 1000.0;  // km
  vec3 sigma = uRayleighScattering + vec3(uMieScattering + uMieAbsorption + uHazeExtinction);
  vec3 tau = sigma * dist;
  if (uSprayExtinction > 0.0) {
    float H = uSprayHeight;
    float ya = max(eye.y, 0.0), yb = max(p.y, 0.0);
    float dy = yb - ya;
    float mean = abs(dy) > 1e-3 * H ? H * (exp(-ya / H) - exp(-yb / H)) / dy : exp(-ya / H);
    tau += uSprayExtinction * dist * mean;
  }
  return 1.0 - exp(-tau);
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

// The exposure: the user's, times the camera's adaptation to the metered light,
// (uAdaptBelow / relative)^(adapt x the diffuse share) within its bounds (1 when adapt is 0).
float exposure() {
  if (uExposureAdapt <= 0.0) return uExposure;
  vec4 m = texelFetch(uLightMeter, ivec2(0), 0);
  float relative = isnan(m.w) || isinf(m.w) ? 1.0 : max(m.w, 1e-6);
  float share = m.x > 0.0 && !isinf(m.x) && !isnan(m.y) && !isinf(m.y) ? clamp(m.y / m.x, 0.0, 1.0) : 1.0;
  return uExposure * clamp(pow(relative / uAdaptBelow, -min(uExposureAdapt, 1.0) * share),
                           uMinAdaptedExposure, uMaxAdaptedExposure);
}

// Narkowicz's fit of the ACES filmic curve, then display gamma.
vec3 tonemap(vec3 c) {
  // The curve is 1 from about 7 on; capping first keeps c * c finite for HDR skies (a sun
  // pixel of 1e20 would overflow to inf / inf = NaN, a black pixel).
  c = min(c * exposure(), vec3(1e4));
  c = clamp((c * (2.51 * c + 0.03)) / (c * (2.43 * c + 0.59) + 0.14), 0.0, 1.0);
  return pow(c, vec3(1.0 / 2.2));
}

#endif
