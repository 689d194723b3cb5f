// SPDX-License-Identifier: MIT
// The four-step 2D path's natural-layout passes (four_step_2d.h says how they work;
// shaders/fft/four_step_pass.comp is the kernel).
#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <numbers>

#include "fft/anysize.h"
#include "fft/bindings.h"
#include "fft/cache.h"
#include "fft/fast.h"
#include "fft/four_step_2d.h"
#include "gl/error.h"

namespace oceanfft::fft::detail {
namespace {

bool power_of_two(int n) { return n >= 2 && std::has_single_bit(unsigned(n)); }

// The register shape for a pass of `n`-point lines: the device table's for columns where it has
// one, else 8 elements per invocation (16 above 2048) and 256 invocations per group, so a
// group's lines span 16 or more adjacent texels (whole memory sectors) at the four-step's 64-
// and 128-point lines; a line above 4096 alone in its group.
std::optional<AxisStrategy> natural_strategy(int n, int64_t lines, const gl::Limits& limits,
                                             const Options& options) {
  Options o = options;
  o.fast.shuffle = 0;
  o.fast.emulate_subgroup = 0;
  const bool tuned = std::any_of(o.fast.table.begin(), o.fast.table.end(), [&](const FastTuningEntry& e) {
    return e.length == n && e.axis == 1;
  });
  if (!tuned) {
    // 16 per invocation above 2048 (fewer exchanges, as the table has at 2048 and 4096).
    if (o.fast.per_thread == 0) o.fast.per_thread = n > 2048 ? 16 : 8;
    if (o.fast.column_lines == 0)
      o.fast.column_lines = std::max(1, 256 / std::max(1, n / std::min(n, o.fast.per_thread)));
  }
  std::optional<AxisStrategy> s =
      plan_fast_axis(n, 1, int(std::min<int64_t>(lines, 1 << 30)), limits, o);
  if (!s || s->kind != AxisStrategy::Kind::Registers || s->subgroup != 0) return std::nullopt;
  return s;
}

}  // namespace

gl::Buffer FourStep2D::four_step_twiddles(gl::Context& ctx, int n1, int n2) {
  const int n = n1 * n2;
  std::vector<float> t(size_t(n) * 2);
  for (int k1 = 0; k1 < n1; ++k1)
    for (int j = 0; j < n2; ++j) {
      // (j * k1) mod N keeps the phase exact before the double rounding.
      const double ph = -2.0 * std::numbers::pi * double((int64_t(j) * k1) % n) / double(n);
      t[2 * (size_t(k1) * n2 + j)] = float(std::cos(ph));
      t[2 * (size_t(k1) * n2 + j) + 1] = float(std::sin(ph));
    }
  return gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
}

bool FourStep2D::plan_natural(const gl::ShaderLibrary& shaders) {
  const Options& options = options_;
  if (options.algorithm != Algorithm::Fast || options.fast.four_step == 2) return false;
  gl::Context& ctx = shaders.context();
  const gl::Limits& limits = ctx.limits();
  const int w = options.width, h = options.height, layers = options.layers;
  const int limit = line_limit(options);
  int64_t ssbo_max = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &ssbo_max);

  // Everything is decided before anything is made: the axes, their passes and the shapes.
  std::vector<Axis> axes;
  std::vector<NaturalPass> passes;
  std::vector<NaturalProgram> programs;
  auto add_pass = [&](NaturalPass p) {
    const int64_t lines = int64_t(p.sub) * p.other * layers;
    std::optional<AxisStrategy> s = natural_strategy(p.length, lines, limits, options);
    if (!s) return false;
    // Passes whose lines plan alike share a program.
    auto it = std::find_if(programs.begin(), programs.end(), [&](const NaturalProgram& q) {
      return fast_defines(q.strategy, 1) == fast_defines(*s, 1);
    });
    if (it == programs.end()) {
      programs.push_back(NaturalProgram{p.length, *s, {}, {}});
      it = programs.end() - 1;
    }
    p.program = int(it - programs.begin());
    p.lines = int(lines);
    // The line order where asked (four_step_pass.comp; fft.h says what the fields mean): along
    // columns a run of at most J (both powers of two, so it divides J) and a band that divides
    // M or the whole width; along rows the largest power of two up to the run that divides M.
    p.run = 1;
    p.band = p.other;
    if (p.axis == 1) {
      p.run = std::clamp(options.fast.four_step_run, 1, p.sub);
      const int b = options.fast.four_step_band;
      if (b > 0 && b < p.other && p.other % b == 0) p.band = b;
    } else {
      while (2 * p.run <= options.fast.four_step_row_run && p.other % (2 * p.run) == 0) p.run *= 2;
    }
    // Groups over x and y, as even as the count allows, so few groups past the last line run.
    const int64_t groups = (lines + it->strategy.lines - 1) / it->strategy.lines;
    const int64_t most = limits.max_group_count[0] > 0 ? std::min(limits.max_group_count[0], 65535)
                                                       : 65535;
    const int64_t gy = (groups + most - 1) / most, gx = (groups + gy - 1) / gy;
    if (gy > 65535) return false;
    p.groups[0] = unsigned(gx);
    p.groups[1] = unsigned(gy);
    passes.push_back(p);
    return true;
  };
  for (int axis = 0; axis < 2; ++axis) {
    if (options.axes == (axis == 0 ? Axes::Columns : Axes::Rows)) continue;
    const int n = axis == 0 ? w : h, m = axis == 0 ? h : w;
    if (!power_of_two(n)) return false;
    Axis a;
    a.axis = axis;
    a.n2 = n;
    // A line above the limit in one pass where it fits a group. A row is contiguous, so one line
    // per group reads whole sectors; a column reads half of each sector it fetches and its
    // neighbouring column's group the other half, which L2 keeps between them (8192^2 on an
    // H100: 4.12 ms with whole columns, 9.95 ms with split ones). four_step 3 splits columns.
    const int how = options.fast.four_step;
    const bool whole = (how == 0 || (how == 3 && axis == 0)) &&
                       natural_strategy(n, int64_t(m) * layers, limits, options).has_value();
    if (n > limit && !whole) {
      std::tie(a.n1, a.n2) = four_step_split(n, Algorithm::StockhamR2, limit);
      if (!a.n1 || int64_t(n) * 8 > ssbo_max) return false;
    }
    NaturalPass p;
    p.axis = axis;
    p.other = m;
    p.owner = int(axes.size());
    if (a.n1 > 1) {
      p.length = a.n1;
      p.sub = a.n2;
      p.twiddle = true;
      p.name = pass_name(axis, "N1=" + std::to_string(a.n1));
      const int first[4] = {1, a.n2, 1, a.n2};
      std::copy(first, first + 4, p.map);
      if (!add_pass(p)) return false;
    }
    p.length = a.n2;
    p.sub = a.n1;
    p.twiddle = false;
    p.name = pass_name(axis, a.n1 > 1 ? "N2=" + std::to_string(a.n2) : std::to_string(a.n2));
    const int second[4] = {a.n2, 1, 1, a.n1};
    std::copy(second, second + 4, p.map);
    if (!add_pass(p)) return false;
    axes.push_back(std::move(a));
  }

  // Memory: the result, one scratch image, the tables.
  uint64_t bytes = uint64_t(w) * h * layers * 16 * 2;
  for (const Axis& a : axes) bytes += a.n1 > 1 ? uint64_t(a.n1) * a.n2 * 8 : 0;
  for (const NaturalProgram& q : programs) bytes += uint64_t(q.length) * 8;
  check_gpu_memory(ctx, bytes, std::to_string(w) + "x" + std::to_string(h) + "x" +
                                   std::to_string(layers) + " by the four-step method");

  for (NaturalProgram& q : programs) {
    q.program = ProgramCache(ctx, options.program_cache)
                    .compute(shaders, "fft/four_step_pass.comp", fast_defines(q.strategy, 1));
    const std::vector<float> t = twiddle_table(q.length);
    q.twiddles = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
  }
  for (Axis& a : axes)
    if (a.n1 > 1) a.twiddles = four_step_twiddles(ctx, a.n1, a.n2);
  axes_ = std::move(axes);
  natural_ = std::move(passes);
  natural_programs_ = std::move(programs);
  bytes_ = bytes;
  result_ = gl::make_complex_texture(ctx, w, h, layers);
  scratch_ = gl::make_complex_texture(ctx, w, h, layers);
  return true;
}

const gl::Texture& FourStep2D::execute_natural(Direction direction, const gl::Texture& input,
                                               gl::PassTimer* timer) {
  const int inverse = direction == Direction::Inverse ? 1 : 0;
  const uint64_t bytes = pass_bytes(options_);
  const gl::Texture* src = &input;
  const size_t count = natural_.size();
  for (size_t i = 0; i < count; ++i) {
    const NaturalPass& p = natural_[i];
    const NaturalProgram& q = natural_programs_[size_t(p.program)];
    // The passes alternate between the two images so that the last one writes the result.
    const gl::Texture& dst = (count - 1 - i) % 2 == 0 ? result_ : scratch_;
    gl::ScopedPass scoped(timer, p.name, bytes);
    const GLuint prog = q.program.id();
    glUseProgram(prog);
    glBindImageTexture(FFT_IMAGE_SRC, src->id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
    glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES, q.twiddles.id());
    if (p.twiddle)
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_CHIRP, axes_[size_t(p.owner)].twiddles.id());
    auto u = [&](const char* n) { return gl::uniform(q.program, n); };
    glProgramUniform1i(prog, u("uDirection"), inverse);
    glProgramUniform1f(prog, u("uScale"), inverse ? 1.0f / float(p.length) : 1.0f);
    glProgramUniform1i(prog, u("uPassAxis"), p.axis);
    glProgramUniform1i(prog, u("uOther"), p.other);
    glProgramUniform1i(prog, u("uSub"), p.sub);
    glProgramUniform1i(prog, u("uLines"), p.lines);
    glProgramUniform4i(prog, u("uMap"), p.map[0], p.map[1], p.map[2], p.map[3]);
    glProgramUniform1i(prog, u("uTwiddle"), p.twiddle ? 1 : 0);
    glProgramUniform1i(prog, u("uRun"), p.run);
    glProgramUniform1i(prog, u("uBand"), p.band);
    glDispatchCompute(p.groups[0], p.groups[1], 1);
    if (i + 1 < count) glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    src = &dst;
  }
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                  GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return result_;
}

}  // namespace oceanfft::fft::detail
