// SPDX-License-Identifier: MIT
#include "fft/buffer.h"

#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

int64_t buffer_size(const gl::Buffer& b) {
  GLint64 size = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, b.id());
  glGetBufferParameteri64v(GL_SHADER_STORAGE_BUFFER, GL_BUFFER_SIZE, &size);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return int64_t(size);
}

// The last element index the layout touches plus one.
int64_t extent(const BufferLayout& l, const BufferShape& s) {
  return l.offset + (int64_t(s.planes) - 1) * l.plane_stride + (int64_t(s.height) - 1) * l.row_stride +
         s.width;
}

constexpr GLbitfield kImageResult = GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
constexpr GLbitfield kBufferResult = GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

void check_created(gl::Context& ctx, const char* what) {
  if (ctx.check_errors(what))
    throw Error(ErrorCode::GlRuntime, std::string("GL error during ") + what);
}

}  // namespace

BufferLayout resolve(const BufferLayout& layout, const BufferShape& s) {
  BufferLayout l = layout;
  if (l.row_stride == 0) l.row_stride = s.width;
  if (l.plane_stride == 0) l.plane_stride = l.row_stride * s.height;
  return l;
}

uint64_t buffer_bytes(const BufferLayout& layout, const BufferShape& s) {
  return uint64_t(extent(resolve(layout, s), s)) * uint64_t(s.element_bytes());
}

BufferShape complex_shape(const Options& o) { return {o.width, o.height, 2 * o.layers, false}; }

namespace detail {

BufferCopy::BufferCopy(const gl::ShaderLibrary& shaders, const std::string& program_cache)
    : program_(ProgramCache(shaders.context(), program_cache).compute(shaders, "fft/buffer_io.comp")) {}

void BufferCopy::check(const gl::Buffer& b, const BufferLayout& raw, const BufferShape& s,
                       const std::string& name) {
  const BufferLayout l = resolve(raw, s);
  if (!b) throw Error(ErrorCode::InvalidArgument, "the " + name + " buffer is empty");
  if (l.offset < 0 || l.row_stride < s.width || l.plane_stride < l.row_stride * s.height)
    throw Error(ErrorCode::InvalidArgument,
                "the " + name + " layout's offset or strides do not fit " + std::to_string(s.width) +
                    "x" + std::to_string(s.height) + " (row stride >= width, plane stride >= row "
                    "stride x height, offset >= 0)");
  // The shader indexes floats with 32-bit unsigned integers.
  if (extent(l, s) * (s.real ? 1 : 2) > (int64_t(1) << 32))
    throw Error(ErrorCode::InvalidArgument, "the " + name + " layout reaches past 2^32 floats");
  const int64_t size = buffer_size(b);
  if (uint64_t(size) < buffer_bytes(raw, s))
    throw Error(ErrorCode::InvalidArgument, "the " + name + " buffer holds " + std::to_string(size) +
                                                " bytes; its layout needs " +
                                                std::to_string(buffer_bytes(raw, s)));
}

void BufferCopy::copy(bool to_image, const gl::Buffer& buffer, const BufferLayout& layout,
                      const BufferShape& s, int depth, const gl::Texture& image) {
  const BufferLayout l = resolve(layout, s);
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_DATA, buffer.id());
  glBindImageTexture(to_image ? FFT_IMAGE_DST : FFT_IMAGE_SRC, image.id(), 0, GL_TRUE, 0,
                     to_image ? GL_WRITE_ONLY : GL_READ_ONLY, GL_RGBA32F);
  glProgramUniform1i(prog, gl::uniform(program_, "uToImage"), to_image ? 1 : 0);
  glProgramUniform1i(prog, gl::uniform(program_, "uReal"), s.real ? 1 : 0);
  glProgramUniform2i(prog, gl::uniform(program_, "uSize"), s.width, s.height);
  glProgramUniform2i(prog, gl::uniform(program_, "uTexels"), image.width(), image.height());
  glProgramUniform1ui(prog, gl::uniform(program_, "uOffset"), GLuint(l.offset));
  glProgramUniform1ui(prog, gl::uniform(program_, "uRowStride"), GLuint(l.row_stride));
  glProgramUniform1ui(prog, gl::uniform(program_, "uPlaneStride"), GLuint(l.plane_stride));
  glProgramUniform1ui(prog, gl::uniform(program_, "uLayerPlanes"), depth > 0 ? 1u : 2u);
  glProgramUniform1ui(prog, gl::uniform(program_, "uChannelPlanes"), depth > 0 ? GLuint(depth) : 1u);
  glProgramUniform1i(prog, gl::uniform(program_, "uFoldLines"), depth < 0 ? -depth : 0);
  glDispatchCompute(GLuint((image.width() + 7) / 8), GLuint((image.height() + 7) / 8),
                    GLuint(image.layers()));
}

void BufferCopy::to_image(const gl::Buffer& buffer, const BufferLayout& layout, const BufferShape& s,
                          int depth, const gl::Texture& image, gl::PassTimer* timer) {
  gl::ScopedPass p(timer, "fft.buffer.in", buffer_bytes({}, s) * 2);
  copy(true, buffer, layout, s, depth, image);
  glMemoryBarrier(kImageResult);
}

void BufferCopy::to_buffer(const gl::Texture& image, const BufferShape& s, int depth,
                           const gl::Buffer& buffer, const BufferLayout& layout, gl::PassTimer* timer) {
  gl::ScopedPass p(timer, "fft.buffer.out", buffer_bytes({}, s) * 2);
  copy(false, buffer, layout, s, depth, image);
  glMemoryBarrier(kBufferResult);
}

}  // namespace detail

// ---- BufferPlan

BufferPlan::BufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : plan_(options, shaders), copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  staging_ = gl::make_complex_texture(ctx, options.width, options.height, options.layers);
  check_created(ctx, "buffer FFT plan creation");
}

BufferPlan::~BufferPlan() = default;
BufferPlan::BufferPlan(BufferPlan&&) noexcept = default;
BufferPlan& BufferPlan::operator=(BufferPlan&&) noexcept = default;

std::vector<const gl::Texture*> BufferPlan::targets() const {
  std::vector<const gl::Texture*> out = {&staging_};
  for (const gl::Texture& t : plan_.targets()) out.push_back(&t);
  return out;
}

void BufferPlan::execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
                         const gl::Buffer& out, const BufferLayout& out_layout,
                         gl::PassTimer* timer) {
  const BufferShape s = shape();
  detail::BufferCopy::check(in, in_layout, s, "input");
  detail::BufferCopy::check(out, out_layout, s, "output");
  copy_.to_image(in, in_layout, s, 0, staging_, timer);
  copy_.to_buffer(plan_.execute(direction, staging_, timer), s, 0, out, out_layout, timer);
}

// ---- RealBufferPlan

RealBufferPlan::RealBufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : plan_(options, shaders), copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  real_ = gl::make_complex_texture(ctx, real_texels(options.width), options.height, options.layers);
  spectrum_ = gl::make_complex_texture(ctx, spectrum_texels(options.width), options.height, options.layers);
  check_created(ctx, "real buffer FFT plan creation");
}

RealBufferPlan::~RealBufferPlan() = default;
RealBufferPlan::RealBufferPlan(RealBufferPlan&&) noexcept = default;
RealBufferPlan& RealBufferPlan::operator=(RealBufferPlan&&) noexcept = default;

BufferShape RealBufferPlan::real_shape() const {
  const Options& o = plan_.options();
  return {o.width, o.height, 2 * o.layers, true};
}
BufferShape RealBufferPlan::spectrum_shape() const {
  const Options& o = plan_.options();
  return {spectrum_texels(o.width), o.height, 2 * o.layers, false};
}

std::vector<const gl::Texture*> RealBufferPlan::targets() const {
  std::vector<const gl::Texture*> out = plan_.targets();
  out.push_back(&real_);
  out.push_back(&spectrum_);
  return out;
}

void RealBufferPlan::forward(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
                             const BufferLayout& out_layout, gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, real_shape(), "input");
  detail::BufferCopy::check(out, out_layout, spectrum_shape(), "output");
  copy_.to_image(in, in_layout, real_shape(), 0, real_, timer);
  copy_.to_buffer(plan_.forward(real_, timer), spectrum_shape(), 0, out, out_layout, timer);
}

void RealBufferPlan::inverse(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
                             const BufferLayout& out_layout, gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, spectrum_shape(), "input");
  detail::BufferCopy::check(out, out_layout, real_shape(), "output");
  copy_.to_image(in, in_layout, spectrum_shape(), 0, spectrum_, timer);
  copy_.to_buffer(plan_.inverse(spectrum_, timer), real_shape(), 0, out, out_layout, timer);
}

// ---- VolumeBufferPlan

VolumeBufferPlan::VolumeBufferPlan(const Options& options, int depth, const gl::ShaderLibrary& shaders)
    : plan_(options, depth, shaders),
      shape_{options.width, options.height, 2 * depth, false},
      copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  staging_ = gl::make_complex_texture(ctx, options.width, options.height, depth);
  check_created(ctx, "3D buffer FFT plan creation");
}

VolumeBufferPlan::~VolumeBufferPlan() = default;
VolumeBufferPlan::VolumeBufferPlan(VolumeBufferPlan&&) noexcept = default;
VolumeBufferPlan& VolumeBufferPlan::operator=(VolumeBufferPlan&&) noexcept = default;

std::vector<const gl::Texture*> VolumeBufferPlan::targets() const {
  std::vector<const gl::Texture*> out = plan_.targets();
  out.push_back(&staging_);
  return out;
}

void VolumeBufferPlan::execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
                               const gl::Buffer& out, const BufferLayout& out_layout,
                               gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, shape_, "input");
  detail::BufferCopy::check(out, out_layout, shape_, "output");
  const int d = plan_.depth();
  copy_.to_image(in, in_layout, shape_, d, staging_, timer);
  copy_.to_buffer(plan_.execute(direction, staging_, timer), shape_, d, out, out_layout, timer);
}

// ---- RealVolumeBufferPlan

RealVolumeBufferPlan::RealVolumeBufferPlan(const Options& options, int depth,
                                           const gl::ShaderLibrary& shaders)
    : plan_(options, depth, shaders), copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  real_ = gl::make_complex_texture(ctx, real_texels(options.width), options.height, depth);
  spectrum_ = gl::make_complex_texture(ctx, spectrum_texels(options.width), options.height, depth);
  check_created(ctx, "3D real buffer FFT plan creation");
}

RealVolumeBufferPlan::~RealVolumeBufferPlan() = default;
RealVolumeBufferPlan::RealVolumeBufferPlan(RealVolumeBufferPlan&&) noexcept = default;
RealVolumeBufferPlan& RealVolumeBufferPlan::operator=(RealVolumeBufferPlan&&) noexcept = default;

BufferShape RealVolumeBufferPlan::real_shape() const {
  return {plan_.width(), plan_.height(), 2 * plan_.depth(), true};
}
BufferShape RealVolumeBufferPlan::spectrum_shape() const {
  return {spectrum_texels(plan_.width()), plan_.height(), 2 * plan_.depth(), false};
}

std::vector<const gl::Texture*> RealVolumeBufferPlan::targets() const {
  std::vector<const gl::Texture*> out = plan_.targets();
  out.push_back(&real_);
  out.push_back(&spectrum_);
  return out;
}

void RealVolumeBufferPlan::forward(const gl::Buffer& in, const BufferLayout& in_layout,
                                   const gl::Buffer& out, const BufferLayout& out_layout,
                                   gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, real_shape(), "input");
  detail::BufferCopy::check(out, out_layout, spectrum_shape(), "output");
  const int d = plan_.depth();
  copy_.to_image(in, in_layout, real_shape(), d, real_, timer);
  copy_.to_buffer(plan_.forward(real_, timer), spectrum_shape(), d, out, out_layout, timer);
}

void RealVolumeBufferPlan::inverse(const gl::Buffer& in, const BufferLayout& in_layout,
                                   const gl::Buffer& out, const BufferLayout& out_layout,
                                   gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, spectrum_shape(), "input");
  detail::BufferCopy::check(out, out_layout, real_shape(), "output");
  const int d = plan_.depth();
  copy_.to_image(in, in_layout, spectrum_shape(), d, spectrum_, timer);
  copy_.to_buffer(plan_.inverse(spectrum_, timer), real_shape(), d, out, out_layout, timer);
}

// ---- LongBufferPlan

LongBufferPlan::LongBufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : plan_(options, shaders),
      shape_{options.width, options.height, 2 * options.layers, false},
      lines_(options.height),
      copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  staging_ = gl::make_complex_texture(ctx, plan_.fold_width(), plan_.fold_height(),
                                      options.height * options.layers);
  check_created(ctx, "four-step buffer FFT plan creation");
}

LongBufferPlan::~LongBufferPlan() = default;
LongBufferPlan::LongBufferPlan(LongBufferPlan&&) noexcept = default;
LongBufferPlan& LongBufferPlan::operator=(LongBufferPlan&&) noexcept = default;

std::vector<const gl::Texture*> LongBufferPlan::targets() const {
  std::vector<const gl::Texture*> out = plan_.targets();
  out.push_back(&staging_);
  return out;
}

void LongBufferPlan::execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
                             const gl::Buffer& out, const BufferLayout& out_layout,
                             gl::PassTimer* timer) {
  detail::BufferCopy::check(in, in_layout, shape_, "input");
  detail::BufferCopy::check(out, out_layout, shape_, "output");
  copy_.to_image(in, in_layout, shape_, -lines_, staging_, timer);
  copy_.to_buffer(plan_.execute(direction, staging_, timer), shape_, -lines_, out, out_layout, timer);
}

}  // namespace oceanfft::fft
