// SPDX-License-Identifier: MIT
#include "fft/real.h"

#include "fft/anysize.h"
#include "fft/bindings.h"
#include "fft/cache.h"
#include "fft/fast.h"
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
  // The split and join read the inner spectrum in natural order.
  if (o.fast.transpose == 2)
    throw Error(ErrorCode::InvalidArgument,
                "fast.transpose 2 (a transposed spectrum) is for complex transforms; real ones "
                "keep the half-spectrum layout");
  return inner_options(o);
}
}  // namespace

namespace {

// The fused passes' plans: rows of W/2 and, for both axes, columns over W/2+1; nothing where the
// shape does not take the register kernel on every axis it needs.
bool power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

bool fusable(const Options& o, RealPasses passes) {
  return passes == RealPasses::Auto && even(o.width) && o.algorithm == Algorithm::Fast &&
         power_of_two(o.width / 2) && (o.axes == Axes::Rows || (o.height >= 2 && power_of_two(o.height)));
}

Options rows_options(const Options& o) {
  Options r = o;
  r.width = o.width / 2;
  r.axes = Axes::Rows;
  return r;
}

}  // namespace

RealPlan::RealPlan(const Options& options, const gl::ShaderLibrary& shaders, RealPasses passes)
    : options_(options) {
  const Options inner = checked_inner_options(options);
  gl::Context& ctx = shaders.context();
  const int w = options.width, h = options.height, l = options.layers;
  ProgramCache cache(ctx, options.program_cache);
  if (fusable(options, passes)) {
    rows_.emplace(rows_options(options), shaders);
    bool ok = rows_->horizontal().kind == AxisStrategy::Kind::Registers;
    if (ok && options.axes == Axes::Both) {
      // Lines counted as W/2 (a power of two) so the group takes as many columns as a plain
      // pass would; the W/2+1 columns are then padded up to whole groups.
      columns_ = detail::plan_fast_axis(h, 1, w / 2, ctx.limits(), options);
      ok = columns_.has_value() && columns_->kind == AxisStrategy::Kind::Registers;
      if (ok) {
        const int lines = columns_->lines;
        padded_columns_ = (w / 2 + 1 + lines - 1) / lines * lines;
        const gl::Defines d = detail::fast_defines(*columns_, 1);
        fused_[1] = cache.compute(shaders, "fft/real_fused.comp", d);
        column_fft_ = cache.compute(shaders, "fft/fast.comp", d);
        std::vector<float> t = detail::twiddle_table(h);
        column_twiddles_ = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
        columns_out_ = gl::make_complex_texture(ctx, spectrum_texels(w), h, l);
      }
    }
    if (ok) {
      fused_[0] = cache.compute(shaders, "fft/real_fused.comp", detail::fast_defines(rows_->horizontal(), 0));
    } else {
      rows_.reset();
      columns_.reset();
      column_twiddles_ = {};
      columns_out_ = {};
    }
  }
  if (!rows_) inner_.emplace(inner, shaders);
  program_ = cache.compute(shaders, "fft/real.comp");
  std::vector<float> t = detail::twiddle_table(w);
  twiddles_ = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
  spectrum_ = gl::make_complex_texture(ctx, spectrum_texels(w), h, l);
  if (rows_) {
    real_ = gl::make_complex_texture(ctx, w / 2, h, l);
  } else if (even(w)) {
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
  const std::string shape = std::to_string(options_.width) + "x" + std::to_string(options_.height);
  if (rows_)
    return "real " + shape + ", split and join fused into the register passes; rows: " +
           rows_->describe() +
           (columns_ ? "; columns: " + columns_->describe() + " over " +
                           std::to_string(spectrum_texels(options_.width)) + " columns (" +
                           std::to_string(padded_columns_) + " lines dispatched)"
                     : "");
  return "real " + shape + (even(options_.width) ? " as complex " : " (odd width) as complex ") +
         inner_->describe();
}

int RealPlan::dispatches_per_execute(Direction d) const {
  if (rows_) return columns_ || d == Direction::Forward ? 2 : 1;
  if (even(options_.width)) return inner_->dispatches_per_execute() + 1;
  return inner_->dispatches_per_execute() + (d == Direction::Forward ? 1 : 2);
}

std::vector<const gl::Texture*> RealPlan::targets() const {
  std::vector<const gl::Texture*> out = {&spectrum_};
  if (staging_) out.push_back(&staging_);
  if (real_) out.push_back(&real_);
  if (columns_out_) out.push_back(&columns_out_);
  for (const std::optional<Plan>* p : {&inner_, &rows_})
    if (*p)
      for (const gl::Texture& t : (*p)->targets()) out.push_back(&t);
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

// One pass of real_fused.comp along rows: the inverse with the join in its loads.
void RealPlan::fused_pass(int axis, const gl::Texture& src, const gl::Texture& dst) {
  if (axis == 1) {
    column_pass(fused_[1], 0, src, dst);
    return;
  }
  const gl::Program& program = fused_[0];
  const GLuint prog = program.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, rows_->twiddles(0).id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_CHIRP, twiddles_.id());
  bind(FFT_IMAGE_SRC, src, GL_READ_ONLY);
  bind(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
  glProgramUniform1i(prog, gl::uniform(program, "uDirection"), 1);
  // The row inverse's 1/M; the column pass has scaled by 1/H already.
  glProgramUniform1f(prog, gl::uniform(program, "uScale"), float(1.0 / double(options_.width / 2)));
  glProgramUniform1i(prog, gl::uniform(program, "uM"), options_.width / 2);
  unsigned groups[3];
  detail::fast_dispatch_size(rows_->horizontal(), 0, rows_->options(), groups);
  glDispatchCompute(groups[0], groups[1], groups[2]);
}

// One register pass along the W/2+1 columns: `program` is real_fused.comp (forward, the split in
// its loads) or fast.comp (the inverse's plain column FFT, scaled by 1/H).
void RealPlan::column_pass(const gl::Program& program, int direction, const gl::Texture& src,
                           const gl::Texture& dst) {
  const GLuint prog = program.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, column_twiddles_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_CHIRP, twiddles_.id());
  bind(FFT_IMAGE_SRC, src, GL_READ_ONLY);
  bind(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
  glProgramUniform1i(prog, gl::uniform(program, "uDirection"), direction);
  glProgramUniform1f(prog, gl::uniform(program, "uScale"),
                     direction ? float(1.0 / double(options_.height)) : 1.0f);
  if (&program == &fused_[1]) glProgramUniform1i(prog, gl::uniform(program, "uM"), options_.width / 2);
  Options padded = options_;
  padded.width = padded_columns_;
  unsigned groups[3];
  detail::fast_dispatch_size(*columns_, 1, padded, groups);
  glDispatchCompute(groups[0], groups[1], groups[2]);
}

const gl::Texture& RealPlan::forward(const gl::Texture& real, gl::PassTimer* timer) {
  const int w = options_.width, h = options_.height, l = options_.layers;
  check_input(real, real_texels(w), h, l, "real FFT input");
  constexpr GLbitfield kResult = GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                                 GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;
  if (rows_) {
    const gl::Texture& z = rows_->execute(Direction::Forward, real, timer);
    gl::ScopedPass p(timer, columns_ ? "fft.real.split-columns" : "fft.real.split",
                     pass_bytes(options_) / 2);
    if (columns_)
      fused_pass(1, z, spectrum_);
    else
      pass(kSplit, z, spectrum_, spectrum_texels(w), h);
    glMemoryBarrier(kResult);
    return spectrum_;
  }
  const gl::Texture* in = &real;
  if (!even(w)) {
    gl::ScopedPass p(timer, "fft.real.expand", pass_bytes(options_) / 2);
    pass(kExpand, real, staging_, w, h);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    in = &staging_;
  }
  const gl::Texture& z = inner_->execute(Direction::Forward, *in, timer);
  {
    gl::ScopedPass p(timer, "fft.real.split", pass_bytes(inner_->options()));
    if (even(w))
      pass(kSplit, z, spectrum_, spectrum_texels(w), h);
    else
      glCopyImageSubData(z.id(), GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spectrum_.id(),
                         GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, spectrum_texels(w), h, l);
  }
  glMemoryBarrier(kResult);
  return spectrum_;
}

const gl::Texture& RealPlan::inverse(const gl::Texture& spectrum, gl::PassTimer* timer) {
  const int w = options_.width, h = options_.height;
  check_input(spectrum, spectrum_texels(w), h, options_.layers, "real FFT inverse input");
  constexpr GLbitfield kResult = GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                                 GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;
  if (rows_) {
    if (columns_) {
      gl::ScopedPass p(timer, "fft.real.columns", pass_bytes(options_) / 2);
      column_pass(column_fft_, 1, spectrum, columns_out_);
      glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }
    const gl::Texture& y = columns_ ? columns_out_ : spectrum;
    gl::ScopedPass p(timer, "fft.real.join-rows", pass_bytes(rows_->options()));
    fused_pass(0, y, real_);
    glMemoryBarrier(kResult);
    return real_;
  }
  {
    gl::ScopedPass p(timer, "fft.real.join", pass_bytes(inner_->options()));
    if (even(w))
      pass(kJoin, spectrum, staging_, w / 2, h);
    else
      pass(kExtend, spectrum, staging_, w, h);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  }
  const gl::Texture& z = inner_->execute(Direction::Inverse, staging_, timer);
  if (even(w)) return z;
  {
    gl::ScopedPass p(timer, "fft.real.pack", pass_bytes(options_) / 2);
    pass(kPack, z, real_, real_texels(w), h);
  }
  glMemoryBarrier(kResult);
  return real_;
}

}  // namespace oceanfft::fft
