// SPDX-License-Identifier: MIT
#include "ocean/whitecaps.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "gl/error.h"
#include "ocean/passes.h"

namespace oceanfft::ocean {

using passes::kFoamPassLevels;
using passes::kGroup;
using passes::kInjectionGroup;
using passes::kMipSourceWritten;
using passes::PassBytes;

Whitecaps::Whitecaps(const gl::ShaderLibrary& shaders, const Params& params)
    : shaders_(&shaders), injection_program_(shaders.compute("ocean/foam_injection.comp")) {
  filtered_ = gl::make_sampler(shaders.context(), GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT);
  reserve(params);
}

Whitecaps::Resized Whitecaps::prepare(int n, int cascades) const {
  gl::Context& ctx = shaders_->context();
  Resized r;
  r.foam = shaders_->compute("ocean/foam.comp",
                             {{"INJECTION_GRID", n >= kInjectionPassFrom ? "1" : "0"}});
  r.keep_state = state_[0].id() != 0 && state_[0].width() == n && state_[0].layers() == cascades;
  if (!r.keep_state) {
    r.state[0] = gl::Texture(ctx, GL_TEXTURE_2D_ARRAY, GL_RG32F, n, n, cascades);
    r.state[1] = gl::Texture(ctx, GL_TEXTURE_2D_ARRAY, GL_RG32F, n, n, cascades);
  }
  return r;
}

void Whitecaps::adopt(Resized&& r) {
  foam_program_ = std::move(r.foam);
  if (r.keep_state) return;
  state_[0] = std::move(r.state[0]);
  state_[1] = std::move(r.state[1]);
  current_ = 0;
  clear();
}

int Whitecaps::injection_stride(const Params& p, double patch_size) {
  const double cell = patch_size / p.size;
  const double s = std::exp2(std::floor(std::log2(0.5 * breaking_length(p) / cell)));
  return int(std::clamp(s, 1.0, 16.0));
}

Whitecaps::Grids Whitecaps::grids(const Params& p, const std::vector<CascadeBand>& bands) {
  Grids g;
  const int n = p.size;
  for (int c = 0; c < p.cascades; ++c) {
    g.stride[c] = injection_stride(p, bands.at(size_t(c)).patch_size);
    g.offset[c] = g.points;
    if (n < kInjectionPassFrom) {  // the foam pass computes the injection itself
      g.own_texels += uint64_t(n) * uint64_t(n);
      continue;
    }
    g.points += (n / g.stride[c]) * (n / g.stride[c]);
    g.largest = std::max(g.largest, n / g.stride[c]);
  }
  return g;
}

void Whitecaps::reserve(const Params& p) {
  const size_t bytes =
      std::max(size_t(grids(p, cascade_bands(p)).points), size_t(1)) * sizeof(float);
  if (bytes <= injection_bytes_) return;
  injection_ = gl::make_buffer(shaders_->context(), GL_SHADER_STORAGE_BUFFER, bytes, nullptr,
                               GL_DYNAMIC_COPY);  // may throw; nothing has changed before it
  injection_bytes_ = bytes;
}

uint64_t Whitecaps::bytes_per_step(const Params& p, const std::vector<CascadeBand>& bands) {
  const uint64_t t = uint64_t(p.size) * uint64_t(p.size) * uint64_t(p.cascades);
  const Grids g = grids(p, bands);
  return PassBytes::injection(uint64_t(g.points), p.cascades) +
         PassBytes::foam(t, g.own_texels, p.cascades);
}

void Whitecaps::step(const Params& p, const std::vector<CascadeBand>& bands,
                     const gl::Texture& displacement, const gl::Texture& derivatives,
                     const gl::Texture& foam_slopes, double dt, gl::PassTimer* timer) {
  const int n = p.size;
  const int cascades = p.cascades;
  const uint64_t texels = uint64_t(n) * uint64_t(n) * uint64_t(cascades);
  float patch[kMaxCascades] = {};
  for (size_t c = 0; c < bands.size(); ++c) patch[c] = bands[c].patch_size;
  const Grids grids = Whitecaps::grids(p, bands);
  if (size_t(grids.points) * sizeof(float) > injection_bytes_)
    throw Error(ErrorCode::GlRuntime, "internal: the injection buffer was not reserved");
  const float lambda = p.choppiness;
  // Both passes sample the maps for the injection (ocean/injection.glsl).
  auto set_injection = [&](const gl::Program& prog) {
    glUseProgram(prog.id());
    glUniform1i(gl::uniform(prog, "uN"), n);
    glUniform1i(gl::uniform(prog, "uCascades"), cascades);
    glUniform1fv(gl::uniform(prog, "uPatch"), kMaxCascades, patch);
    glUniform1f(gl::uniform(prog, "uInvChoppiness"), lambda != 0.0f ? 1.0f / lambda : 0.0f);
    glUniform1f(gl::uniform(prog, "uBreakingLength"), float(breaking_length(p)));
    glUniform1f(gl::uniform(prog, "uFoamThreshold"), p.foam_threshold);
    glUniform1f(gl::uniform(prog, "uFoamSoftness"), p.foam_softness);
    glUniform1iv(gl::uniform(prog, "uStride"), kMaxCascades, grids.stride);
    if (grids.points > 0) glUniform1iv(gl::uniform(prog, "uGridOffset"), kMaxCascades, grids.offset);
    glUniform1i(gl::uniform(prog, "uDisplacementMap"), 0);
    glUniform1i(gl::uniform(prog, "uDerivativesMap"), 1);
  };
  const GLuint maps[] = {displacement.id(), derivatives.id(), state_[current_].id()};
  for (GLuint unit = 0; unit < 3; ++unit) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D_ARRAY, maps[unit]);
    glBindSampler(unit, filtered_.id());
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, injection_.id());
  if (grids.points > 0) {
    gl::ScopedPass pass(timer, "ocean.foam.injection",
                        PassBytes::injection(uint64_t(grids.points), cascades));
    set_injection(injection_program_);
    const GLuint groups = GLuint((grids.largest + kInjectionGroup - 1) / kInjectionGroup);
    glDispatchCompute(groups, groups, GLuint(cascades));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  gl::ScopedPass pass(timer, "ocean.foam", PassBytes::foam(texels, grids.own_texels, cascades));
  const GLuint groups = GLuint((n + kGroup - 1) / kGroup);
  const gl::Program& prog = foam_program_;
  set_injection(prog);
  glUniform1f(gl::uniform(prog, "uFoamGrow"), p.foam_grow);
  glUniform1f(gl::uniform(prog, "uFoamDecay"), float(foam_decay(p)));
  // Running time backwards (a test, a scrubbed timeline) neither grows nor melts foam.
  glUniform1f(gl::uniform(prog, "uDt"), float(std::max(dt, 0.0)));
  glUniform1i(gl::uniform(prog, "uFoamReset"), reset_ ? 1 : 0);
  glUniform3f(gl::uniform(prog, "uFoamResidual"), kFoamResidualGain, float(foam_residual_decay(p)),
              float(kFoamResidualStreakPerWind2 * double(p.spectrum.wind.wind_speed) *
                    double(p.spectrum.wind.wind_speed)));
  glUniform1f(gl::uniform(prog, "uFoamFilmReach"),
              float(kFoamFilmReach * std::sqrt(std::max(dt, 0.0) / kFoamFineStep)));
  const WaveComponent& wind = p.spectrum.wind;
  const double heading = double(wind.direction_deg) * std::numbers::pi / 180.0;
  const float wx = float(std::cos(heading)), wz = float(std::sin(heading));
  const float drift = float(kFoamDriftPerWind) * wind.wind_speed;
  glUniform2f(gl::uniform(prog, "uFoamDrift"), drift * wx, drift * wz);
  glUniform2f(gl::uniform(prog, "uFoamWindDir"), wx, wz);
  glUniform1f(gl::uniform(prog, "uFoamStreak"), float(kFoamStreakPerWind) * wind.wind_speed);
  glUniform1i(gl::uniform(prog, "uFoamPrev"), 2);
  glBindImageTexture(0, foam_slopes.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glBindImageTexture(1, state_[current_ ^ 1].id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RG32F);
  for (int k = 1; k <= kFoamPassLevels; ++k)
    glBindImageTexture(GLuint(1 + k), foam_slopes.id(), k, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glDispatchCompute(groups, groups, GLuint(p.cascades));
  // The mip passes fetch the foam-and-slopes map; the next step's foam pass fetches the new state.
  glMemoryBarrier(kMipSourceWritten);
  for (GLuint unit = 3; unit-- > 0;) {
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindSampler(unit, 0);
  }
  current_ ^= 1;
  age_ = reset_ ? 0.0 : age_ + std::max(dt, 0.0);
  reset_ = false;
}

}  // namespace oceanfft::ocean
