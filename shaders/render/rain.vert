#version 430 core
// SPDX-License-Identifier: MIT
// One screen-covering triangle per rain layer (src/render/rain.h), at that layer's depth, so the
// depth test hides the streaks behind nearer water.
out vec2 vNdc;
flat out int vLayer;
uniform float uLayerNdcZ[3];
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  vNdc = p;
  vLayer = gl_InstanceID;
  gl_Position = vec4(p, uLayerNdcZ[gl_InstanceID], 1.0);
}
