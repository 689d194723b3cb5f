// SPDX-License-Identifier: MIT
#pragma once
// The fused step's plan: which of the ocean's passes run inside the inverse FFT's passes
// (Params::fusion where the FFT plan allows it), the register strategies and programs of the
// fused row and column passes (shaders/ocean/fused_*.comp include the fast kernel with loads and
// stores of their own, through the engine's public fft::FusedPass), and their dispatches. The
// ocean owns their tuning: the fused passes hold more in registers than the plan's, so they pick
// their own shapes per size.
#include "fft/fft.h"
#include "fft/fused.h"
#include "gl/objects.h"
#include "gl/shader.h"
#include "ocean/params.h"

namespace oceanfft::ocean {

class FusedStep {
 public:
  FusedStep() = default;
  // Plans the fused passes for `plan` (the simulation's FFT of p's fields) and compiles them.
  FusedStep(const gl::ShaderLibrary& shaders, const fft::Plan& plan, const Params& p);

  Fusion fusion() const { return fusion_; }
  // The displacement and derivative chains' first level left to the mip chain: the assemble
  // pass always makes level 1, the fused column pass where its groups hold whole quads.
  int mip_first_level() const { return mip_first_level_; }

  // The row pass with the spectrum evolved in its loads: the caller binds rows_program() and its
  // evolve inputs, this sets the transform and dispatches. Writes the plan's intermediate buffer.
  const gl::Program& rows_program() const { return rows_.program(); }
  void dispatch_rows(const fft::Plan& plan, const Params& p) const;
  // Fusion::Spectrum: the plan's column pass into `fields`.
  void dispatch_plain_columns(const fft::Plan& plan, const Params& p,
                              const gl::Texture& fields) const;
  // Fusion::Full: the column pass with assemble in its stores; the caller binds
  // columns_program() and the maps.
  const gl::Program& columns_program() const { return columns_.program(); }
  void dispatch_columns(const fft::Plan& plan, const Params& p) const;

 private:
  Fusion fusion_ = Fusion::None;
  fft::FusedPass rows_, columns_;  // columns_: two planes per group
  fft::FusedPass plain_columns_;   // the plan's own column pass (Fusion::Spectrum)
  int mip_first_level_ = 1;
};

}  // namespace oceanfft::ocean
