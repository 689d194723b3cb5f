// SPDX-License-Identifier: MIT
#include "ocean/fused_step.h"

#include <optional>

#include "fft/bindings.h"
#include "fft/fast.h"
#include "ocean/passes.h"

namespace oceanfft::ocean {
namespace {

using fft::detail::FastShape;

// From this size on the fused column pass makes level 1 of the displacement and derivative
// maps. It needs whole 2 x 2 quads in a group and costs the pass a quad exchange per element,
// which pays for itself only where the mip rounds' read of level 0 is large; at 256^2 the chain
// already takes a single dispatch.
constexpr int kColumnsLevel1From = 512;
// From this size on a cascade's two planes are the fused row pass's fastest dispatch index, so
// the second group to evolve a wave finds its h0, w and phase in cache: they no longer stay
// there while a cascade's planes run one after the other. Below, layer after layer is faster.
constexpr int kPlanesSideBySide = 1024;

// The fused column pass transforms both packed planes of a cascade in one work group and keeps
// the first plane's results in registers meanwhile, so at 1024 it wants more elements per
// invocation than the plan's column pass, and at 4096 fewer (one column per group, which leaves
// level 1 to the mip chain). Elsewhere the plan's table.
std::optional<FastShape> pair_columns_shape(int n) {
  if (n == 1024) return FastShape{8, 2, 2};
  if (n == 4096) return FastShape{4, 1, 2};
  return std::nullopt;
}

// The fused row pass evaluates the spectrum in its loads, so its registers hold more than the
// row pass's: fewer elements per invocation at 512 and 2048, 8 at 4096. Elsewhere the plan's.
std::optional<FastShape> spectrum_rows_shape(int n) {
  if (n == 512 || n == 2048) return FastShape{4, 1, 2};
  if (n == 4096) return FastShape{8, 2, 2};
  return std::nullopt;
}

// What every fused pass tells the FFT kernel it runs (bound program): an inverse transform along
// `axis` with this scale, and that axis's twiddles.
void set_inverse_axis(const fft::Plan& plan, const gl::Program& prog, int axis, float scale) {
  glUniform1i(gl::uniform(prog, "uDirection"), 1);
  glUniform1f(gl::uniform(prog, "uScale"), scale);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, plan.twiddles(axis).id());
}

// Per axis; the spectrum holds N^2 h.
float inverse_scale(const Params& p) { return 1.0f / float(p.size); }

}  // namespace

FusedStep::FusedStep(const gl::ShaderLibrary& shaders, const fft::Plan& plan, const Params& p) {
  const int n = p.size;
  const gl::Limits& limits = shaders.context().limits();
  const fft::Options& o = plan.options();
  // The fused passes are the fast kernel's own with other loads and stores, so they need its
  // register path on both axes, and the packed layout (two planes per cascade, assembled by one
  // work group).
  const bool registers = plan.horizontal().kind == fft::AxisStrategy::Kind::Registers &&
                         plan.vertical().kind == fft::AxisStrategy::Kind::Registers;
  fusion_ = p.pack_pairs && registers ? p.fusion : Fusion::None;
  rows_strategy_ = plan.horizontal();
  columns_strategy_ = plan.vertical();
  bool columns_level1 = false;
  if (fusion_ != Fusion::None) {
    rows_strategy_ = fft::detail::plan_fast_fused(plan.horizontal(), 0, n, limits, o,
                                                  spectrum_rows_shape(n));
    rows_ = shaders.compute("ocean/fused_rows.comp", fft::detail::fast_defines(rows_strategy_, 0));
  }
  if (fusion_ == Fusion::Full) {
    columns_strategy_ = fft::detail::plan_fast_fused(plan.vertical(), 1, n, limits, o,
                                                     pair_columns_shape(n));
    // Level 1 needs whole 2 x 2 quads in a group (an even number of adjacent columns), and its
    // exchange a vec4 per invocation in the FFT's shared memory (fast.glsl's FFT_SHARE).
    const fft::AxisStrategy& s = columns_strategy_;
    columns_level1 = n >= kColumnsLevel1From && s.lines % 2 == 0 && s.subgroup == 0 &&
                     s.elements_per_invocation * s.exchange >= 4;
    gl::Defines d = fft::detail::fast_defines(s, 1);
    d.push_back({"LEVEL1", columns_level1 ? "1" : "0"});
    columns_ = shaders.compute("ocean/fused_columns.comp", d);
  }
  if (fusion_ == Fusion::Spectrum)
    plain_columns_ = shaders.compute("fft/fast.comp", fft::detail::fast_defines(plan.vertical(), 1));
  mip_first_level_ = fusion_ != Fusion::Full || columns_level1 ? 1 : 0;
}

void FusedStep::dispatch_rows(const fft::Plan& plan, const Params& p) const {
  const fft::Options& o = plan.options();
  // The fused passes run where the plan's are on the register path, whose axes meet in a buffer.
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_INTERMEDIATE, plan.intermediate()->id());
  set_inverse_axis(plan, rows_, 0, inverse_scale(p));
  unsigned g[3];
  fft::detail::fast_dispatch_size(rows_strategy_, 0, o, g);
  // One group per FFT layer and block of rows.
  const GLuint per_cascade = GLuint(o.layers / p.cascades);
  if (p.size >= kPlanesSideBySide)
    glDispatchCompute(per_cascade, g[1], GLuint(p.cascades));
  else
    glDispatchCompute(1, g[1], GLuint(o.layers));
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void FusedStep::dispatch_plain_columns(const fft::Plan& plan, const Params& p,
                                       const gl::Texture& fields) const {
  const gl::Program& prog = plain_columns_;
  glUseProgram(prog.id());
  set_inverse_axis(plan, prog, 1, inverse_scale(p));
  glBindImageTexture(FFT_IMAGE_DST, fields.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  unsigned g[3];
  fft::detail::fast_dispatch_size(plan.vertical(), 1, plan.options(), g);
  glDispatchCompute(g[0], g[1], g[2]);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

void FusedStep::dispatch_columns(const fft::Plan& plan, const Params& p) const {
  set_inverse_axis(plan, columns_, 1, inverse_scale(p));
  unsigned g[3];
  fft::detail::fast_dispatch_size(columns_strategy_, 1, plan.options(), g);
  glDispatchCompute(g[0], g[1], GLuint(p.cascades));  // both planes of a cascade per group
  glMemoryBarrier(passes::kFoamSourceWritten);
}

}  // namespace oceanfft::ocean
