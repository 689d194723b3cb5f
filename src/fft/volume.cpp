// SPDX-License-Identifier: MIT
#include "fft/volume.h"

#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

Options slices(const Options& o, int depth) {
  if (depth < 1 || depth > kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "depth " + std::to_string(depth) + " is outside 1.." + std::to_string(kMaxSize));
  Options s = o;
  s.layers = depth;
  s.axes = Axes::Both;
  return s;
}

Options along_z(const Options& o, int depth) {
  Options z = o;
  z.height = depth;
  z.layers = o.height;
  z.axes = Axes::Columns;
  return z;
}

}  // namespace

VolumePlan::VolumePlan(const Options& options, int depth, const gl::ShaderLibrary& shaders)
    : depth_(depth), slices_(slices(options, depth), shaders), along_z_(along_z(options, depth), shaders) {
  gl::Context& ctx = shaders.context();
  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/transpose_yz.comp");
  swapped_ = gl::make_complex_texture(ctx, options.width, depth, options.height);
  result_ = gl::make_complex_texture(ctx, options.width, options.height, depth);
  if (ctx.check_errors("3D FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the 3D FFT plan");
}

VolumePlan::~VolumePlan() = default;
VolumePlan::VolumePlan(VolumePlan&&) noexcept = default;
VolumePlan& VolumePlan::operator=(VolumePlan&&) noexcept = default;

std::string VolumePlan::describe() const {
  return "3D " + std::to_string(slices_.options().width) + "x" + std::to_string(slices_.options().height) +
         "x" + std::to_string(depth_) + "; slices: " + slices_.describe() + "; along z: " +
         along_z_.describe();
}

std::vector<const gl::Texture*> VolumePlan::targets() const {
  std::vector<const gl::Texture*> out = {&swapped_, &result_};
  for (const gl::Texture& t : slices_.targets()) out.push_back(&t);
  for (const gl::Texture& t : along_z_.targets()) out.push_back(&t);
  return out;
}

void VolumePlan::transpose(const gl::Texture& src, const gl::Texture& dst) {
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindImageTexture(FFT_IMAGE_SRC, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glProgramUniform2i(prog, gl::uniform(program_, "uDstSize"), dst.width(), dst.height());
  glDispatchCompute(GLuint((dst.width() + 7) / 8), GLuint((dst.height() + 7) / 8), GLuint(dst.layers()));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

const gl::Texture& VolumePlan::execute(Direction direction, const gl::Texture& input,
                                       gl::PassTimer* timer) {
  const gl::Texture& xy = slices_.execute(direction, input, timer);
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(slices_.options()));
    transpose(xy, swapped_);
  }
  const gl::Texture& z = along_z_.execute(direction, swapped_, timer);
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(slices_.options()));
    transpose(z, result_);
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return result_;
}

}  // namespace oceanfft::fft
