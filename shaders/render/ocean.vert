#version 430 core
// SPDX-License-Identifier: MIT
// One level of the geometry clipmap (src/render/clipmap.h), displaced by the sum of the
// cascades' displacement maps. The morph and the snap arithmetic are mirrored on the CPU by
// Clipmap::morphed_vertex; keep the two in step. FLAT_MESH (diagnostics) leaves out the
// displacement.
layout(location = 0) in vec2 aIdx;  // integer grid index (i, j) of this level's vertex

uniform mat4 uViewProj;
uniform vec3 uEye;
uniform vec2 uOrigin;       // world xz of grid vertex (0, 0): a multiple of 2 uCell
uniform float uCell;        // this level's cell, metres (a power of two)
uniform float uMorphStart;  // max-norm distance from the eye, in cells, where morphing starts
uniform float uMorphEnd;    // ... and where vertices sit on the next coarser grid
uniform float uMorphFloor;  // the least morph (the innermost level fades out as the eye rises)
uniform int uCascades;
uniform float uPatch[4];    // L_c, metres per map tile of each cascade
uniform float uMapSize;     // N, texels per map side
uniform float uMaxLod;      // the maps' top mip level
uniform sampler2DArray uDisplacement;

out vec2 vPlane;  // undisplaced position: the maps are indexed by it
out vec3 vWorld;

void main() {
  // Exact in float: origin and index times cell are multiples of the finest cell, so a
  // vertex shared by two levels lands on the same bits in both.
  vec2 xz = uOrigin + aIdx * uCell;
  vec2 dd = abs(xz - uEye.xz);
  float d = max(dd.x, dd.y) / uCell;
  float morph = max(clamp((d - uMorphStart) / (uMorphEnd - uMorphStart), 0.0, 1.0), uMorphFloor);
  // Odd vertices slide onto their lower even neighbour: at morph 1 the level is the coarser
  // grid, which is what the next level has along the shared edge.
  vec2 odd = aIdx - 2.0 * floor(aIdx * 0.5);
  xz -= odd * (uCell * morph);

  // Sample every wave at least 4 times per wavelength: the mip whose texels are twice the
  // (morphed) cell holds only waves of 4 cells or longer. The morph also moves the level of
  // detail to the coarser level's, so shared edge vertices fetch the same value.
  float cell = uCell * (1.0 + morph);
  vec3 disp = vec3(0.0);
#ifndef FLAT_MESH
  for (int c = 0; c < uCascades; ++c) {
    float lod = max(log2(2.0 * cell * uMapSize / uPatch[c]), 0.0);
    // Beyond the top mip only the cascade's mean is left, which is zero: skip it.
    if (lod > uMaxLod) continue;
    disp += textureLod(uDisplacement, vec3(xz / uPatch[c], float(c)), lod).xyz;
  }
#endif
  vPlane = xz;
  vWorld = vec3(xz.x, 0.0, xz.y) + disp;
#ifndef FLAT_MESH
  // The Earth's curvature: the sea drops away as d^2 / 2R from below the eye, so the horizon
  // lies at sqrt(2 R h) (12 km from 12 m) and is seen at grazing incidence, as at sea.
  vec2 rel = vWorld.xz - uEye.xz;
  vWorld.y -= dot(rel, rel) / (2.0 * 6.36e6);
#endif
  gl_Position = uViewProj * vec4(vWorld, 1.0);
}
