// SPDX-License-Identifier: MIT
#include "fft/volume.h"

#include <algorithm>

#include "fft/four_step_2d.h"
#include "fft/third_axis.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

// Bytes of one volume of rgba32f texels.
uint64_t volume_bytes(const Options& o, int depth) {
  return uint64_t(std::max(o.width, 0)) * uint64_t(std::max(o.height, 0)) * uint64_t(depth) * 16;
}

// Whether the slices need two single-axis plans: the 2D plan's buffer between its axes would
// exceed what one storage block binds.
bool split_slices(const Options& o, int depth) {
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  return volume_bytes(o, depth) > uint64_t(block);
}

// The slices' options, after every check that needs no allocation: the depth, each plan's shape
// (validate()), and the memory the plan will hold.
Options slices(const Options& o, int depth, const gl::Context& ctx) {
  detail::check_depth(depth);
  Options s = o;
  s.layers = depth;
  s.axes = split_slices(o, depth) ? Axes::Rows : Axes::Both;
  Options z = detail::along_z(o, o.width, depth);
  for (const Options* p : {&s, &z})
    if (Status st = validate(*p, ctx.limits()); st != Status::Ok)
      throw Error(ErrorCode::InvalidArgument, "3D: " + describe(st, *p));
  const int images = s.axes == Axes::Both ? 6 : 8;
  detail::check_gpu_memory(ctx, volume_bytes(o, depth) * images,
                           "a 3D transform of " + std::to_string(o.width) + "x" +
                               std::to_string(o.height) + "x" + std::to_string(depth));
  return s;
}

}  // namespace

VolumePlan::VolumePlan(const Options& options, int depth, const gl::ShaderLibrary& shaders)
    : depth_(depth),
      slices_(slices(options, depth, shaders.context()), shaders),
      along_z_(detail::along_z(options, options.width, depth), shaders) {
  gl::Context& ctx = shaders.context();
  if (slices_.options().axes == Axes::Rows) {
    Options c = slices_.options();
    c.axes = Axes::Columns;
    slice_columns_ = std::make_unique<Plan>(c, shaders);
  }
  program_ = detail::transpose_yz_program(shaders, options.program_cache);
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
         "x" + std::to_string(depth_) + "; slices: " + slices_.describe() +
         (slice_columns_ ? "; slice columns: " + slice_columns_->describe() : std::string()) +
         "; along z: " + along_z_.describe();
}

std::vector<const gl::Texture*> VolumePlan::targets() const {
  std::vector<const gl::Texture*> out = {&swapped_, &result_};
  for (const gl::Texture& t : slices_.targets()) out.push_back(&t);
  if (slice_columns_)
    for (const gl::Texture& t : slice_columns_->targets()) out.push_back(&t);
  for (const gl::Texture& t : along_z_.targets()) out.push_back(&t);
  return out;
}

const gl::Texture& VolumePlan::execute(Direction direction, const gl::Texture& input,
                                       gl::PassTimer* timer) {
  const gl::Texture* slices = &slices_.execute(direction, input, timer);
  if (slice_columns_) slices = &slice_columns_->execute(direction, *slices, timer);
  const uint64_t bytes = pass_bytes(slices_.options());
  detail::transpose_yz(program_, *slices, swapped_, timer, bytes);
  detail::transpose_yz(program_, along_z_.execute(direction, swapped_, timer), result_, timer, bytes);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return result_;
}

}  // namespace oceanfft::fft
