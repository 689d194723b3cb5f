#version 430 core
// A camera-centred polar grid (rings of equal vertex count, so cells grow with distance like
// their projection shrinks) displaced by the simulation's displacement map.
layout(location = 0) in vec2 aOffset;  // metres from the grid centre (x, z)

uniform mat4 uViewProj;
uniform vec2 uCenter;       // grid centre, world x z
uniform float uPatch;       // metres per displacement map
uniform float uTexel;       // metres per map texel
uniform float uAngular;     // 2*pi / segments
uniform float uInner;       // cell size of the inner rings
uniform sampler2D uDisplacement;

out vec2 vPlane;   // undisplaced position: the maps are indexed by it
out vec3 vWorld;

void main() {
  float spacing = max(uInner, length(aOffset) * uAngular);
  vec2 xz = uCenter + aOffset;
  // Fetch from the mip level whose texels are as large as this cell: waves shorter than the
  // cell would alias into the mesh as crawling noise; the fragment shader adds their slopes.
  float lod = max(log2(spacing / uTexel), 0.0);
  vec3 d = textureLod(uDisplacement, xz / uPatch, lod).xyz;
  vWorld = vec3(xz.x, 0.0, xz.y) + d;
  vPlane = xz;
  gl_Position = uViewProj * vec4(vWorld, 1.0);
}
