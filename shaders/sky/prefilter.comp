#version 430 core
// SPDX-License-Identifier: MIT
// One level of the prefiltered environment map: radiance convolved with the GGX lobe of alpha
// uAlpha around each direction (normal = view = reflection, Karis 2013), importance sampled,
// each sample read from the source mip whose texel matches the sample's solid angle (Colbert &
// Krivanek 2007) so 64 samples give a smooth result.
#include "sky/sky.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uOut;
uniform sampler2D uSource;  // level 0 radiance with box mips
uniform float uAlpha;

const int kSamples = 64;

vec2 hammersley(uint i, uint n) {
  uint b = i;
  b = (b << 16u) | (b >> 16u);
  b = ((b & 0x55555555u) << 1u) | ((b & 0xAAAAAAAAu) >> 1u);
  b = ((b & 0x33333333u) << 2u) | ((b & 0xCCCCCCCCu) >> 2u);
  b = ((b & 0x0F0F0F0Fu) << 4u) | ((b & 0xF0F0F0F0u) >> 4u);
  b = ((b & 0x00FF00FFu) << 8u) | ((b & 0xFF00FF00u) >> 8u);
  return vec2(float(i) / float(n), float(b) * 2.3283064365386963e-10);
}

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (p.x >= size.x || p.y >= size.y) return;
  vec3 n = env_direction((vec2(p) + 0.5) / vec2(size));
  if (uAlpha <= 0.0) {
    imageStore(uOut, p, vec4(textureLod(uSource, env_uv(n), 0.0).rgb, 1.0));
    return;
  }
  vec3 up = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 tx = normalize(cross(up, n)), ty = cross(n, tx);
  float a2 = uAlpha * uAlpha;
  float source_size = float(textureSize(uSource, 0).x);
  float texel_solid_angle = 2.0 * kPi / (source_size * source_size);
  float max_lod = float(textureQueryLevels(uSource) - 1);
  vec3 sum = vec3(0.0);
  float weight = 0.0;
  for (int i = 0; i < kSamples; ++i) {
    vec2 xi = hammersley(uint(i), uint(kSamples));
    float cos_h = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
    float sin_h = sqrt(1.0 - cos_h * cos_h);
    float phi = 2.0 * kPi * xi.x;
    vec3 h = tx * (sin_h * cos(phi)) + ty * (sin_h * sin(phi)) + n * cos_h;
    vec3 l = 2.0 * dot(n, h) * h - n;
    float ndl = dot(n, l);
    if (ndl <= 0.0) continue;
    float denom = cos_h * cos_h * (a2 - 1.0) + 1.0;
    float pdf = a2 / (kPi * denom * denom) * 0.25;  // D(h) cos_h / (4 v.h), with v = n
    float sample_solid_angle = 1.0 / (float(kSamples) * pdf + 1e-6);
    float lod = clamp(0.5 * log2(sample_solid_angle / texel_solid_angle) + 1.0, 0.0, max_lod);
    sum += textureLod(uSource, env_uv(l), lod).rgb * ndl;
    weight += ndl;
  }
  imageStore(uOut, p, vec4(sum / max(weight, 1e-6), 1.0));
}
