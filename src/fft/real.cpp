// SPDX-License-Identifier: MIT
#include "fft/real.h"

#include "fft/anysize.h"
#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

enum Mode { kSplit = 0, kJoin = 1, kExpand = 2, kExtend = 3, kPack = 4 };

bool even(int w) { return w % 2 == 0; }

// The complex plan's options: half the width for even W, the whole width for odd W.
Options inner_options(const Options& o) {
  Options c = o;
  if (even(o.width)) c.width = o.width / 2;
  return c;
}

void bind(GLuint unit, const gl::Texture& tex, GLenum access) {
  glBindImageTexture(unit, tex.id(), 0, GL_TRUE, 0, access, GL_RGBA32F);
}

void check_input(const gl::Texture& t, int w, int h, int layers, const char* what) {
  if (t.width() != w || t.height() != h || t.layers() != layers || t.format() != GL_RGBA32F ||
      t.target() != GL_TEXTURE_2D_ARRAY)
    throw Error(ErrorCode::InvalidArgument, std::string(what) + " must be an rgba32f 2D array of " +
                                                std::to_string(w) + "x" + std::to_string(h) +
                                                "x" + std::to_string(layers));
}

}  // namespace

Status validate_real_shape(const Options& o) {
  if (o.axes == Axes::Columns) return Status::RealColumnsUnsupported;
  // The width's own range first, so the message names the width the caller gave.
  if (Status s = validate_shape(o); s != Status::Ok) return s;
  return validate_shape(inner_options(o));
}

namespace {
// The complex plan's options once the real shape is known to be valid; the complex plan then
// checks the driver's limits itself.
Options checked_inner_options(const Options& o) {
  if (Status s = validate_real_shape(o); s != Status::Ok)
    throw Error(ErrorCode::InvalidArgument, describe(s, o));
  return inner_options(o);
}
}  // namespace

RealPlan::RealPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : options_(options),
      inner_(checked_inner_options(options), shaders) {
  gl::Context& ctx = shaders.context();
  const int w = options.width, h = options.height, l = options.layers;
  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/real.comp");
  std::vector<float> t = detail::twiddle_table(w);
  twiddles_ = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
  spectrum_ = gl::make_complex_texture(ctx, spectrum_texels(w), h, l);
  if (even(w)) {
    staging_ = gl::make_complex_texture(ctx, w / 2, h, l);
  } else {
    staging_ = gl::make_complex_texture(ctx, w, h, l);
    real_ = gl::make_complex_texture(ctx, real_texels(w), h, l);
  }
  if (ctx.check_errors("real FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the real FFT plan");
}

RealPlan::~RealPlan() = default;
RealPlan::RealPlan(RealPlan&&) noexcept = default;
RealPlan& RealPlan::operator=(RealPlan&&) noexcept = default;

std::string RealPlan::describe() const {
  return "real " + std::to_string(options_.width) + "x" + std::to_string(options_.height) +
         (even(options_.width) ? " as complex " : " (odd width) as complex ") + inner_.describe();
}

int RealPlan::dispatches_per_execute(Direction d) const {
  if (even(options_.width)) return inner_.dispatches_per_execute() + 1;
  return inner_.dispatches_per_execute() + (d == Direction::Forward ? 1 : 2);
}

std::vector<const gl::Texture*> RealPlan::targets() const {
  std::vector<const gl::Texture*> out = {&spectrum_, &staging_};
  if (real_) out.push_back(&real_);
  for (const gl::Texture& t : inner_.targets()) out.push_back(&t);
  return out;
}

void RealPlan::pass(int mode, const gl::Texture& src, const gl::Texture& dst, int dst_w, int dst_h) {
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, twiddles_.id());
  bind(FFT_IMAGE_SRC, src, GL_READ_ONLY);
  bind(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
  glProgramUniform1i(prog, gl::uniform(program_, "uMode"), mode);
  glProgramUniform1i(prog, gl::uniform(program_, "uW"), options_.width);
  glProgramUniform1i(prog, gl::uniform(program_, "uH"), options_.height);
  glProgramUniform1i(prog, gl::uniform(program_, "uNegY"), options_.axes == Axes::Both ? 1 : 0);
  glProgramUniform2i(prog, gl::uniform(program_, "uDstSize"), dst_w, dst_h);
  glDispatchCompute(GLuint((dst_w + 7) / 8), GLuint((dst_h + 7) / 8), GLuint(options_.layers));
}

const gl::Texture& RealPlan::forward(const gl::Texture& real, gl::PassTimer* timer) {
  const int w = options_.width, h = options_.height, l = options_.layers;
  check_input(real, real_texels(w), h, l, "real FFT input");
  const gl::Texture* in = &real;
  if (!even(w)) {
    gl::ScopedPass p(timer, "fft.real.expand", pass_bytes(options_) / 2);
    pass(kExpand, real, staging_, w, h);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    in = &staging_;
  }
  const gl::Texture& z = inner_.execute(Direction::Forward, *in, timer);
  {
    gl::ScopedPass p(timer, "fft.real.split", pass_bytes(inner_.options()));
    if (even(w))
      pass(kSplit, z, spectrum_, spectrum_texels(w), h);
    else
      glCopyImageSubData(z.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spectrum_.id(),
                         GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spectrum_texels(w), h, l);
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return spectrum_;
}

const gl::Texture& RealPlan::inverse(const gl::Texture& spectrum, gl::PassTimer* timer) {
  const int w = options_.width, h = options_.height;
  check_input(spectrum, spectrum_texels(w), h, options_.layers, "real FFT inverse input");
  {
    gl::ScopedPass p(timer, "fft.real.join", pass_bytes(inner_.options()));
    if (even(w))
      pass(kJoin, spectrum, staging_, w / 2, h);
    else
      pass(kExtend, spectrum, staging_, w, h);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  }
  const gl::Texture& z = inner_.execute(Direction::Inverse, staging_, timer);
  if (even(w)) return z;
  {
    gl::ScopedPass p(timer, "fft.real.pack", pass_bytes(options_) / 2);
    pass(kPack, z, real_, real_texels(w), h);
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return real_;
}

}  // namespace oceanfft::fft
