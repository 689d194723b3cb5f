// SPDX-License-Identifier: MIT
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "fft/anysize.h"
#include "fft/bindings.h"
#include "fft/cache.h"
#include "fft/fast.h"
#include "fft/fft.h"
#include "fft/four_step_2d.h"
#include "fft/long.h"
#include "gl/error.h"

namespace oceanfft::fft {
namespace {

constexpr Algorithm kAlgorithms[] = {Algorithm::CooleyTukey, Algorithm::StockhamR2,
                                     Algorithm::StockhamR4, Algorithm::Fast};

bool is_pow2(int v) { return v > 0 && std::has_single_bit(unsigned(v)); }
int floor_pow2(int v) { return int(std::bit_floor(unsigned(std::max(v, 1)))); }
int log2i(int v) { return int(std::bit_width(unsigned(std::max(v, 1) - 1))); }  // ceil(log2 v)

// Texels side by side in a strip of the fast path's buffer between the axes (fast.glsl's STRIP).
constexpr int kBufferStrip = 4;
// Invocations per group for the stage kernel; 64 keeps every vendor's SIMD width busy.
constexpr int kStageGroup = 64;
// Target for threads x lines per Stockham group: enough to hide latency, few enough to leave
// several groups per compute unit.
constexpr int kStockhamGroup = 128;

AxisStrategy plan_axis(Algorithm a, int n, int axis, int lines_total, const gl::Limits& limits,
                       const Options& o) {
  const int shared = o.shared_memory_limit > 0 ? o.shared_memory_limit : limits.max_shared_memory;
  const int invocations = floor_pow2(std::min(
      o.invocation_limit > 0 ? o.invocation_limit : limits.max_invocations, limits.max_group_size[0]));
  AxisStrategy s{AxisStrategy::Kind::StageDispatches, n, 2, 0, 1};
  if (a == Algorithm::Fast) {
    // fast.comp takes powers of two whose line count its group size divides; every other
    // shape goes to mixed.comp, which guards the last group's lines.
    if (!is_pow2(n) || n < 2) return detail::plan_any_axis(n, axis, lines_total, limits, o);
    if (auto f = detail::plan_fast_axis(n, axis, lines_total, limits, o)) {
      if (lines_total % f->lines == 0) return *f;
      return detail::plan_any_axis(n, axis, lines_total, limits, o);
    }
  } else if (a != Algorithm::CooleyTukey) {
    s.elements_per_invocation = a == Algorithm::StockhamR4 ? 4 : 2;
    if (n * 16 <= shared)
      s.kind = AxisStrategy::Kind::SharedVec4;
    else if (n * 8 <= shared)
      s.kind = AxisStrategy::Kind::SharedVec2Split;
  }
  if (s.kind == AxisStrategy::Kind::StageDispatches) {
    // Cooley-Tukey by choice, or the fallback when a line does not fit in shared memory:
    // global memory between dispatches has no size limit.
    s.elements_per_invocation = 2;
    s.threads = std::min({kStageGroup, std::max(n / 2, 1), invocations});
    return s;
  }
  const int elem = s.kind == AxisStrategy::Kind::SharedVec4 ? 16 : 8;
  s.threads = std::min(std::max(n / s.elements_per_invocation, 1), invocations);
  while (s.threads * s.lines < kStockhamGroup && s.threads * s.lines * 2 <= invocations &&
         s.lines * 2 <= lines_total && lines_total % (s.lines * 2) == 0 &&
         s.lines * 2 * n * elem <= shared &&
         s.lines * 2 <= limits.max_group_size[1])
    s.lines *= 2;
  return s;
}

void bind_image(GLuint unit, const gl::Texture& tex, GLenum access) {
  glBindImageTexture(unit, tex.id(), 0, GL_TRUE, 0, access, GL_RGBA32F);
}

}  // namespace

std::span<const Algorithm> all_algorithms() { return kAlgorithms; }

std::string_view name(Algorithm a) {
  switch (a) {
    case Algorithm::CooleyTukey: return "cooley-tukey";
    case Algorithm::StockhamR2: return "stockham-r2";
    case Algorithm::StockhamR4: return "stockham-r4";
    case Algorithm::Fast: return "fast";
  }
  return "?";
}

std::optional<Algorithm> parse_algorithm(std::string_view text) {
  for (Algorithm a : kAlgorithms)
    if (name(a) == text) return a;
  return std::nullopt;
}

std::string algorithm_list() {
  std::string s;
  for (Algorithm a : kAlgorithms) s += (s.empty() ? "" : ", ") + std::string(name(a));
  return s;
}

std::string describe(Status s, const Options& o) {
  const std::string w = std::to_string(o.width), h = std::to_string(o.height);
  const std::string range =
      std::to_string(o.algorithm == Algorithm::Fast ? kMinAnySize : kMinSize) + ".." +
      std::to_string(kMaxLongSize);
  const auto no_split = [&](const std::string& what, const std::string& n) {
    return what + " " + n + " is above " + std::to_string(kMaxSize) +
           " and has no split into two factors of at most " + std::to_string(kMaxSize) + " that " +
           std::string(name(o.algorithm)) + " takes, which the four-step method needs";
  };
  switch (s) {
    case Status::Ok: return "ok";
    case Status::WidthNotPowerOfTwo:
      return "width " + w + " is not a power of two, which " + std::string(name(o.algorithm)) +
             " needs (fast takes any size)";
    case Status::HeightNotPowerOfTwo:
      return "height " + h + " is not a power of two, which " + std::string(name(o.algorithm)) +
             " needs (fast takes any size)";
    case Status::WidthOutOfRange: return "width " + w + " is outside " + range;
    case Status::HeightOutOfRange: return "height " + h + " is outside " + range;
    case Status::LayersOutOfRange:
      return "layers " + std::to_string(o.layers) + " must be at least 1";
    case Status::ExceedsTextureLimit: return w + "x" + h + " exceeds the driver's texture size limit";
    case Status::ExceedsLayerLimit:
      return std::to_string(o.layers) + " layers exceed the driver's array layer limit";
    case Status::RealColumnsUnsupported:
      return "real transforms run along rows (axes both or rows), not along columns alone";
    case Status::WidthHasNoSplit: return no_split("width", w);
    case Status::HeightHasNoSplit: return no_split("height", h);
  }
  return "unknown status";
}

Status validate_shape(const Options& o) {
  // The design-source algorithms stay as they were: powers of two from 2.
  // An axis that is not transformed (Options::axes) is only a count of lines: any from 1.
  const bool any = o.algorithm == Algorithm::Fast;
  const bool rows = o.axes != Axes::Columns, columns = o.axes != Axes::Rows;
  const int lo = any ? kMinAnySize : kMinSize;
  // Above kMaxSize: the four-step method (four_step_2d.h), where the length splits.
  if (o.width < (rows ? lo : 1) || o.width > kMaxLongSize) return Status::WidthOutOfRange;
  if (o.height < (columns ? lo : 1) || o.height > kMaxLongSize) return Status::HeightOutOfRange;
  if (!any && rows && !is_pow2(o.width)) return Status::WidthNotPowerOfTwo;
  if (!any && columns && !is_pow2(o.height)) return Status::HeightNotPowerOfTwo;
  if (rows && o.width > kMaxSize && !long_split(o.width, o.algorithm).first)
    return Status::WidthHasNoSplit;
  if (columns && o.height > kMaxSize && !long_split(o.height, o.algorithm).first)
    return Status::HeightHasNoSplit;
  if (o.layers < 1) return Status::LayersOutOfRange;
  return Status::Ok;
}

Status validate(const Options& o, const gl::Limits& limits) {
  if (Status s = validate_shape(o); s != Status::Ok) return s;
  if (o.width > limits.max_texture_size || o.height > limits.max_texture_size)
    return Status::ExceedsTextureLimit;
  if (o.layers > limits.max_array_layers) return Status::ExceedsLayerLimit;
  return Status::Ok;
}

std::string AxisStrategy::describe() const {
  char buf[260];
  if (kind == Kind::MixedRadix || kind == Kind::Bluestein) {
    std::string r;
    for (int v : radices) r += (r.empty() ? "" : "x") + std::to_string(v);
    const std::string how =
        kind == Kind::Bluestein
            ? "Bluestein, chirp and two FFTs of " + std::to_string(transform) + " = " + r
            : "mixed radix " + r;
    std::snprintf(buf, sizeof buf,
                  "N=%d: %s in registers, %d invocations x %d lines/group, exchange %s", length,
                  how.c_str(), threads, lines,
                  scratch ? "through a scratch image"
                          : (std::to_string(exchange) + " floats" + (padded ? "" : " unpadded"))
                                .c_str());
    return buf;
  }
  const char* k = kind == Kind::StageDispatches ? "stage dispatches"
                  : kind == Kind::SharedVec4    ? "shared vec4"
                                                : "shared vec2, channels in turn";
  if (kind == Kind::Registers && subgroup > 0)
    std::snprintf(buf, sizeof buf,
                  "N=%d: %d elements/invocation in registers, %d invocations x %d lines/group, "
                  "exchange by subgroup shuffle (%d lanes%s)",
                  length, elements_per_invocation, threads, lines, subgroup,
                  emulated ? ", emulated in shared memory" : "");
  else if (kind == Kind::Registers)
    std::snprintf(buf, sizeof buf,
                  "N=%d: %d elements/invocation in registers, %d invocations x %d lines/group, "
                  "exchange %d floats%s%s",
                  length, elements_per_invocation, threads, lines, exchange,
                  !via_buffer   ? ""
                  : transposed ? ", between the axes a storage buffer in transposed layout"
                               : ", between the axes a storage buffer",
                  store_transposed ? ", spectrum stored transposed" : "");
  else if (kind == Kind::StageDispatches)
    std::snprintf(buf, sizeof buf, "N=%d: %s, %d dispatches, %d invocations/group", length, k,
                  log2i(length), threads);
  else
    std::snprintf(buf, sizeof buf, "N=%d: radix-%d Stockham, %s, %d threads x %d lines/group",
                  length, elements_per_invocation, k, threads, lines);
  return buf;
}

Plan::Plan(const Options& options, const gl::ShaderLibrary& shaders) : options_(options) {
  gl::Context& ctx = shaders.context();
  const gl::Limits& limits = ctx.limits();
  if (Status s = validate(options, limits); s != Status::Ok)
    throw Error(ErrorCode::InvalidArgument, fft::describe(s, options));
  if (options.algorithm == Algorithm::Fast) detail::check_fast_options(options);
  const auto no_transposed_spectrum = [&](const std::string& why) {
    if (options.fast.transpose == 2)
      throw Error(ErrorCode::InvalidArgument,
                  "fast.transpose 2 (a transposed spectrum) needs both axes on the register "
                  "path; " + why);
  };
  if (detail::needs_four_step(options)) {
    no_transposed_spectrum("this shape takes the four-step path");
    four_step_ = std::make_unique<detail::FourStep2D>(options, shaders);
    return;
  }

  const int length[2] = {options.width, options.height};
  const int lines[2] = {options.height, options.width};
  for (int axis = 0; axis < 2; ++axis)
    axis_[axis] = transforms(axis)
                      ? plan_axis(options.algorithm, length[axis], axis, lines[axis], limits, options)
                      : AxisStrategy{AxisStrategy::Kind::StageDispatches, length[axis], 1, 0, 0};
  // On the register path the axes meet in a storage buffer rather than an image: buffer stores
  // are cheaper than image stores (docs/perf-notes.md). Columns lie in strips of 4 texels, so a
  // column group's loads stay as close together as in the driver's tiled image layout and a row
  // group still stores 64-byte runs; whole rows would spread the column loads at 1024 and
  // beyond.
  if (transforms(0) && transforms(1) && axis_[0].kind == AxisStrategy::Kind::Registers &&
      axis_[1].kind == AxisStrategy::Kind::Registers) {
    for (AxisStrategy& s : axis_) {
      s.via_buffer = true;
      s.width = options.width;
      s.height = options.height;
      s.strip = std::min(kBufferStrip, options.width);
    }
    intermediate_ = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER,
                                    size_t(options.width) * size_t(options.height) *
                                        size_t(options.layers) * 16,
                                    nullptr, GL_DYNAMIC_COPY);
    // Options::FastTuning::transpose: the buffer in the transposed layout (shuffle exchanges
    // keep the column mapping, so they keep the strips).
    if (options.fast.transpose != 0 && axis_[0].subgroup == 0 && axis_[1].subgroup == 0)
      detail::transpose_fast_axes(axis_[0], axis_[1], limits, options);
  }
  if (!axis_[1].store_transposed)
    no_transposed_spectrum("this plan has an axis off it (a length not a power of two, one axis "
                           "only, or subgroup shuffles)");
  ProgramCache cache(ctx, options.program_cache);
  int table[2] = {0, 0};  // twiddle table length per axis; equal lengths share one buffer
  for (int axis = 0; axis < 2; ++axis) {
    if (!transforms(axis)) continue;
    AxisStrategy& s = axis_[axis];
    gl::Defines d = {{"N", std::to_string(s.length)}, {"AXIS", std::to_string(axis)}};
    const bool any = s.kind == AxisStrategy::Kind::MixedRadix || s.kind == AxisStrategy::Kind::Bluestein;
    if (s.kind == AxisStrategy::Kind::Registers) {
      program_[axis] = cache.compute(shaders, "fft/fast.comp", detail::fast_defines(s, axis));
    } else if (any) {
      program_[axis] = cache.compute(shaders, "fft/mixed.comp", detail::any_defines(s, axis, lines[axis]));
      if (s.kind == AxisStrategy::Kind::Bluestein) {
        std::vector<float> c = detail::bluestein_chirp(s.length);
        std::vector<float> k = detail::bluestein_kernel(s.length, s.transform);
        chirp_[axis] = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, c.size() * sizeof(float), c.data());
        kernel_[axis] = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, k.size() * sizeof(float), k.data());
      }
      if (s.scratch)
        scratch_[axis] = axis == 0 ? gl::make_complex_texture(ctx, s.transform, options.height, options.layers)
                                   : gl::make_complex_texture(ctx, options.width, s.transform, options.layers);
    } else if (s.kind == AxisStrategy::Kind::StageDispatches) {
      d.push_back({"LOCAL", std::to_string(s.threads)});
      program_[axis] = cache.compute(shaders, "fft/cooley_tukey.comp", d);
    } else {
      d.push_back({"RADIX", std::to_string(s.elements_per_invocation)});
      d.push_back({"THREADS", std::to_string(s.threads)});
      d.push_back({"LINES", std::to_string(s.lines)});
      d.push_back({"SPLIT", s.kind == AxisStrategy::Kind::SharedVec2Split ? "1" : "0"});
      program_[axis] = cache.compute(shaders, "fft/stockham.comp", d);
    }
    table[axis] = any ? s.transform : length[axis];
    if (axis == 0 || !transforms(0) || table[1] != table[0]) {
      std::vector<float> t = detail::twiddle_table(table[axis]);
      twiddles_[axis] = gl::make_buffer(ctx, GL_SHADER_STORAGE_BUFFER, t.size() * sizeof(float), t.data());
    }
  }
  // The buffer path writes one texture, the first; the others ping-pong between two.
  for (int i = 0; i < (intermediate_ ? 1 : 2); ++i)
    ping_[i] = gl::make_complex_texture(ctx, options.width, options.height, options.layers);
  if (ctx.check_errors("FFT plan creation"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the FFT plan");
}

Plan::~Plan() = default;
Plan::Plan(Plan&&) noexcept = default;
Plan& Plan::operator=(Plan&&) noexcept = default;

std::span<const gl::Texture> Plan::targets() const {
  return four_step_ ? four_step_->output() : std::span<const gl::Texture>{ping_, intermediate_ ? 1u : 2u};
}

std::string Plan::describe() const {
  if (four_step_) return four_step_->describe();
  return std::string(name(options_.algorithm)) + " " + std::to_string(options_.width) + "x" +
         std::to_string(options_.height) + "x" + std::to_string(options_.layers) +
         "; rows: " + (transforms(0) ? axis_[0].describe() : "not transformed") +
         "; columns: " + (transforms(1) ? axis_[1].describe() : "not transformed");
}

int Plan::dispatches_per_execute() const {
  if (four_step_) return four_step_->dispatches();
  int n = 0;
  for (int axis = 0; axis < 2; ++axis)
    if (transforms(axis))
      n += axis_[axis].kind == AxisStrategy::Kind::StageDispatches ? log2i(axis_[axis].length) : 1;
  return n;
}

const gl::Texture& Plan::execute(Direction direction, const gl::Texture& input,
                                 gl::PassTimer* timer) {
  if (input.width() != options_.width || input.height() != options_.height ||
      input.layers() != options_.layers || input.format() != GL_RGBA32F ||
      input.target() != GL_TEXTURE_2D_ARRAY)
    throw Error(ErrorCode::InvalidArgument,
                "FFT input must be an rgba32f 2D array of " + std::to_string(options_.width) + "x" +
                    std::to_string(options_.height) + "x" + std::to_string(options_.layers));
  if (four_step_) return four_step_->execute(direction, input, timer);
  const gl::Texture* cur = &input;
  const int last = transforms(1) ? 1 : 0;
  for (int axis = 0; axis < 2; ++axis) {
    if (!transforms(axis)) continue;
    // The buffer path's row pass writes no texture, and its column pass may overwrite the input
    // (a plan target passed back in), which the row pass has read in full by then.
    const gl::Texture* dst = intermediate_ || cur != &ping_[0] ? &ping_[0] : &ping_[1];
    gl::ScopedPass pass(timer, axis == 0 ? "fft.horizontal" : "fft.vertical",
                        axis_[axis].kind == AxisStrategy::Kind::StageDispatches
                            ? pass_bytes(options_) * log2i(axis_[axis].length)
                            : pass_bytes(options_));
    run_axis(axis, direction, *cur, *dst, timer,
             axis == last && options_.barriers != Barriers::Separate);
    cur = result_;
  }
  if (options_.barriers == Barriers::Narrow)
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
  else
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
  return *result_;
}

void Plan::run_axis(int axis, Direction d, const gl::Texture& src, const gl::Texture& dst,
                    gl::PassTimer* timer, bool skip_barrier) {
  const AxisStrategy& s = axis_[axis];
  const gl::Program& program = program_[axis];
  const GLuint prog = program.id();
  const int inverse = d == Direction::Inverse ? 1 : 0;
  // The inverse's 1/(W*H) (or the one transformed length) in one rounding, on the last axis
  // transformed: 1/N is inexact for N not a power of two, and two rounded factors would bias
  // every element the same way.
  const double count = (transforms(0) ? double(options_.width) : 1.0) *
                       (transforms(1) ? double(options_.height) : 1.0);
  const bool last = axis == 1 || !transforms(1);
  const float scale = inverse && last ? float(1.0 / count) : 1.0f;
  const int lines = axis == 0 ? options_.height : options_.width;
  glUseProgram(prog);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_TWIDDLES,
                   (twiddles_[axis] ? twiddles_[axis] : twiddles_[0]).id());
  glProgramUniform1i(prog, gl::uniform(program, "uDirection"), inverse);

  const bool any = s.kind == AxisStrategy::Kind::MixedRadix || s.kind == AxisStrategy::Kind::Bluestein;
  if (s.kind == AxisStrategy::Kind::Registers || any) {
    if (s.via_buffer) {
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_INTERMEDIATE, intermediate_.id());
      if (axis == 0)
        bind_image(FFT_IMAGE_SRC, src, GL_READ_ONLY);
      else
        bind_image(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
    } else {
      bind_image(FFT_IMAGE_SRC, src, GL_READ_ONLY);
      bind_image(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
    }
    glProgramUniform1f(prog, gl::uniform(program, "uScale"), scale);
    unsigned groups[3];
    if (any) {
      if (s.kind == AxisStrategy::Kind::Bluestein) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_CHIRP, chirp_[axis].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, FFT_BUFFER_KERNEL, kernel_[axis].id());
      }
      if (s.scratch) bind_image(FFT_IMAGE_SCRATCH, scratch_[axis], GL_READ_WRITE);
      detail::any_dispatch_size(s, axis, options_, groups);
    } else {
      detail::fast_dispatch_size(s, axis, options_, groups);
    }
    glDispatchCompute(groups[0], groups[1], groups[2]);
    if (!skip_barrier)
      glMemoryBarrier(s.via_buffer && axis == 0 ? GL_SHADER_STORAGE_BARRIER_BIT
                                                : GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    result_ = &dst;
    return;
  }
  if (s.kind != AxisStrategy::Kind::StageDispatches) {
    bind_image(FFT_IMAGE_SRC, src, GL_READ_ONLY);
    bind_image(FFT_IMAGE_DST, dst, GL_WRITE_ONLY);
    glProgramUniform1f(prog, gl::uniform(program, "uScale"), scale);
    glDispatchCompute(1, GLuint(lines / s.lines), GLuint(options_.layers));
    if (!skip_barrier) glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    result_ = &dst;
    return;
  }

  // Stage dispatches: ping-pong between the plan's textures, the caller's input only read.
  const int stages = log2i(s.length);
  const GLint loc_stage = gl::uniform(program, "uStage");
  const GLint loc_pp = gl::uniform(program, "uPingpong");
  const GLint loc_scale = gl::uniform(program, "uScale");
  const gl::Texture* cur = &src;
  for (int stage = 0; stage < stages; ++stage) {
    const gl::Texture* out = cur == &ping_[0] ? &ping_[1] : &ping_[0];
    const int pp = stage & 1;  // 1: the units swap roles this stage (cooley_tukey.comp)
    char label[48];
    std::snprintf(label, sizeof label, "%s.stage%d", axis == 0 ? "fft.horizontal" : "fft.vertical",
                  stage);
    gl::ScopedPass pass(timer, label, pass_bytes(options_));
    bind_image(GLuint(pp ? FFT_IMAGE_DST : FFT_IMAGE_SRC), *cur, GL_READ_WRITE);
    bind_image(GLuint(pp ? FFT_IMAGE_SRC : FFT_IMAGE_DST), *out, GL_READ_WRITE);
    glProgramUniform1i(prog, loc_stage, stage);
    glProgramUniform1i(prog, loc_pp, pp);
    glProgramUniform1f(prog, loc_scale, stage == stages - 1 ? scale : 1.0f);
    glDispatchCompute(GLuint(s.length / 2 / s.threads), GLuint(lines), GLuint(options_.layers));
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    cur = out;
  }
  result_ = cur;
}

}  // namespace oceanfft::fft
