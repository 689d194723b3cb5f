// SPDX-License-Identifier: MIT
#pragma once
// Real-to-complex (R2C) and complex-to-real (C2R) transforms in the half-spectrum layout FFTW
// and cuFFT use: a real plane of W x H values has W/2+1 x H complex bins (the other bins are
// the conjugates of these). Installed as <oceanfft/fft/real.h>; docs/api.md shows it in use.
//
// Layouts, both rgba32f GL_TEXTURE_2D_ARRAYs with L layers holding 2L planes as fft::Plan's:
// * real data: (W+1)/2 x H x L texels; texel (m, y) of layer l holds samples 2m and 2m+1 of row
//   y of plane 2l in .xy and of plane 2l+1 in .zw, which is how a row of floats lies in memory.
//   For odd W the last texel's .y and .w are padding: ignored on input, written 0.
// * spectrum: W/2+1 x H x L texels in fft::Plan's complex layout (plane 2l in .xy, 2l+1 in .zw).
//
// How: for even W the real row is read as W/2 complex values (even samples real, odd
// imaginary) and transformed by a complex FFT of half the width; the half spectrum is split from
// (forward) or joined into (inverse) it. Where both axes take the register kernel (Algorithm::Fast,
// powers of two that fit its limits), the split is fused into the loads of the column pass over
// the W/2+1 columns (rows first), and the join into the loads of the row pass (columns first),
// in shaders/fft/real_fused.comp: two dispatches each way, one for the inverse of rows only.
// Otherwise (RealPasses::Separate, or shapes the fused passes do not take) a complex plan of
// W/2 x H runs and one dispatch of shaders/fft/real.comp splits or joins. For odd W the complex
// plan is W x H with zero imaginary parts, and the passes expand, crop or fold around it.
#include "fft/fft.h"

namespace oceanfft::fft {

// Checks that a real transform of `o` can run: validate_shape() of the complex plan it makes,
// and axes Both or Rows (Status::RealColumnsUnsupported otherwise). No GL call.
Status validate_real_shape(const Options& o);

// Texels per row of the real layout and of the half spectrum for a real width w.
inline int real_texels(int w) { return (w + 1) / 2; }
inline int spectrum_texels(int w) { return w / 2 + 1; }

// Whether the split / join may be fused into the register kernel's passes (Auto: where the shape
// allows) or always runs as a pass of its own (Separate; for comparison and as the fallback).
enum class RealPasses { Auto, Separate };

class RealPlan {
 public:
  // `options.width` and `.height` are the real plane's; axes Both or Rows (1D lines along x,
  // one per row). Everything else as for fft::Plan, whose constructor errors it shares.
  RealPlan(const Options& options, const gl::ShaderLibrary& shaders,
           RealPasses passes = RealPasses::Auto);
  ~RealPlan();
  RealPlan(RealPlan&&) noexcept;
  RealPlan& operator=(RealPlan&&) noexcept;

  const Options& options() const { return options_; }
  // Whether the split and join run fused into the FFT passes, and a line for what runs.
  bool fused() const { return rows_.has_value(); }
  std::string describe() const;
  int dispatches_per_execute(Direction d) const;

  // R2C: `real` in the real layout above; returns the plan-owned spectrum texture, valid until
  // the next forward() or inverse(). Unnormalised, as FFTW.
  const gl::Texture& forward(const gl::Texture& real, gl::PassTimer* timer = nullptr);
  // C2R: `spectrum` in the half-spectrum layout; returns the plan-owned real-layout texture.
  // Scaled by 1/(W*H) (1/W for axes Rows), as numpy's irfft2. Bins that a Hermitian spectrum
  // determines twice (the imaginary parts of bin 0 and, for even W, bin W/2) are taken as
  // FFTW's c2r takes them: only a Hermitian input has a defined result.
  const gl::Texture& inverse(const gl::Texture& spectrum, gl::PassTimer* timer = nullptr);
  // Barriers and GL state as Plan::execute, plus image unit FFT_IMAGE_SCRATCH and storage
  // bindings FFT_BUFFER_TWIDDLES and FFT_BUFFER_CHIRP (the fused passes' split twiddles) by the
  // real passes.

  // Every texture forward() or inverse() may write, for tests to poison.
  std::vector<const gl::Texture*> targets() const;

 private:
  void pass(int mode, const gl::Texture& src, const gl::Texture& dst, int dst_w, int dst_h);
  void fused_pass(int axis, const gl::Texture& src, const gl::Texture& dst);
  void column_pass(const gl::Program& program, int direction, const gl::Texture& src,
                   const gl::Texture& dst);

  Options options_;
  // Separate passes: the complex plan of W/2 x H (W x H for odd W).
  std::optional<Plan> inner_;
  // Fused: the row plan of W/2 x H, whose strategy and twiddles the fused row pass shares, and
  // for both axes the register strategy of the columns (length H) over W/2+1 columns, padded to
  // a whole number of work groups (the lines past W/2 load zeros and store nothing).
  std::optional<Plan> rows_;
  std::optional<AxisStrategy> columns_;
  int padded_columns_ = 0;
  gl::Program program_;
  gl::Program fused_[2];     // real_fused.comp along rows (inverse) and columns (forward)
  gl::Program column_fft_;   // fast.comp along the columns of the half spectrum (inverse)
  gl::Buffer column_twiddles_;
  gl::Texture columns_out_;  // the inverse's column pass result, W/2+1 x H
  gl::Buffer twiddles_;  // exp(-2 pi i k / W), k < W, in double then rounded
  gl::Texture spectrum_;  // forward's result
  gl::Texture staging_;   // complex input the inner plan reads (expanded or folded)
  gl::Texture real_;      // odd W's and the fused inverse's result
};

}  // namespace oceanfft::fft
