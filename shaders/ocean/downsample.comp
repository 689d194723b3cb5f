#version 430 core
// Box-filtered mip levels base+1 .. base+uLevels (at most 5) of an rgba32f 2D array, from level
// `base`, every layer at once. Each work group reduces a 32x32 tile of level base through
// shared memory, so one dispatch makes five levels where glGenerateMipmap launches the driver's
// blit once per level: at ocean sizes the launches, not the bytes, were the cost.
// Defines: none.
layout(local_size_x = 16, local_size_y = 16) in;

uniform sampler2DArray uSource;  // read at level uBase with texelFetch
uniform int uBase;
uniform int uLevels;             // 1..5
uniform int uSize;               // width (= height) of level uBase
layout(binding = 0, rgba32f) uniform writeonly image2DArray uLevel1;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uLevel2;
layout(binding = 2, rgba32f) uniform writeonly image2DArray uLevel3;
layout(binding = 3, rgba32f) uniform writeonly image2DArray uLevel4;
layout(binding = 4, rgba32f) uniform writeonly image2DArray uLevel5;

#define MIP_TILE_STORE(k, at, value)              \
  if (k == 1) imageStore(uLevel2, at, value);      \
  else if (k == 2) imageStore(uLevel3, at, value); \
  else if (k == 3) imageStore(uLevel4, at, value); \
  else imageStore(uLevel5, at, value)
#include "ocean/mip_tile.glsl"

void main() {
  ivec2 l = ivec2(gl_LocalInvocationID.xy);
  ivec2 group = ivec2(gl_WorkGroupID.xy);
  int layer = int(gl_WorkGroupID.z);

  // Level base+1: one texel per invocation from a 2x2 quad of level base.
  int size = max(uSize >> 1, 1);
  ivec2 p = group * 16 + l;
  vec4 v = vec4(0.0);
  if (p.x < size && p.y < size) {
    ivec2 s = p * 2;
    int last = max(uSize - 1, 0);  // a 1-wide level averages its one texel with itself
    v = 0.25 * (texelFetch(uSource, ivec3(min(s, ivec2(last)), layer), uBase) +
                texelFetch(uSource, ivec3(min(s + ivec2(1, 0), ivec2(last)), layer), uBase) +
                texelFetch(uSource, ivec3(min(s + ivec2(0, 1), ivec2(last)), layer), uBase) +
                texelFetch(uSource, ivec3(min(s + ivec2(1, 1), ivec2(last)), layer), uBase));
    imageStore(uLevel1, ivec3(p, layer), v);
  }
  // Levels base+2 .. base+5: the group's tile halves each time. Sizes are powers of two, so a
  // level smaller than the tile simply leaves the tile's outer texels unused.
  mip_tile_reduce(v, l, group, layer, uLevels - 1, size);
}
