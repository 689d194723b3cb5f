#version 430 core
// Turns the inverse FFT's fields into the maps the renderer samples: choppy displacement,
// slopes of the displaced surface, the Jacobian and foam.
// Defines: PACKED (as in spectrum.comp).
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uFields;
layout(binding = 1, rgba32f) uniform writeonly image2D uDisplacement;
layout(binding = 2, rgba32f) uniform writeonly image2D uNormals;

uniform int uN;
uniform float uChoppiness;
uniform float uFoamThreshold;
uniform float uFoamSoftness;

// Folded crests have near-vertical normals; a bound keeps mip averages finite.
const float MAX_SLOPE = 16.0;

void main() {
  ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
  if (texel.x >= uN || texel.y >= uN) return;
  float f[8];
#if PACKED
  vec4 p0 = imageLoad(uFields, ivec3(texel, 0));
  vec4 p1 = imageLoad(uFields, ivec3(texel, 1));
  f[0] = p0.x; f[1] = p0.y; f[2] = p0.z; f[3] = p0.w;
  f[4] = p1.x; f[5] = p1.y; f[6] = p1.z; f[7] = p1.w;
#else
  // Unpacked, each field is the real part of its own plane.
  for (int j = 0; j < 4; ++j) {
    vec4 p = imageLoad(uFields, ivec3(texel, j));
    f[2 * j] = p.x;
    f[2 * j + 1] = p.z;
  }
#endif
  float lambda = uChoppiness;
  vec3 disp = vec3(lambda * f[0], f[1], lambda * f[2]);

  float jxx = 1.0 + lambda * f[5];
  float jzz = 1.0 + lambda * f[6];
  float jxz = lambda * f[7];
  float jacobian = jxx * jzz - jxz * jxz;

  // Tangents of the displaced surface P(x,z) = (x + l Dx, h, z + l Dz); their cross product is
  // the normal of what is actually drawn, not of the undisplaced height field.
  vec3 tx = vec3(jxx, f[3], jxz);
  vec3 tz = vec3(jxz, f[4], jzz);
  vec3 n = cross(tz, tx);
  float ny = max(n.y, length(n) / MAX_SLOPE);
  vec2 slope = clamp(vec2(-n.x, -n.z) / ny, -MAX_SLOPE, MAX_SLOPE);

  float foam = clamp((uFoamThreshold - jacobian) / max(uFoamSoftness, 1e-4), 0.0, 1.0);
  imageStore(uDisplacement, texel, vec4(disp, 0.0));
  imageStore(uNormals, texel, vec4(slope, jacobian, foam));
}
