#version 430 core
// SPDX-License-Identifier: MIT
// A floating body's flat-shaded mesh (src/render/bodies.h), placed by its model matrix.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec3 aColor;

uniform mat4 uViewProj;
uniform mat4 uModel;  // rotation and translation only

out vec3 vWorld;
out vec3 vNormal;
out vec3 vColor;

void main() {
  vWorld = (uModel * vec4(aPos, 1.0)).xyz;
  vNormal = mat3(uModel) * aNormal;
  vColor = aColor;
  gl_Position = uViewProj * vec4(vWorld, 1.0);
}
