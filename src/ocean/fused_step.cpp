// SPDX-License-Identifier: MIT
#include "ocean/fused_step.h"

#include <optional>

#include "fft/bindings.h"
#include "ocean/passes.h"

namespace oceanfft::ocean {
namespace {

using fft::FastShape;

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

// Per axis; the spectrum holds N^2 h.
float inverse_scale(const Params& p) { return 1.0f / float(p.size); }

}  // namespace

FusedStep::FusedStep(const gl::ShaderLibrary& shaders, const fft::Plan& plan, const Params& p) {
  const int n = p.size;
  // The fused passes are the fast kernel's own with other loads and stores, so they need its
  // register path on both axes, and the packed layout (two planes per cascade, assembled by one
  // work group).
  const bool registers = fft::FusedPass::supported(plan, 0) && fft::FusedPass::supported(plan, 1);
  fusion_ = p.pack_pairs && registers ? p.fusion : Fusion::None;
  bool columns_level1 = false;
  if (fusion_ != Fusion::None)
    rows_ = fft::FusedPass(plan, 0, shaders, "ocean/fused_rows.comp", {}, spectrum_rows_shape(n));
  if (fusion_ == Fusion::Full) {
    const std::optional<FastShape> shape = pair_columns_shape(n);
    // Level 1 needs whole 2 x 2 quads in a group (an even number of adjacent columns), and its
    // exchange a vec4 per invocation in the FFT's shared memory (fast.glsl's FFT_SHARE). The
    // shape is planned once to decide, then compiled with the answer.
    const fft::AxisStrategy s =
        fft::FusedPass::strategy_for(plan, 1, shaders.context().limits(), shape);
    columns_level1 = n >= kColumnsLevel1From && s.lines % 2 == 0 && s.subgroup == 0 &&
                     s.elements_per_invocation * s.exchange >= 4;
    columns_ = fft::FusedPass(plan, 1, shaders, "ocean/fused_columns.comp",
                              {{"LEVEL1", columns_level1 ? "1" : "0"}}, shape);
  }
  if (fusion_ == Fusion::Spectrum) plain_columns_ = fft::FusedPass(plan, 1, shaders, "fft/fast.comp");
  mip_first_level_ = fusion_ != Fusion::Full || columns_level1 ? 1 : 0;
}

void FusedStep::dispatch_rows(const fft::Plan& plan, const Params& p) const {
  const fft::Options& o = plan.options();
  const std::array<unsigned, 3> g = rows_.groups();
  // One group per FFT layer and block of rows.
  const GLuint per_cascade = GLuint(o.layers / p.cascades);
  if (p.size >= kPlanesSideBySide)
    rows_.dispatch(fft::Direction::Inverse, inverse_scale(p), {per_cascade, g[1], GLuint(p.cascades)});
  else
    rows_.dispatch(fft::Direction::Inverse, inverse_scale(p), {1, g[1], GLuint(o.layers)});
  // The fused passes run where the plan's are on the register path, whose axes meet in a buffer.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void FusedStep::dispatch_plain_columns(const fft::Plan&, const Params& p,
                                       const gl::Texture& fields) const {
  glBindImageTexture(FFT_IMAGE_DST, fields.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  plain_columns_.dispatch(fft::Direction::Inverse, inverse_scale(p));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

void FusedStep::dispatch_columns(const fft::Plan&, const Params& p) const {
  const std::array<unsigned, 3> g = columns_.groups();
  // Both planes of a cascade per group.
  columns_.dispatch(fft::Direction::Inverse, inverse_scale(p), {g[0], g[1], GLuint(p.cascades)});
  glMemoryBarrier(passes::kFoamSourceWritten);
}

}  // namespace oceanfft::ocean
