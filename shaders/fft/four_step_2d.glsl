// SPDX-License-Identifier: MIT
// The four-step 2D passes' layouts (shaders/fft/four_step_2d.comp says what they are): the
// uniforms that describe them and the natural view of the source. Included by four_step_2d.comp
// and four_step_fft.comp.

uniform int uInverse;
uniform ivec2 uPlane;  // W, H of the natural image
// The axis this pass works on: axis, N1, N2, and the widths of layouts A and B.
uniform int uAxis;
uniform ivec2 uSplit;
uniform ivec2 uLayoutWidth;
// The axis whose layout B holds the natural view (-1: the source is natural), its N1, N2 and
// layout B width.
uniform int uSrcAxis;
uniform ivec2 uSrcSplit;
uniform int uSrcWidth;

// Other in-plane count for an axis.
int other_count(int axis) { return axis == 0 ? uPlane.y : uPlane.x; }

ivec3 texel(int line, int element, int width) {
  return ivec3(line % width, element, line / width);
}

// Natural coordinate (x, y, l) -> the source texel that holds it.
vec4 load_natural(ivec3 p) {
  if (uSrcAxis < 0) return imageLoad(uSrc, p);
  const int e = uSrcAxis == 0 ? p.x : p.y, o = uSrcAxis == 0 ? p.y : p.x;
  const int n1 = uSrcSplit.x, m = other_count(uSrcAxis);
  const int k1 = e % n1, k2 = e / n1;
  const int c = uSrcAxis == 0 ? k1 + n1 * (o + m * p.z) : o + m * (k1 + n1 * p.z);
  return imageLoad(uSrc, texel(c, k2, uSrcWidth));
}

ivec3 natural(int e, int o, int l) { return uAxis == 0 ? ivec3(e, o, l) : ivec3(o, e, l); }

