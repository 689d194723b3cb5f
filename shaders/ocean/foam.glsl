// SPDX-License-Identifier: MIT
// Whitecaps: foam born where the summed sea breaks, carried with the water and streaked along
// the wind, then fading into thin residual foam. Included by ocean/foam.comp, its own pass after
// the maps are assembled (fused or not), so it may read every cascade at any texel.
//
// Breaking. The water's Lagrangian map x -> x + D(x) of the whole sea (every cascade, choppiness
// 1: the physical displacement, not the picture's lambda) compresses the surface most along the
// eigenvector of the smaller eigenvalue e of its Jacobian; at e <= 0 the linear surface folds
// over. Foam is born where e falls below one global threshold, uFoamThreshold (the same for
// every sea; docs/perf-notes.md says how it was calibrated against Monahan's whitecap law), ramping
// to full over uFoamSoftness.
//
// Carrying. The maps are indexed by the water's Lagrangian label (the renderer draws label x at
// x + D), so foam that stays on its label already rides the orbital motion, stretched and
// squeezed with the surface. What moves it across labels is the surface drift (uFoamDrift,
// 3 % of U10 along the wind), and turbulent spreading along the wind (uFoamStreak, m^2/s)
// draws each patch into a streak. Semi-Lagrangian: the new foam is the old foam fetched from
// upstream, bilinearly, from last step's state (a ping-pong pair, never the map being written).
//
// Residual. Active foam (x of the state: the fraction of the texel's area that is white water)
// decays at uFoamDecay; a part of what it loses stays as thin residual foam (y, the fraction of
// the area under the film, so active + residual <= 1), which fades far more slowly and is
// spread along the wind much further than the active foam (uFoamResidual.z, m^2/s): old crests
// leave long streaks on the sea instead of vanishing, denser the stronger the wind.
#ifndef OCEAN_FOAM_GLSL
#define OCEAN_FOAM_GLSL

uniform sampler2DArray uFoamPrev;  // last step's state: x = active, y = residual
uniform float uFoamThreshold;      // on the smaller eigenvalue of the summed sea's Jacobian
uniform float uFoamSoftness;       // the eigenvalue range over which breaking ramps to full
uniform float uFoamGrow;           // coverage per second at full breaking
uniform float uFoamDecay;          // 1/s
uniform vec2 uFoamDrift;           // m/s, world x and z
uniform float uFoamStreak;         // m^2/s of spreading along the wind
uniform vec2 uFoamWindDir;         // unit, world x and z
uniform float uDt;                 // simulated seconds since the last step, >= 0
uniform int uFoamReset;            // no foam to carry over

uniform vec3 uFoamResidual;        // gain (of the active foam lost), decay 1/s, m^2/s along the wind
uniform float uFoamFilmReach;      // texels: the most the film spreads in this step (see below)

// j = (d Dx/dx, d Dz/dz, d Dx/dz) of the summed sea, choppiness 1. Returns how hard the
// surface breaks (0..1) in x and the unit direction of its strongest compression in yz.
vec3 foam_breaking(vec3 j) {
  float a = 1.0 + j.x, d = 1.0 + j.y, b = j.z;
  float mean = 0.5 * (a + d);
  float dev = sqrt(0.25 * (a - d) * (a - d) + b * b);
  float e = mean - dev;
  // Eigenvector of e: (b, e - a) or (e - d, b), whichever is longer (both near zero only where
  // the Jacobian is a multiple of the identity, where every direction will do).
  vec2 v1 = vec2(b, e - a), v2 = vec2(e - d, b);
  vec2 dir = dot(v1, v1) > dot(v2, v2) ? v1 : v2;
  dir = dot(dir, dir) > 1e-20 ? normalize(dir) : vec2(1.0, 0.0);
  float p = clamp((uFoamThreshold - e) / max(uFoamSoftness, 1e-4), 0.0, 1.0);
  return vec3(p, dir);
}

// How much of the compression along `dir` one cascade's Jacobian j carries (>= 0), so each
// cascade's layer receives the foam of the waves that break on its scale and the layers,
// which the renderer adds up, do not count one whitecap several times.
float foam_compression(vec3 j, vec2 dir) {
  return max(-(dir.x * dir.x * j.x + dir.y * dir.y * j.y + 2.0 * dir.x * dir.y * j.z), 0.0);
}

// Bilinear and periodic through the sampler's filter (linear, repeating), at texel coordinates
// p (texel t sits at p = t): one fetch where doing it by hand took four.
vec2 foam_sample(vec2 p, int layer, int n) {
  return textureLod(uFoamPrev, vec3((p + 0.5) / float(n), float(layer)), 0.0).xy;
}

// Channel `ch` of the state at `at` (texels) spread along the unit `dir` by a standard
// deviation of `s` texels: the mean of taps evenly spaced over +-reach, whose variance
// reach^2 (taps + 1) / (3 (taps - 1)) is s^2. Two taps at +-s while they are at most four texels
// apart; more where s is longer, so that no gap between taps grows past four texels, which
// would leap over the texels between and print copies of a patch instead of spreading it.
float foam_spread(vec2 at, vec2 dir, float s, int layer, int n, int ch) {
  int taps = int(clamp(ceil(sqrt(1.0 + 0.75 * s * s) - 1e-4), 2.0, 16.0));
  float reach = s * sqrt(3.0 * float(taps - 1) / float(taps + 1));
  float sum = 0.0;
  for (int i = 0; i < taps; ++i)
    sum += foam_sample(at + dir * (reach * (2.0 * float(i) / float(taps - 1) - 1.0)), layer, n)[ch];
  return sum / float(taps);
}

// One step of the foam state at `texel` of layer `layer` (texel size `cell` metres): carried,
// then decayed, then grown by `inject` (breaking times this layer's share). The active foam and
// the residual film are carried alike but spread along the wind by their own diffusivities.
vec2 foam_update(ivec2 texel, int layer, int n, float cell, float inject) {
  if (uFoamReset != 0) return vec2(0.0);
  vec2 upstream = vec2(texel) - uFoamDrift * uDt / cell;
  // Spreading by sqrt(2 K dt) along the wind widens a patch by variance 2 K dt per step. The
  // film's is held to uFoamFilmReach texels (two per 1/20 s, as sqrt(dt)): its windrows'
  // K would smear a fine layer's texels in a step, so the finest layers streak less, in metres,
  // and by the same amount per second at any step length.
  float white = foam_spread(upstream, uFoamWindDir, sqrt(2.0 * uFoamStreak * uDt) / cell, layer, n, 0);
  float film = foam_spread(upstream, uFoamWindDir,
                           min(sqrt(2.0 * uFoamResidual.z * uDt) / cell, uFoamFilmReach), layer, n, 1);
  float keep = exp(-uFoamDecay * uDt);
  float live = clamp(white * keep + uFoamGrow * uDt * inject, 0.0, 1.0);
  float residual = film * exp(-uFoamResidual.y * uDt) + uFoamResidual.x * white * (1.0 - keep);
  return vec2(live, clamp(residual, 0.0, 1.0 - live));
}

#endif
