// SPDX-License-Identifier: MIT
#pragma once
// 3D complex FFTs of volumes in an image array: width x height x depth, layer z holding slice z,
// each texel two volumes (volume 0 in .xy, volume 1 in .zw), as the 2D plan's two planes per
// layer. Installed as <oceanfft/fft/volume.h>; docs/api.md shows it in use.
//
// How: a 2D plan transforms every slice (the depth as its layers), a pass transposes y and z
// through global memory, a column plan of length depth transforms along z (the height as its
// layers), and a second transpose puts the result back. Each axis takes what fft::Plan takes
// (any length 1..4096 with fast, powers of two with the others); depth and height are bounded
// by the driver's array layer limit too. Memory: six images of the volume's size (eight where
// the slices run as two single-axis plans: when one volume's bytes exceed
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE, beyond what the 2D plan's buffer between its axes may bind),
// checked against the free memory the driver reports before anything is made.
#include <memory>

#include "fft/fft.h"

namespace oceanfft::fft {

class VolumePlan {
 public:
  // `options.width`, `.height` and `depth` are the volume's axes; `options.layers` and `.axes`
  // are ignored (every axis is transformed).
  VolumePlan(const Options& options, int depth, const gl::ShaderLibrary& shaders);
  ~VolumePlan();
  VolumePlan(VolumePlan&&) noexcept;
  VolumePlan& operator=(VolumePlan&&) noexcept;

  int depth() const { return depth_; }
  std::string describe() const;

  // `input`: rgba32f GL_TEXTURE_2D_ARRAY of width x height x depth, only read. Returns the
  // plan-owned result, valid until the next execute(). Forward unscaled; the inverse scaled by
  // 1/(width*height*depth). Barriers and GL state as Plan::execute.
  const gl::Texture& execute(Direction direction, const gl::Texture& input,
                             gl::PassTimer* timer = nullptr);

  // Every texture execute() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 private:
  int depth_ = 0;
  Plan slices_;  // width x height, depth layers (rows only when slice_columns_ is set)
  std::unique_ptr<Plan> slice_columns_;
  Plan along_z_; // width x depth, height layers, columns only
  gl::Program program_;
  gl::Texture swapped_;  // width x depth x height
  gl::Texture result_;   // width x height x depth
};

}  // namespace oceanfft::fft
