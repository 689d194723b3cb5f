// SPDX-License-Identifier: MIT
#pragma once
// 3D real-to-complex (R2C) and complex-to-real (C2R) transforms in the half-spectrum layout FFTW
// and cuFFT use: two real volumes of W x H x D have W/2+1 x H x D complex bins each (the x axis
// halved, as fftw_plan_dft_r2c_3d). Installed as <oceanfft/fft/real_volume.h>; docs/api.md
// shows it in use.
//
// Layouts, both rgba32f GL_TEXTURE_2D_ARRAYs with one layer per slice (layer z holds slice z),
// volume 0 in .xy and volume 1 in .zw, as fft::VolumePlan:
// * real data: (W+1)/2 x H x D texels; each row packed two samples per complex value as in
//   fft::RealPlan (texel (m, y) of layer z holds samples 2m and 2m+1 of row y of slice z).
// * spectrum: W/2+1 x H x D texels, complex.
//
// How: fft::RealPlan transforms every slice (the depth as its layers), a pass transposes y and z
// of the half spectrum through global memory, a column plan of length D transforms along z, and
// a second transpose puts the result back. The inverse runs the same steps backwards. Memory:
// the real plan's, plus three images of the half spectrum's size.
#include "fft/real.h"

namespace oceanfft::fft {

class RealVolumePlan {
 public:
  // `options.width`, `.height` and `depth` are the real volume's axes (each as fft::Plan takes
  // it, depth 1..4096 and within the driver's array layer limit); `options.layers` and `.axes`
  // are ignored (every axis is transformed).
  // Errors: as fft::RealPlan and fft::Plan, Error(InvalidArgument) for a depth out of range.
  RealVolumePlan(const Options& options, int depth, const gl::ShaderLibrary& shaders);
  ~RealVolumePlan();
  RealVolumePlan(RealVolumePlan&&) noexcept;
  RealVolumePlan& operator=(RealVolumePlan&&) noexcept;

  int width() const { return slices_.options().width; }
  int height() const { return slices_.options().height; }
  int depth() const { return depth_; }
  std::string describe() const;

  // R2C: `real` in the real layout above, only read; returns the plan-owned half spectrum,
  // valid until the next forward() or inverse(). Unnormalised, as FFTW.
  const gl::Texture& forward(const gl::Texture& real, gl::PassTimer* timer = nullptr);
  // C2R: `spectrum` (W/2+1 x H x D), only read; returns the plan-owned real-layout texture,
  // scaled by 1/(W*H*D). Only a Hermitian half spectrum has a defined result (as FFTW's c2r).
  // Barriers and GL state as fft::RealPlan.
  const gl::Texture& inverse(const gl::Texture& spectrum, gl::PassTimer* timer = nullptr);

  // Every texture forward() or inverse() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 private:
  int depth_ = 0;
  RealPlan slices_;  // W x H real, depth layers
  Plan along_z_;     // W/2+1 x depth, height layers, columns only
  gl::Program program_;
  gl::Texture swapped_;  // W/2+1 x depth x height
  gl::Texture result_;   // W/2+1 x height x depth
};

}  // namespace oceanfft::fft
