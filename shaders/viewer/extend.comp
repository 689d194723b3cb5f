#version 430 core
// SPDX-License-Identifier: MIT
// Completes the real transform's half spectrum (W/2+1 bins a row) to the full W x H spectrum the
// filter and the views read: bin (k, l) for k > W/2 is the conjugate of bin (W-k, -l mod H).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uHalf;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uFull;

uniform ivec2 uPadded;  // W, H

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uPadded.x || p.y >= uPadded.y) return;
  vec4 v;
  if (p.x <= uPadded.x / 2) {
    v = imageLoad(uHalf, p);
  } else {
    v = imageLoad(uHalf, ivec3(uPadded.x - p.x, (uPadded.y - p.y) % uPadded.y, p.z));
    v = vec4(v.x, -v.y, v.z, -v.w);
  }
  imageStore(uFull, p, v);
}
