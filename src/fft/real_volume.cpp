// SPDX-License-Identifier: MIT
#include "fft/real_volume.h"

#include "fft/third_axis.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

Options slices(const Options& o, int depth) {
  detail::check_depth(depth);
  Options s = o;
  s.layers = depth;
  s.axes = Axes::Both;
  return s;
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
      along_z_(detail::along_z(options, spectrum_texels(options.width), depth), shaders) {
  gl::Context& ctx = shaders.context();
  const int hw = spectrum_texels(options.width);
  program_ = detail::transpose_yz_program(shaders, options.program_cache);
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

const gl::Texture& RealVolumePlan::forward(const gl::Texture& real, gl::PassTimer* timer) {
  check_input(real, real_texels(width()), height(), depth_, "3D real FFT input");
  const uint64_t bytes = pass_bytes(along_z_.options());
  detail::transpose_yz(program_, slices_.forward(real, timer), swapped_, timer, bytes);
  const gl::Texture& z = along_z_.execute(Direction::Forward, swapped_, timer);
  detail::transpose_yz(program_, z, result_, timer, bytes);
  glMemoryBarrier(kResultBarrier);
  return result_;
}

const gl::Texture& RealVolumePlan::inverse(const gl::Texture& spectrum, gl::PassTimer* timer) {
  check_input(spectrum, spectrum_texels(width()), height(), depth_, "3D real FFT inverse input");
  const uint64_t bytes = pass_bytes(along_z_.options());
  detail::transpose_yz(program_, spectrum, swapped_, timer, bytes);
  const gl::Texture& z = along_z_.execute(Direction::Inverse, swapped_, timer);
  detail::transpose_yz(program_, z, result_, timer, bytes);
  return slices_.inverse(result_, timer);
}

}  // namespace oceanfft::fft
