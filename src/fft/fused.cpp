// SPDX-License-Identifier: MIT
#include "fft/fused.h"

#include "fft/bindings.h"
#include "fft/fast.h"
#include "gl/error.h"

namespace oceanfft::fft {

bool FusedPass::supported(const Plan& plan, int axis) {
  if (axis != 0 && axis != 1) return false;
  const AxisStrategy& s = axis == 0 ? plan.horizontal() : plan.vertical();
  // The fused passes index the buffer between the axes in the column strips and map columns
  // as columns: a transposed plan (Options::FastTuning::transpose) has no fused passes.
  return plan.options().algorithm == Algorithm::Fast && plan.transforms(axis) &&
         s.kind == AxisStrategy::Kind::Registers && !s.transposed;
}

AxisStrategy FusedPass::strategy_for(const Plan& plan, int axis, const gl::Limits& limits,
                                     const std::optional<FastShape>& shape) {
  if (!supported(plan, axis))
    throw Error(ErrorCode::InvalidArgument,
                "a fused pass needs the fast algorithm's register path along " +
                    std::string(axis == 0 ? "rows" : axis == 1 ? "columns" : "an axis 0 or 1") +
                    ": " + plan.describe());
  const Options& o = plan.options();
  const AxisStrategy& plans = axis == 0 ? plan.horizontal() : plan.vertical();
  const int lines = axis == 0 ? o.height : o.width;
  return shape ? detail::plan_fast_fused(plans, axis, lines, limits, o, shape) : plans;
}

FusedPass::FusedPass(const Plan& plan, int axis, const gl::ShaderLibrary& shaders,
                     const std::string& path, const gl::Defines& defines,
                     const std::optional<FastShape>& shape) {
  strategy_ = strategy_for(plan, axis, shaders.context().limits(), shape);
  const Options& o = plan.options();
  axis_ = axis;
  width_ = o.width;
  height_ = o.height;
  layers_ = o.layers;
  twiddles_ = plan.twiddles(axis).id();
  intermediate_ = strategy_.via_buffer ? plan.intermediate()->id() : 0;
  defines_ = detail::fast_defines(strategy_, axis);
  gl::Defines all = defines_;
  all.insert(all.end(), defines.begin(), defines.end());
  program_ = shaders.compute(path, all);
}

std::array<unsigned, 3> FusedPass::groups() const {
  Options o;
  o.width = width_;
  o.height = height_;
  o.layers = layers_;
  unsigned g[3];
  detail::fast_dispatch_size(strategy_, axis_, o, g);
  return {g[0], g[1], g[2]};
}

void FusedPass::dispatch(Direction direction, float scale,
                         const std::array<unsigned, 3>& groups) const {
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glProgramUniform1i(prog, gl::uniform(program_, "uDirection"), direction == Direction::Inverse);
  glProgramUniform1f(prog, gl::uniform(program_, "uScale"), scale);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, twiddles_);
  if (intermediate_) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_INTERMEDIATE, intermediate_);
  glDispatchCompute(groups[0], groups[1], groups[2]);
}

}  // namespace oceanfft::fft
