// SPDX-License-Identifier: MIT
#include "fft/long.h"

#include <cmath>
#include <numbers>

#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

bool takes(int n, Algorithm a) {
  return n >= 1 && n <= kMaxSize && (a == Algorithm::Fast || (n >= 2 && (n & (n - 1)) == 0));
}

Options checked(const Options& o, std::pair<int, int> split) {
  if (o.width < 2 || o.width > kMaxLongSize)
    throw Error(ErrorCode::InvalidArgument, "a long line's length " + std::to_string(o.width) +
                                                " is outside 2.." + std::to_string(kMaxLongSize));
  if (!split.first)
    throw Error(ErrorCode::InvalidArgument,
                "length " + std::to_string(o.width) + " has no split into two factors of at most " +
                    std::to_string(kMaxSize) + " that " + std::string(name(o.algorithm)) + " takes");
  if (o.height < 1 || o.layers < 1)
    throw Error(ErrorCode::InvalidArgument, "a long plan needs at least one line and one layer");
  return o;
}

Options part(const Options& o, int n1, int n2, Axes axes) {
  Options p = o;
  p.width = n2;
  p.height = n1;
  p.layers = o.height * o.layers;
  p.axes = axes;
  return p;
}

}  // namespace

std::pair<int, int> long_split(int n, Algorithm a) {
  for (int n1 = int(std::sqrt(double(n))) + 1; n1 >= 1; --n1)
    if (n % n1 == 0 && takes(n1, a) && takes(n / n1, a) && n1 <= n / n1) return {n1, n / n1};
  return {0, 0};
}

LongPlan::LongPlan(const Options& options, const gl::ShaderLibrary& shaders)
    : n1_(long_split(options.width, options.algorithm).first),
      n2_(long_split(options.width, options.algorithm).second),
      options_(checked(options, {n1_, n2_})),
      columns_(part(options, n1_, n2_, Axes::Columns), shaders),
      rows_(part(options, n1_, n2_, Axes::Rows), shaders) {
  gl::Context& ctx = shaders.context();
  program_ = ProgramCache(ctx, options.program_cache).compute(shaders, "fft/four_step.comp");
  const int n = options.width;
  std::vector<float> t(size_t(n) * 2);
  for (int k1 = 0; k1 < n1_; ++k1)
    for (int n2 = 0; n2 < n2_; ++n2) {
      // (n2 * k1) mod N keeps the phase exact before the double rounding.
      const double ph = -2.0 * std::numbers::pi * double((int64_t(n2) * k1) % n) / double(n);
      t[2 * (size_t(k1) * n2_ + n2)] = float(std::cos(ph));
      t[2 * (size_t(k1) * n2_ + n2) + 1] = float(std::sin(ph));
    }
  twiddles_ = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
  const int layers = options.height * options.layers;
  twiddled_ = gl::make_complex_texture(ctx, n2_, n1_, layers);
  result_ = gl::make_complex_texture(ctx, n2_, n1_, layers);
  if (ctx.check_errors("long FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the long FFT plan");
}

LongPlan::~LongPlan() = default;
LongPlan::LongPlan(LongPlan&&) noexcept = default;
LongPlan& LongPlan::operator=(LongPlan&&) noexcept = default;

std::string LongPlan::describe() const {
  return "four-step " + std::to_string(options_.width) + " = " + std::to_string(n1_) + " x " +
         std::to_string(n2_) + "; columns: " + columns_.describe() + "; rows: " + rows_.describe();
}

std::vector<const gl::Texture*> LongPlan::targets() const {
  std::vector<const gl::Texture*> out = {&twiddled_, &result_};
  for (const gl::Texture& t : columns_.targets()) out.push_back(&t);
  for (const gl::Texture& t : rows_.targets()) out.push_back(&t);
  return out;
}

void LongPlan::pass(int mode, int inverse, const gl::Texture& src, const gl::Texture& dst) {
  const GLuint prog = program_.id();
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, twiddles_.id());
  glBindImageTexture(FFT_IMAGE_SRC, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glProgramUniform1i(prog, gl::uniform(program_, "uMode"), mode);
  glProgramUniform1i(prog, gl::uniform(program_, "uInverse"), inverse);
  glProgramUniform2i(prog, gl::uniform(program_, "uFold"), n2_, n1_);
  glDispatchCompute(GLuint((n2_ + 7) / 8), GLuint((n1_ + 7) / 8), GLuint(dst.layers()));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

const gl::Texture& LongPlan::execute(Direction direction, const gl::Texture& input,
                                     gl::PassTimer* timer) {
  const int inverse = direction == Direction::Inverse ? 1 : 0;
  const gl::Texture& c = columns_.execute(direction, input, timer);
  {
    gl::ScopedPass p(timer, "fft.four_step.twiddle", pass_bytes(columns_.options()));
    pass(0, inverse, c, twiddled_);
  }
  const gl::Texture& r = rows_.execute(direction, twiddled_, timer);
  {
    gl::ScopedPass p(timer, "fft.four_step.gather", pass_bytes(columns_.options()));
    pass(1, inverse, r, result_);
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return result_;
}

}  // namespace oceanfft::fft
