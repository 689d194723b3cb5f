// SPDX-License-Identifier: MIT
#pragma once
// The simulation's maps as the water's pixels read them: every mip level copied each frame into
// half floats and regrouped so that a pixel fetches 2 four-channel texels and 1 one-channel
// texel per cascade, where the simulation's own layout takes 3 of 16 bytes. Sampling a texel
// of 16 bytes with filtering takes the texture units four times as long as one of 4 bytes, and
// the water's pixels fetch a dozen of them; the copy is a compute pass over 1.33 n^2 texels
// per cascade. Half floats hold slopes to 1e-3 of their size, well under what a pixel shows.
//
//   derivatives: (dh/dx, dh/dz, lambda dDx/dx, lambda dDz/dz)   rgba16f (the simulation's own)
//   foam:        (active foam coverage, hx^2, hz^2, lambda dDx/dz) rgba16f
//   film:        residual foam coverage                          r16f
//
// The film stands alone because ocean.frag may fetch it elsewhere than the rest (foam
// variation). The vertex shader's displacement stays in 32-bit floats: a centimetre matters
// there.
#include "gl/objects.h"
#include "gl/shader.h"

namespace oceanfft::ocean {
class Simulation;
}

namespace oceanfft::render {

class SurfaceMaps {
 public:
  explicit SurfaceMaps(const gl::ShaderLibrary& shaders);

  // Copies every level of sim's displacement, derivative and foam maps; makes new textures
  // first when the maps' size, cascades or levels changed. Ends with the barrier that texture
  // fetches need.
  void update(const ocean::Simulation& sim);

  const gl::Texture& derivatives() const { return derivatives_; }
  const gl::Texture& foam() const { return foam_; }
  const gl::Texture& film() const { return film_; }

 private:
  const gl::ShaderLibrary* shaders_;
  gl::Program program_;
  gl::Texture derivatives_, foam_, film_;
};

}  // namespace oceanfft::render
