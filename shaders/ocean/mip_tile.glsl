// SPDX-License-Identifier: MIT
// Box-filtered mip levels inside one 16x16 work group: the group's 256 values (one per
// invocation) halve through shared memory up to four times, to 8x8, 4x4, 2x2 and 1x1. Shared by
// ocean/downsample.comp (levels 2-5 of its round, 7-8 of its tail) and ocean/foam.comp (levels
// 1-4 of the map it has just written, so no dispatch has to read that level back).
// The includer defines MIP_TILE_STORE(k, texel, value): store reduction k (1..4) of the tile.
#ifndef OCEAN_MIP_TILE_GLSL
#define OCEAN_MIP_TILE_GLSL

// Reductions alternate between the two arrays, so each reads one array while it writes the other
// and one barrier per reduction orders them (writing back into the array being read took two).
shared vec4 mip_tile[16][16];
shared vec4 mip_tile_half[8][8];

// v: this invocation's value at l (gl_LocalInvocationID.xy) of the tile whose first texel is at
// group * 16. Reduction k is stored at group * (16 >> k) + l for its (16 >> k)^2 invocations,
// where that texel lies inside a level of side size >> k (size: the side of v's level).
// Reductions past `count` are computed but not stored. Every invocation of the group must call
// this (it holds barriers).
void mip_tile_reduce(vec4 v, ivec2 l, ivec2 group, int layer, int count, int size) {
  mip_tile[l.y][l.x] = v;
  for (int k = 1; k <= 4; ++k) {
    int w = 16 >> k;  // this reduction's texels per group side
    size = max(size >> 1, 1);
    barrier();
    if (l.x < w && l.y < w) {
      ivec2 s = l * 2;
      if ((k & 1) == 1) {
        v = 0.25 * (mip_tile[s.y][s.x] + mip_tile[s.y][s.x + 1] + mip_tile[s.y + 1][s.x] +
                    mip_tile[s.y + 1][s.x + 1]);
        mip_tile_half[l.y][l.x] = v;
      } else {
        v = 0.25 * (mip_tile_half[s.y][s.x] + mip_tile_half[s.y][s.x + 1] +
                    mip_tile_half[s.y + 1][s.x] + mip_tile_half[s.y + 1][s.x + 1]);
        mip_tile[l.y][l.x] = v;
      }
      ivec2 q = group * w + l;
      if (k <= count && q.x < size && q.y < size) {
        MIP_TILE_STORE(k, ivec3(q, layer), v);
      }
    }
  }
}

#endif
