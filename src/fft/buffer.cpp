// SPDX-License-Identifier: MIT
#include "fft/buffer.h"

#include <span>

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

// ---- The plans' common parts

namespace detail {
namespace {

// Every texture of an image plan's targets(), which Plan lists by value and the others by pointer.
std::vector<const gl::Texture*> pointers(std::span<const gl::Texture> textures) {
  std::vector<const gl::Texture*> out;
  for (const gl::Texture& t : textures) out.push_back(&t);
  return out;
}
std::vector<const gl::Texture*> pointers(std::vector<const gl::Texture*> textures) { return textures; }

// One transform between buffers: both layouts checked before anything is dispatched, `in`
// copied into `image`, `transform(image)` run, and its result copied to `out`.
template <class Transform>
void run(BufferCopy& copy, int fold, const gl::Buffer& in, const BufferLayout& in_layout,
         const BufferShape& in_shape, const gl::Texture& image, Transform transform,
         const gl::Buffer& out, const BufferLayout& out_layout, const BufferShape& out_shape,
         gl::PassTimer* timer) {
  BufferCopy::check(in, in_layout, in_shape, "input");
  BufferCopy::check(out, out_layout, out_shape, "output");
  copy.to_image(in, in_layout, in_shape, fold, image, timer);
  copy.to_buffer(transform(image), out_shape, fold, out, out_layout, timer);
}

}  // namespace

template <class P>
template <class MakePlan, class MakeStaging>
ComplexBuffers<P>::ComplexBuffers(const Options& options, const gl::ShaderLibrary& shaders,
                                  BufferShape shape, int fold, MakePlan make_plan,
                                  MakeStaging make_staging, const char* what)
    : plan_(make_plan()), shape_(shape), fold_(fold), copy_(shaders, options.program_cache) {
  staging_ = make_staging(plan_);
  check_created(shaders.context(), what);
}

template <class P>
std::vector<const gl::Texture*> ComplexBuffers<P>::targets() const {
  std::vector<const gl::Texture*> out = pointers(plan_.targets());
  out.push_back(&staging_);
  return out;
}

template <class P>
void ComplexBuffers<P>::execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
                                const gl::Buffer& out, const BufferLayout& out_layout,
                                gl::PassTimer* timer) {
  const auto transform = [&](const gl::Texture& t) -> const gl::Texture& {
    return plan_.execute(direction, t, timer);
  };
  run(copy_, fold_, in, in_layout, shape_, staging_, transform, out, out_layout, shape_, timer);
}

template <class P>
template <class MakePlan>
RealBuffers<P>::RealBuffers(const Options& options, int depth, const gl::ShaderLibrary& shaders,
                            MakePlan make_plan, const char* what)
    : plan_(make_plan()),
      width_(options.width),
      height_(options.height),
      planes_(depth ? depth : options.layers),
      depth_(depth),
      copy_(shaders, options.program_cache) {
  gl::Context& ctx = shaders.context();
  real_ = gl::make_complex_texture(ctx, real_texels(width_), height_, planes_);
  spectrum_ = gl::make_complex_texture(ctx, spectrum_texels(width_), height_, planes_);
  check_created(ctx, what);
}

template <class P>
BufferShape RealBuffers<P>::real_shape() const {
  return {width_, height_, 2 * planes_, true};
}
template <class P>
BufferShape RealBuffers<P>::spectrum_shape() const {
  return {spectrum_texels(width_), height_, 2 * planes_, false};
}

template <class P>
std::vector<const gl::Texture*> RealBuffers<P>::targets() const {
  std::vector<const gl::Texture*> out = plan_.targets();
  out.push_back(&real_);
  out.push_back(&spectrum_);
  return out;
}

template <class P>
void RealBuffers<P>::forward(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
                             const BufferLayout& out_layout, gl::PassTimer* timer) {
  const auto transform = [&](const gl::Texture& t) -> const gl::Texture& { return plan_.forward(t, timer); };
  run(copy_, depth_, in, in_layout, real_shape(), real_, transform, out, out_layout, spectrum_shape(), timer);
}

template <class P>
void RealBuffers<P>::inverse(const gl::Buffer& in, const BufferLayout& in_layout, const gl::Buffer& out,
                             const BufferLayout& out_layout, gl::PassTimer* timer) {
  const auto transform = [&](const gl::Texture& t) -> const gl::Texture& { return plan_.inverse(t, timer); };
  run(copy_, depth_, in, in_layout, spectrum_shape(), spectrum_, transform, out, out_layout, real_shape(),
      timer);
}

template class ComplexBuffers<Plan>;
template class ComplexBuffers<VolumePlan>;
template class ComplexBuffers<LongPlan>;
template class RealBuffers<RealPlan>;
template class RealBuffers<RealVolumePlan>;

}  // namespace detail

// ---- The plans

BufferPlan::BufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : ComplexBuffers(
          options, shaders, complex_shape(options), 0, [&] { return Plan(options, shaders); },
          [&](const Plan&) {
            return gl::make_complex_texture(shaders.context(), options.width, options.height, options.layers);
          },
          "buffer FFT plan creation") {}

RealBufferPlan::RealBufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : RealBuffers(options, 0, shaders, [&] { return RealPlan(options, shaders); },
                  "real buffer FFT plan creation") {}

VolumeBufferPlan::VolumeBufferPlan(const Options& options, int depth, const gl::ShaderLibrary& shaders)
    : ComplexBuffers(
          options, shaders, {options.width, options.height, 2 * depth, false}, depth,
          [&] { return VolumePlan(options, depth, shaders); },
          [&](const VolumePlan&) {
            return gl::make_complex_texture(shaders.context(), options.width, options.height, depth);
          },
          "3D buffer FFT plan creation") {}

RealVolumeBufferPlan::RealVolumeBufferPlan(const Options& options, int depth,
                                           const gl::ShaderLibrary& shaders)
    : RealBuffers(options, depth, shaders, [&] { return RealVolumePlan(options, depth, shaders); },
                  "3D real buffer FFT plan creation") {}

// The copies fold each plane's rows into the plan's image one line per layer (depth -height).
LongBufferPlan::LongBufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : ComplexBuffers(
          options, shaders, complex_shape(options), -options.height,
          [&] { return LongPlan(options, shaders); },
          [&](const LongPlan& plan) {
            return gl::make_complex_texture(shaders.context(), plan.fold_width(), plan.fold_height(),
                                            options.height * options.layers);
          },
          "four-step buffer FFT plan creation") {}

}  // namespace oceanfft::fft
