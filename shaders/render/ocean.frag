#version 430 core
// SPDX-License-Identifier: MIT
// Water shading. Reflection of the prefiltered sky at the pixel's filtered roughness with
// Fresnel at that roughness; GGX sun glitter whose roughness carries the slope variance that
// filtering removed; the water body's colour from the absorption and backscattering of clear
// ocean water, over a sand bottom in shallow water; light through thin crests; the
// simulation's foam; aerial perspective from the same atmosphere as the sky.
#include "sky/sky.glsl"
#include "render/fog.glsl"
#include "render/foam.glsl"
#include "render/foam_noise.glsl"

in vec2 vPlane;
in vec3 vWorld;
out vec4 oColor;

// The simulation's maps in half floats (src/render/surface_maps.h).
uniform sampler2DArray uDerivatives;  // (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz)
uniform sampler2DArray uFoam;         // (active foam coverage, hx^2, hz^2, lambda dDx/dz)
uniform sampler2DArray uFilm;         // residual foam coverage
uniform int uCascades;
uniform float uPatch[4];
uniform float uLevelOffset[4];  // log2(map texels / patch metres) per cascade
uniform vec3 uEye;
uniform float uDepth;      // metres of water (the simulation's dispersion depth)
uniform float uScatterStrength;
uniform float uScatterHeight;
uniform float uRoughness;  // GGX alpha of the unsimulated ripples
uniform float uFoamIntensity;
uniform float uFoamDetailSize;  // metres: the foam pattern's largest cells
uniform vec2 uWindDir;     // unit, the direction the wind sea travels towards (x, z)
uniform float uFoamStretch;  // the foam pattern's length along the wind over its width
uniform int uFoamVariation;  // 0: the foam is neither varied nor moved
uniform sampler2D uFoamNoise;  // random RGBA, filtered and repeating (render/foam_noise.glsl)
uniform float uFoamNoiseSize;  // its texels per side
uniform float uViewDistance;  // metres the mesh reaches in every direction
uniform int uWireframe;
uniform int uAnisotropic;  // the maps' sampler filters anisotropically
uniform sampler2D uReflectance;  // directional albedo at (sqrt(mu), sqrt(alpha)): render/water_reflectance.h
#ifdef MIRROR
uniform mat4 uViewProj;
uniform sampler2D uMirrorSky;  // render/clouds.comp's: below the horizon, the sky a flat sea mirrors
#endif

const float PI = 3.14159265;
// Defines: WATER_F0, water's reflectance at normal incidence (n = 1.33: render::kWaterF0).
const float F0 = WATER_F0;
// Half a mip level coarser than the hardware's pick: a shaded wave spans about 3 samples of
// its wavelength across the pixels, crisp up close yet free of moire; what the filtering removes
// comes back as roughness.
const float kBias = 0.5;
#ifdef MIRROR
// GGX alpha up to which the mirrored clouds replace the environment map's: a 128^2 map's
// texels span about a degree (alpha ~0.02), and from MIRROR_BLURRED (render::
// kMirrorBlurredAlpha, 0.04: the map's next level) its own blur is finer than the lobe's.
const float kMirrorSharp = 0.015, kMirrorBlurred = MIRROR_BLURRED;
#endif

// The sky and clouds a glassy sea reflects along r: built with MIRROR (uRoughness under
// MIRROR_BLURRED), the mirrored sky where r, turned down, points into the frame
// (render/clouds.comp), blended into the environment map's `blurred` towards rough water and
// the frame's edges; otherwise `blurred`.
vec3 mirror_sky(vec3 r, float alpha, vec3 blurred) {
#ifdef MIRROR
  if (alpha >= kMirrorBlurred || r.y <= 0.0) return blurred;
  vec4 clip = uViewProj * vec4(r.x, -r.y, r.z, 0.0);
  if (clip.w <= 0.0) return blurred;
  vec2 uv = clip.xy / clip.w * 0.5 + 0.5;
  // Within a few texels of the frame's edge the image ends: the map takes over.
  vec2 edge = min(uv, 1.0 - uv) * vec2(textureSize(uMirrorSky, 0));
  float w = (1.0 - smoothstep(kMirrorSharp, kMirrorBlurred, alpha)) *
            clamp(min(edge.x, edge.y) / 4.0 - 0.25, 0.0, 1.0);
  return w > 0.0 ? mix(blurred, textureLod(uMirrorSky, uv, 0.0).rgb, w) : blurred;
#else
  return blurred;
#endif
}

// The pixel's footprint on the maps (d vPlane / d screen x and y), for the mip level. The
// hardware's derivatives come from the displaced triangle; on a wave face seen nearly edge-on
// they grow without bound, so a displacement changed by float rounding could move the level
// by four (seen: one pixel 5/255 apart between two FFT algorithms). The footprint on the
// undisplaced sea along the same view ray depends on the ray alone; each axis takes the
// smaller of the two, so faces turned towards the eye keep their finer level and edge-on ones
// are bounded by the flat sea's. kBias levels coarser.
vec2 gFootX, gFootY;
float gFootLod;  // log2 of the footprint's longer axis, metres
void footprint() {
  vec2 gx = dFdx(vPlane), gy = dFdy(vPlane);
  vec3 ray = vWorld - uEye;
  // Where the ray meets the mean surface y = 0; rays at or above the horizontal (a crest
  // above a low eye) keep the hardware's footprint.
  float down = -ray.y;
  if (down > 1e-4 * length(ray)) {
    vec2 flat_hit = uEye.xz + ray.xz * (max(uEye.y, 0.01) / down);
    vec2 fx = dFdx(flat_hit), fy = dFdy(flat_hit);
    if (dot(fx, fx) < dot(gx, gx)) gx = fx;
    if (dot(fy, fy) < dot(gy, gy)) gy = fy;
  }
  gFootX = gx * exp2(kBias);
  gFootY = gy * exp2(kBias);
  gFootLod = 0.5 * log2(max(max(dot(gFootX, gFootX), dot(gFootY, gFootY)), 1e-30));
}

// One map of cascade c at uv. Without anisotropic filtering an explicit level
// (the hardware's rule, the longer axis) keeps the fast path: explicit gradients are expensive
// on some GPUs' texture units. With it, the gradients themselves.
vec4 sample_map(sampler2DArray map, vec3 uv, int c) {
  if (uAnisotropic != 0) return textureGrad(map, uv, gFootX / uPatch[c], gFootY / uPatch[c]);
  return textureLod(map, uv, gFootLod + uLevelOffset[c]);
}

// Clear oceanic water (chlorophyll about 0.1 mg/m^3) at the atmosphere's wavelengths 680, 550
// and 440 nm, per metre (docs/sky.md): absorption of pure water (Smith & Baker 1981) plus
// phytoplankton; backscattering of water molecules (Morel 1974) plus particles; total
// scattering, mostly forward, by particles.
const vec3 kAbsorption = vec3(0.470, 0.068, 0.028);
const vec3 kBackscatter = vec3(0.0011, 0.0017, 0.0032);
const vec3 kScattering = vec3(0.061, 0.074, 0.095);
const vec3 kBottomAlbedo = vec3(0.36, 0.32, 0.25);  // sand

// max(): a cosine from two unit vectors can round to just above 1, and pow of a negative base
// is NaN.
float fresnel(float cos_theta) { return F0 + (1.0 - F0) * pow(max(1.0 - cos_theta, 0.0), 5.0); }

// The single place foam is shaded (render/foam.glsl): the active whitecaps and the residual
// film from the simulation's coverages. The texture's detail follows the pixel's footprint on
// the flat sea along its view ray, which is smooth from pixel to pixel (the displaced
// triangle's own derivatives are constant per triangle and jump between them), or on a wave's
// face near the eye the face's own, from the maps' smooth normal; the bubbles' scale also
// follows how far the water itself is.
vec3 shade_foam(vec3 color, float white, float residual, vec3 n, vec3 sun, vec3 sky_irradiance) {
  vec3 to_water = vWorld - uEye;
  float dist = length(to_water);
  vec3 ray = to_water / dist;
  float down = max(-ray.y, 1e-3);
  vec2 flat_hit = ray.xz * (max(uEye.y, 0.01) / down);
  vec2 feet = vec2(length(dFdx(flat_hit)), length(dFdy(flat_hit)));
  // The footprint at the water itself: its distance times the pixel's angle, both smooth.
  float near = dist * max(length(dFdx(ray)), length(dFdy(ray)));
  // A wave's face turned towards the eye is seen more squarely than the flat sea along the
  // same ray, and nearer: there the pixel covers `near` stretched by the face's own slant (the
  // maps' normal, smooth across triangles).
  float face = near / max(dot(n, -ray), 0.05);
  vec4 o = foam_opacity(white, residual, vPlane, feet, uWindDir, uFoamDetailSize, uFoamStretch,
                        near, face);
  float crest = clamp(o.x * uFoamIntensity, 0.0, 1.0), film = clamp(o.y * uFoamIntensity, 0.0, 1.0);
  // The film shows where the crest leaves it.
  float seen_film = film * (1.0 - crest);
  float opacity = crest + seen_film;
  // Foam is a rough white diffuser of albedo about 0.8; the bubbles' walls of a whitecap are
  // whiter than that, their middles greyer; a patch, whitecap or film, is greyer where it
  // thins at its edge.
  float shade = opacity > 0.0 ? (crest * o.z + seen_film * o.w) / opacity : 1.0;
  vec3 foam_color = min(0.8 * shade, 0.95) / PI * (sun * max(dot(n, uSunDir), 0.0) + sky_irradiance);
  return mix(color, foam_color, opacity);
}

void main() {
  if (uWireframe != 0) {
    oColor = vec4(0.85, 0.95, 1.0, 1.0);
    return;
  }
  // Sum the cascades. Derivatives and squared slopes are fetched with the same coordinates,
  // sampler and bias, so they come from the same mip level and their variance is consistent.
  footprint();
  vec4 der = vec4(0.0);
  float jxz = 0.0, variance = 0.0, coverage = 0.0, residual = 0.0;
  for (int c = 0; c < uCascades; ++c) {
    vec3 uv = vec3(vPlane / uPatch[c], float(c));
    vec4 dv = sample_map(uDerivatives, uv, c);
    vec4 tb = sample_map(uFoam, uv, c);
    der += dv;
    jxz += tb.w;
    // With foam variation, each copy of the patch gets its own share of whitecaps, and its film,
    // whose streaks would print the patch's lattice, is looked up where foam_film_shift() moved
    // it. The noise has a texel per patch; it fades to its mean 0.5, which varies nothing, only
    // where a pixel spans a whole patch, and there the map is down to its mean too.
    vec4 nz = vec4(0.5);
    if (uFoamVariation != 0)
      nz = foam_noise(uFoamNoise, uFoamNoiseSize, vPlane, uPatch[c], c,
                      max(gFootLod - log2(uPatch[c]), 0.0));
    vec3 film_uv = vec3((vPlane + foam_film_shift(nz, uPatch[c])) / uPatch[c], float(c));
    float film = sample_map(uFilm, film_uv, c).r;
    coverage += foam_vary(tb.x, nz.z);
    residual += foam_vary(film, nz.z);
    // Within one cascade the slopes of a texel's footprint vary by E[s^2] - E[s]^2; across
    // cascades the bands are disjoint, so the variances add.
    variance += max(tb.y - dv.x * dv.x, 0.0) + max(tb.z - dv.y * dv.y, 0.0);
  }
  // The displaced surface's tangents along x and z (see ocean::Simulation::derivatives()).
  vec3 tx = vec3(1.0 + der.z, der.x, jxz);
  vec3 tz = vec3(jxz, der.y, 1.0 + der.w);
  vec3 n = cross(tz, tx);
  // Where the surface folds over (Jacobian < 0) the cross product points down; the fold is
  // foam-covered anyway, so keep the normal on the upper side.
  n.y = max(n.y, 1e-3);
  n = normalize(n);

  vec3 to_eye = uEye - vWorld;
  float dist = length(to_eye);
  vec3 v = to_eye / dist;
  // Slopes averaged over a pixel can face away from a grazing eye; tilt them back so the far
  // sea reflects sky instead of turning black.
  // Only just: every bit of tilt lifts the reflected ray, and near the horizon the sky
  // changes fastest with elevation.
  const float kMinNdv = 0.01;
  float ndv = dot(n, v);
  if (ndv < kMinNdv) {
    n = normalize(n + v * (kMinNdv - ndv));
    ndv = max(dot(n, v), kMinNdv);
  }
  vec3 L = uSunDir;
  // On a plane facing the sun, at sea level, under the cloud above this point (its shadow).
  vec3 sun = sun_irradiance_at(vWorld.xz - uEye.xz, vWorld.y);
  // GGX alpha: the unsimulated ripples plus the slope variance of the waves filtered out of
  // this pixel (a Beckmann surface of per-axis slope variance s2 has alpha^2 = 2 s2, and the
  // sum over both axes is that).
  float a2 = clamp(uRoughness * uRoughness + variance, 1e-6, 1.0);
  float alpha = sqrt(a2);

  // Reflection: the sky and clouds through the environment map, at this roughness. How much
  // of it: the rough surface's directional albedo (render/water_reflectance.h), which at
  // grazing angles is far below the mean facet's Fresnel, since the eye sees mostly the facets
  // turned towards it and the rest hide behind them. Those facets also send the ray higher
  // into the sky than the mean normal's mirror direction: the lobe's dominant direction leans
  // towards the normal (Lagarde & de Rousiers 2014).
  float F = texture(uReflectance, vec2(sqrt(ndv), sqrt(alpha))).r;
  vec3 r = reflect(-v, n);
  r = normalize(mix(n, r, (1.0 - alpha) * (sqrt(1.0 - alpha) + alpha)));
  vec3 reflected = mirror_sky(r, alpha, env_radiance(r, alpha));

  // The water body. Light entering the sea (sun and sky, less what the surface reflects) comes
  // back out with the irradiance reflectance R = 0.33 b_b / (a + b_b) of deep water (Gordon
  // 1975); in shallow water the bottom shows through two trips of attenuation K = a + b_b. The
  // radiance leaving is R E / pi, less the n^2 spreading and Fresnel on the way out (0.54).
  vec3 sky_irradiance = PI * env_radiance(vec3(0.0, 1.0, 0.0), 1.0);
  float cos_sun = max(L.y, 0.0);
  vec3 e_down = sun * cos_sun * (1.0 - fresnel(cos_sun)) + sky_irradiance * (1.0 - 0.066);
  vec3 K = kAbsorption + kBackscatter;
  vec3 bottom = exp(-2.0 * K * max(uDepth, 0.0));
  vec3 R = 0.33 * kBackscatter / K * (1.0 - bottom) + kBottomAlbedo * bottom;
  vec3 body = 0.54 * R * e_down / PI;

  // Light through thin crests (as in Atlas / GodotOceanWaves): strongest on crests high above
  // the mean, looking towards the sun, through faces turned away from it. Its colour is what
  // a metre and a half of water scatters forward and lets through.
  // The wave's own height, without the Earth's curvature ocean.vert applied.
  vec2 rel = vWorld.xz - uEye.xz;
  float wave_height = vWorld.y + dot(rel, rel) / (2.0 * 6.36e6);
  float height = clamp(wave_height / uScatterHeight, 0.0, 1.5);
  float towards_sun = pow(max(dot(-v, L), 0.0), 4.0);
  // pow of a negative base is NaN: dot(L, n) of two unit vectors can round to just above 1.
  float backlit = pow(max(0.5 - 0.5 * dot(L, n), 0.0), 3.0);
  float near = exp(-dist / 800.0);
  vec3 crest = kScattering * exp(-(kAbsorption + kScattering) * 1.5);
  vec3 scatter = uScatterStrength * crest * sun / PI *
                 (6.0 * height * towards_sun * backlit + 0.6 * height * pow(ndv, 2.0)) * near;

  vec3 color = (1.0 - F) * (body + scatter) + F * reflected;

  // GGX sun glitter at the same roughness.
  vec3 h = normalize(L + v);
  float ndh = max(dot(n, h), 0.0), ndl = max(dot(n, L), 0.0);
  float denom = ndh * ndh * (a2 - 1.0) + 1.0;
  float D = a2 / (PI * denom * denom);
  float k = alpha * 0.5;
  float vis = 1.0 / (4.0 * (ndl * (1.0 - k) + k) * (ndv * (1.0 - k) + k));
  color += sun * D * vis * ndl * fresnel(max(dot(h, v), 0.0));

  color = shade_foam(color, coverage, residual, n, sun, sky_irradiance);

  // Aerial perspective: the air, haze, rain and spray between the eye and the water scatter in
  // the horizon's light, so the far sea takes the sky's colour at the horizon.
  color = water_fog(color, uEye, vWorld, v, uViewDistance);
  oColor = vec4(tonemap(color), 1.0);
}
