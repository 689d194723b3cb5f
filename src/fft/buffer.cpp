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

// The last complex index the layout touches plus one.
int64_t extent(const BufferLayout& l, const Options& o) {
  return l.offset + (2 * int64_t(o.layers) - 1) * l.plane_stride +
         (int64_t(o.height) - 1) * l.row_stride + o.width;
}

void check(const gl::Buffer& b, const BufferLayout& raw, const Options& o, const char* what) {
  const BufferLayout l = resolve(raw, o);
  const std::string name(what);
  if (!b) throw Error(ErrorCode::InvalidArgument, "the " + name + " buffer is empty");
  if (l.offset < 0 || l.row_stride < o.width || l.plane_stride < l.row_stride * o.height)
    throw Error(ErrorCode::InvalidArgument,
                "the " + name + " layout's offset or strides do not fit " + std::to_string(o.width) +
                    "x" + std::to_string(o.height) + " (row stride >= width, plane stride >= row "
                    "stride x height, offset >= 0)");
  if (extent(l, o) > (int64_t(1) << 32))
    throw Error(ErrorCode::InvalidArgument, "the " + name + " layout reaches past 2^32 complex values");
  const int64_t size = buffer_size(b);
  if (uint64_t(size) < buffer_bytes(raw, o))
    throw Error(ErrorCode::InvalidArgument, "the " + name + " buffer holds " + std::to_string(size) +
                                                " bytes; its layout needs " +
                                                std::to_string(buffer_bytes(raw, o)));
}

}  // namespace

BufferLayout resolve(const BufferLayout& layout, const Options& o) {
  BufferLayout l = layout;
  if (l.row_stride == 0) l.row_stride = o.width;
  if (l.plane_stride == 0) l.plane_stride = l.row_stride * o.height;
  return l;
}

uint64_t buffer_bytes(const BufferLayout& layout, const Options& o) {
  return uint64_t(extent(resolve(layout, o), o)) * 8;
}

BufferPlan::BufferPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : options_(options), plan_(options, shaders) {
  gl::Context& ctx = shaders.context();
  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/buffer_io.comp");
  staging_ = gl::make_complex_texture(ctx, options.width, options.height, options.layers);
  if (ctx.check_errors("buffer FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the buffer FFT plan");
}

BufferPlan::~BufferPlan() = default;
BufferPlan::BufferPlan(BufferPlan&&) noexcept = default;
BufferPlan& BufferPlan::operator=(BufferPlan&&) noexcept = default;

std::vector<const gl::Texture*> BufferPlan::targets() const {
  std::vector<const gl::Texture*> out = {&staging_};
  for (const gl::Texture& t : plan_.targets()) out.push_back(&t);
  return out;
}

void BufferPlan::copy(int to_image, const gl::Buffer& buffer, const BufferLayout& layout,
                      const gl::Texture& image) {
  const BufferLayout l = resolve(layout, options_);
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_DATA, buffer.id());
  glBindImageTexture(to_image ? FFT_IMAGE_DST : FFT_IMAGE_SRC, image.id(), 0, GL_TRUE, 0,
                     to_image ? GL_WRITE_ONLY : GL_READ_ONLY, GL_RGBA32F);
  glProgramUniform1i(prog, gl::uniform(program_, "uToImage"), to_image);
  glProgramUniform2i(prog, gl::uniform(program_, "uSize"), options_.width, options_.height);
  glProgramUniform1ui(prog, gl::uniform(program_, "uOffset"), GLuint(l.offset));
  glProgramUniform1ui(prog, gl::uniform(program_, "uRowStride"), GLuint(l.row_stride));
  glProgramUniform1ui(prog, gl::uniform(program_, "uPlaneStride"), GLuint(l.plane_stride));
  glDispatchCompute(GLuint((options_.width + 7) / 8), GLuint((options_.height + 7) / 8),
                    GLuint(options_.layers));
}

void BufferPlan::execute(Direction direction, const gl::Buffer& in, const BufferLayout& in_layout,
                         const gl::Buffer& out, const BufferLayout& out_layout,
                         gl::PassTimer* timer) {
  check(in, in_layout, options_, "input");
  check(out, out_layout, options_, "output");
  {
    gl::ScopedPass p(timer, "fft.buffer.in", pass_bytes(options_));
    copy(1, in, in_layout, staging_);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  }
  const gl::Texture& result = plan_.execute(direction, staging_, timer);
  {
    gl::ScopedPass p(timer, "fft.buffer.out", pass_bytes(options_));
    copy(0, out, out_layout, result);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  }
}

}  // namespace oceanfft::fft
