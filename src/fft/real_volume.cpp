// SPDX-License-Identifier: MIT
#include "fft/real_volume.h"

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
  z.width = spectrum_texels(o.width);
  z.height = depth;
  z.layers = o.height;
  z.axes = Axes::Columns;
  return z;
}

void check_input(const gl::Texture& t, int w, int h, int d, const char* what) {
  if (t.width() != w || t.height() != h || t.layers() != d || t.format() != GL_RGBA32F ||
      t.target() != GL_TEXTURE_2D_ARRAY)
    throw Error(ErrorCode::InvalidArgument, std::string(what) + " must be an rgba32f 2D array of " +
                                                std::to_string(w) + "x" + std::to_string(h) +
                                                "x" + std::to_string(d));
}

constexpr GLbitfield kResultBarrier = GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                                      GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;

}  // namespace

RealVolumePlan::RealVolumePlan(const Options& options, int depth, const gl::ShaderLibrary& shaders)
    : depth_(depth),
      slices_(slices(options, depth), shaders),
      along_z_(along_z(options, depth), shaders) {
  gl::Context& ctx = shaders.context();
  const int hw = spectrum_texels(options.width);
  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/transpose_yz.comp");
  swapped_ = gl::make_complex_texture(ctx, hw, depth, options.height);
  result_ = gl::make_complex_texture(ctx, hw, options.height, depth);
  if (ctx.check_errors("3D real FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the 3D real FFT plan");
}

RealVolumePlan::~RealVolumePlan() = default;
RealVolumePlan::RealVolumePlan(RealVolumePlan&&) noexcept = default;
RealVolumePlan& RealVolumePlan::operator=(RealVolumePlan&&) noexcept = default;

std::string RealVolumePlan::describe() const {
  return "3D real " + std::to_string(width()) + "x" + std::to_string(height()) + "x" +
         std::to_string(depth_) + "; slices: " + slices_.describe() + "; along z: " +
         along_z_.describe();
}

std::vector<const gl::Texture*> RealVolumePlan::targets() const {
  std::vector<const gl::Texture*> out = slices_.targets();
  out.push_back(&swapped_);
  out.push_back(&result_);
  for (const gl::Texture& t : along_z_.targets()) out.push_back(&t);
  return out;
}

void RealVolumePlan::transpose(const gl::Texture& src, const gl::Texture& dst) {
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindImageTexture(FFT_IMAGE_SRC, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glProgramUniform2i(prog, gl::uniform(program_, "uDstSize"), dst.width(), dst.height());
  glDispatchCompute(GLuint((dst.width() + 7) / 8), GLuint((dst.height() + 7) / 8), GLuint(dst.layers()));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

const gl::Texture& RealVolumePlan::forward(const gl::Texture& real, gl::PassTimer* timer) {
  check_input(real, real_texels(width()), height(), depth_, "3D real FFT input");
  const gl::Texture& xy = slices_.forward(real, timer);
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(along_z_.options()));
    transpose(xy, swapped_);
  }
  const gl::Texture& z = along_z_.execute(Direction::Forward, swapped_, timer);
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(along_z_.options()));
    transpose(z, result_);
  }
  glMemoryBarrier(kResultBarrier);
  return result_;
}

const gl::Texture& RealVolumePlan::inverse(const gl::Texture& spectrum, gl::PassTimer* timer) {
  check_input(spectrum, spectrum_texels(width()), height(), depth_, "3D real FFT inverse input");
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(along_z_.options()));
    transpose(spectrum, swapped_);
  }
  const gl::Texture& z = along_z_.execute(Direction::Inverse, swapped_, timer);
  {
    gl::ScopedPass p(timer, "fft.transpose", pass_bytes(along_z_.options()));
    transpose(z, result_);
  }
  return slices_.inverse(result_, timer);
}

}  // namespace oceanfft::fft
