#version 430 core
// Water shading: Schlick Fresnel between sky reflection and the water body, GGX sun glitter
// whose roughness carries the slope variance that filtering removed, light scattered through
// crests, the simulation's foam times a detail texture, and distance fog into the sky.
#include "render/sky.glsl"

in vec2 vPlane;
in vec3 vWorld;
out vec4 oColor;

uniform sampler2DArray uDisplacement;  // w: lambda dDx/dz
uniform sampler2DArray uDerivatives;   // (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz)
uniform sampler2DArray uTurbulence;    // (foam coverage, hx^2, hz^2, hx hz)
uniform sampler2D uFoamDetail;
uniform int uCascades;
uniform float uPatch[4];
uniform vec3 uEye;
uniform vec3 uWaterColor;
uniform vec3 uScatterColor;
uniform float uScatterStrength;
uniform float uScatterHeight;
uniform float uRoughness;  // GGX alpha of the unsimulated ripples
uniform float uFoamIntensity;
uniform float uFoamDetailSize;
uniform vec2 uWindDir;     // unit, the direction the wind sea travels towards (x, z)
uniform float uFogDensity;
uniform float uViewDistance;  // metres the mesh reaches in every direction
uniform int uWireframe;

const float PI = 3.14159265;
const float F0 = 0.02;  // water's reflectance at normal incidence (n = 1.33)
// One mip level coarser than the hardware's pick, so a shaded wave spans at least 4 samples
// of its wavelength across the pixels; what this removes comes back as roughness.
const float kBias = 1.0;

float fresnel(float cos_theta) { return F0 + (1.0 - F0) * pow(1.0 - cos_theta, 5.0); }

void main() {
  if (uWireframe != 0) {
    oColor = vec4(0.85, 0.95, 1.0, 1.0);
    return;
  }
  // Sum the cascades. Derivatives and squared slopes are fetched with the same coordinates,
  // sampler and bias, so they come from the same mip level and their variance is consistent.
  vec4 der = vec4(0.0);
  float jxz = 0.0, variance = 0.0, coverage = 0.0;
  for (int c = 0; c < uCascades; ++c) {
    vec3 uv = vec3(vPlane / uPatch[c], float(c));
    vec4 dv = texture(uDerivatives, uv, kBias);
    vec4 tb = texture(uTurbulence, uv, kBias);
    der += dv;
    jxz += texture(uDisplacement, uv, kBias).w;
    coverage += tb.x;
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
  float ndv = dot(n, v);
  if (ndv < 0.05) {
    n = normalize(n + v * (0.05 - ndv));
    ndv = max(dot(n, v), 0.05);
  }
  vec3 L = uSunDir;
  vec3 sun = uSunColor * uSunIntensity;

  float F = fresnel(ndv);
  vec3 r = reflect(-v, n);
  r.y = abs(r.y);  // a downward reflection would see the sea; the sky is the best stand-in
  vec3 reflected = sky_radiance(r, false);

  // The water body: sky light and a little sun, scattered back from depth.
  vec3 ambient = 0.5 * (uZenith + uHorizon);
  vec3 body = uWaterColor * (ambient + sun * 0.08 * max(dot(n, L), 0.0));
  // Crests are thin: light from the sun side shines through them when looking towards it.
  float height = clamp(vWorld.y / uScatterHeight, 0.0, 1.5);
  float towards_sun = pow(max(dot(-v, L) * 0.5 + 0.5, 0.0), 3.0);
  float side = pow(max(dot(n, vec3(-v.x, 0.0, -v.z) + 0.3 * L), 0.0), 2.0);
  float fade = exp(-dist / 600.0);
  vec3 scatter = uScatterColor * uScatterStrength * height * (0.15 * side + 0.5 * towards_sun) * fade *
                 (uSunColor * 0.8 + ambient * 0.4);

  vec3 color = mix(body + scatter, reflected, F);

  // GGX sun glitter. The slope variance of the waves filtered out of this pixel widens the
  // lobe: a Beckmann surface of per-axis slope variance s2 has alpha^2 = 2 s2, and the sum
  // over both axes is that.
  float a2 = clamp(uRoughness * uRoughness + variance, 1e-6, 1.0);
  vec3 h = normalize(L + v);
  float ndh = max(dot(n, h), 0.0), ndl = max(dot(n, L), 0.0);
  float denom = ndh * ndh * (a2 - 1.0) + 1.0;
  float D = a2 / (PI * denom * denom);
  float k = sqrt(a2) * 0.5;
  float vis = 1.0 / (4.0 * (ndl * (1.0 - k) + k) * (ndv * (1.0 - k) + k));
  color += sun * D * vis * ndl * fresnel(max(dot(h, v), 0.0));

  // Foam: the simulated coverage shaped by the detail texture, streaks along the wind. Two
  // scales of the same texture at an angle hide its repetition; each has mean 0.5, so the
  // product 4 d1 d2 keeps the coverage's mean.
  vec2 wind_uv = vec2(dot(vPlane, uWindDir), dot(vPlane, vec2(-uWindDir.y, uWindDir.x)));
  float d1 = texture(uFoamDetail, wind_uv / uFoamDetailSize).r;
  float d2 = texture(uFoamDetail, mat2(0.8, 0.6, -0.6, 0.8) * wind_uv / (uFoamDetailSize * 3.7) +
                                      vec2(0.37, 0.71)).r;
  float foam = clamp(clamp(coverage, 0.0, 1.0) * 4.0 * d1 * d2, 0.0, 1.0) * uFoamIntensity;
  vec3 foam_color = vec3(0.9) * (ambient * 0.9 + sun * 0.12 * max(dot(n, L), 0.2));
  color = mix(color, foam_color, clamp(foam, 0.0, 1.0));

  // Fog towards the sky colour at the horizon in the same direction: the sea fades into the
  // sky without a line.
  // The mesh ends at the view distance; fading fully before it hides that edge from high eyes.
  vec3 away = normalize(vec3(-v.x, 0.0, -v.z));
  float fog = max(1.0 - exp(-dist * uFogDensity), smoothstep(0.6, 1.0, dist / uViewDistance));
  color = mix(color, sky_radiance(away, false), fog);
  oColor = vec4(tonemap(color), 1.0);
}
