#version 430 core
// SPDX-License-Identifier: MIT
// Box-filtered mip levels base+1 .. base+uLevels (at most 5) of an rgba32f 2D array, from level
// `base`, every layer at once. Each work group reduces a 32x32 tile of level base through
// shared memory, so one dispatch makes five levels where glGenerateMipmap launches the driver's
// blit once per level: at ocean sizes the launches, not the bytes, were the cost.
// With uTail > 0 the chain's last uTail levels (at most 3: a compute shader may have only 8
// images on NVIDIA) are made in the same dispatch by whichever group of a layer finishes last,
// from level base+5, which the others have stored by then; that saves a second dispatch and
// the barrier before it.
// Defines: none.
layout(local_size_x = 16, local_size_y = 16) in;

uniform sampler2DArray uSource;  // read at level uBase with texelFetch
uniform int uBase;
uniform int uLevels;             // 1..5
uniform int uSize;               // width (= height) of level uBase
uniform int uTail;               // 0..3 levels after base+5, made by the layer's last group
uniform int uCounter;            // this map's first counter (uTail > 0)
layout(binding = 0, rgba32f) uniform writeonly image2DArray uLevel1;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uLevel2;
layout(binding = 2, rgba32f) uniform writeonly image2DArray uLevel3;
layout(binding = 3, rgba32f) uniform writeonly image2DArray uLevel4;
// Read back by the tail: coherent, so the last group sees the other groups' stores.
layout(binding = 4, rgba32f) uniform coherent image2DArray uLevel5;
layout(binding = 5, rgba32f) uniform writeonly image2DArray uLevel6;
layout(binding = 6, rgba32f) uniform writeonly image2DArray uLevel7;
layout(binding = 7, rgba32f) uniform writeonly image2DArray uLevel8;
// One counter per map and layer: groups of the layer that have stored their level base+5
// texel. The last group puts it back to 0 for the next dispatch.
layout(std430, binding = 0) buffer Counters { uint counters[]; };

// MIP_TILE_STORE: reductions 1..4 go to levels base+2..base+5, in the tail 1..2 to base+7..base+8.
bool mip_tail = false;
#define MIP_TILE_STORE(k, at, value)                           \
  if (mip_tail) {                                              \
    if (k == 1) imageStore(uLevel7, at, value);                \
    else if (k == 2) imageStore(uLevel8, at, value);           \
  } else if (k == 1) imageStore(uLevel2, at, value);           \
  else if (k == 2) imageStore(uLevel3, at, value);             \
  else if (k == 3) imageStore(uLevel4, at, value);             \
  else imageStore(uLevel5, at, value)
#include "ocean/mip_tile.glsl"

shared bool last_group;

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
  if (uTail == 0) return;

  // The tail: level base+5 is at most 16 x 16 here (the host asks for a tail only then), so one
  // group reduces all of it, as the round after this one would have.
  memoryBarrierImage();  // this group's level base+5 texel, before the count says it is there
  barrier();
  if (l == ivec2(0)) {
    uint groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    last_group = atomicAdd(counters[uCounter + layer], 1u) == groups - 1u;
  }
  barrier();
  if (!last_group) return;
  memoryBarrierImage();
  int size5 = max(size >> 4, 1);
  // Level base+6 from 2x2 quads, then up to two more through the shared tile.
  int size6 = max(size5 >> 1, 1);
  vec4 q = vec4(0.0);
  bool inside = l.x < size6 && l.y < size6;
  if (inside) {
    ivec2 s = l * 2;
    int last = size5 - 1;
    q = 0.25 * (imageLoad(uLevel5, ivec3(min(s, ivec2(last)), layer)) +
                imageLoad(uLevel5, ivec3(min(s + ivec2(1, 0), ivec2(last)), layer)) +
                imageLoad(uLevel5, ivec3(min(s + ivec2(0, 1), ivec2(last)), layer)) +
                imageLoad(uLevel5, ivec3(min(s + ivec2(1, 1), ivec2(last)), layer)));
    imageStore(uLevel6, ivec3(l, layer), q);
  }
  mip_tail = true;
  mip_tile_reduce(q, l, ivec2(0), layer, uTail - 1, size6);
  if (l == ivec2(0)) counters[uCounter + layer] = 0u;
}
