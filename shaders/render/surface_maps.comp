#version 430 core
// SPDX-License-Identifier: MIT
// One mip level of the simulation's maps into the half-float textures the water's pixels read
// (src/render/surface_maps.h says why and what goes where).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

uniform sampler2DArray uDisplacement;  // w: lambda dDx/dz
uniform sampler2DArray uDerivatives;   // (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz)
uniform sampler2DArray uFoamSlopes;    // (active foam coverage, hx^2, hz^2, residual foam)
uniform int uLevel;
layout(rgba16f, binding = 0) writeonly uniform image2DArray oDerivatives;
layout(rgba16f, binding = 1) writeonly uniform image2DArray oFoam;
layout(r16f, binding = 2) writeonly uniform image2DArray oFilm;

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (any(greaterThanEqual(p, imageSize(oDerivatives)))) return;
  vec4 f = texelFetch(uFoamSlopes, p, uLevel);
  imageStore(oDerivatives, p, texelFetch(uDerivatives, p, uLevel));
  imageStore(oFoam, p, vec4(f.xyz, texelFetch(uDisplacement, p, uLevel).w));
  imageStore(oFilm, p, vec4(f.w));
}
