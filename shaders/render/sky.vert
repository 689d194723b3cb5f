#version 430 core
// SPDX-License-Identifier: MIT
// One triangle that covers the screen; no vertex buffer needed.
out vec2 vNdc;
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  vNdc = p;
  gl_Position = vec4(p, 1.0, 1.0);
}
