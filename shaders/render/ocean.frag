#version 430 core
// Water shading: Schlick Fresnel between sky reflection and the water body, GGX sun glitter,
// light scattered through crests, foam from the Jacobian, and distance fog into the sky.
#include "render/sky.glsl"

in vec2 vPlane;
in vec3 vWorld;
out vec4 oColor;

uniform sampler2D uNormals;
uniform float uPatch;
uniform vec3 uEye;
uniform vec3 uWaterColor;
uniform vec3 uScatterColor;
uniform float uScatterStrength;
uniform float uScatterHeight;
uniform float uRoughness;
uniform float uFoamThreshold;
uniform float uFoamSoftness;
uniform float uFoamIntensity;
uniform float uFogDensity;
uniform int uWireframe;

const float PI = 3.14159265;
const float F0 = 0.02;  // water's reflectance at normal incidence (n = 1.33)

float fresnel(float cos_theta) { return F0 + (1.0 - F0) * pow(1.0 - cos_theta, 5.0); }

void main() {
  if (uWireframe != 0) {
    oColor = vec4(0.85, 0.95, 1.0, 1.0);
    return;
  }
  vec4 maps = texture(uNormals, vPlane / uPatch);
  vec3 n = normalize(vec3(-maps.x, 1.0, -maps.y));
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

  // GGX sun specular. Distance widens the lobe: far waves are smaller than a pixel and the
  // mipmapped slopes lose their variance, which must reappear as roughness.
  float rough = clamp(uRoughness + dist * 1.5e-5 + 0.02 * log2(1.0 + dist / 50.0), 0.02, 0.6);
  float a2 = rough * rough * rough * rough;
  vec3 h = normalize(L + v);
  float ndh = max(dot(n, h), 0.0), ndl = max(dot(n, L), 0.0);
  float denom = ndh * ndh * (a2 - 1.0) + 1.0;
  float D = a2 / (PI * denom * denom);
  float k = rough * rough * 0.5;
  float vis = 1.0 / (4.0 * (ndl * (1.0 - k) + k) * (ndv * (1.0 - k) + k));
  color += sun * D * vis * ndl * fresnel(max(dot(h, v), 0.0));

  // Foam where the surface compresses (Jacobian below the threshold).
  float foam = clamp((uFoamThreshold - maps.z) / max(uFoamSoftness, 1e-4), 0.0, 1.0);
  foam = foam * foam * uFoamIntensity * exp(-dist / 3000.0);
  vec3 foam_color = vec3(0.9) * (ambient * 0.9 + sun * 0.12 * max(dot(n, L), 0.2));
  color = mix(color, foam_color, foam);

  // Fog towards the sky colour at the horizon in the same direction: the sea fades into the
  // sky without a line.
  vec3 away = normalize(vec3(-v.x, 0.0, -v.z));
  float fog = 1.0 - exp(-dist * uFogDensity);
  color = mix(color, sky_radiance(away, false), fog);
  oColor = vec4(tonemap(color), 1.0);
}
